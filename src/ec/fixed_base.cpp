// src/ec/fixed_base.cpp — fixed-base windowed multiplication (see fixed_base.hpp).
#include "ec/fixed_base.hpp"

#include <cassert>

namespace cuzk::ec {

template <class C>
FixedBaseTable<C>::FixedBaseTable(const Jacobian<C> &base, unsigned window, size_t scalar_bits)
    : window_(window), scalar_bits_(scalar_bits) {
  assert(window >= 2 && window <= 16);
  // A full top window can carry into one more digit; a partial one (≤ w−1 bits, plus a carry
  // of 1) never exceeds 2^(w−1). bits/w + 1 windows cover both cases.
  num_windows_ = scalar_bits / window + 1;
  row_ = size_t(1) << (window - 1);
  std::vector<Jacobian<C>> jac(num_windows_ * row_);
  Jacobian<C> step = base; // 2^(w·i)·base
  for (size_t i = 0; i < num_windows_; i++) {
    Jacobian<C> *row = &jac[i * row_];
    row[0] = step;
    for (size_t j = 1; j < row_; j++) row[j] = row[j - 1] + step;
    step = row[row_ - 1].Double(); // 2·2^(w−1) = 2^w times the row's base
  }
  table_ = BatchToAffine<C>(jac);
}

template <class C> Jacobian<C> FixedBaseTable<C>::MulLimbs(const ff::Limbs<4> &k) const {
  assert(ff::big::BitLength(k) <= scalar_bits_);
  const uint64_t mask = (uint64_t(1) << window_) - 1, half = row_;
  Jacobian<C> acc = Jacobian<C>::Infinity();
  uint64_t carry = 0;
  for (size_t i = 0; i < num_windows_; i++) {
    // bits [w·i, w·i + w) of k, possibly straddling two limbs
    const size_t bit = i * window_;
    uint64_t v = 0;
    if (bit < 256) {
      const size_t limb = bit / 64, off = bit % 64;
      v = k[limb] >> off;
      if (off + window_ > 64 && limb + 1 < 4) v |= k[limb + 1] << (64 - off);
      v &= mask;
    }
    v += carry;
    // signed digit in [−2^(w−1), 2^(w−1)]: values above half borrow 2^w from the next window
    carry = v > half;
    const int64_t digit = carry ? int64_t(v) - int64_t(mask + 1) : int64_t(v);
    if (digit > 0) {
      acc += table_[i * row_ + size_t(digit) - 1];
    } else if (digit < 0) {
      acc += -table_[i * row_ + size_t(-digit) - 1];
    }
  }
  assert(carry == 0);
  return acc;
}

template <class C>
void FixedBaseTable<C>::MulBatch(std::span<const Fr> scalars, std::span<Affine<C>> out,
                                 std::span<Jacobian<C>> scratch) const {
  using F = typename C::Field;
  const size_t n = scalars.size();
  assert(out.size() == n && scratch.size() >= n);
  for (size_t i = 0; i < n; i++) scratch[i] = Mul(scalars[i]);
  // Montgomery's trick in place: out[i].x first holds the product of the earlier non-zero Z's
  F acc = F::One();
  for (size_t i = 0; i < n; i++) {
    out[i].x = acc;
    if (!scratch[i].IsInfinity()) acc = acc * scratch[i].Z;
  }
  F inv = acc.Inverse();
  for (size_t i = n; i-- > 0;) {
    const Jacobian<C> &p = scratch[i];
    if (p.IsInfinity()) {
      out[i] = Affine<C>::Infinity();
      continue;
    }
    const F zi = inv * out[i].x, zi2 = zi.Square();
    inv = inv * p.Z;
    out[i] = {p.X * zi2, p.Y * zi2 * zi};
  }
}

template class FixedBaseTable<G1Curve>;
template class FixedBaseTable<G2Curve>;

} // namespace cuzk::ec
