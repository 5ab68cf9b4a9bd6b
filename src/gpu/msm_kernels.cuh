// src/gpu/msm_kernels.cuh — the per-thread bodies of the device MSM and batch addition.
//
// Pippenger with signed digits (sppark's and gnark's layout, re-derived here):
//   1. Digits: each scalar (converted out of Montgomery form, folded to min(s, r − s) < 2^254 with its point negated
//      when it is r − s) is cut into W windows of c bits and recoded to digits in [−2^(c−1), 2^(c−1)] with a carry
//      into the next window, so a window needs 2^(c−1) buckets and a negative digit adds −P (free: negate y).
//      W·c ≥ 255 > 254 leaves the top window a spare bit, so the last carry is always absorbed. Each (window, point)
//      pair becomes a key (window·2^c + |digit|) and a value (point index, sign in bit 31). A long run takes its
//      windows a group at a time (MsmShape), counting windows from the group's first.
//   2. The pairs are sorted by key (CUB radix sort in msm_impl.cuh): each bucket's points become a run.
//   3. Runs are cut into work items of at most K points, so a bucket that skewed scalars make
//      huge (all scalars equal, say) is spread over many threads; each item is summed in XYZZ,
//      then the items of one bucket are merged. The items are handed to threads longest first
//      (sorted by length), so the 32 threads of a warp add about as many points each: random
//      scalars give Poisson-sized buckets, and a warp waits for its largest.
//   4. Per window, Σ d·B_d is computed in parallel: thread j of the whole grid takes buckets
//      [a, a + L) of one window and forms the running sums Σ (d − a + 1)·B_d and Σ B_d; its segment
//      sum is first + (a − 1)·second, and one block per window adds the segments up. The host
//      combines the windows (Horner in c-bit steps).
// Everything is CUZK_HD so the tests can run the same bodies on the host (msm_emulation_test).
#pragma once
#include "gpu/curve.cuh"
#include "gpu/msm_window.hpp"

namespace cuzk::gpu {

//! One pass of the pipeline: the windows [w0, w0 + Group()) of n points. A long run is taken a
//! group of windows at a time, so the sorted pairs (Group()·n of them) fit the buffers while the
//! window stays as wide as n deserves; cutting the points into shorter runs instead would repeat
//! every window's bucket reduction per run and force narrower windows (more additions).
struct MsmShape {
  uint32_t n = 0;       //!< points in this run
  uint32_t c = 0;       //!< window bits
  uint32_t windows = 0; //!< W = MsmWindows(c) = ⌊254/c⌋ + 1 (W·c ≥ 255: the folded scalar's bits and a carry)
  uint32_t chunk = 0;   //!< K: most points one accumulation item sums
  uint32_t w0 = 0;      //!< first window of this pass
  uint32_t group = 0;   //!< windows in this pass; 0: all W

