// src/pce/deferred.cpp — see deferred.hpp.
#include "pce/deferred.hpp"

#include "pce/evaluate.hpp"

namespace cuzk::pce {

void DeferredEvaluation::EvaluateOnHost(std::span<const Fr> inputs, std::span<const Fr> aux, Fr *a, Fr *b,
                                        Fr *c) const {
  EvaluateAll(*circuit_, inputs, aux, a, b, c);
}

Status Defer(std::shared_ptr<const PreCompiledCircuit> circuit, r1cs::WitnessCS &&witness,
             r1cs::ProvingAssignment &out) {
  if (!circuit) return InvalidArgument("pce::Defer without a pre-compiled circuit");
  if (auto s = CheckWitness(*circuit, witness); !s) return s;
  if (out.NumInputs() != 1 || out.NumAux() != 0 || out.NumConstraints() != 0 || out.IsDeferred())
    return InvalidArgument("pce::Defer needs an empty proving assignment");
  out.input_assignment = std::move(witness.input_assignment);
  out.aux_assignment = std::move(witness.aux_assignment);
  out.a_aux_density.Assign(circuit->AAuxDensity(), circuit->NumAux());
  out.b_input_density.Assign(circuit->BInputDensity(), circuit->NumInputs());
  out.b_aux_density.Assign(circuit->BAuxDensity(), circuit->NumAux());
  out.deferred = std::make_shared<DeferredEvaluation>(std::move(circuit));
  return Status::Ok();
}

std::shared_ptr<const PreCompiledCircuit> DeferredCircuit(const r1cs::ProvingAssignment &pa) {
  const auto *d = dynamic_cast<const DeferredEvaluation *>(pa.deferred.get());
  return d ? d->Shared() : nullptr;
}

} // namespace cuzk::pce
