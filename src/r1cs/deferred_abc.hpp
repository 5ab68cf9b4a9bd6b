// src/r1cs/deferred_abc.hpp — a, b, c of a proving assignment left for the prover to form.
//
// A pre-compiled circuit (src/pce) turns a witness into a = A·w, b = B·w, c = C·w. On the host that
// is ~13 s of one core for a 32 GiB PoRep partition and 12.5 GB the GPU prover then copies over
// PCIe; on the device it is a few milliseconds next to the matrices already in its memory. So a
// ProvingAssignment may carry, instead of a, b, c, the object that forms them: the backend then
// evaluates where it proves (src/gpu on the device; every backend on the host through
// EvaluateOnHost, which is the reference the device evaluation is tested against).
//
// The interface lives here, below pce and groth16, so that groth16's CPU backend can evaluate a
// deferred assignment without depending on pce (DESIGN.md's layer table); src/gpu, which may depend
// on pce, recognises pce's implementation and evaluates it on the device.
#pragma once
#include "ff/ff.hpp"

#include <cstddef>
#include <span>

namespace cuzk::r1cs {

class DeferredAbc {
public:
  virtual ~DeferredAbc() = default;
  //! rows of a, b and c (the circuit's constraints; the prover's input_i·0 = 0 rows not counted)
  virtual size_t NumConstraints() const = 0;
  //! variable counts the witness must have (inputs with ONE), checked by the provers before evaluating
  virtual size_t NumInputs() const = 0;
  virtual size_t NumAux() const = 0;
  //! a, b, c (NumConstraints() elements each) from the witness, on the host (multi-threaded)
  virtual void EvaluateOnHost(std::span<const ff::Fr> inputs, std::span<const ff::Fr> aux, ff::Fr *a, ff::Fr *b,
                              ff::Fr *c) const = 0;
};

} // namespace cuzk::r1cs
