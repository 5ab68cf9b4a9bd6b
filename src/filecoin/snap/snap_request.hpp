// src/filecoin/snap/snap_request.hpp — from the fields of a SnapDeals proving request (spec/cuzk-api.md
// §2.2: registered update proof 0–4, vanilla_proofs = one bincode PartitionProof per partition,
// raw 32-byte comm_r_old, comm_r_new, comm_d_new) to every partition ready to prove: decoded,
// vanilla-verified, with circuit inputs (filecoin/snap/snap_circuit.hpp) and verifier-side public inputs.
// Bad input is an error naming the field.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/snap/snap_circuit.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::filecoin {

struct SnapProvingJob {
  SnapConfig config;
  std::vector<SnapCircuitInput> partitions;       //!< config.partition_count, in order
  std::vector<std::vector<ff::Fr>> public_inputs; //!< per partition, ONE excluded
  std::string parameter_id;                       //!< v28-empty-sector-update-merkletree-poseidon_hasher-…
};

//! kInvalidArgument / kBadLength / kNonCanonical with "registered_proof", "comm_r_old", "comm_r_new",
//! "comm_d_new" or "vanilla_proofs[k]" in the message; a request needs exactly partition_count proofs.
Expected<SnapProvingJob> PrepareSnapProof(uint64_t registered_proof,
                                          std::span<const std::vector<uint8_t>> vanilla_proofs,
                                          std::span<const uint8_t> comm_r_old, std::span<const uint8_t> comm_r_new,
                                          std::span<const uint8_t> comm_d_new);

} // namespace cuzk::filecoin
