// src/ff/fp6.hpp — Fp6 = Fp2[v]/(v³ − ξ), ξ = u + 1.
#pragma once
#include "ff/fp2.hpp"

namespace cuzk::ff {

//! ξ^((p−1)/6): the Frobenius twist factor; ξ^((p−1)/3) = its square multiplies v under x ↦ x^p.
//! Computed once from the modulus (never pasted), in fp6.cpp: an inline static initialiser here
//! is one GCC tries to constant-evaluate (a 381-bit Fp2 power) in every translation unit, ~9 s each.
const Fp2 &FrobeniusGammaW();
const Fp2 &FrobeniusGammaV();

struct Fp6 {
  Fp2 c0, c1, c2; //!< c0 + c1·v + c2·v²

  static constexpr Fp6 Zero() { return {Fp2::Zero(), Fp2::Zero(), Fp2::Zero()}; }
  static constexpr Fp6 One() { return {Fp2::One(), Fp2::Zero(), Fp2::Zero()}; }
  constexpr bool IsZero() const { return c0.IsZero() && c1.IsZero() && c2.IsZero(); }
  constexpr bool operator==(const Fp6 &o) const { return c0 == o.c0 && c1 == o.c1 && c2 == o.c2; }
  constexpr bool operator!=(const Fp6 &o) const { return !(*this == o); }

  constexpr Fp6 operator+(const Fp6 &b) const { return {c0 + b.c0, c1 + b.c1, c2 + b.c2}; }
  constexpr Fp6 operator-(const Fp6 &b) const { return {c0 - b.c0, c1 - b.c1, c2 - b.c2}; }
  constexpr Fp6 operator-() const { return {-c0, -c1, -c2}; }
  constexpr Fp6 Double() const { return {c0.Double(), c1.Double(), c2.Double()}; }
  Fp6 &operator+=(const Fp6 &b) { return *this = *this + b; }
  Fp6 &operator-=(const Fp6 &b) { return *this = *this - b; }
  Fp6 &operator*=(const Fp6 &b) { return *this = *this * b; }

  //! Karatsuba over three coefficients: six Fp2 multiplications
  constexpr Fp6 operator*(const Fp6 &b) const {
    Fp2 v0 = c0 * b.c0, v1 = c1 * b.c1, v2 = c2 * b.c2;
    Fp2 r0 = ((c1 + c2) * (b.c1 + b.c2) - v1 - v2).MulByNonResidue() + v0;
    Fp2 r1 = (c0 + c1) * (b.c0 + b.c1) - v0 - v1 + v2.MulByNonResidue();
    Fp2 r2 = (c0 + c2) * (b.c0 + b.c2) - v0 - v2 + v1;
    return {r0, r1, r2};
  }
  constexpr Fp6 operator*(const Fp2 &b) const { return {c0 * b, c1 * b, c2 * b}; }
  //! Chung–Hasan SQR2
  constexpr Fp6 Square() const {
    Fp2 s0 = c0.Square(), s1 = (c0 * c1).Double(), s2 = (c0 - c1 + c2).Square();
    Fp2 s3 = (c1 * c2).Double(), s4 = c2.Square();
    return {s0 + s3.MulByNonResidue(), s1 + s4.MulByNonResidue(), s1 + s2 + s3 - s0 - s4};
  }
  //! multiplication by v (v³ = ξ)
  constexpr Fp6 MulByNonResidue() const { return {c2.MulByNonResidue(), c0, c1}; }
  //! multiplication by b0 + b1·v (sparse, used by line evaluations)
  constexpr Fp6 MulBy01(const Fp2 &b0, const Fp2 &b1) const {
    Fp2 v0 = c0 * b0, v1 = c1 * b1;
    Fp2 r0 = ((c1 + c2) * b1 - v1).MulByNonResidue() + v0;
    Fp2 r1 = (c0 + c1) * (b0 + b1) - v0 - v1;
    Fp2 r2 = (c0 + c2) * b0 - v0 + v1;
    return {r0, r1, r2};
  }
  //! multiplication by b1·v
  constexpr Fp6 MulBy1(const Fp2 &b1) const { return {(c2 * b1).MulByNonResidue(), c0 * b1, c1 * b1}; }

  Fp6 Inverse() const {
    Fp2 t0 = c0.Square() - (c1 * c2).MulByNonResidue();
    Fp2 t1 = c2.Square().MulByNonResidue() - c0 * c1;
    Fp2 t2 = c1.Square() - c0 * c2;
    Fp2 inv = (c0 * t0 + (c2 * t1 + c1 * t2).MulByNonResidue()).Inverse();
    return {t0 * inv, t1 * inv, t2 * inv};
  }
  //! x ↦ x^p: coefficient-wise conjugation, v ↦ γ_v·v
  Fp6 FrobeniusOnce() const {
    const Fp2 &gv = FrobeniusGammaV();
    return {c0.Conjugate(), c1.Conjugate() * gv, c2.Conjugate() * gv.Square()};
  }
  Fp6 Frobenius(unsigned power) const {
    Fp6 r = *this;
    for (unsigned i = 0; i < power % 6; i++) r = r.FrobeniusOnce();
    return r;
  }
};

} // namespace cuzk::ff
