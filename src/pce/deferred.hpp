// src/pce/deferred.hpp — a partition synthesised as witness only, its a, b, c left to the prover.
//
// pce::Evaluate forms a, b, c on the host. Defer instead fills the proving assignment's witness
// and densities and points its `deferred` (r1cs/deferred_abc.hpp) at the recorded circuit: a GPU
// prover evaluates the matrices where they are resident (src/gpu/pce_device.hpp), so the
// partition never holds a, b, c in host memory nor copies them over PCIe; any other backend
// evaluates it on the host with EvaluateAll, the same evaluation pce::Evaluate does.
#pragma once
#include "base/expected.hpp"
#include "pce/pre_compiled.hpp"
#include "r1cs/deferred_abc.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include <memory>

namespace cuzk::pce {

//! The recorded circuit as an assignment's deferred a, b, c. Keeps the circuit alive.
class DeferredEvaluation final : public r1cs::DeferredAbc {
public:
  explicit DeferredEvaluation(std::shared_ptr<const PreCompiledCircuit> circuit) : circuit_(std::move(circuit)) {}
  const PreCompiledCircuit &Circuit() const { return *circuit_; }
  const std::shared_ptr<const PreCompiledCircuit> &Shared() const { return circuit_; }

  size_t NumConstraints() const override { return circuit_->NumConstraints(); }
  size_t NumInputs() const override { return circuit_->NumInputs(); }
  size_t NumAux() const override { return circuit_->NumAux(); }
  void EvaluateOnHost(std::span<const Fr> inputs, std::span<const Fr> aux, Fr *a, Fr *b, Fr *c) const override;

private:
  std::shared_ptr<const PreCompiledCircuit> circuit_;
};

//! Fills `out` (a freshly constructed ProvingAssignment) from the witness like pce::Evaluate, but
//! with a, b, c deferred to the prover. The same errors as Evaluate.
Status Defer(std::shared_ptr<const PreCompiledCircuit> circuit, r1cs::WitnessCS &&witness,
             r1cs::ProvingAssignment &out);

//! the recorded circuit behind pa's deferred a, b, c, or null (not deferred, or deferred otherwise)
std::shared_ptr<const PreCompiledCircuit> DeferredCircuit(const r1cs::ProvingAssignment &pa);

} // namespace cuzk::pce
