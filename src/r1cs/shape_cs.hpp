// src/r1cs/shape_cs.hpp — counts what a synthesis would make, and nothing else.
//
// Neither values nor linear combinations are built (WantsValues/WantsConstraints are false), so
// this is the cheapest pass over a circuit; the counts never depend on the values. Its result is
// the capacity hint of ProvingAssignment::Reserve, so that a real synthesis allocates each buffer
// once, at its final size.
#pragma once
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::r1cs {

class ShapeCS final : public ConstraintSystem {
public:
  bool WantsValues() const override { return false; }
  bool WantsConstraints() const override { return false; }
  size_t NumInputs() const override { return shape_.inputs; }
  size_t NumAux() const override { return shape_.aux; }
  size_t NumConstraints() const override { return shape_.constraints; }
  const AssignmentShape &Shape() const { return shape_; }

protected:
  Variable AllocVariable(VarKind kind, std::string_view, ValueFn) override {
    return kind == VarKind::kInput ? Variable::Input(uint32_t(shape_.inputs++)) : Variable::Aux(uint32_t(shape_.aux++));
  }
  void AddConstraint(std::string_view, const LinearCombination &, const LinearCombination &,
                     const LinearCombination &) override {
    shape_.constraints++;
  }

private:
  AssignmentShape shape_{0, 1, 0}; // ONE is input 0
};

} // namespace cuzk::r1cs
