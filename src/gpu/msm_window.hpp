// src/gpu/msm_window.hpp — the device MSM's choice of window width (plain C++: msm_kernels.cuh's shapes use the
// width, and tests check the choices without a GPU).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace cuzk::gpu {

//! Scalars are below r < 2^255.
inline constexpr unsigned SCALAR_BITS = 255;
//! The digits step folds a scalar s > (r − 1)/2 to r − s, negating its point (−s·(−P) = s·P), so the scalars it cuts
//! into windows are at most (r − 1)/2 < 2^254.
inline constexpr unsigned FOLDED_SCALAR_BITS = SCALAR_BITS - 1;
//! W windows of c bits: the 254 folded bits plus the top window's incoming carry, W·c ≥ 255. Without the fold W·c ≥ 256
//! would be needed: at c = 17 that is 16 windows instead of 15 (2^24 points: 6.25% fewer additions), at c = 15 18
//! instead of 17.
inline constexpr unsigned MsmWindows(unsigned c) { return FOLDED_SCALAR_BITS / c + 1; }
//! bits the top window's digits can take, its carry in included: at most c − 1, so its digit is never negative and no
//! carry leaves it
inline constexpr unsigned MsmTopBits(unsigned c) { return FOLDED_SCALAR_BITS + 1 - c * (MsmWindows(c) - 1); }

//! the window width for n points: c ≤ log2 n − 3, the cheapest by W·(n + 11·2^(c−1)). With the work items ordered
//! longest first the accumulation's warps stay balanced however few points a bucket holds, and a bucket's reduction
//! (two full additions and its share of a segment's scaling) costs ~11 accumulation additions (4.5 ns a bucket
//! against 0.415 ns a madd, the partition's H MSM on an H200). It gives the partition's ~3.9 M-point L and A tails
//! c = 16, 2.3× faster than the c = 13 that c ≤ log2 n − 6 would give (BENCHMARKS.md, GPU). The top window
//! holds only 255 − c·(W − 1) bits: with few, nearly every point lands in a handful of its buckets, whose work items
//! are then merged serially (c = 18: 4 bits, 230 ms of merging per 2^24 points), so widths whose top window has fewer
//! than c/2 bits are skipped.
inline unsigned MsmWindowBits(size_t n) {
  unsigned lg = 0;
  while ((size_t(2) << lg) <= n) lg++; // ⌊log2 n⌋
  constexpr unsigned SLACK = 3;
  constexpr double BUCKET_WEIGHT = 11.0; // per bucket, 2^(c−1) a window
  const unsigned widest = std::clamp<unsigned>(lg > SLACK ? lg - SLACK : 0, 4, 22);
  unsigned best = 0;
  double best_cost = 0;
  for (unsigned c = 4; c <= widest; c++) {
    const unsigned windows = MsmWindows(c), top = MsmTopBits(c);
    if (2 * top < c) continue;
    const double cost = double(windows) * (double(n) + BUCKET_WEIGHT * double(size_t(1) << (c - 1)));
    if (!best || cost < best_cost) {
      best = c;
      best_cost = cost;
    }
  }
  return best ? best : 4;
}

} // namespace cuzk::gpu
