// src/ff/fp12.hpp — Fp12 = Fp6[w]/(w² − v), the pairing's target field.
//
// Coefficient order matches @noble/curves, snarkjs and mcl (spec/oracles.md): an element is
// (c0, c1) with each Fp6 as (c0, c1, c2) of Fp2 as (c0, c1), so GT values compare exactly.
#pragma once
#include "ff/fp6.hpp"

namespace cuzk::ff {

struct Fp12 {
  Fp6 c0, c1; //!< c0 + c1·w

  static constexpr Fp12 Zero() { return {Fp6::Zero(), Fp6::Zero()}; }
  static constexpr Fp12 One() { return {Fp6::One(), Fp6::Zero()}; }
  constexpr bool IsOne() const { return *this == One(); }
  constexpr bool operator==(const Fp12 &o) const { return c0 == o.c0 && c1 == o.c1; }
  constexpr bool operator!=(const Fp12 &o) const { return !(*this == o); }

  constexpr Fp12 operator+(const Fp12 &b) const { return {c0 + b.c0, c1 + b.c1}; }
  constexpr Fp12 operator-(const Fp12 &b) const { return {c0 - b.c0, c1 - b.c1}; }
  Fp12 &operator*=(const Fp12 &b) { return *this = *this * b; }

  constexpr Fp12 operator*(const Fp12 &b) const {
    Fp6 v0 = c0 * b.c0, v1 = c1 * b.c1;
    return {v0 + v1.MulByNonResidue(), (c0 + c1) * (b.c0 + b.c1) - v0 - v1};
  }
  constexpr Fp12 Square() const {
    Fp6 ab = c0 * c1;
    Fp6 r0 = (c0 + c1) * (c0 + c1.MulByNonResidue()) - ab - ab.MulByNonResidue();
    return {r0, ab.Double()};
  }
  //! the p^6-power Frobenius; the inverse for elements of the cyclotomic subgroup
  constexpr Fp12 Conjugate() const { return {c0, -c1}; }
  Fp12 Inverse() const {
    Fp6 t = (c0.Square() - c1.Square().MulByNonResidue()).Inverse();
    return {c0 * t, -(c1 * t)};
  }
  //! x ↦ x^p: Fp6 Frobenius on both halves, w ↦ γ_w·w
  Fp12 FrobeniusOnce() const { return {c0.FrobeniusOnce(), c1.FrobeniusOnce() * FrobeniusGammaW()}; }
  Fp12 Frobenius(unsigned power) const {
    Fp12 r = *this;
    for (unsigned i = 0; i < power % 12; i++) r = r.FrobeniusOnce();
    return r;
  }
  //! multiplication by a sparse element with only the 1, v and v·w coefficients set (b0, b1, b4 in
  //! the order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2): the shape of a Miller-loop line on the
  //! M-type twist. 13 Fp2 multiplications instead of 18.
  constexpr Fp12 MulBy014(const Fp2 &b0, const Fp2 &b1, const Fp2 &b4) const {
    Fp6 t0 = c0.MulBy01(b0, b1), t1 = c1.MulBy1(b4);
    Fp6 r1 = (c0 + c1).MulBy01(b0, b1 + b4) - t0 - t1;
    return {t0 + t1.MulByNonResidue(), r1};
  }

  //! Squaring in the cyclotomic subgroup (elements with x^(p^6+1) = 1 and x^(p^4−p^2+1) = 1, i.e.
  //! anything after the easy part of the final exponentiation). Granger–Scott 2010, §3.2: view
  //! Fp12 as Fp4[w]/(w³ − s) with Fp4 = Fp2[s]/(s² − ξ), s = w³, and z = z0 + z1·w + z2·w²; then
  //! z² = (3z0² − 2z̄0) + (3s·z2² + 2z̄1)·w + (3z1² − 2z̄2)·w², where ¯ is s ↦ −s. Nine Fp2 squarings.
  //! Wrong (not a square) for elements outside the subgroup.
  constexpr Fp12 CyclotomicSquare() const {
    // z0 = g0 + g3·s, z1 = g1 + g4·s, z2 = g2 + g5·s, where g_i is the coefficient of w^i
    const Fp2 &g0 = c0.c0, &g2 = c0.c1, &g4 = c0.c2, &g1 = c1.c0, &g3 = c1.c1, &g5 = c1.c2;
    // (a + b·s)² = (a² + ξb²) + 2ab·s, with 2ab = (a + b)² − a² − b²
    auto fp4_square = [](const Fp2 &a, const Fp2 &b, Fp2 &r0, Fp2 &r1) {
      Fp2 aa = a.Square(), bb = b.Square();
      r0 = aa + bb.MulByNonResidue();
      r1 = (a + b).Square() - aa - bb;
    };
    Fp2 a0, a1, b0, b1, d0, d1;
    fp4_square(g0, g3, a0, a1); // z0²
    fp4_square(g1, g4, b0, b1); // z1²
    fp4_square(g2, g5, d0, d1); // z2²
    // 3x − 2y and 3x + 2y as 2(x ∓ y) + x: two additions fewer than the naïve form
    auto three_minus_two = [](const Fp2 &x, const Fp2 &y) { return (x - y).Double() + x; };
    auto three_plus_two = [](const Fp2 &x, const Fp2 &y) { return (x + y).Double() + x; };
    Fp12 r;
    r.c0.c0 = three_minus_two(a0, g0);                  // w^0
    r.c1.c1 = three_plus_two(a1, g3);                   // w^3
    r.c1.c0 = three_plus_two(d1.MulByNonResidue(), g1); // w^1: s·z2² = ξ·d1 + d0·s
    r.c0.c2 = three_minus_two(d0, g4);                  // w^4
    r.c0.c1 = three_minus_two(b0, g2);                  // w^2
    r.c1.c2 = three_plus_two(b1, g5);                   // w^5
    return r;
  }

  template <size_t M> Fp12 Pow(const Limbs<M> &e) const {
    Fp12 acc = One();
    for (size_t i = big::BitLength(e); i-- > 0;) {
      acc = acc.Square();
      if (big::Bit(e, i)) acc = acc * *this;
    }
    return acc;
  }
};

} // namespace cuzk::ff
