// src/r1cs/proving_assignment.cpp
#include "r1cs/proving_assignment.hpp"

#include "r1cs/synthesis_stop.hpp"

#include <span>
#include <string>

namespace cuzk::r1cs {

namespace {

// coeff·value added to acc. Filecoin witnesses are mostly bits and their coefficients mostly ±1
// or powers of two (bit packing), so a multiplication is skipped when either factor is 0 or 1:
// that halves the time of SHA-256 gadget synthesis, whose terms are almost all such products.
inline void AddProduct(Fr &acc, const Fr &coeff, const Fr &value) {
  if (coeff.IsOne()) {
    acc += value;
  } else if (value.IsZero()) {
  } else if (value.IsOne()) {
    acc += coeff;
  } else {
    acc += value * coeff;
  }
}

// Σ coeff·value, marking in the trackers (when given) every variable with a non-zero coefficient.
Fr EvalTracked(const LinearCombination &lc, std::span<const Fr> inputs, std::span<const Fr> aux,
               DensityTracker *input_density, DensityTracker *aux_density) {
  Fr acc = Fr::Zero();
  for (const Term &t : lc.Inputs()) {
    if (t.coeff.IsZero()) continue;
    if (input_density) input_density->Inc(t.index);
    AddProduct(acc, t.coeff, inputs[t.index]);
  }
  for (const Term &t : lc.Aux()) {
    if (t.coeff.IsZero()) continue;
    if (aux_density) aux_density->Inc(t.index);
    AddProduct(acc, t.coeff, aux[t.index]);
  }
  return acc;
}

} // namespace

ProvingAssignment::ProvingAssignment() {
  input_assignment.push_back(Fr::One());
  b_input_density.AddElement();
}

void ProvingAssignment::Reserve(const AssignmentShape &shape) {
  a.reserve(shape.constraints);
  b.reserve(shape.constraints);
  c.reserve(shape.constraints);
  input_assignment.reserve(shape.inputs);
  aux_assignment.reserve(shape.aux);
  a_aux_density.Reserve(shape.aux);
  b_input_density.Reserve(shape.inputs);
  b_aux_density.Reserve(shape.aux);
}

Variable ProvingAssignment::AllocVariable(VarKind kind, std::string_view, ValueFn value) {
  // a deferred assignment's variables are the recorded circuit's; one more would not be evaluated
  if (deferred) throw SynthesisError("a variable allocated in a proving assignment whose a, b, c are deferred");
  if (aux_packed) throw SynthesisError("a variable allocated in a proving assignment whose aux values are packed");
  if (kind == VarKind::kInput) {
    input_assignment.push_back(value());
    b_input_density.AddElement();
    return Variable::Input(uint32_t(input_assignment.size() - 1));
  }
  aux_assignment.push_back(value());
  a_aux_density.AddElement();
  b_aux_density.AddElement();
  return Variable::Aux(uint32_t(aux_assignment.size() - 1));
}

namespace {
thread_local const std::atomic<bool> *tls_stop = nullptr;
} // namespace

ScopedSynthesisStop::ScopedSynthesisStop(const std::atomic<bool> *stop) : previous_(tls_stop) { tls_stop = stop; }
ScopedSynthesisStop::~ScopedSynthesisStop() { tls_stop = previous_; }
bool SynthesisStopRequested() { return tls_stop && tls_stop->load(std::memory_order_relaxed); }
const std::atomic<bool> *InstalledSynthesisStop() { return tls_stop; }

void ProvingAssignment::AddConstraint(std::string_view, const LinearCombination &la, const LinearCombination &lb,
                                      const LinearCombination &lc) {
  if (deferred) throw SynthesisError("a constraint added to a proving assignment whose a, b, c are deferred");
  if (a.size() % STOP_CHECK_INTERVAL == 0 && SynthesisStopRequested())
    throw SynthesisError("stopped after " + std::to_string(a.size()) + " constraints");
  a.push_back(EvalTracked(la, input_assignment, aux_assignment, nullptr, &a_aux_density));
  b.push_back(EvalTracked(lb, input_assignment, aux_assignment, &b_input_density, &b_aux_density));
  c.push_back(EvalTracked(lc, input_assignment, aux_assignment, nullptr, nullptr));
}

bool ProvingAssignment::PackAux(FrVector *storage) {
  if (aux_packed) return true;
  if (!LooksWorthPacking(aux_assignment)) return false;
  PackedValues packed = Pack(aux_assignment);
  if (!WorthPacking(packed.n, packed.tail_index.size())) return false;
  packed_aux = std::move(packed);
  if (storage) {
    *storage = std::move(aux_assignment);
    storage->clear();
  }
  FrVector().swap(aux_assignment);
  aux_packed = true;
  return true;
}

void ProvingAssignment::UnpackAux() {
  if (!aux_packed) return;
  aux_assignment = packed_aux.Unpack();
  packed_aux = PackedValues();
  aux_packed = false;
}

std::span<const Fr> ProvingAssignment::AuxValues(FrVector &scratch) const {
  if (!aux_packed) return aux_assignment;
  scratch.resize(packed_aux.n);
  packed_aux.UnpackTo(scratch);
  return scratch;
}

void ProvingAssignment::Materialize() {
  if (!deferred) return;
  UnpackAux();
  if (input_assignment.size() != deferred->NumInputs() || aux_assignment.size() != deferred->NumAux())
    throw SynthesisError("the assignment has " + std::to_string(input_assignment.size()) + " inputs and " +
                         std::to_string(aux_assignment.size()) + " aux variables; its deferred a, b, c need " +
                         std::to_string(deferred->NumInputs()) + " and " + std::to_string(deferred->NumAux()));
  const size_t rows = deferred->NumConstraints();
  a.assign(rows, Fr::Zero());
  b.assign(rows, Fr::Zero());
  c.assign(rows, Fr::Zero());
  deferred->EvaluateOnHost(input_assignment, aux_assignment, a.data(), b.data(), c.data());
  deferred.reset();
}

void ProvingAssignment::Extend(const ProvingAssignment &other) {
  // the rows of a deferred side are not here to append (nor would a recording cover the other's)
  if (deferred || other.deferred) throw SynthesisError("Extend of a proving assignment whose a, b, c are deferred");
  if (aux_packed || other.aux_packed)
    throw SynthesisError("Extend of a proving assignment whose aux values are packed");
  a.insert(a.end(), other.a.begin(), other.a.end());
  b.insert(b.end(), other.b.begin(), other.b.end());
  c.insert(c.end(), other.c.begin(), other.c.end());
  input_assignment.insert(input_assignment.end(), other.input_assignment.begin() + 1, other.input_assignment.end());
  aux_assignment.insert(aux_assignment.end(), other.aux_assignment.begin(), other.aux_assignment.end());
  a_aux_density.Extend(other.a_aux_density, false);
  b_input_density.Extend(other.b_input_density, true);
  b_aux_density.Extend(other.b_aux_density, false);
}

} // namespace cuzk::r1cs
