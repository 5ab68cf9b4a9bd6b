// src/filecoin/post/post_request.hpp — from the fields of a WindowPoSt / WinningPoSt proving request
// (spec/cuzk-api.md §2.2: registered_proof, vanilla_proofs = one bincode FallbackPoStSectorProof per
// sector, randomness, partition_index) to one partition ready to prove: every byte decoded and
// checked, the vanilla proofs verified (as upstream's single_partition_vanilla_proofs does before
// proving), the circuit input and the verifier-side public inputs. The engine's PoSt handler wraps
// this; bad input comes back as an error naming the field, never as an exception.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/post/post_circuit.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::filecoin {

struct PoStProvingJob {
  PoStConfig config;
  PoStCircuitInput circuit;          //!< synthesise with SynthesizePoStCircuit / PoStCircuit
  std::vector<ff::Fr> public_inputs; //!< ONE excluded
  std::string parameter_id;          //!< the Groth16 parameter file stem (v28-proof-of-spacetime-fallback-…)
};

//! registered_proof: the API number (0–14). WindowPoSt: 1 … sector_count proofs, the partition's
//! sectors in order, proved as partition `partition_index` (for V1_2 proofs the challenges do not
//! depend on it). WinningPoSt: exactly one proof (of the selected sector, 66 challenges).
//! kInvalidArgument / kBadLength / kNonCanonical with "registered_proof", "randomness" or
//! "vanilla_proofs[i]" in the message.
Expected<PoStProvingJob> PreparePoStProof(uint64_t registered_proof,
                                          std::span<const std::vector<uint8_t>> vanilla_proofs,
                                          std::span<const uint8_t> randomness, uint32_t partition_index);

} // namespace cuzk::filecoin
