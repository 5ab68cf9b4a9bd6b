// src/gpu/ntt_launch.hpp — launchers of the tiled NTT pass kernels (ntt_tiled.cuh), one instance per register radix:
// RMAX = 3 (8 elements a thread, ntt_tiled_r8.cu) or 2 (4, ntt_tiled_r4.cu).
#pragma once
#include "gpu/ntt_pass.cuh"

#include <cuda_runtime.h>

namespace cuzk::gpu {

//! one pass of `bits` stages (1 … 9) on st
template <unsigned RMAX> void LaunchTiledPass(unsigned bits, const NttPassArgs &a, cudaStream_t st);
//! raises the kernels' dynamic shared-memory limit on the current device (once per device)
template <unsigned RMAX> void SetTiledPassAttributes();

extern template void LaunchTiledPass<3>(unsigned, const NttPassArgs &, cudaStream_t);
extern template void LaunchTiledPass<2>(unsigned, const NttPassArgs &, cudaStream_t);
extern template void SetTiledPassAttributes<3>();
extern template void SetTiledPassAttributes<2>();

} // namespace cuzk::gpu
