// src/r1cs/witness_cs.hpp — values only, no constraints: the fastest synthesis, for provers that
// already know the matrices (pre-compiled circuits evaluate A·w, B·w, C·w themselves).
#pragma once
#include "r1cs/assignment.hpp"
#include "r1cs/constraint_system.hpp"

#include <vector>

namespace cuzk::r1cs {

class WitnessCS final : public ConstraintSystem {
public:
  WitnessCS() { input_assignment.push_back(Fr::One()); }

  bool WantsConstraints() const override { return false; }
  bool IsExtensible() const override { return true; }
  //! same renumbering as ProvingAssignment::Extend: other's ONE is dropped
  void Extend(const WitnessCS &other);

  //! Whether gadgets may compute their values natively and write them with AppendAux (gadgets/
  //! sha256_witness.hpp, gadgets/poseidon_witness.hpp) instead of one Alloc at a time: the same
  //! variables with the same values in the same order either way. On by default; off is the
  //! per-variable reference the native paths are tested and measured against.
  bool NativeGadgets() const { return native_gadgets_; }
  void SetNativeGadgets(bool on) { native_gadgets_ = on; }
  //! counts n constraints a native gadget stands for (a witness system builds none)
  void CountConstraints(size_t n) { num_constraints_ += n; }
  //! Room for this many inputs (ONE included) and aux values, so that synthesis never regrows. The aux
  //! storage is advised onto transparent huge pages where the kernel offers them on request: a
  //! witness is written once, front to back, into fresh memory, and with 4 KiB pages its first-touch
  //! faults were half of a PoRep partition's witness time (one per 128 values). Nothing for a system
  //! that writes into a place (WriteInto).
  void Reserve(size_t inputs, size_t aux);

  //! Where the next n aux values go, to be written by the caller: variables NumAux() to NumAux() + n − 1.
  Fr *AppendAux(size_t n);
  //! Room for at most `most` aux values, for a native gadget that knows only a bound of how many it
  //! allocates; CommitAux(k) then keeps the first k of them (NumAux counts all `most` until then).
  //! Where less than `most` is left (the end of a place, or of an exactly reserved vector), the room
  //! is a spare buffer and CommitAux copies the k values in: the storage never grows for the bound.
  Fr *AuxSpace(size_t most);
  void CommitAux(size_t k);

  //! Aux values written into [at, at + size) instead of aux_assignment, which stays empty: a part of a
  //! parallel witness whose size is known (gadgets/witness_parts.hpp), written where it ends up.
  //! Allocating past `size` throws SynthesisError; NumAux counts what was written there.
  void WriteInto(Fr *at, size_t size);
  bool WritesIntoPlace() const { return place_ != nullptr; }

  size_t NumInputs() const override { return input_assignment.size(); }
  size_t NumAux() const override { return place_ ? place_used_ : aux_assignment.size(); }
  size_t NumConstraints() const override { return num_constraints_; }

  std::vector<Fr> input_assignment; //!< input 0 is ONE
  FrVector aux_assignment;

protected:
  Variable AllocVariable(VarKind kind, std::string_view, ValueFn value) override {
    if (kind == VarKind::kInput) {
      input_assignment.push_back(value());
      return Variable::Input(uint32_t(input_assignment.size() - 1));
    }
    *AppendAux(1) = value();
    return Variable::Aux(uint32_t(NumAux() - 1));
  }
  void AddConstraint(std::string_view, const LinearCombination &, const LinearCombination &,
                     const LinearCombination &) override {
    num_constraints_++;
  }

private:
  size_t num_constraints_ = 0;
  bool native_gadgets_ = true;
  Fr *place_ = nullptr; //!< WriteInto's place, or null
  size_t place_size_ = 0, place_used_ = 0;
  size_t space_ = 0;         //!< the `most` of the last AuxSpace
  bool space_spare_ = false; //!< whether it was handed out of spare_ (the place had less room)
  FrVector spare_;
};

//! cs as a witness system whose gadgets may take their native paths, or null
inline WitnessCS *NativeWitness(ConstraintSystem &cs) {
  auto *w = dynamic_cast<WitnessCS *>(&cs);
  return w && w->NativeGadgets() ? w : nullptr;
}

} // namespace cuzk::r1cs
