// src/filecoin/testing/porep_prove.hpp — C1 (seal_commit_phase1): the vanilla proofs of every partition
// and challenge of a sealed sector (storage-proofs-porep vanilla/proof.rs prove_layers, spec
// §2.7), in the serde-shaped structs of filecoin/porep/porep_vanilla_proof.hpp.
#pragma once
#include "filecoin/porep/porep_vanilla_proof.hpp"
#include "filecoin/testing/seal.hpp"

#include <cstddef>
#include <vector>

namespace cuzk::filecoin {

//! The proof of one challenged node: tree_d and tree_r_last openings, the columns (with tree_c
//! openings) of the node and its 6 DRG and 8 expander parents, one labelling proof per layer and
//! the encoding proof (the last layer's parents). kInvalidArgument for node 0 or a node past the sector.
Expected<PorepChallengeProof> ProveChallenge(const SealedSector &sector, const SdrGraph &graph, uint64_t challenge);

//! Every challenge of partition k (challenges from PorepChallenges: by the configuration's
//! feature, from the seed and/or comm_r).
Expected<std::vector<PorepChallengeProof>> ProvePartition(const SealedSector &sector, const SdrGraph &graph,
                                                          const Digest32 &seed, size_t partition);

//! The C1 output for all partitions, with the registered proof's name (kInvalidArgument for a test
//! configuration, which has no registered proof), verified with VerifyC1 before it is returned.
Expected<SealCommitPhase1Output> SealCommitPhase1(const SealedSector &sector, const Digest32 &seed);

} // namespace cuzk::filecoin
