// src/msm/digits.hpp — signed window digits of canonical Fr scalars, and the window size.
//
// A scalar k < r < 2^255 is written k = Σ_w d_w·2^(w·c) with d_w ∈ [−2^(c−1), 2^(c−1)], so a
// window needs 2^(c−1) buckets instead of 2^c − 1 (the negative digits subtract the base,
// and negating an affine point is free). The digits are those of the "carry into the next
// window" recoding where a window whose top bit is set borrows 2^c from the next one:
//   d_w = bits[w·c, w·c + c) + b_(w·c − 1) − 2^c·b_(w·c + c − 1)      (b_(−1) = 0)
// The sum telescopes back to k once the last window's top bit is zero, i.e. with
// NumWindows(c) = ⌈256 / c⌉ windows. Each digit reads only c + 1 bits of k, so threads that
// own different windows compute their digits independently, with no digit table in memory.
#pragma once
#include "ff/bigint.hpp"

#include <cstddef>
#include <cstdint>

namespace cuzk::msm {

inline constexpr unsigned SCALAR_BITS = 255; //!< r < 2^255
inline constexpr unsigned MAX_WINDOW_BITS = 20;

inline constexpr unsigned NumWindows(unsigned c) { return (SCALAR_BITS + 1 + c - 1) / c; }

struct Digit {
  uint32_t magnitude; //!< |d| ∈ [0, 2^(c−1)]
  bool negative;
};

//! bits [pos, pos + len) of k (len ≤ 32), zero beyond bit 255
inline constexpr uint32_t ExtractBits(const ff::Limbs<4> &k, unsigned pos, unsigned len) {
  const unsigned limb = pos / 64, shift = pos % 64;
  if (limb >= 4) return 0;
  uint64_t v = k[limb] >> shift;
  if (shift + len > 64 && limb + 1 < 4) v |= k[limb + 1] << (64 - shift);
  return uint32_t(v & ((uint64_t(1) << len) - 1));
}

//! the signed digit of window w for window width c (1 ≤ c ≤ MAX_WINDOW_BITS)
inline constexpr Digit SignedDigit(const ff::Limbs<4> &k, unsigned w, unsigned c) {
  // v holds b_(wc−1) in bit 0 and the window's c bits above it
  const uint32_t v = w == 0 ? ExtractBits(k, 0, c) << 1 : ExtractBits(k, w * c - 1, c + 1);
  const uint32_t up = (v >> 1) + (v & 1); // window value plus the borrow-back from below
  if (v >> c) return {(uint32_t(1) << c) - up, true};
  return {up, false};
}

//! Window width that minimises the modelled cost NumWindows(c)·(n·madd + 2^c·add) for n
//! points: n mixed additions per window plus two XYZZ additions per bucket in the running-sum
//! reduction (an XYZZ addition costs about 1.5 mixed ones). Large windows also stop fitting
//! the buckets in cache, hence the cap.
inline constexpr unsigned ChooseWindowBits(size_t n, unsigned max_bits = 16) {
  unsigned best = 1;
  double best_cost = 0;
  for (unsigned c = 1; c <= max_bits; c++) {
    const double cost = double(NumWindows(c)) * (double(n) + 1.5 * double(uint64_t(1) << c));
    if (c == 1 || cost < best_cost) {
      best = c;
      best_cost = cost;
    }
  }
  return best;
}

} // namespace cuzk::msm
