// src/gpu/ntt_tiled.cuh — the device side of the tiled NTT kernels (ntt_pass.cuh): a Block executor for one thread, the
// pass kernel and its launcher. Included by ntt_tiled_r8.cu and ntt_tiled_r4.cu, which instantiate one register radix
// each (separate translation units: each is a few minutes of ptxas, and they build in parallel).
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

//! resident blocks per SM the register budget is cut for: radix 8 keeps 8 elements (64 registers) a thread and fits 2
//! blocks of 256 in 128 registers; radix 4 halves that and fits 3
template <unsigned RMAX> inline constexpr int NTT_MIN_BLOCKS = RMAX == 3 ? 2 : 3;

template <unsigned S, unsigned RMAX>
__global__ void __launch_bounds__(NTT_PASS_THREADS, NTT_MIN_BLOCKS<RMAX>) TiledPassKernel(NttPassArgs a) {
  extern __shared__ uint4 tile[]; // uint4: 16-byte alignment
  DeviceBlock<typename NttPass<S, RMAX>::Thread> blk;
  blk.smem = reinterpret_cast<uint32_t *>(tile);
  NttPass<S, RMAX>::Run(blk, a, blockIdx.x);
}

template <unsigned S, unsigned RMAX> void SetAttributes() {
  if constexpr (NttPass<S, RMAX>::SMEM_BYTES > 0)
    CUZK_CUDA_CHECK(cudaFuncSetAttribute(TiledPassKernel<S, RMAX>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(NttPass<S, RMAX>::SMEM_BYTES)));
}

template <unsigned S, unsigned RMAX> void Launch(const NttPassArgs &a, cudaStream_t st) {
  using P = NttPass<S, RMAX>;
  TiledPassKernel<S, RMAX><<<P::Blocks(a), NTT_PASS_THREADS, P::SMEM_BYTES, st>>>(a);
  CUZK_CUDA_CHECK_LAUNCH();
}

template <unsigned RMAX> void SetTiledPassAttributes() {
  SetAttributes<1, RMAX>();
  SetAttributes<2, RMAX>();
  SetAttributes<3, RMAX>();
  SetAttributes<4, RMAX>();
  SetAttributes<5, RMAX>();
  SetAttributes<6, RMAX>();
  SetAttributes<7, RMAX>();
  SetAttributes<8, RMAX>();
  SetAttributes<9, RMAX>();
}

template <unsigned RMAX> void LaunchTiledPass(unsigned bits, const NttPassArgs &a, cudaStream_t st) {
  switch (bits) {
  case 1:
    return Launch<1, RMAX>(a, st);
  case 2:
    return Launch<2, RMAX>(a, st);
  case 3:
    return Launch<3, RMAX>(a, st);
  case 4:
    return Launch<4, RMAX>(a, st);
  case 5:
    return Launch<5, RMAX>(a, st);
  case 6:
    return Launch<6, RMAX>(a, st);
  case 7:
    return Launch<7, RMAX>(a, st);
  case 8:
    return Launch<8, RMAX>(a, st);
  case 9:
    return Launch<9, RMAX>(a, st);
  default:
    throw std::logic_error("NTT pass size out of range");
  }
}

} // namespace cuzk::gpu
