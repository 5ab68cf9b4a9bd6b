// src/gadgets/multieq.cpp
#include "gadgets/multieq.hpp"

#include <cassert>
#include <utility>

namespace cuzk::gadgets {

void MultiEq::Accumulate() {
  const std::string name = cs_.WantsNames() ? "multieq " + std::to_string(ops_) : std::string();
  if (cs_.WantsConstraints()) {
    cs_.Enforce(name, lhs_, r1cs::LinearCombination(r1cs::ConstraintSystem::One()), rhs_);
  } else {
    cs_.Enforce(name, r1cs::LinearCombination(), r1cs::LinearCombination(), r1cs::LinearCombination());
  }
  lhs_ = r1cs::LinearCombination();
  rhs_ = r1cs::LinearCombination();
  bits_used_ = 0;
  ops_++;
}

void MultiEq::EnforceEqual(size_t num_bits, const r1cs::LinearCombination &lhs, const r1cs::LinearCombination &rhs) {
  if (CAPACITY <= bits_used_ + num_bits) Accumulate();
  assert(CAPACITY > bits_used_ + num_bits);
  if (cs_.WantsConstraints()) {
    // 2^bits_used: a power of two below 2^254, built from limbs
    r1cs::Fr::Repr pow{};
    pow[bits_used_ / 64] = uint64_t(1) << (bits_used_ % 64);
    const r1cs::Fr coeff = r1cs::Fr::FromCanonical(pow);
    lhs_.AddScaled(coeff, lhs);
    rhs_.AddScaled(coeff, rhs);
  }
  bits_used_ += num_bits;
}

} // namespace cuzk::gadgets
