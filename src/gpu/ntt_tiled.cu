// src/gpu/ntt_tiled.cu — the tiled NTT pass kernels and their launchers (see ntt_tiled.cuh, ntt_launch.hpp).
#include "gpu/ntt_tiled.cuh"

#include <utility>

namespace cuzk::gpu {

namespace {
// every pass size 1 … NTT_PASS_MAX_BITS, instantiated once for both the attributes and the dispatch
using PassSizes = std::make_integer_sequence<unsigned, NTT_PASS_MAX_BITS>; // S − 1

template <unsigned... I> void SetAll(std::integer_sequence<unsigned, I...>) { (SetAttributes<I + 1>(), ...); }
template <unsigned... I>
bool LaunchIf(unsigned bits, const NttPassArgs &a, cudaStream_t st, std::integer_sequence<unsigned, I...>) {
  return ((bits == I + 1 ? (Launch<I + 1>(a, st), true) : false) || ...);
}
} // namespace

void SetTiledPassAttributes() { SetAll(PassSizes{}); }

void LaunchTiledPass(unsigned bits, const NttPassArgs &a, cudaStream_t st) {
  if (!LaunchIf(bits, a, st, PassSizes{})) throw std::logic_error("NTT pass size out of range");
}

} // namespace cuzk::gpu
