// src/gadgets/multieq.hpp — packs many small equalities into few constraints.
//
// bellperson gadgets/multieq.rs: an equality lhs = rhs between combinations known to fit in
// num_bits bits is shifted by the bits already used and added to a pending pair; when the next
// equality would reach the field's capacity (254 bits) the pending pair is enforced as one
// constraint lhs·1 = rhs, named "multieq <n>". The last pair is flushed when the MultiEq ends.
// SHA-256 uses one per compression function: the additions of UInt32::AddMany go through it, so
// where a flush happens — lazily, in the middle of later gadgets — is part of the R1CS order.
//
// A pending side gathers hundreds of terms in no particular variable order; they are kept as a
// plain list and sorted and merged once, at the flush, instead of being inserted one by one
// into a sorted combination (the merged per-variable sums are the same).
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstddef>
#include <string>
#include <vector>

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

  //! records lhs = rhs, both below 2^num_bits (bellperson's enforce_equal)
  void EnforceEqual(size_t num_bits, const r1cs::LinearCombination &lhs, const r1cs::LinearCombination &rhs);

  //! The same in parts, for callers that build the sides term by term: starts an equality of
  //! num_bits bits (flushing first when it would not fit, exactly where EnforceEqual would) and
  //! returns the factor 2^offset every term of this equality must carry. Terms are only kept
  //! when the system wants constraints.
  r1cs::Fr BeginEqual(size_t num_bits);
  void AddLhs(r1cs::Variable v, const r1cs::Fr &coeff) { lhs_.push_back({v, coeff}); }
  void AddRhs(r1cs::Variable v, const r1cs::Fr &coeff) { rhs_.push_back({v, coeff}); }

  //! enforces the pending equality now, if any (idempotent)
  void Finish() {
    if (bits_used_ > 0) Accumulate();
  }

  //! equalities are packed below this many bits: Fr's CAPACITY
  static constexpr size_t CAPACITY = 254;

private:
  struct Entry {
    r1cs::Variable var;
    r1cs::Fr coeff;
  };
  void Accumulate();
  static r1cs::LinearCombination Merge(std::vector<Entry> &entries);

  r1cs::ConstraintSystem &cs_;
  size_t ops_ = 0;
  size_t bits_used_ = 0;
  std::vector<Entry> lhs_;
  std::vector<Entry> rhs_;
};

} // namespace cuzk::gadgets
