// src/r1cs/density.hpp — which variables of one space occur in one side (A or B) of the R1CS.
//
// The Groth16 parameters store a/b_g1/b_g2 points only for the variables that occur, so the
// prover must know exactly which ones do to pair scalars with points. A variable occurs when
// some constraint gives it a non-zero (merged) coefficient (bellperson lc.rs eval_with_trackers).
// The bits are kept LSB-first in 64-bit words, the form pre-compiled circuits store, so a
// recorded density is taken over with one copy.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::r1cs {

class DensityTracker {
public:
  //! room for n variables without regrowing
  void Reserve(size_t n) { words_.reserve((n + 63) / 64); }
  //! bytes held (the words' capacity)
  size_t CapacityBytes() const { return words_.capacity() * sizeof(uint64_t); }
  //! one more variable, not (yet) occurring
  void AddElement() {
    if (size_ % 64 == 0) words_.push_back(0);
    size_++;
  }
  //! variable i occurs
  void Inc(size_t i) {
    const uint64_t bit = uint64_t(1) << (i % 64);
    uint64_t &w = words_[i / 64];
    if (!(w & bit)) {
      w |= bit;
      count_++;
    }
  }
  bool Get(size_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  size_t Size() const { return size_; }
  //! number of occurring variables
  size_t Count() const { return count_; }
  //! the bits, LSB-first: variable i is bit i % 64 of word i / 64; bits past Size() are zero
  std::span<const uint64_t> Words() const { return words_; }

  //! Replaces the contents with `size` variables whose bits are `words` (LSB-first; bits past
  //! `size` must be zero). The count is recomputed, so it cannot disagree with the bits.
  void Assign(std::span<const uint64_t> words, size_t size) {
    words_.assign(words.begin(), words.begin() + (size + 63) / 64);
    size_ = size;
    count_ = 0;
    for (uint64_t w : words_) count_ += std::popcount(w);
  }

  //! Appends other's variables. For input spaces (skip_first) other's element 0 is its ONE, which is
  //! also ours: it occurs if it occurs in either system (bellperson's extend ORs it in), and the
  //! rest is appended.
  void Extend(const DensityTracker &other, bool skip_first) {
    size_t i = 0;
    if (skip_first && other.size_ > 0) {
      if (other.Get(0) && size_ > 0) Inc(0);
      i = 1;
    }
    Reserve(size_ + other.size_);
    for (; i < other.size_; i++) {
      AddElement();
      if (other.Get(i)) Inc(size_ - 1);
    }
  }

private:
  std::vector<uint64_t> words_;
  size_t size_ = 0;
  size_t count_ = 0;
};

} // namespace cuzk::r1cs
