// src/ec/fixed_base.hpp — one base, many scalars: windowed tables with signed digits.
//
// Groth16 setup multiplies a handful of bases (G1 and G2 generators) by millions of scalars.
// With window w the scalar is written in signed radix 2^w, k = Σ d_i·2^(w·i), |d_i| ≤ 2^(w−1),
// and the table stores j·2^(w·i)·P (j = 1..2^(w−1)) in affine form, so a product costs one
// mixed addition per window and no doublings. Memory: (bits/w + 1)·2^(w−1) affine points
// (w = 8, 255-bit scalars: 4,224 points, 405 KB for G1, 811 KB for G2).
// The table is immutable after construction: any number of threads may call Mul at once.
#pragma once
#include "ec/point.hpp"

#include <span>
#include <vector>

namespace cuzk::ec {

template <class C> class FixedBaseTable {
public:
  static constexpr unsigned DEFAULT_WINDOW = 8;
  //! window in [2, 16]; scalar_bits bounds the scalars Mul accepts (255 covers every Fr)
  explicit FixedBaseTable(const Jacobian<C> &base, unsigned window = DEFAULT_WINDOW, size_t scalar_bits = Fr::NUM_BITS);

  Jacobian<C> Mul(const Fr &k) const { return MulLimbs(k.ToCanonical()); }
  //! k must be below 2^scalar_bits
  Jacobian<C> MulLimbs(const ff::Limbs<4> &k) const;
  //! out[i] = [scalars[i]]base in affine form, normalised with one shared inversion. scratch is
  //! caller-owned (at least scalars.size() points) so a worker thread can reuse it across batches.
  void MulBatch(std::span<const Fr> scalars, std::span<Affine<C>> out, std::span<Jacobian<C>> scratch) const;

  unsigned Window() const { return window_; }
  size_t NumWindows() const { return num_windows_; }

private:
  unsigned window_;
  size_t scalar_bits_;
  size_t num_windows_;
  size_t row_;                   //!< 2^(window − 1) entries per window
  std::vector<Affine<C>> table_; //!< table_[i·row_ + j − 1] = j·2^(w·i)·base
};

extern template class FixedBaseTable<G1Curve>;
extern template class FixedBaseTable<G2Curve>;

} // namespace cuzk::ec
