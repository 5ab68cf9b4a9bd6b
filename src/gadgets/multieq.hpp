// src/gadgets/multieq.hpp — packs many small equalities into few constraints.
//
// bellperson gadgets/multieq.rs: an equality lhs = rhs between combinations known to fit in
// num_bits bits is shifted by the bits already used and added to a pending pair; when the next
// equality would reach the field's capacity (254 bits) the pending pair is enforced as one
// constraint lhs·1 = rhs, named "multieq <n>". The last pair is flushed when the MultiEq ends.
// SHA-256 uses one per compression function: the additions of UInt32::AddMany go through it, so
// where a flush happens — lazily, in the middle of later gadgets — is part of the R1CS order.
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstddef>
#include <string>

namespace cuzk::gadgets {

class MultiEq {
public:
  explicit MultiEq(r1cs::ConstraintSystem &cs) : cs_(cs) {}
  //! flushes the pending equality (bellperson's Drop)
  ~MultiEq() { Finish(); }
  MultiEq(const MultiEq &) = delete;
  MultiEq &operator=(const MultiEq &) = delete;

  //! the system allocations and other constraints go to
  r1cs::ConstraintSystem &Cs() { return cs_; }

  //! records lhs = rhs, both below 2^num_bits
  void EnforceEqual(size_t num_bits, const r1cs::LinearCombination &lhs, const r1cs::LinearCombination &rhs);

  //! enforces the pending equality now, if any (idempotent)
  void Finish() {
    if (bits_used_ > 0) Accumulate();
  }

  //! equalities are packed below this many bits: Fr's CAPACITY
  static constexpr size_t CAPACITY = 254;

private:
  void Accumulate();

  r1cs::ConstraintSystem &cs_;
  size_t ops_ = 0;
  size_t bits_used_ = 0;
  r1cs::LinearCombination lhs_;
  r1cs::LinearCombination rhs_;
};

} // namespace cuzk::gadgets
