// src/r1cs/proving_assignment.hpp — the system the Groth16 prover synthesises into.
//
// It keeps the values of every variable and, per constraint, the evaluations a·w, b·w, c·w
// (what the QAP needs), plus the density of A over aux variables and of B over inputs and
// aux (which a/b_g1/b_g2 points the MSMs pair with). A's input density is not tracked: the
// prover appends input_i·0 = 0 for every input, so every input occurs in A.
//
// a, b, c may be deferred (r1cs/deferred_abc.hpp): `deferred` set, a, b, c empty, the assignments
// and densities filled. The prover backend then forms a, b, c itself; NumConstraints() still
// counts the circuit's rows. A deferred assignment takes no more constraints or variables.
//
// While it waits for its prover, an assignment may hold its aux values packed (PackAux,
// r1cs/packed_values.hpp): a 32 GiB PoRep partition's witness is 4.2 GB as field elements and
// ~0.16 GB packed, so partitions queued for a GPU hold ~1/25 of the memory. Readers of the values
// take them through AuxValues (or UnpackAux); the GPU backend sends the packed form as it is.
#pragma once
#include "r1cs/assignment.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/deferred_abc.hpp"
#include "r1cs/density.hpp"
#include "r1cs/packed_values.hpp"

#include <memory>
#include <vector>

namespace cuzk::r1cs {

//! How many constraints, inputs (ONE included) and aux variables a synthesis makes: a capacity hint.
struct AssignmentShape {
  size_t constraints = 0;
  size_t inputs = 0;
  size_t aux = 0;
};

class ProvingAssignment final : public ConstraintSystem {
public:
  ProvingAssignment();

  //! Sizes every buffer for `shape` up front. Without it the vectors grow by doubling, which leaves
  //! up to half of each unused and, while one is regrown, holds its old and new copies at once:
  //! a 32 GiB SnapDeals partition (81 M constraints) ends with a, b, c sized for 2^27 rows, 5 GB more
  //! than it needs. A shape that turns out too small only costs the regrowth it would have had anyway.
  void Reserve(const AssignmentShape &shape);
  //! the shape of what was synthesised (a hint for the next synthesis of the same circuit)
  AssignmentShape Shape() const { return {NumConstraints(), NumInputs(), NumAux()}; }

  bool IsExtensible() const override { return true; }
  //! appends other (synthesised separately, with its own ONE) after this one's variables and
  //! constraints; other's ONE is dropped, its other inputs and aux are renumbered
  void Extend(const ProvingAssignment &other);

  size_t NumInputs() const override { return input_assignment.size(); }
  size_t NumAux() const override { return aux_packed ? packed_aux.n : aux_assignment.size(); }
  size_t NumConstraints() const override { return deferred ? deferred->NumConstraints() : a.size(); }
  bool IsDeferred() const { return deferred != nullptr; }
  //! Forms a, b, c of a deferred assignment on the host (deferred->EvaluateOnHost) and drops
  //! `deferred`: for users that read a, b, c themselves. Nothing when not deferred.
  void Materialize();

  //! Packs the aux values into packed_aux and frees aux_assignment, when that is smaller (most
  //! values bits: r1cs::WorthPacking); returns whether it did. Only a finished synthesis is packed.
  //! With `storage`, aux_assignment's buffer is moved there emptied instead of freed (for the next
  //! witness of a worker: its pages are mapped already).
  bool PackAux(FrVector *storage = nullptr);
  //! aux_assignment again from packed_aux (nothing when not packed)
  void UnpackAux();
  //! The aux values: aux_assignment, or packed_aux unpacked into scratch.
  std::span<const Fr> AuxValues(FrVector &scratch) const;
  //! the aux values as they are held, for a Packer
  ValueSource AuxSource() const {
    return aux_packed ? ValueSource(packed_aux) : ValueSource(std::span<const Fr>(aux_assignment));
  }

  FrVector a, b, c; //!< per constraint: A·w, B·w, C·w (empty while deferred)
  //! when set, a, b, c are formed from the assignments by the prover (see the file comment)
  std::shared_ptr<const DeferredAbc> deferred;
  std::vector<Fr> input_assignment; //!< input 0 is ONE
  FrVector aux_assignment;          //!< empty while aux_packed
  bool aux_packed = false;          //!< the aux values are packed_aux
  PackedValues packed_aux;
  DensityTracker a_aux_density;
  DensityTracker b_input_density;
  DensityTracker b_aux_density;

protected:
  Variable AllocVariable(VarKind kind, std::string_view name, ValueFn value) override;
  void AddConstraint(std::string_view name, const LinearCombination &a, const LinearCombination &b,
                     const LinearCombination &c) override;
};

} // namespace cuzk::r1cs
