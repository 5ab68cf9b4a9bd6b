// src/gpu/ntt_launch.hpp — launchers of the tiled NTT pass kernels (ntt_tiled.cuh, instantiated in ntt_tiled.cu, its
// own translation unit: a few minutes of ptxas that build beside ntt.cu).
#pragma once
#include "gpu/ntt_pass.cuh"

#include <cuda_runtime.h>

namespace cuzk::gpu {

//! one pass of `bits` stages (1 … 9) on st
void LaunchTiledPass(unsigned bits, const NttPassArgs &a, cudaStream_t st);
//! raises the kernels' dynamic shared-memory limit on the current device (once per device)
void SetTiledPassAttributes();

} // namespace cuzk::gpu
