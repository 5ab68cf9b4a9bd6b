// src/msm/pippenger.hpp — the bucket method over a list of (base, canonical scalar) indices.
//
// Internal to src/msm (msm.cpp instantiates it for G1 and G2). Σ k_j·P_j is split into
// NumWindows(c) window sums W_w = Σ d_(j,w)·P_j; each window adds ±P_j into bucket |d| − 1 and
// then weights the buckets by a running sum (Σ_b b·B_b = Σ_b Σ_(b'≥b) B_b'), and the windows
// are combined as Σ 2^(w·c)·W_w by Horner's rule (c doublings per window).
//
// Parallelism: the work is cut into tasks (window, range of points); tasks never share a
// bucket, so each thread owns a private bucket array (indexed by its arena slot) and the
// partial window sums are added at the end. Windows alone give ⌈256/c⌉ ≈ 13–20 equal tasks,
// enough for a few threads; ranges of points are split further only when there are more
// threads than that, because each extra range costs another bucket reduction.
#pragma once
#include "ec/ec.hpp"
#include "msm/affine_buckets.hpp"
#include "msm/digits.hpp"
#include "msm/msm.hpp"
#include "msm/xyzz.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::msm {

//! Adds the points of idx[begin, end) into the buckets of window w.
template <class C>
void FillBuckets(std::span<Xyzz<C>> buckets, std::span<const ec::Affine<C>> bases,
                 std::span<const ff::Limbs<4>> scalars, std::span<const uint32_t> idx, size_t begin, size_t end,
                 unsigned w, unsigned c) {
  if (begin == end) return;
  // Buckets and bases are read in scalar order, i.e. at random: the digit of the next point
  // is computed one step ahead so that its bucket and base are fetched while this one adds.
  Digit d = SignedDigit(scalars[idx[begin]], w, c);
  for (size_t i = begin; i < end; i++) {
    const uint32_t j = idx[i];
    Digit next{0, false};
    if (i + 1 < end) {
      const uint32_t jn = idx[i + 1];
      next = SignedDigit(scalars[jn], w, c);
      if (next.magnitude) {
        __builtin_prefetch(&buckets[next.magnitude - 1]);
        __builtin_prefetch(&bases[jn]);
      }
    }
    if (d.magnitude) {
      const ec::Affine<C> &p = bases[j];
      if (!p.IsInfinity()) buckets[d.magnitude - 1].AddAffine(p.x, d.negative ? -p.y : p.y);
    }
    d = next;
  }
}

//! Σ_b (b + 1)·buckets[b], by the running-sum trick (2 additions per bucket).
template <class C> Xyzz<C> WeighBuckets(std::span<const Xyzz<C>> buckets) {
  Xyzz<C> running = Xyzz<C>::Infinity(), total = Xyzz<C>::Infinity();
  for (size_t b = buckets.size(); b-- > 0;) {
    running += buckets[b];
    total += running;
  }
  return total;
}

//! Σ scalars[idx[i]]·bases[idx[i]] with window width c, buckets filled by XYZZ additions or
//! by batched affine ones (affine_buckets.hpp). ws has one workspace per thread slot (at least
//! the current arena's max concurrency); they are grown here. A set `stop` ends it with Stopped before
//! the next task (oneTBB cancels the others and rethrows on the caller's thread).
template <class C>
ec::Jacobian<C> Pippenger(std::span<const ec::Affine<C>> bases, std::span<const ff::Limbs<4>> scalars,
                          std::span<const uint32_t> idx, unsigned c, bool batch_affine,
                          std::span<BucketWorkspace<C>> ws, const std::atomic<bool> *stop = nullptr) {
  using J = ec::Jacobian<C>;
  if (idx.empty()) return J::Infinity();
  assert(c >= 1 && c <= MAX_WINDOW_BITS);
  const size_t n = idx.size(), nb = size_t(1) << (c - 1), slots = ws.size();
  for (auto &w : ws) w.Reserve(nb, AffineBatchSize(nb), batch_affine);
  const unsigned nw = NumWindows(c);
  // enough tasks for the threads to balance, never ranges smaller than the bucket array
  const size_t want_tasks = 2 * slots;
  size_t ranges = (want_tasks + nw - 1) / nw;
  ranges = std::max<size_t>(1, std::min(ranges, n / std::max<size_t>(nb, 1)));
  const size_t tasks = size_t(nw) * ranges;
  std::vector<J> partial(tasks, J::Infinity());

  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, tasks, 1),
      [&](const tbb::blocked_range<size_t> &r) {
        const size_t slot = size_t(tbb::this_task_arena::current_thread_index());
        assert(slot < slots);
        BucketWorkspace<C> &space = ws[slot];
        std::span<Xyzz<C>> buckets(space.xyzz.data(), nb);
        for (size_t t = r.begin(); t != r.end(); t++) {
          if (stop && stop->load(std::memory_order_relaxed)) throw Stopped("msm stopped");
          const unsigned w = unsigned(t / ranges);
          const size_t part = t % ranges, lo = n * part / ranges, hi = n * (part + 1) / ranges;
          if (batch_affine) {
            FillAffineBuckets<C>(space, nb, bases, scalars, idx, lo, hi, w, c);
            partial[t] = WeighAffineBuckets<C>(space, nb).ToJacobian();
          } else {
            std::fill(buckets.begin(), buckets.end(), Xyzz<C>::Infinity());
            FillBuckets<C>(buckets, bases, scalars, idx, lo, hi, w, c);
            partial[t] = WeighBuckets<C>(buckets).ToJacobian();
          }
        }
      },
      tbb::simple_partitioner());

  // Horner: acc = Σ_w 2^(w·c)·W_w, from the top window down
  J acc = J::Infinity();
  for (unsigned w = nw; w-- > 0;) {
    for (unsigned i = 0; i < c && !acc.IsInfinity(); i++) acc = acc.Double();
    for (size_t part = 0; part < ranges; part++) acc += partial[size_t(w) * ranges + part];
  }
  return acc;
}

} // namespace cuzk::msm
