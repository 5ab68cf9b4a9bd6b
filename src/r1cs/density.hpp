// src/r1cs/density.hpp — which variables of one space occur in one side (A or B) of the R1CS.
//
// The Groth16 parameters store a/b_g1/b_g2 points only for the variables that occur, so the
// prover must know exactly which ones do to pair scalars with points. A variable occurs when
// some constraint gives it a non-zero (merged) coefficient (bellperson lc.rs eval_with_trackers).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::r1cs {

class DensityTracker {
public:
  //! room for n variables without regrowing
  void Reserve(size_t n) { bits_.reserve(n); }
  //! bytes held (the bit vector's capacity)
  size_t CapacityBytes() const { return bits_.capacity() / 8; }
  //! one more variable, not (yet) occurring
  void AddElement() { bits_.push_back(false); }
  //! variable i occurs
  void Inc(size_t i) {
    if (!bits_[i]) {
      bits_[i] = true;
      count_++;
    }
  }
  bool Get(size_t i) const { return bits_[i]; }
  size_t Size() const { return bits_.size(); }
  //! number of occurring variables
  size_t Count() const { return count_; }

  //! Appends other's variables. For input spaces (skip_first) other's element 0 is its ONE, which is
  //! also ours: it occurs if it occurs in either system (bellperson's extend ORs it in), and the
  //! rest is appended.
  void Extend(const DensityTracker &other, bool skip_first) {
    size_t i = 0;
    if (skip_first && !other.bits_.empty()) {
      if (other.bits_[0] && !bits_.empty()) Inc(0);
      i = 1;
    }
    for (; i < other.bits_.size(); i++) {
      bits_.push_back(other.bits_[i]);
      count_ += other.bits_[i];
    }
  }

private:
  std::vector<bool> bits_;
  size_t count_ = 0;
};

} // namespace cuzk::r1cs
