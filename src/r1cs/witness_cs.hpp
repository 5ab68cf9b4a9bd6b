// src/r1cs/witness_cs.hpp — values only, no constraints: the fastest synthesis, for provers that
// already know the matrices (pre-compiled circuits evaluate A·w, B·w, C·w themselves).
#pragma once
#include "r1cs/constraint_system.hpp"

#include <vector>

namespace cuzk::r1cs {

class WitnessCS final : public ConstraintSystem {
public:
  WitnessCS() { input_assignment.push_back(Fr::One()); }

  bool WantsConstraints() const override { return false; }
  bool IsExtensible() const override { return true; }
  //! same renumbering as ProvingAssignment::Extend: other's ONE is dropped
  void Extend(const WitnessCS &other) {
    input_assignment.insert(input_assignment.end(), other.input_assignment.begin() + 1, other.input_assignment.end());
    aux_assignment.insert(aux_assignment.end(), other.aux_assignment.begin(), other.aux_assignment.end());
    num_constraints_ += other.num_constraints_;
  }

  //! Whether gadgets may compute their values natively and append them to aux_assignment directly
  //! (gadgets/sha256_witness.hpp, gadgets/poseidon_witness.hpp) instead of one Alloc at a time: the
  //! same variables with the same values in the same order either way. On by default; off is the
  //! per-variable reference the native paths are tested and measured against.
  bool NativeGadgets() const { return native_gadgets_; }
  void SetNativeGadgets(bool on) { native_gadgets_ = on; }
  //! counts n constraints a native gadget stands for (a witness system builds none)
  void CountConstraints(size_t n) { num_constraints_ += n; }
  //! Room for this many inputs (ONE included) and aux values, so that synthesis never regrows. The aux
  //! storage is advised onto transparent huge pages where the kernel offers them on request: a
  //! witness is written once, front to back, into fresh memory, and with 4 KiB pages its first-touch
  //! faults were half of a PoRep partition's witness time (one per 128 values).
  void Reserve(size_t inputs, size_t aux);

  size_t NumInputs() const override { return input_assignment.size(); }
  size_t NumAux() const override { return aux_assignment.size(); }
  size_t NumConstraints() const override { return num_constraints_; }

  std::vector<Fr> input_assignment; //!< input 0 is ONE
  std::vector<Fr> aux_assignment;

protected:
  Variable AllocVariable(VarKind kind, std::string_view, ValueFn value) override {
    if (kind == VarKind::Input) {
      input_assignment.push_back(value());
      return Variable::Input(uint32_t(input_assignment.size() - 1));
    }
    aux_assignment.push_back(value());
    return Variable::Aux(uint32_t(aux_assignment.size() - 1));
  }
  void AddConstraint(std::string_view, const LinearCombination &, const LinearCombination &,
                     const LinearCombination &) override {
    num_constraints_++;
  }

private:
  size_t num_constraints_ = 0;
  bool native_gadgets_ = true;
};

//! cs as a witness system whose gadgets may take their native paths, or null
inline WitnessCS *NativeWitness(ConstraintSystem &cs) {
  auto *w = dynamic_cast<WitnessCS *>(&cs);
  return w && w->NativeGadgets() ? w : nullptr;
}

} // namespace cuzk::r1cs
