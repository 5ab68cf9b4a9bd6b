// src/engine/handler.hpp — how a proof kind turns a request into partitions.
//
// A partition is one Groth16 circuit and the unit of scheduling (DESIGN.md "The path of one
// proof"): PoRep 32GiB has 10, SnapDeals 32GiB 16, PoSt 1. The engine knows nothing about
// Filecoin: the PoRep, PoSt and SnapDeals handlers (src/filecoin circuits) plug in here. Bad input
// is the handler's to reject, with a message that names what was wrong; the job then FAILS with
// that message and nothing else is affected.
#pragma once
#include "base/expected.hpp"
#include "engine/request.hpp"
#include "ff/ff.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include <functional>
#include <string>
#include <vector>

namespace cuzk::engine {

//! One circuit of a proof.
struct PartitionWork {
  //! the parameter set (SRS entry) it is proved against, e.g. "porep-32g" (see SrsFileStem)
  std::string circuit_id;
  //! Synthesises the circuit into the given (fresh) constraint system: a ProvingAssignment
  //! (generic synthesis), a WitnessCS (the witness half of pre-compiled synthesis) or a pce
  //! Recorder (recording the shape, on a background thread). Called possibly concurrently with
  //! other partitions' functions; at most once per partition when pce_key is empty, and once more
  //! for a recording when it is not. May throw r1cs::SynthesisError (or any std::exception),
  //! which fails the job with its message.
  std::function<void(r1cs::ConstraintSystem &)> synthesize;
  //! The circuit's shape for pre-compiled synthesis (engine/pce_cache.hpp): partitions with the
  //! same key have the same R1CS (constraints, variables, coefficients, in order) whatever their
  //! values, so one recording serves them all. Empty: always generic synthesis.
  std::string pce_key;
  //! The witness of pre-compiled synthesis, when the circuit has a generator faster than
  //! synthesize into a WitnessCS (it must give the same values in the same order); unset: that.
  std::function<void(r1cs::WitnessCS &)> witness;
  //! the public inputs, ONE excluded, that the proof is self-checked against
  std::vector<ff::Fr> public_inputs;
  //! working memory the synthesis and proving of this partition needs, in bytes; 0 = estimated
  //! by the engine from the parameters' sizes (EstimatePartitionBytes in engine.hpp)
  uint64_t working_bytes = 0;
};

//! A request's size as counts, read before its bytes are copied (the server fills it from the wire
//! message): enough to refuse a request whose counts its kind and registered proof cannot have
//! (60 M one-byte PoSt sector proofs in a 172 MiB message) before it costs gigabytes.
struct RequestShape {
  ProofKind proof_kind = ProofKind::UNSPECIFIED;
  uint64_t registered_proof = 0;
  uint64_t vanilla_proof_bytes = 0; //!< PoRep: the C1 envelope
  uint64_t vanilla_proofs = 0;      //!< entries (PoSt: sectors; SnapDeals: partitions)
};

class ProofKindHandler {
public:
  virtual ~ProofKindHandler() = default;
  //! Refuses (with a message naming the field) counts and sizes this kind cannot have for the
  //! shape's registered proof; the bytes themselves are Plan's to judge. Called on the caller's
  //! thread, before the request is copied; must be cheap. The default accepts every shape.
  virtual Status CheckShape(const RequestShape &shape) const {
    (void)shape;
    return Status::Ok();
  }
  //! Validates the request and returns its partitions in output order (the proof bytes are the
  //! partitions' 192-byte proofs concatenated in this order). Runs on an engine worker thread;
  //! expected failures (malformed bytes, wrong sizes, inconsistent fields) are an Error, not an
  //! exception. An empty list is an error too.
  virtual Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const = 0;
};

} // namespace cuzk::engine
