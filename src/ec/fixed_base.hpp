// src/ec/fixed_base.hpp — one base, many scalars: windowed tables with signed digits.
//
// Groth16 setup multiplies a handful of bases (G1 and G2 generators) by millions of scalars.
// With window w the scalar is written in signed radix 2^w, k = Σ d_i·2^(w·i), |d_i| ≤ 2^(w−1),
// and the table stores j·2^(w·i)·P (j = 1..2^(w−1)) in affine form, so a product costs one
// addition per window and no doublings. Memory: (bits/w + 1)·2^(w−1) affine points
// (w = 8, 255-bit scalars: 4,224 points, 405 KB for G1, 811 KB for G2; w = 16: 53 MB for G1).
//
// MulBatch keeps its accumulators affine and does one window of every scalar at a time, so the
// additions of a window are independent and share one inversion (ec/affine_add.hpp): about
// 5M + 1S per addition instead of 7M + 4S for a mixed Jacobian one, and no normalisation at the
// end. WindowFor picks the widest window whose table fits a memory cap when the batch is large
// enough to pay for building it: halving the additions per scalar is what makes a 2^22-constraint
// setup take minutes on two cores instead of a quarter of an hour.
// The table is immutable after construction: any number of threads may call Mul at once.
#pragma once
#include "ec/point.hpp"

#include <span>
#include <vector>

namespace cuzk::ec {

template <class C> class FixedBaseTable {
public:
  static constexpr unsigned DEFAULT_WINDOW = 8;
  //! Largest table WindowFor chooses, in bytes.
  static constexpr size_t MAX_TABLE_BYTES = size_t(64) << 20;
  //! Window in [2, 16]; scalar_bits bounds the scalars Mul accepts (255 covers every Fr). Rows of
  //! the table are built in parallel.
  explicit FixedBaseTable(const Jacobian<C> &base, unsigned window = DEFAULT_WINDOW, size_t scalar_bits = Fr::NUM_BITS);

  //! The window that minimises table construction plus num_scalars multiplications, with the
  //! table at most MAX_TABLE_BYTES.
  static unsigned WindowFor(size_t num_scalars, size_t scalar_bits = Fr::NUM_BITS);

  Jacobian<C> Mul(const Fr &k) const { return MulLimbs(k.ToCanonical()); }
  //! k must be below 2^scalar_bits
  Jacobian<C> MulLimbs(const ff::Limbs<4> &k) const;
  //! out[i] = [scalars[i]]base in affine form (see the file comment). One call is one thread's
  //! work; callers split large batches into chunks of ~1k scalars and run chunks in parallel.
  void MulBatch(std::span<const Fr> scalars, std::span<Affine<C>> out) const;

  unsigned Window() const { return window_; }
  size_t NumWindows() const { return num_windows_; }
  //! the whole table, table[i·2^(w−1) + j − 1] = j·2^(w·i)·base: what the GPU's fixed-base kernels
  //! (gpu/fixed_base.hpp) upload and read in the same layout
  std::span<const Affine<C>> Table() const { return table_; }

private:
  //! Writes the num_windows_ signed digits of k to digits[0], digits[stride], ...
  void SignedDigits(const ff::Limbs<4> &k, int32_t *digits, size_t stride) const;
  const Affine<C> &Entry(size_t window, int32_t magnitude) const { return table_[window * row_ + magnitude - 1]; }

  unsigned window_;
  size_t scalar_bits_;
  size_t num_windows_;
  size_t row_;                   //!< 2^(window − 1) entries per window
  std::vector<Affine<C>> table_; //!< table_[i·row_ + j − 1] = j·2^(w·i)·base
};

extern template class FixedBaseTable<G1Curve>;
extern template class FixedBaseTable<G2Curve>;

} // namespace cuzk::ec
