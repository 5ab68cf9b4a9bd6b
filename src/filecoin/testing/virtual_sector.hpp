// src/filecoin/testing/virtual_sector.hpp — a valid C1 for a sector of any size without its data
// (issue 5, "a virtual-sector generator for the large sizes"): how we benchmark 32GiB and 64GiB
// C2 without sealing 32GiB.
//
// The sector is a committed-capacity one: all data nodes are zero, so tree_d is the zero tree and
// comm_d = Z_depth without hashing anything. Only the challenged nodes get real labels, computed
// from their parents as SDR does (spec §2.5); a parent that is not itself challenged gets free
// (seeded pseudo-random) labels, which is all any verifier can see of it. tree_c and tree_r_last
// hold the real columns and replica nodes of the opened nodes and one default value everywhere
// else (filecoin/merkle/sparse_poseidon_tree.hpp). The result passes the same vanilla verification
// (filecoin/porep/porep_vanilla_verify.hpp) and satisfies the same circuit as a sealed sector's C1.
//
// Only interactive PoRep (registered proofs V1 and V1_1). Synthetic and non-interactive challenges
// are derived from comm_r, and a virtual sector's comm_r depends on which nodes it challenges: only
// the nodes chosen before comm_r is known hold real columns and replica nodes, every other leaf is
// the default. A challenge derived afterwards lands, with overwhelming probability, on a default
// leaf, which no column of real labels hashes to (that would be a Poseidon preimage). So a sparse C1
// of those variants that passes verification needs a fixed point of the challenge derivation; there
// is none to be had, and VirtualSectorC1 says so. Their circuit and parameters are the interactive
// ones of the size: an NI 32GiB C2 is 126 partitions of the circuit a V1_1 virtual C1 exercises.
#pragma once
#include "filecoin/core/porep_config.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"

#include <cstdint>

namespace cuzk::filecoin {

struct VirtualSectorInputs {
  Digest32 prover_id{}; //!< ProverIdFromActorId(miner id)
  uint64_t sector_id = 0;
  Digest32 ticket{};
  Digest32 seed{};         //!< the interactive challenge randomness; must not be zero (C2 rejects it)
  uint64_t label_seed = 0; //!< drives the free labels of unchallenged parents
};

//! The C1 of a virtual sector with `config`'s registered proof. kInvalidArgument for a test
//! configuration (no registered proof name), a synthetic or non-interactive proof, or a zero seed.
Expected<SealCommitPhase1Output> VirtualSectorC1(const PorepConfig &config, const VirtualSectorInputs &inputs);

} // namespace cuzk::filecoin
