// src/r1cs/test_cs.cpp
#include "r1cs/test_cs.hpp"

namespace cuzk::r1cs {

TestCS::TestCS(bool check_values) : check_values_(check_values) {
  if (check_values_) input_assignment.push_back(Fr::One());
}

Variable TestCS::AllocVariable(VarKind kind, std::string_view, ValueFn value) {
  if (kind == VarKind::kInput) {
    if (check_values_) input_assignment.push_back(value());
    return Variable::Input(uint32_t(num_inputs_++));
  }
  if (check_values_) aux_assignment.push_back(value());
  return Variable::Aux(uint32_t(num_aux_++));
}

void TestCS::AddConstraint(std::string_view name, const LinearCombination &a, const LinearCombination &b,
                           const LinearCombination &c) {
  num_constraints_++;
  if (!check_values_ || first_unsatisfied_) return;
  Fr va = a.Evaluate(input_assignment, aux_assignment);
  Fr vb = b.Evaluate(input_assignment, aux_assignment);
  Fr vc = c.Evaluate(input_assignment, aux_assignment);
  if (va * vb != vc) first_unsatisfied_ = Path(name);
}

std::string TestCS::Path(std::string_view leaf) const {
  std::string p;
  for (const std::string &s : path_) {
    p += s;
    p += '/';
  }
  p += leaf;
  return p;
}

} // namespace cuzk::r1cs
