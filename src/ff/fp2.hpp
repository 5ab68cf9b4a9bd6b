// src/ff/fp2.hpp — Fp2 = Fp[u]/(u² + 1), the field G2's coordinates live in.
#pragma once
#include "ff/bls12_381.hpp"

namespace cuzk::ff {

struct Fp2 {
  Fp c0, c1; //!< c0 + c1·u

  static constexpr Fp2 Zero() { return {Fp::Zero(), Fp::Zero()}; }
  static constexpr Fp2 One() { return {Fp::One(), Fp::Zero()}; }
  constexpr bool IsZero() const { return c0.IsZero() && c1.IsZero(); }
  constexpr bool IsOne() const { return c0.IsOne() && c1.IsZero(); }
  constexpr bool operator==(const Fp2 &o) const { return c0 == o.c0 && c1 == o.c1; }
  constexpr bool operator!=(const Fp2 &o) const { return !(*this == o); }

  constexpr Fp2 operator+(const Fp2 &b) const { return {c0 + b.c0, c1 + b.c1}; }
  constexpr Fp2 operator-(const Fp2 &b) const { return {c0 - b.c0, c1 - b.c1}; }
  constexpr Fp2 operator-() const { return {-c0, -c1}; }
  constexpr Fp2 Double() const { return {c0.Double(), c1.Double()}; }
  Fp2 &operator+=(const Fp2 &b) { return *this = *this + b; }
  Fp2 &operator-=(const Fp2 &b) { return *this = *this - b; }
  Fp2 &operator*=(const Fp2 &b) { return *this = *this * b; }

  //! Karatsuba: three Fp multiplications
  constexpr Fp2 operator*(const Fp2 &b) const {
    Fp v0 = c0 * b.c0, v1 = c1 * b.c1;
    return {v0 - v1, (c0 + c1) * (b.c0 + b.c1) - v0 - v1};
  }
  constexpr Fp2 operator*(const Fp &b) const { return {c0 * b, c1 * b}; }
  //! (c0 + c1 u)² = (c0 + c1)(c0 − c1) + 2 c0 c1 u
  constexpr Fp2 Square() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).Double()}; }
  //! multiplication by ξ = 1 + u, the non-residue that builds Fp6
  constexpr Fp2 MulByNonResidue() const { return {c0 - c1, c0 + c1}; }
  constexpr Fp2 Conjugate() const { return {c0, -c1}; }
  //! x ↦ x^(p^power): conjugation for odd powers
  constexpr Fp2 Frobenius(unsigned power) const { return (power & 1) ? Conjugate() : *this; }
  //! c0² + c1², the norm to Fp
  constexpr Fp Norm() const { return c0.Square() + c1.Square(); }
  constexpr Fp2 Inverse() const {
    Fp t = Norm().Inverse();
    return {c0 * t, -(c1 * t)};
  }

  template <size_t M> constexpr Fp2 Pow(const Limbs<M> &e) const {
    Fp2 acc = One();
    for (size_t i = big::BitLength(e); i-- > 0;) {
      acc = acc.Square();
      if (big::Bit(e, i)) acc = acc * *this;
    }
    return acc;
  }

  //! a square root or nullopt (Adj & Rodríguez-Henríquez 2012, Alg. 9, for p ≡ 3 mod 4)
  std::optional<Fp2> Sqrt() const {
    if (IsZero()) return Zero();
    constexpr auto p_minus_3_over_4 = big::ShiftRight(big::SubSmall(Fp::MODULUS, 3), 2);
    constexpr auto p_minus_1_over_2 = big::ShiftRight(big::SubSmall(Fp::MODULUS, 1), 1);
    Fp2 a1 = Pow(p_minus_3_over_4);
    Fp2 alpha = a1.Square() * *this;
    Fp2 x0 = a1 * *this;
    Fp2 x;
    if (alpha == -One()) {
      x = Fp2{-x0.c1, x0.c0}; // x0·u
    } else {
      x = (alpha + One()).Pow(p_minus_1_over_2) * x0;
    }
    if (x.Square() != *this) return std::nullopt;
    return x;
  }
};

//! ZCash's "lexicographically largest" for Fp: y > (p−1)/2 as integers
inline bool LexicographicallyLargest(const Fp &y) { return big::Less(Fp::P_MINUS_1_OVER_2, y.ToCanonical()); }
//! for Fp2, c1 decides unless it is zero (c1 is the more significant coordinate)
inline bool LexicographicallyLargest(const Fp2 &y) {
  if (!y.c1.IsZero()) return LexicographicallyLargest(y.c1);
  return LexicographicallyLargest(y.c0);
}

} // namespace cuzk::ff
