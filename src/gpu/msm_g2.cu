// src/gpu/msm_g2.cu — Msm and BatchAdd for G2 (msm_impl.cuh).
#include "gpu/msm_impl.cuh"

namespace cuzk::gpu {
template class Msm<ec::G2Curve>;
template class BatchAdd<ec::G2Curve>;
} // namespace cuzk::gpu
