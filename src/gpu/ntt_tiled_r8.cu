// src/gpu/ntt_tiled_r8.cu — the tiled NTT pass kernels with 8 elements a thread (see ntt_tiled.cuh).
#include "gpu/ntt_tiled.cuh"

namespace cuzk::gpu {

template void LaunchTiledPass<3>(unsigned, const NttPassArgs &, cudaStream_t);
template void SetTiledPassAttributes<3>();

} // namespace cuzk::gpu
