// src/ff/batch_inverse.hpp — Montgomery's trick: n inversions for one inversion + 3(n−1) muls.
#pragma once
#include <cstddef>
#include <span>

namespace cuzk::ff {

//! Scratch elements BatchInverse needs for n values.
inline constexpr size_t BatchInverseScratchSize(size_t n) { return n; }

//! Inverts every non-zero element of v in place (zeros stay zero). scratch must hold
//! BatchInverseScratchSize(v.size()) elements; it is caller-owned so hot loops do not allocate.
template <class F> void BatchInverse(std::span<F> v, std::span<F> scratch) {
  F acc = F::One();
  for (size_t i = 0; i < v.size(); i++) {
    scratch[i] = acc; // product of the non-zero elements before i
    if (!v[i].IsZero()) acc = acc * v[i];
  }
  F inv = acc.Inverse();
  for (size_t i = v.size(); i-- > 0;) {
    if (v[i].IsZero()) continue;
    F vi = v[i];
    v[i] = inv * scratch[i];
    inv = inv * vi;
  }
}

} // namespace cuzk::ff
