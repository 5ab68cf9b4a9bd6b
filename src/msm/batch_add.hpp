// src/msm/batch_add.hpp — the sum of many affine points by affine additions sharing inversions.
//
// An affine addition costs one inversion, 2M + 1S; with Montgomery's trick the inversions of a
// whole round of independent additions cost one inversion plus 3M each (ff::BatchInverse), so
// an addition costs about 5M + 1S against 8M + 2S for the cheapest projective (XYZZ) one. The
// points are summed as a tree: each round adds disjoint pairs and halves the count. Rounds with
// few pairs do not amortise their inversion, so the last few points are added projectively.
#pragma once
#include "ec/affine_add.hpp"
#include "ec/ec.hpp"
#include "ff/batch_inverse.hpp"
#include "msm/xyzz.hpp"

#include <cstddef>
#include <span>

namespace cuzk::msm {

//! Below this many points a round's inversion costs more than the projective additions it saves.
inline constexpr size_t BATCH_ADD_MIN_ROUND = 64;

//! Field elements of scratch BatchAffineSum needs for m points.
inline constexpr size_t BatchAffineSumScratchSize(size_t m) { return 2 * (m / 2); }

//! Returns Σ pts (every point may be infinity, equal to or the negative of another); pts is
//! overwritten. scratch holds BatchAffineSumScratchSize(pts.size()) field elements.
template <class C> ec::Jacobian<C> BatchAffineSum(std::span<ec::Affine<C>> pts, std::span<typename C::Field> scratch) {
  using F = typename C::Field;
  size_t m = pts.size();
  while (m >= BATCH_ADD_MIN_ROUND) {
    const size_t pairs = m / 2;
    std::span<F> den = scratch.subspan(0, pairs), tmp = scratch.subspan(pairs, pairs);
    for (size_t i = 0; i < pairs; i++) den[i] = ec::AffineAddDenominator<C>(pts[2 * i], pts[2 * i + 1]);
    ff::BatchInverse<F>(den, tmp);
    for (size_t i = 0; i < pairs; i++) pts[i] = ec::AffineAddWithInverse<C>(pts[2 * i], pts[2 * i + 1], den[i]);
    if (m & 1) pts[pairs] = pts[m - 1];
    m = pairs + (m & 1);
  }
  Xyzz<C> acc = Xyzz<C>::Infinity();
  for (size_t i = 0; i < m; i++) acc.AddMixed(pts[i]);
  return acc.ToJacobian();
}

} // namespace cuzk::msm
