// src/gpu/ntt_tiled.cu — the tiled NTT pass kernels and their launchers (see ntt_tiled.cuh, ntt_launch.hpp).
#include "gpu/ntt_tiled.cuh"

namespace cuzk::gpu {

void SetTiledPassAttributes() {
  SetAttributes<1>();
  SetAttributes<2>();
  SetAttributes<3>();
  SetAttributes<4>();
  SetAttributes<5>();
  SetAttributes<6>();
  SetAttributes<7>();
  SetAttributes<8>();
  SetAttributes<9>();
}

void LaunchTiledPass(unsigned bits, const NttPassArgs &a, cudaStream_t st) {
  switch (bits) {
  case 1:
    return Launch<1>(a, st);
  case 2:
    return Launch<2>(a, st);
  case 3:
    return Launch<3>(a, st);
  case 4:
    return Launch<4>(a, st);
  case 5:
    return Launch<5>(a, st);
  case 6:
    return Launch<6>(a, st);
  case 7:
    return Launch<7>(a, st);
  case 8:
    return Launch<8>(a, st);
  case 9:
    return Launch<9>(a, st);
  default:
    throw std::logic_error("NTT pass size out of range");
  }
}

} // namespace cuzk::gpu
