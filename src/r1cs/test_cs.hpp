// src/r1cs/test_cs.hpp — counts, and checks that the assignment satisfies every constraint.
//
// For tests and for debugging circuits: each constraint is evaluated as it is enforced, and
// the first unsatisfied one is remembered by its full namespace path ("a/b/constraint"), which
// is what one needs to find the faulty gadget. With check_values = false it only counts (for
// circuits without a witness, e.g. the blank circuits of parameter generation).
#pragma once
#include "r1cs/assignment.hpp"
#include "r1cs/constraint_system.hpp"

#include <optional>
#include <string>
#include <vector>

namespace cuzk::r1cs {

class TestCS final : public ConstraintSystem {
public:
  explicit TestCS(bool check_values = true);

  bool WantsNames() const override { return true; }
  bool WantsValues() const override { return check_values_; }
  void PushNamespace(std::string_view name) override { path_.emplace_back(name); }
  void PopNamespace() override { path_.pop_back(); }

  size_t NumInputs() const override { return num_inputs_; }
  size_t NumAux() const override { return num_aux_; }
  size_t NumConstraints() const override { return num_constraints_; }

  bool IsSatisfied() const { return !first_unsatisfied_; }
  //! namespace path of the first unsatisfied constraint
  const std::optional<std::string> &WhichIsUnsatisfied() const { return first_unsatisfied_; }

  std::vector<Fr> input_assignment; //!< empty unless check_values
  FrVector aux_assignment;

protected:
  Variable AllocVariable(VarKind kind, std::string_view name, ValueFn value) override;
  void AddConstraint(std::string_view name, const LinearCombination &a, const LinearCombination &b,
                     const LinearCombination &c) override;

private:
  std::string Path(std::string_view leaf) const;

  bool check_values_;
  size_t num_inputs_ = 1;
  size_t num_aux_ = 0;
  size_t num_constraints_ = 0;
  std::vector<std::string> path_;
  std::optional<std::string> first_unsatisfied_;
};

} // namespace cuzk::r1cs
