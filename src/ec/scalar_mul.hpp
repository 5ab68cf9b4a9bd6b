// src/ec/scalar_mul.hpp — variable-base scalar multiplication: wNAF, GLV (G1), GLS (G2).
//
// MulWnaf works for any point on the curve. MulGlv and MulGls use the endomorphisms of
// endomorphism.hpp and are only correct for points of the prime-order subgroups (where φ = [−x²]
// and ψ = [x]); decoded points satisfy that, points on the curve outside the subgroup do not.
// None of this is constant time: scalars here are public (setup, verification, tests).
#pragma once
#include "ec/point.hpp"

#include <array>
#include <cstdint>

namespace cuzk::ec {

inline constexpr unsigned WNAF_MIN_WIDTH = 2;
inline constexpr unsigned WNAF_MAX_WIDTH = 8;

//! Width-w non-adjacent form of k: k = Σ out[i]·2^i, each digit zero or odd with |d| < 2^(w−1),
//! and any w consecutive digits hold at most one non-zero. out needs 64·M + 1 entries; returns
//! the number of digits written (0 for k = 0).
template <size_t M> size_t WnafDigits(const ff::Limbs<M> &k, unsigned w, int8_t *out) {
  // one spare limb: subtracting a negative digit can carry past the top of k
  ff::Limbs<M + 1> n{};
  for (size_t i = 0; i < M; i++) n[i] = k[i];
  const uint64_t window = uint64_t(1) << w, half = window >> 1;
  size_t len = 0;
  while (!ff::big::IsZero(n)) {
    int digit = 0;
    if (n[0] & 1) {
      const uint64_t low = n[0] & (window - 1);
      digit = low >= half ? int(low) - int(window) : int(low);
      ff::Limbs<M + 1> d = ff::big::FromU64<M + 1>(uint64_t(digit < 0 ? -digit : digit));
      if (digit < 0) {
        ff::big::Add(n, n, d);
      } else {
        ff::big::Sub(n, n, d);
      }
    }
    out[len++] = int8_t(digit);
    n = ff::big::ShiftRight(n, 1);
  }
  return len;
}

//! out[i] = (2i + 1)·p for i < 2^(w−2): the odd multiples a width-w NAF digit can select
template <class C> void OddMultiples(const Jacobian<C> &p, unsigned w, Jacobian<C> *out) {
  const size_t count = size_t(1) << (w - 2);
  out[0] = p;
  if (count == 1) return;
  const Jacobian<C> twice = p.Double();
  for (size_t i = 1; i < count; i++) out[i] = out[i - 1] + twice;
}

//! acc += d·T where T holds the odd multiples and d is an odd NAF digit
template <class C> inline void AddNafDigit(Jacobian<C> &acc, const Jacobian<C> *table, int digit) {
  if (digit > 0) {
    acc += table[(digit - 1) / 2];
  } else {
    acc += -table[(-digit - 1) / 2];
  }
}

//! [k]p by left-to-right width-w NAF (w in [2, 8]); any point, any canonical scalar
template <class C, size_t M> Jacobian<C> MulWnaf(const Jacobian<C> &p, const ff::Limbs<M> &k, unsigned w = 5) {
  std::array<Jacobian<C>, size_t(1) << (WNAF_MAX_WIDTH - 2)> table;
  OddMultiples(p, w, table.data());
  std::array<int8_t, 64 * M + 1> digits;
  const size_t len = WnafDigits(k, w, digits.data());
  Jacobian<C> acc = Jacobian<C>::Infinity();
  for (size_t i = len; i-- > 0;) {
    acc = acc.Double();
    if (digits[i] != 0) AddNafDigit(acc, table.data(), digits[i]);
  }
  return acc;
}
template <class C> Jacobian<C> MulWnaf(const Jacobian<C> &p, const Fr &k, unsigned w = 5) {
  return MulWnaf(p, k.ToCanonical(), w);
}

//! Splits k < r as k = k0 + k1·x² with 0 ≤ k0, k1 < x² < 2^128 (x² = 0xd201000000010000², r < x⁴).
struct GlvSplit {
  ff::Limbs<2> k0, k1;
};
GlvSplit SplitGlv(const ff::Limbs<4> &k);

//! [k]p = [k0]p − [k1]φ(p) (since [x²]p = −φ(p) on G1): two 128-bit NAF chains sharing doublings.
//! Precondition: p ∈ G1.
G1 MulGlv(const G1 &p, const Fr &k);

//! Base-|x| digits of k < r: k = d0 + d1·|x| + d2·|x|² + d3·|x|³, each below 2^64.
std::array<uint64_t, 4> SplitGls(const ff::Limbs<4> &k);

//! [k]p = [d0]p − [d1]ψ(p) + [d2]ψ²(p) − [d3]ψ³(p) (since [|x|]p = −ψ(p) on G2): four 64-bit
//! NAF chains sharing doublings. Precondition: p ∈ G2.
G2 MulGls(const G2 &p, const Fr &k);

//! the fastest correct method for subgroup points
inline G1 Mul(const G1 &p, const Fr &k) { return MulGlv(p, k); }
inline G2 Mul(const G2 &p, const Fr &k) { return MulGls(p, k); }

} // namespace cuzk::ec
