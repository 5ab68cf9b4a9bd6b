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
