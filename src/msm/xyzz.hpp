// src/msm/xyzz.hpp — extended Jacobian ("XYZZ") points, the bucket representation of Pippenger.
//
// (X, Y, ZZ, ZZZ) represents the affine point (X/ZZ, Y/ZZZ), with ZZ³ = ZZZ² maintained by every
// formula; ZZ = 0 is infinity. Adding an affine point costs 8M + 2S (madd-2008-s), against
// 7M + 4S plus extra additions for Jacobian madd-2007-bl, and the formulas need no doubled
// values, which is why buckets use them. Formulas: Explicit-Formulas Database, "xyzz"
// coordinates for short Weierstrass curves with a = 0: madd-2008-s, mdbl-2008-s-1,
// add-2008-s, dbl-2008-s-1 (Sutherland).
#pragma once
#include "ec/ec.hpp"

namespace cuzk::msm {

template <class C> struct Xyzz {
  using Curve = C;
  using Field = typename C::Field;
  Field X, Y, ZZ, ZZZ;

  static constexpr Xyzz Infinity() { return {Field::One(), Field::One(), Field::Zero(), Field::Zero()}; }
  static constexpr Xyzz FromAffine(const ec::Affine<C> &p) {
    return p.IsInfinity() ? Infinity() : Xyzz{p.x, p.y, Field::One(), Field::One()};
  }
  constexpr bool IsInfinity() const { return ZZ.IsZero(); }

  //! this += (x, y), an affine point that is not infinity (callers pass −y to subtract)
  constexpr void AddAffine(const Field &x, const Field &y) {
    if (IsInfinity()) {
      *this = Xyzz{x, y, Field::One(), Field::One()};
      return;
    }
    Field P = x * ZZ - X;
    Field R = y * ZZZ - Y;
    if (P.IsZero()) {
      // same x: either the same point (double it) or its negative (the sum is infinity)
      *this = R.IsZero() ? DoubleAffine(x, y) : Infinity();
      return;
    }
    Field PP = P.Square(), PPP = P * PP, Q = X * PP;
    Field X3 = R.Square() - PPP - Q.Double();
    Y = R * (Q - X3) - Y * PPP;
    X = X3;
    ZZ = ZZ * PP;
    ZZZ = ZZZ * PPP;
  }

  //! this += q (affine; infinity is skipped)
  constexpr void AddMixed(const ec::Affine<C> &q) {
    if (!q.IsInfinity()) AddAffine(q.x, q.y);
  }
  //! this −= q (affine; infinity is skipped)
  constexpr void SubMixed(const ec::Affine<C> &q) {
    if (!q.IsInfinity()) AddAffine(q.x, -q.y);
  }

  //! 2·(x, y) for an affine point; y ≠ 0 on the prime-order subgroups (no 2-torsion)
  static constexpr Xyzz DoubleAffine(const Field &x, const Field &y) {
    Field U = y.Double(), V = U.Square(), W = U * V, S = x * V;
    Field x2 = x.Square(), M = x2.Double() + x2;
    Field X3 = M.Square() - S.Double();
    Field Y3 = M * (S - X3) - W * y;
    return {X3, Y3, V, W};
  }

  constexpr Xyzz Double() const {
    if (IsInfinity()) return *this;
    Field U = Y.Double(), V = U.Square(), W = U * V, S = X * V;
    Field x2 = X.Square(), M = x2.Double() + x2;
    Field X3 = M.Square() - S.Double();
    Field Y3 = M * (S - X3) - W * Y;
    return {X3, Y3, V * ZZ, W * ZZZ};
  }

  constexpr Xyzz operator+(const Xyzz &q) const {
    if (IsInfinity()) return q;
    if (q.IsInfinity()) return *this;
    Field U1 = X * q.ZZ, S1 = Y * q.ZZZ;
    Field P = q.X * ZZ - U1, R = q.Y * ZZZ - S1;
    if (P.IsZero()) return R.IsZero() ? Double() : Infinity();
    Field PP = P.Square(), PPP = P * PP, Q = U1 * PP;
    Field X3 = R.Square() - PPP - Q.Double();
    Field Y3 = R * (Q - X3) - S1 * PPP;
    return {X3, Y3, ZZ * q.ZZ * PP, ZZZ * q.ZZZ * PPP};
  }
  Xyzz &operator+=(const Xyzz &q) { return *this = *this + q; }

  //! the same point in Jacobian coordinates: Z = ZZ·ZZZ, X = X·ZZ·ZZZ², Y = Y·ZZ³·ZZZ²
  //! (X/Z² = X/ZZ and Y/Z³ = Y/ZZZ without relying on ZZ³ = ZZZ²)
  constexpr ec::Jacobian<C> ToJacobian() const {
    if (IsInfinity()) return ec::Jacobian<C>::Infinity();
    Field zzz2 = ZZZ.Square(), zz2 = ZZ.Square();
    return {X * ZZ * zzz2, Y * zz2 * ZZ * zzz2, ZZ * ZZZ};
  }
};

} // namespace cuzk::msm
