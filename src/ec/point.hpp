// src/ec/point.hpp — affine and Jacobian points, generic over G1/G2.
//
// Affine points mark infinity as (0, 0), which is never on y² = x³ + b (b ≠ 0): the layout
// stays two field elements with no flag, the same on host and device (src/gpu copies it).
// Jacobian (X, Y, Z) represents (X/Z², Y/Z³); Z = 0 is infinity. Formulas are the a = 0
// ones of the Explicit-Formulas Database: dbl-2009-l, add-2007-bl, madd-2007-bl.
#pragma once
#include "ec/curve.hpp"

#include <span>
#include <vector>

namespace cuzk::ec {

template <class C> struct Affine {
  using Curve = C;
  using Field = typename C::Field;
  Field x, y;

  static constexpr Affine Infinity() { return {Field::Zero(), Field::Zero()}; }
  static constexpr Affine Generator() { return {C::GenX(), C::GenY()}; }
  constexpr bool IsInfinity() const { return x.IsZero() && y.IsZero(); }
  constexpr bool operator==(const Affine &o) const { return x == o.x && y == o.y; }
  constexpr bool operator!=(const Affine &o) const { return !(*this == o); }
  constexpr Affine operator-() const { return IsInfinity() ? *this : Affine{x, -y}; }
  //! y² = x³ + b (infinity counts as on the curve)
  constexpr bool IsOnCurve() const { return IsInfinity() || y.Square() == x.Square() * x + C::B(); }
};

template <class C> struct Jacobian {
  using Curve = C;
  using Field = typename C::Field;
  Field X, Y, Z;

  static constexpr Jacobian Infinity() { return {Field::One(), Field::One(), Field::Zero()}; }
  static constexpr Jacobian Generator() { return FromAffine(Affine<C>::Generator()); }
  static constexpr Jacobian FromAffine(const Affine<C> &p) {
    return p.IsInfinity() ? Infinity() : Jacobian{p.x, p.y, Field::One()};
  }
  constexpr bool IsInfinity() const { return Z.IsZero(); }

  constexpr Jacobian operator-() const { return {X, -Y, Z}; }

  //! dbl-2009-l
  constexpr Jacobian Double() const {
    if (IsInfinity()) return *this;
    Field A = X.Square(), B = Y.Square(), Cc = B.Square();
    Field D = ((X + B).Square() - A - Cc).Double();
    Field E = A.Double() + A, F = E.Square();
    Field X3 = F - D.Double();
    Field Y3 = E * (D - X3) - Cc.Double().Double().Double();
    Field Z3 = (Y * Z).Double();
    return {X3, Y3, Z3};
  }

  //! add-2007-bl (complete for every input through the explicit special cases)
  constexpr Jacobian operator+(const Jacobian &q) const {
    if (IsInfinity()) return q;
    if (q.IsInfinity()) return *this;
    Field Z1Z1 = Z.Square(), Z2Z2 = q.Z.Square();
    Field U1 = X * Z2Z2, U2 = q.X * Z1Z1;
    Field S1 = Y * q.Z * Z2Z2, S2 = q.Y * Z * Z1Z1;
    Field H = U2 - U1, r = (S2 - S1).Double();
    if (H.IsZero()) return r.IsZero() ? Double() : Infinity();
    Field I = H.Double().Square(), J = H * I, V = U1 * I;
    Field X3 = r.Square() - J - V.Double();
    Field Y3 = r * (V - X3) - (S1 * J).Double();
    Field Z3 = ((Z + q.Z).Square() - Z1Z1 - Z2Z2) * H;
    return {X3, Y3, Z3};
  }

  //! madd-2007-bl: this + affine q
  constexpr Jacobian AddMixed(const Affine<C> &q) const {
    if (q.IsInfinity()) return *this;
    if (IsInfinity()) return FromAffine(q);
    Field Z1Z1 = Z.Square();
    Field U2 = q.x * Z1Z1, S2 = q.y * Z * Z1Z1;
    Field H = U2 - X, r = (S2 - Y).Double();
    if (H.IsZero()) return r.IsZero() ? Double() : Infinity();
    Field HH = H.Square(), I = HH.Double().Double(), J = H * I, V = X * I;
    Field X3 = r.Square() - J - V.Double();
    Field Y3 = r * (V - X3) - (Y * J).Double();
    Field Z3 = (Z + H).Square() - Z1Z1 - HH;
    return {X3, Y3, Z3};
  }

  constexpr Jacobian operator-(const Jacobian &q) const { return *this + (-q); }
  Jacobian &operator+=(const Jacobian &q) { return *this = *this + q; }
  Jacobian &operator+=(const Affine<C> &q) { return *this = AddMixed(q); }

  //! projective equality: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³
  constexpr bool operator==(const Jacobian &q) const {
    if (IsInfinity() || q.IsInfinity()) return IsInfinity() && q.IsInfinity();
    Field Z1Z1 = Z.Square(), Z2Z2 = q.Z.Square();
    return X * Z2Z2 == q.X * Z1Z1 && Y * Z2Z2 * q.Z == q.Y * Z1Z1 * Z;
  }
  constexpr bool operator!=(const Jacobian &q) const { return !(*this == q); }

  Affine<C> ToAffine() const {
    if (IsInfinity()) return Affine<C>::Infinity();
    Field zi = Z.Inverse(), zi2 = zi.Square();
    return {X * zi2, Y * zi2 * zi};
  }

  //! scalar multiple by a canonical little-endian integer (variable time; left-to-right)
  template <size_t M> Jacobian MulLimbs(const ff::Limbs<M> &k) const {
    Jacobian acc = Infinity();
    for (size_t i = ff::big::BitLength(k); i-- > 0;) {
      acc = acc.Double();
      if (ff::big::Bit(k, i)) acc += *this;
    }
    return acc;
  }
  Jacobian operator*(const Fr &k) const { return MulLimbs(k.ToCanonical()); }
};

//! Normalises many Jacobian points with one field inversion (Montgomery's trick).
template <class C> std::vector<Affine<C>> BatchToAffine(std::span<const Jacobian<C>> pts) {
  using F = typename C::Field;
  std::vector<F> z(pts.size()), scratch(pts.size());
  for (size_t i = 0; i < pts.size(); i++) z[i] = pts[i].Z;
  ff::BatchInverse<F>(z, scratch);
  std::vector<Affine<C>> out(pts.size());
  for (size_t i = 0; i < pts.size(); i++) {
    if (pts[i].IsInfinity()) {
      out[i] = Affine<C>::Infinity();
    } else {
      F zi2 = z[i].Square();
      out[i] = {pts[i].X * zi2, pts[i].Y * zi2 * z[i]};
    }
  }
  return out;
}

using G1Affine = Affine<G1Curve>;
using G2Affine = Affine<G2Curve>;
using G1 = Jacobian<G1Curve>;
using G2 = Jacobian<G2Curve>;

} // namespace cuzk::ec
