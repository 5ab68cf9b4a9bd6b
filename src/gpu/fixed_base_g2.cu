// src/gpu/fixed_base_g2.cu — FixedBaseMul for G2 (fixed_base_impl.cuh).
#include "gpu/fixed_base_impl.cuh"

namespace cuzk::gpu {
template class FixedBaseMul<ec::G2Curve>;
} // namespace cuzk::gpu
