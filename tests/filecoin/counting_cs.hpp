// tests/filecoin/counting_cs.hpp — a constraint system that only counts: neither values nor linear
// combinations are built (counts never depend on them), so the blank circuits of the 32GiB and 64GiB
// sizes (over 10^8 constraints) are counted in seconds and without memory.
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstddef>
#include <cstdint>

namespace cuzk::test {

class CountingCS final : public r1cs::ConstraintSystem {
public:
  bool WantsValues() const override { return false; }
  bool WantsConstraints() const override { return false; }
  size_t NumInputs() const override { return inputs_; }
  size_t NumAux() const override { return aux_; }
  size_t NumConstraints() const override { return constraints_; }

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view, r1cs::ValueFn) override {
    return kind == r1cs::VarKind::Input ? r1cs::Variable::Input(uint32_t(inputs_++))
                                        : r1cs::Variable::Aux(uint32_t(aux_++));
  }
  void AddConstraint(std::string_view, const r1cs::LinearCombination &, const r1cs::LinearCombination &,
                     const r1cs::LinearCombination &) override {
    constraints_++;
  }

private:
  size_t inputs_ = 1, aux_ = 0, constraints_ = 0;
};

} // namespace cuzk::test
