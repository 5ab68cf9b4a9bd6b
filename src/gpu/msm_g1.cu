// src/gpu/msm_g1.cu — Msm and BatchAdd for G1 (msm_impl.cuh).
#include "gpu/msm_impl.cuh"

namespace cuzk::gpu {
template class Msm<ec::G1Curve>;
template class BatchAdd<ec::G1Curve>;
} // namespace cuzk::gpu
