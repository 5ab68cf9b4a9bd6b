// src/gpu/fixed_base_g1.cu — FixedBaseMul for G1 (fixed_base_impl.cuh).
#include "gpu/fixed_base_impl.cuh"

namespace cuzk::gpu {
template class FixedBaseMul<ec::G1Curve>;
} // namespace cuzk::gpu