  CUZK_HD uint32_t Group() const { return group ? group : windows - w0; }
  CUZK_HD uint32_t Slots() const { return Group() << c; }
  CUZK_HD uint32_t Pairs() const { return Group() * n; }
  CUZK_HD uint32_t Buckets() const { return 1u << (c - 1); } //!< non-zero digit magnitudes per window
};

inline uint32_t KeyBits(const MsmShape &s) {
  uint32_t max_key = s.Slots() - 1, bits = 0;
  while (max_key) {
    bits++;
    max_key >>= 1;
  }
  return bits;
}

//! Window w's signed digit of the canonical scalar s: its magnitude (at most 2^(c−1)), its sign
//! in `neg`; `carry` is the borrow from window w − 1 in and the one into window w + 1 out.
CUZK_HD uint32_t MsmDigit(const Fr &s, uint32_t w, const MsmShape &sh, uint32_t &carry, uint32_t &neg) {
  const uint32_t half = 1u << (sh.c - 1), mask = (1u << sh.c) - 1;
  const uint32_t bit = w * sh.c, word = bit >> 5, off = bit & 31;
  uint32_t v = word < 8 ? s.v[word] >> off : 0;
  if (off + sh.c > 32 && word + 1 < 8) v |= s.v[word + 1] << (32 - off);
  v = (v & mask) + carry;
  neg = 0;
  carry = 0;
  if (v > half) { // digit v − 2^c, borrow one from the next window
    neg = 1;
    carry = 1;
    return (1u << sh.c) - v;
  }
  return v;
}

//! a < b for canonical (non-Montgomery) words
CUZK_HD bool WordsLess(const Fr &a, const Fr &b) {
  for (int i = Fr::N; i-- > 0;)
    if (a.v[i] != b.v[i]) return a.v[i] < b.v[i];
  return false;
}

//! step 1 for point i: the pairs of the pass's windows (the digits below w0 only pass their carry on). The scalar is
//! first folded to min(s, r − s) ≤ (r − 1)/2 < 2^254, the point negated with it (msm_window.hpp MsmWindows).
CUZK_HD void MsmDigitsThread(const Fr *scalars, uint32_t i, const MsmShape &sh, uint32_t *keys, uint32_t *vals) {
  Fr s = scalars[i].FromMontgomery();
  const Fr folded = -s; // r − s on the canonical words (0 for s = 0)
  const uint32_t flip = WordsLess(folded, s) ? 1u : 0u;
  if (flip) s = folded;
  uint32_t carry = 0, neg = 0;
  const uint32_t end = sh.w0 + sh.Group();
  for (uint32_t w = 0; w < end; w++) {
    const uint32_t mag = MsmDigit(s, w, sh, carry, neg);
    if (w < sh.w0) continue;
    const uint32_t g = w - sh.w0;
    keys[g * sh.n + i] = (g << sh.c) | mag;
    vals[g * sh.n + i] = i | ((neg ^ flip) << 31);
  }
}

//! acc += p where points are summed in a loop: the mixed addition inlined, so its operands stay in
//! registers (G2's spills a little at 255 registers but still ran 0.75 G adds/s against 0.56 called,
//! bench/gpu/field_rates.cu on an H200)
template <class X, class A> CUZK_HD void MsmAddInLoop(X &acc, const A &p) { acc.AddAffine(p); }

//! acc += ±P for one sorted value v (point index, sign in bit 31)
template <class A, class X> CUZK_HD void MsmAddSorted(X &acc, const A *bases, uint32_t v) {
  A pt = bases[v & 0x7fffffffu];
  if (v >> 31) pt = -pt;
  MsmAddInLoop(acc, pt);
}

//! step 2b for sorted position p: where each key's run starts and ends
CUZK_HD void MsmBoundsThread(const uint32_t *keys, uint32_t p, uint32_t total, uint32_t *start, uint32_t *end) {
  const uint32_t k = keys[p];
  if (p == 0 || keys[p - 1] != k) start[k] = p;
  if (p + 1 == total || keys[p + 1] != k) end[k] = p + 1;
}

//! step 3a for slot g: how many work items its run needs (digit 0 needs none)
CUZK_HD void MsmCountThread(const uint32_t *start, const uint32_t *end, uint32_t g, const MsmShape &sh,
                            uint32_t *counts) {
  const uint32_t mag = g & ((1u << sh.c) - 1);
  const uint32_t b = start[g], e = end[g];
  if (mag == 0 || e == b)
    counts[g] = 0;
  else
    counts[g] = (e - b + sh.chunk - 1) / sh.chunk;
}

//! step 3b for slot g (after the exclusive scan counts → first): the items' ranges
CUZK_HD void MsmItemsThread(const uint32_t *start, const uint32_t *end, const uint32_t *counts, const uint32_t *first,
                            uint32_t g, const MsmShape &sh, uint32_t *item_begin, uint32_t *item_end,
                            uint32_t *total_items) {
  const uint32_t b = start[g], e = end[g];
  for (uint32_t j = 0; j < counts[g]; j++) { // pieces of K pairs from the run's start
    const uint32_t lo = b + j * sh.chunk, hi = lo + sh.chunk;
    item_begin[first[g] + j] = lo;
    item_end[first[g] + j] = e < hi ? e : hi;
  }
  if (g + 1 == sh.Slots()) *total_items = first[g] + counts[g];
}

//! step 3c: the sum of one item's points
template <class A, class X>
CUZK_HD X MsmAccumulateThread(const A *bases, const uint32_t *vals, uint32_t begin, uint32_t end) {
  X acc = X::Infinity();
  for (uint32_t p = begin; p < end; p++) MsmAddSorted(acc, bases, vals[p]);
  return acc;
}

//! between steps 3b and 3c, for item it: its sort key (its length; 0 past the last item, so those sort last)
//! and value (its index), for the longest-first order
CUZK_HD void MsmItemLengthThread(const uint32_t *item_begin, const uint32_t *item_end, uint32_t total_items,
                                 uint32_t it, uint32_t *length, uint32_t *index) {
  length[it] = it < total_items ? item_end[it] - item_begin[it] : 0;
  index[it] = it;
}

//! step 3d for slot g: merge its items
template <class X>
CUZK_HD X MsmMergeThread(const X *partials, const uint32_t *counts, const uint32_t *first, uint32_t g) {
  X acc = X::Infinity();
  for (uint32_t j = 0; j < counts[g]; j++) acc.Add(partials[first[g] + j]);
  return acc;
}

//! k·p for a small public k (double-and-add)
template <class X> CUZK_HD X MulSmall(const X &p, uint32_t k) {
  X acc = X::Infinity();
  int top = 31;
  while (top >= 0 && !((k >> top) & 1)) top--; // doublings of infinity are skipped
  for (int b = top; b >= 0; b--) {
    acc = acc.Double();
    if ((k >> b) & 1) acc.Add(p);
  }
  return acc;
}

//! step 4 for window w, segment j of seg_len buckets: Σ_{d in segment} d·B_d
template <class X>
CUZK_HD X MsmSegmentThread(const X *buckets, uint32_t w, uint32_t j, uint32_t seg_len, const MsmShape &sh) {
  const uint32_t a = 1 + j * seg_len;
  const X *win = buckets + (size_t(w) << sh.c);
  X run = X::Infinity(), acc = X::Infinity();
  for (uint32_t d = a + seg_len; d-- > a;) {
    run.Add(win[d]);
    acc.Add(run); // after the loop: Σ (d − a + 1)·B_d
  }
  if (a > 1) acc.Add(MulSmall(run, a - 1));
  return acc;
}

//! batch addition: the sum of the points whose bit is set, words t, t + stride, ... of the bitmap.
//! One flat loop over the thread's set bits, the next word fetched inside it when one runs out: a
//! loop per word would make the warp wait at every word for its lane with the most bits (32 ± 4 of
//! 64 at half density, ~80% busy), while one loop over all bits waits once, for the lane whose
//! words hold the most bits in total.
template <class A, class X>
CUZK_HD X BatchAddThread(const A *bases, const uint64_t *bitmap, uint64_t n, uint64_t t, uint64_t stride) {
  X acc = X::Infinity();
  const uint64_t words = (n + 63) / 64;
  auto load = [&](uint64_t w) { // word w, bits past n cleared
    uint64_t bits = bitmap[w];
    if (w + 1 == words && (n & 63)) bits &= (uint64_t(1) << (n & 63)) - 1;
    return bits;
  };
  uint64_t w = t;
  if (w >= words) return acc;
  uint64_t bits = load(w);
  for (;;) {
    while (bits == 0) {
      w += stride;
      if (w >= words) return acc;
      bits = load(w);
    }
#if defined(__CUDA_ARCH__)
    const unsigned b = __ffsll(static_cast<long long>(bits)) - 1;
#else
    const unsigned b = unsigned(__builtin_ctzll(bits));
#endif
    bits &= bits - 1;
    MsmAddInLoop(acc, bases[w * 64 + b]);
  }
}

} // namespace cuzk::gpu
