// src/filecoin/snap/snap_vanilla.hpp — SnapDeals (EmptySectorUpdate) vanilla side
// (spec/post-snap-poseidon.md §4.2, §4.6): the replica update of a sealed sector with new data
// (new replica, its tree_r_last, tree_d over the data, comm_r_new), the vanilla partition proofs,
// and their verification.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/merkle/sha_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! The outcome of updating a sector: what the prover keeps for proving and what the chain sees.
struct SnapUpdate {
  std::vector<ff::Fr> replica; //!< the new replica (sector key + data·rho)
  PoseidonTree tree_r_new;     //!< tree_r_last over the new replica
  ShaTree tree_d;              //!< tree_d over the new data; its root is comm_d_new
  ff::Fr comm_r_old;
  ff::Fr comm_r_new; //!< H(comm_c, tree_r_new root)
  Digest32 comm_d_new{};
  ff::Fr phi;
};

//! Encodes fr32-padded `data` (config.sector_nodes·32 bytes) into the sector whose replica (the
//! "sector key") is `sector_key` with tree_r_last `tree_r_old` and column commitment comm_c.
//! kBadLength / kNonCanonical for data of the wrong size or not fr32-padded, kInvalidArgument for a
//! tree of the wrong size.
Expected<SnapUpdate> SnapUpdateSector(const SnapConfig &config, std::span<const ff::Fr> sector_key,
                                      const PoseidonTree &tree_r_old, const ff::Fr &comm_c,
                                      std::span<const uint8_t> data);

//! The data back from the new replica and the sector key (SnapDecode with phi recomputed from the
//! public commitments), as fr32-padded bytes.
Expected<std::vector<uint8_t>> SnapDecodeSector(const SnapConfig &config, std::span<const ff::Fr> replica,
                                                std::span<const ff::Fr> sector_key, const Digest32 &comm_d_new,
                                                const ff::Fr &comm_r_old);

//! `ChallengeProof`: the challenged node in the old replica, the new data and the new replica.
struct SnapChallengeProof {
  MerkleProof proof_r_old; //!< tree_r_last (Poseidon, the sector's shape)
  MerkleProof proof_d_new; //!< tree_d (binary SHA-256, Single)
  MerkleProof proof_r_new; //!< tree_r_last of the new replica
};

//! `PartitionProof` (serde field order).
struct SnapPartitionProof {
  Domain32 comm_c{};
  std::vector<Domain32> apex_leafs;                 //!< config.apex_leaf_count
  std::vector<SnapChallengeProof> challenge_proofs; //!< config.challenge_count
};

//! `PublicInputs` of the vanilla proof; the circuit takes h_select instead of h.
struct SnapPublicInputs {
  size_t k = 0;
  Digest32 comm_r_old{};
  Digest32 comm_d_new{};
  Digest32 comm_r_new{};
  size_t h = 0;
};

//! The public inputs of partition k of an update (h = config.h).
SnapPublicInputs SnapPublicInputsOf(const SnapConfig &config, const SnapUpdate &update, size_t k);

//! Proves partition k: the partition's apex leaves (tree_d row ApexLeafHeight) and, per challenge,
//! the three inclusion proofs (each checked). kInvalidArgument for k out of range or trees whose size
//! does not match the config.
Expected<SnapPartitionProof> SnapProvePartition(const SnapConfig &config, size_t k, const ff::Fr &comm_c,
                                                const PoseidonTree &tree_r_old, const SnapUpdate &update);

//! EmptySectorUpdate::verify: counts and shapes; H(comm_c, root_r_old/new) = comm_r_old/new; every
//! challenge's three proofs at the derived challenge, into root_r_old, comm_d_new, root_r_new; the
//! encoding leaf_r_new = leaf_r_old + leaf_d·rho; each apex-path sibling in its apex-tree row. Ok, or
//! an error naming the challenge and the failed check.
Status SnapVerifyPartition(const SnapConfig &config, const SnapPublicInputs &inputs, const SnapPartitionProof &proof);

} // namespace cuzk::filecoin
