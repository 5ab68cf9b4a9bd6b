// src/r1cs/proving_assignment.hpp — the system the Groth16 prover synthesises into.
//
// It keeps the values of every variable and, per constraint, the evaluations a·w, b·w, c·w
// (what the QAP needs), plus the density of A over aux variables and of B over inputs and
// aux (which a/b_g1/b_g2 points the MSMs pair with). A's input density is not tracked: the
// prover appends input_i·0 = 0 for every input, so every input occurs in A.
#pragma once
#include "r1cs/constraint_system.hpp"
#include "r1cs/density.hpp"

#include <vector>

namespace cuzk::r1cs {

class ProvingAssignment final : public ConstraintSystem {
public:
  ProvingAssignment();

  bool IsExtensible() const override { return true; }
  //! appends other (synthesised separately, with its own ONE) after this one's variables and
  //! constraints; other's ONE is dropped, its other inputs and aux are renumbered
  void Extend(const ProvingAssignment &other);

  size_t NumInputs() const override { return input_assignment.size(); }
  size_t NumAux() const override { return aux_assignment.size(); }
  size_t NumConstraints() const override { return a.size(); }

  std::vector<Fr> a, b, c;          //!< per constraint: A·w, B·w, C·w
  std::vector<Fr> input_assignment; //!< input 0 is ONE
  std::vector<Fr> aux_assignment;
  DensityTracker a_aux_density;
  DensityTracker b_input_density;
  DensityTracker b_aux_density;

protected:
  Variable AllocVariable(VarKind kind, std::string_view name, ValueFn value) override;
  void AddConstraint(std::string_view name, const LinearCombination &a, const LinearCombination &b,
                     const LinearCombination &c) override;
};

} // namespace cuzk::r1cs
