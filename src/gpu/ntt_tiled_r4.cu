// src/gpu/ntt_tiled_r4.cu — the tiled NTT pass kernels with 4 elements a thread (see ntt_tiled.cuh).
#include "gpu/ntt_tiled.cuh"

namespace cuzk::gpu {

template void LaunchTiledPass<2>(unsigned, const NttPassArgs &, cudaStream_t);
template void SetTiledPassAttributes<2>();

} // namespace cuzk::gpu
