// src/filecoin/snap/snap_bincode.hpp — bincode v1 of the SnapDeals vanilla `PartitionProof`
// (spec/post-snap-poseidon.md §4.6), byte-exact with serde's derive:
//   PartitionProof = { comm_c: [u8;32], apex_leafs: Vec<[u8;32]>, challenge_proofs: Vec<ChallengeProof> }
//   ChallengeProof = { proof_r_old, proof_d_new, proof_r_new }   (MerkleProof as in post_bincode.hpp)
// Curio sends one per partition. Decoding checks every count and path against the sector size.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/snap/snap_vanilla.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

std::vector<uint8_t> EncodeSnapPartitionProof(const SnapPartitionProof &proof);
//! Decodes one PartitionProof for config: config.apex_leaf_count apex leaves, config.challenge_count
//! challenge proofs whose tree_r proofs have the sector's shape and whose tree_d proof has
//! log2(nodes) binary levels, and nothing after it. Errors name the field and byte offset.
Expected<SnapPartitionProof> DecodeSnapPartitionProof(std::span<const uint8_t> bytes, const SnapConfig &config);

} // namespace cuzk::filecoin
