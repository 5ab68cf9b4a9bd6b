// src/ec/affine_add.hpp — affine point addition with the slope's inverse supplied by the caller.
//
// An affine addition needs one field inversion. When many independent additions are done
// together, their slopes' denominators can be inverted at once (Montgomery's trick,
// ff::BatchInverse): about 5M + 1S per addition plus a share of one inversion, against 7M + 4S
// for a Jacobian mixed addition. The caller collects AffineAddDenominator for every pair,
// batch-inverts them and finishes each pair with AffineAddWithInverse. Fixed-base tables, MSM
// buckets and batch sums all use this pair of functions.
#pragma once
#include "ec/point.hpp"

namespace cuzk::ec {

//! The denominator of the slope of a + b: x_b − x_a for a chord, 2y for a tangent, and 0 where no
//! slope is needed (an operand at infinity, or a + (−a)); ff::BatchInverse leaves zeros alone.
template <class C> typename C::Field AffineAddDenominator(const Affine<C> &a, const Affine<C> &b) {
  using F = typename C::Field;
  if (a.IsInfinity() || b.IsInfinity()) return F::Zero();
  if (a.x != b.x) return b.x - a.x;
  return a.y == b.y ? a.y.Double() : F::Zero();
}

//! a + b, given inv = 1 / AffineAddDenominator(a, b) (anything where that denominator is 0).
template <class C>
Affine<C> AffineAddWithInverse(const Affine<C> &a, const Affine<C> &b, const typename C::Field &inv) {
  using F = typename C::Field;
  if (a.IsInfinity()) return b;
  if (b.IsInfinity()) return a;
  F lambda;
  if (a.x != b.x) {
    lambda = (b.y - a.y) * inv;
  } else if (a.y == b.y) {
    const F x2 = a.x.Square();
    lambda = (x2.Double() + x2) * inv;
  } else {
    return Affine<C>::Infinity();
  }
  const F x3 = lambda.Square() - a.x - b.x;
  return {x3, lambda * (a.x - x3) - a.y};
}

} // namespace cuzk::ec
