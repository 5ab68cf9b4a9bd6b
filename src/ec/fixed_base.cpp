// src/ec/fixed_base.cpp — fixed-base windowed multiplication (see fixed_base.hpp).
#include "ec/fixed_base.hpp"

#include "ec/affine_add.hpp"
#include "ff/batch_inverse.hpp"

#include <tbb/parallel_for.h>

#include <cassert>
#include <cstdint>

namespace cuzk::ec {

template <class C>
FixedBaseTable<C>::FixedBaseTable(const Jacobian<C> &base, unsigned window, size_t scalar_bits)
    : window_(window), scalar_bits_(scalar_bits) {
  assert(window >= 2 && window <= 16);
  // A full top window can carry into one more digit; a partial one (≤ w−1 bits, plus a carry
  // of 1) never exceeds 2^(w−1). bits/w + 1 windows cover both cases.
  num_windows_ = scalar_bits / window + 1;
  row_ = size_t(1) << (window - 1);
  // 2^(w·i)·base for every row by doublings (cheap), then the rows independently
  std::vector<Jacobian<C>> steps(num_windows_);
  steps[0] = base;
  for (size_t i = 1; i < num_windows_; i++) {
    steps[i] = steps[i - 1];
    for (unsigned d = 0; d < window; d++) steps[i] = steps[i].Double();
  }
  table_.resize(num_windows_ * row_);
  tbb::parallel_for(size_t(0), num_windows_, [&](size_t i) {
    std::vector<Jacobian<C>> row(row_);
    row[0] = steps[i];
    for (size_t j = 1; j < row_; j++) row[j] = row[j - 1] + steps[i];
    const std::vector<Affine<C>> affine = BatchToAffine<C>(row);
    std::copy(affine.begin(), affine.end(), table_.begin() + i * row_);
  });
}

template <class C> unsigned FixedBaseTable<C>::WindowFor(size_t num_scalars, size_t scalar_bits) {
  unsigned best = 2;
  double best_cost = -1;
  for (unsigned w = 2; w <= 16; w++) {
    const size_t windows = scalar_bits / w + 1, entries = windows << (w - 1);
    if (entries * sizeof(Affine<C>) > MAX_TABLE_BYTES) break;
    // building an entry (a Jacobian addition and its share of the normalisation) costs about
    // three batched affine additions
    const double cost = 3.0 * double(entries) + double(num_scalars) * double(windows);
    if (best_cost < 0 || cost < best_cost) {
      best = w;
      best_cost = cost;
    }
  }
  return best;
}

template <class C> void FixedBaseTable<C>::SignedDigits(const ff::Limbs<4> &k, int32_t *digits, size_t stride) const {
  assert(ff::big::BitLength(k) <= scalar_bits_);
  const uint64_t mask = (uint64_t(1) << window_) - 1, half = row_;
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
    digits[i * stride] = int32_t(carry ? int64_t(v) - int64_t(mask + 1) : int64_t(v));
  }
  assert(carry == 0);
}

template <class C> Jacobian<C> FixedBaseTable<C>::MulLimbs(const ff::Limbs<4> &k) const {
  int32_t digits[256 / 2 + 1];
  SignedDigits(k, digits, 1);
  Jacobian<C> acc = Jacobian<C>::Infinity();
  for (size_t i = 0; i < num_windows_; i++) {
    if (digits[i] > 0) {
      acc += Entry(i, digits[i]);
    } else if (digits[i] < 0) {
      acc += -Entry(i, -digits[i]);
    }
  }
  return acc;
}

template <class C> void FixedBaseTable<C>::MulBatch(std::span<const Fr> scalars, std::span<Affine<C>> out) const {
  using F = typename C::Field;
  const size_t n = scalars.size();
  assert(out.size() == n);
  std::vector<int32_t> digits(num_windows_ * n); // window-major: digits[w·n + i]
  for (size_t i = 0; i < n; i++) SignedDigits(scalars[i].ToCanonical(), &digits[i], n);
  std::fill(out.begin(), out.end(), Affine<C>::Infinity());
  std::vector<F> den(n), scratch(n);
  std::vector<Affine<C>> addend(n);
  std::vector<uint32_t> target(n);
  for (size_t w = 0; w < num_windows_; w++) {
    const int32_t *d = &digits[w * n];
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
      if (d[i] == 0) continue;
      const Affine<C> &e = Entry(w, d[i] > 0 ? d[i] : -d[i]);
      const Affine<C> q = d[i] > 0 ? e : -e;
      if (out[i].IsInfinity()) {
        out[i] = q;
        continue;
      }
      den[count] = AffineAddDenominator<C>(out[i], q);
      addend[count] = q;
      target[count++] = uint32_t(i);
    }
    ff::BatchInverse<F>(std::span(den.data(), count), std::span(scratch.data(), count));
    for (size_t k = 0; k < count; k++) out[target[k]] = AffineAddWithInverse<C>(out[target[k]], addend[k], den[k]);
  }
}

template class FixedBaseTable<G1Curve>;
template class FixedBaseTable<G2Curve>;

} // namespace cuzk::ec
