// src/gadgets/multieq.cpp
#include "gadgets/multieq.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace cuzk::gadgets {

using r1cs::Fr;
using r1cs::LinearCombination;

LinearCombination MultiEq::Merge(std::vector<Entry> &entries) {
  // inputs before aux, each by index: the order LinearCombination keeps, so every Add appends;
  // equal variables are summed, so their relative order does not matter
  auto key = [](const Entry &e) { return std::pair(e.var.IsAux(), e.var.index); };
  std::sort(entries.begin(), entries.end(), [&](const Entry &a, const Entry &b) { return key(a) < key(b); });
  LinearCombination lc;
  for (size_t i = 0; i < entries.size();) {
    Fr sum = entries[i].coeff;
    size_t j = i + 1;
    for (; j < entries.size() && entries[j].var == entries[i].var; j++) sum += entries[j].coeff;
    lc.Add(entries[i].var, sum);
    i = j;
  }
  entries.clear();
  return lc;
}

void MultiEq::Accumulate() {
  const std::string name = cs_.WantsNames() ? "multieq " + std::to_string(ops_) : std::string();
  if (cs_.WantsConstraints()) {
    cs_.Enforce(name, Merge(lhs_), LinearCombination(r1cs::ConstraintSystem::One()), Merge(rhs_));
  } else {
    cs_.Enforce(name, LinearCombination(), LinearCombination(), LinearCombination());
  }
  bits_used_ = 0;
  ops_++;
}

Fr MultiEq::BeginEqual(size_t num_bits) {
  if (CAPACITY <= bits_used_ + num_bits) Accumulate();
  assert(CAPACITY > bits_used_ + num_bits);
  // 2^bits_used, below 2^254, straight from its limbs
  Fr::Repr pow{};
  pow[bits_used_ / 64] = uint64_t(1) << (bits_used_ % 64);
  bits_used_ += num_bits;
  return Fr::FromCanonical(pow);
}

void MultiEq::EnforceEqual(size_t num_bits, const LinearCombination &lhs, const LinearCombination &rhs) {
  const Fr scale = BeginEqual(num_bits);
  if (!cs_.WantsConstraints()) return;
  auto add = [&](std::vector<Entry> &side, const LinearCombination &lc) {
    for (const r1cs::Term &t : lc.Inputs()) side.push_back({r1cs::Variable::Input(t.index), scale * t.coeff});
    for (const r1cs::Term &t : lc.Aux()) side.push_back({r1cs::Variable::Aux(t.index), scale * t.coeff});
  };
  add(lhs_, lhs);
  add(rhs_, rhs);
}

} // namespace cuzk::gadgets
