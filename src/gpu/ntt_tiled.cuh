// src/gpu/ntt_tiled.cuh — the device side of the tiled NTT kernels (ntt_pass.cuh): a Block executor for one thread, the
// pass kernel and its launch. ntt_tiled.cu instantiates them (its own translation unit: a few minutes of ptxas that
// build beside ntt.cu); ntt.cu uses the executor for the bit-reversal transpose.
#pragma once
#include "gpu/cuda_check.hpp"
#include "gpu/ntt_launch.hpp"
#include "gpu/ntt_pass.cuh"

#include <stdexcept>

namespace cuzk::gpu {

//! one thread's view of a tiled kernel: its state in registers, the tile in shared memory
template <class Thread> struct DeviceBlock {
  Thread th;
  uint32_t *smem;
  CUZK_HD uint32_t *Shared() { return smem; }
  template <class F> CUZK_HD void Each(F &&f) {
#if defined(__CUDA_ARCH__)
    f(th, threadIdx.x);
#endif
  }
  CUZK_HD void Sync() {
#if defined(__CUDA_ARCH__)
    __syncthreads();
#endif
  }
};

//! resident blocks of 256 per SM the register budget is cut for (85 registers a thread; a pass uses ~80)
inline constexpr int NTT_MIN_BLOCKS = 3;

template <unsigned S>
__global__ void __launch_bounds__(NTT_PASS_THREADS, NTT_MIN_BLOCKS) TiledPassKernel(NttPassArgs a) {
  extern __shared__ uint4 tile[]; // uint4: 16-byte alignment
  DeviceBlock<typename NttPass<S>::Thread> blk;
  blk.smem = reinterpret_cast<uint32_t *>(tile);
  NttPass<S>::Run(blk, a, blockIdx.x);
}

template <unsigned S> void SetAttributes() {
  if constexpr (NttPass<S>::SMEM_BYTES > 0)
    CUZK_CUDA_CHECK(cudaFuncSetAttribute(TiledPassKernel<S>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(NttPass<S>::SMEM_BYTES)));
}

template <unsigned S> void Launch(const NttPassArgs &a, cudaStream_t st) {
  using P = NttPass<S>;
  TiledPassKernel<S><<<P::Blocks(a), NTT_PASS_THREADS, P::SMEM_BYTES, st>>>(a);
  CUZK_CUDA_CHECK_LAUNCH();
}

} // namespace cuzk::gpu
