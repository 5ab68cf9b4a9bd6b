// src/gpu/fixed_base_body.cuh — per-thread bodies of the fixed-base multiplier (fixed_base.hpp),
// written as CUZK_HD so that a host build can run them too.
#pragma once
#include "gpu/curve.cuh"

namespace cuzk::gpu::fixed_base {

//! Inversion of the coordinate fields (0 ↦ 0): Fp by Fermat, Fp2 through its norm to Fp.
CUZK_HD Fp Invert(const Fp &a) { return a.Inverse(); }
CUZK_HD Fp2 Invert(const Fp2 &a) {
  const Fp t = (a.c0.Square() + a.c1.Square()).Inverse();
  return {a.c0 * t, -(a.c1 * t)};
}

//! Signed digit i of the canonical scalar k (32-bit words) in radix 2^window; carry in/out as
//! ec::FixedBaseTable::SignedDigits: a window value above 2^(window−1) borrows 2^window from the
//! next window.
CUZK_HD int32_t SignedDigit(const Fr &k, unsigned i, unsigned window, uint32_t &carry) {
  const uint32_t mask = (uint32_t(1) << window) - 1, half = uint32_t(1) << (window - 1);
  const unsigned bit = i * window;
  uint32_t v = 0;
  if (bit < 256) {
    const unsigned word = bit / 32, off = bit % 32;
    v = k.v[word] >> off;
    if (off + window > 32 && word + 1 < 8) v |= k.v[word + 1] << (32 - off);
    v &= mask;
  }
  v += carry;
  carry = v > half ? 1 : 0;
  return carry ? int32_t(v) - int32_t(mask + 1) : int32_t(v);
}

//! [s]·base for s in Montgomery form; table[i·row + j − 1] = j·2^(window·i)·base.
template <class F> CUZK_HD Xyzz<F> MulOne(const Fr &s, const Affine<F> *table, unsigned window, unsigned num_windows) {
  const Fr k = s.FromMontgomery();
  const size_t row = size_t(1) << (window - 1);
  Xyzz<F> acc = Xyzz<F>::Infinity();
  uint32_t carry = 0;
  for (unsigned i = 0; i < num_windows; i++) {
    const int32_t d = SignedDigit(k, i, window, carry);
    if (d == 0) continue;
    const Affine<F> &e = table[i * row + size_t(d > 0 ? d : -d) - 1];
    if constexpr (sizeof(F) > sizeof(Fp)) {
      acc.AddAffineCall(d > 0 ? e : -e); // G2: one out-of-line copy of the formula
    } else {
      acc.AddAffine(d > 0 ? e : -e);
    }
  }
  return acc;
}

//! What Montgomery's trick inverts for p: ZZ·ZZZ (one for infinity, which stays out of the product).
template <class F> CUZK_HD F Denominator(const Xyzz<F> &p) { return p.IsInfinity() ? F::One() : p.ZZ * p.ZZZ; }

//! p in affine form given inv = 1/(ZZ·ZZZ): x = X/ZZ = X·ZZZ·inv, y = Y/ZZZ = Y·ZZ·inv.
template <class F> CUZK_HD Affine<F> ToAffine(const Xyzz<F> &p, const F &inv) {
  if (p.IsInfinity()) return Affine<F>::Infinity();
  return {p.X * (p.ZZZ * inv), p.Y * (p.ZZ * inv)};
}

} // namespace cuzk::gpu::fixed_base
