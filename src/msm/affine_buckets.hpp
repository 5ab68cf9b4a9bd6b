// src/msm/affine_buckets.hpp — filling Pippenger buckets with batched affine additions.
//
// Buckets are kept affine and the additions of a batch of points are done together, their
// slopes' denominators inverted at once (Montgomery's trick): about 5M + 1S per addition plus
// a share of one inversion, against 8M + 2S for an XYZZ mixed addition, and half the bytes per
// bucket. A bucket can take one pending addition per batch; a point whose bucket is already
// pending goes to a second, XYZZ bucket array instead, so the batch never waits (with random
// scalars that is ~batch/(2·buckets) of the points; with equal scalars it degrades gracefully
// to the XYZZ method). Both arrays are summed by the running-sum reduction.
#pragma once
#include "ec/affine_add.hpp"
#include "ec/ec.hpp"
#include "ff/batch_inverse.hpp"
#include "msm/digits.hpp"
#include "msm/xyzz.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::msm {

//! Per-thread working memory of one window task.
template <class C> struct BucketWorkspace {
  using F = typename C::Field;
  std::vector<Xyzz<C>> xyzz;           //!< XYZZ buckets (all of them, or the overflow of the affine ones)
  std::vector<ec::Affine<C>> affine;   //!< affine buckets, infinity = empty
  std::vector<uint32_t> stamp;         //!< batch number of the bucket's pending addition
  std::vector<uint32_t> pending;       //!< bucket of each pending addition
  std::vector<ec::Affine<C>> addend;   //!< the point each pending addition adds
  std::vector<F> denominator, inverse; //!< slopes' denominators, BatchInverse scratch

  void Reserve(size_t buckets, size_t batch, bool use_affine) {
    if (xyzz.size() < buckets) xyzz.resize(buckets);
    if (!use_affine) return;
    if (affine.size() < buckets) affine.resize(buckets);
    if (stamp.size() < buckets) stamp.resize(buckets);
    if (pending.size() < batch) {
      pending.resize(batch);
      addend.resize(batch);
      denominator.resize(batch);
      inverse.resize(batch);
    }
  }
  size_t Bytes() const {
    return xyzz.capacity() * sizeof(Xyzz<C>) + (affine.capacity() + addend.capacity()) * sizeof(ec::Affine<C>) +
           (stamp.capacity() + pending.capacity()) * sizeof(uint32_t) +
           (denominator.capacity() + inverse.capacity()) * sizeof(F);
  }
};

//! Additions per batch for nb buckets: large enough to amortise the inversion (~600M for Fp),
//! small enough that few points find their bucket already pending. Measured on G1 2^16 (one
//! thread, 11–14-bit windows): 512 or 1024 within 1% of the best, 128–256 up to 35% slower.
inline constexpr size_t AffineBatchSize(size_t nb) { return std::clamp<size_t>(nb / 4, 512, 1024); }

//! Adds ±bases[idx[i]] (digit of window w) for i in [begin, end) into ws.affine[0, nb) and its
//! overflow ws.xyzz[0, nb); both are reset first.
template <class C>
void FillAffineBuckets(BucketWorkspace<C> &ws, size_t nb, std::span<const ec::Affine<C>> bases,
                       std::span<const ff::Limbs<4>> scalars, std::span<const uint32_t> idx, size_t begin, size_t end,
                       unsigned w, unsigned c) {
  using F = typename C::Field;
  using A = ec::Affine<C>;
  A *bucket = ws.affine.data();
  Xyzz<C> *overflow = ws.xyzz.data();
  uint32_t *stamp = ws.stamp.data();
  std::fill(bucket, bucket + nb, A::Infinity());
  std::fill(overflow, overflow + nb, Xyzz<C>::Infinity());
  std::fill(stamp, stamp + nb, 0u);
  const size_t batch_size = AffineBatchSize(nb);
  uint32_t batch = 0;
  size_t i = begin;
  while (i < end) {
    ++batch;
    size_t count = 0;
    for (; i < end && count < batch_size; i++) {
      if (i + 1 < end) {
        const Digit next = SignedDigit(scalars[idx[i + 1]], w, c);
        if (next.magnitude) __builtin_prefetch(&bucket[next.magnitude - 1]);
        __builtin_prefetch(&bases[idx[i + 1]]);
      }
      const uint32_t j = idx[i];
      const Digit d = SignedDigit(scalars[j], w, c);
      if (!d.magnitude || bases[j].IsInfinity()) continue;
      const uint32_t b = d.magnitude - 1;
      const F &x = bases[j].x;
      const F y = d.negative ? -bases[j].y : bases[j].y;
      if (stamp[b] == batch) {
        overflow[b].AddAffine(x, y);
        continue;
      }
      A &cur = bucket[b];
      if (cur.IsInfinity()) {
        cur = {x, y};
        continue;
      }
      stamp[b] = batch;
      ws.pending[count] = b;
      ws.addend[count] = {x, y};
      ws.denominator[count] = ec::AffineAddDenominator<C>(cur, ws.addend[count]);
      count++;
    }
    ff::BatchInverse<F>(std::span<F>(ws.denominator.data(), count), std::span<F>(ws.inverse.data(), count));
    for (size_t k = 0; k < count; k++) {
      A &cur = bucket[ws.pending[k]];
      cur = ec::AffineAddWithInverse<C>(cur, ws.addend[k], ws.denominator[k]);
    }
  }
}

//! Σ_b (b + 1)·(affine[b] + overflow[b]) by the running sum.
template <class C> Xyzz<C> WeighAffineBuckets(const BucketWorkspace<C> &ws, size_t nb) {
  Xyzz<C> running = Xyzz<C>::Infinity(), total = Xyzz<C>::Infinity();
  for (size_t b = nb; b-- > 0;) {
    running.AddMixed(ws.affine[b]);
    if (!ws.xyzz[b].IsInfinity()) running += ws.xyzz[b];
    total += running;
  }
  return total;
}

} // namespace cuzk::msm
