// apps/cuzk-bench/request_inputs.hpp — the public inputs a proving request implies, partition by
// partition, and the parameter file they go with: what `inputs` prints and `verify --request`
// checks proofs against.
//
// Two ways to get them, meant to agree:
//  * VerifierInputs: what a verifier computes from what it knows, with the functions the
//    verifiers use (PorepVerifierInputs from comm_r, comm_d, ticket, seed, prover and sector ids;
//    FallbackPoStPublicInputs from randomness and the sectors' ids and comm_r; SnapCircuitPublicInputs
//    from the three commitments). Nothing here trusts the vanilla proofs' openings, so a proof made
//    for other randomness or other commitments fails against them.
//  * PreparedInputs: what the engine's handlers hand the prover (PreparePorepC2FromEnvelope,
//    PreparePoStProof, PrepareSnapProof), after decoding and verifying every vanilla proof.
#pragma once
#include "base/expected.hpp"
#include "cuzk/v1/proving.pb.h"
#include "ff/bls12_381.hpp"

#include <string>
#include <vector>

namespace cuzk::bench {

struct RequestInputs {
  std::string parameter_id;                    //!< the .params/.vk file stem of the circuit
  std::vector<std::vector<ff::Fr>> partitions; //!< public inputs per partition, ONE excluded
};

//! The verifier's inputs; errors name the request field (vanilla_proof, vanilla_proofs[i],
//! randomness, registered_proof, comm_*), as the daemon's would.
Expected<RequestInputs> VerifierInputs(const cuzk::v1::SubmitProofRequest &request);

//! The prover side's inputs, every vanilla proof decoded and verified first.
Expected<RequestInputs> PreparedInputs(const cuzk::v1::SubmitProofRequest &request);

//! One decimal per line, partitions separated by a blank line (what `verify --inputs` reads).
std::string FormatInputs(const std::vector<std::vector<ff::Fr>> &partitions);

} // namespace cuzk::bench
