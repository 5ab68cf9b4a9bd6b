// src/filecoin/post/post_vanilla.hpp — FallbackPoSt (WindowPoSt / WinningPoSt) vanilla proofs
// (spec/post-snap-poseidon.md §3): generation from a sealed sector's tree_r_last and comm_c,
// assembly of one partition from the per-sector proofs Curio sends (padding, winning unrolling),
// and verification.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/comm_r.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/post/post_challenges.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! `SectorProof`: one inclusion proof per challenge, all into tree_r_last, with the sector's comm_c
//! and comm_r_last (serde field order).
struct PoStSectorProof {
  std::vector<MerkleProof> inclusion_proofs;
  Domain32 comm_c{};
  Domain32 comm_r_last{};
};

//! `FallbackPoStSectorProof`: what generate_single_vanilla_proof returns for one sector and what
//! Curio sends per sector (bincode). `sectors` is `vanilla_proof.sectors`: one SectorProof.
struct FallbackPoStSectorProof {
  uint64_t sector_id = 0;
  Domain32 comm_r{};
  std::vector<PoStSectorProof> sectors;
};

//! What the prover holds of a sealed sector: tree_r_last over the replica nodes, either a full
//! PoseidonTree or, for virtual sectors of the large sizes, a SparsePoseidonTree (set exactly one).
struct PoStReplica {
  uint64_t sector_id = 0;
  const PoseidonTree *tree_r_last = nullptr;
  ff::Fr comm_c;
  const SparsePoseidonTree *sparse_tree_r_last = nullptr;
};

//! `generate_single_vanilla_proof`: one inclusion proof per challenged leaf, each checked before it
//! is returned. kInvalidArgument when the tree does not have the config's size and shape, a challenge is
//! out of range, or there is no challenge.
Expected<FallbackPoStSectorProof> GenerateSingleVanillaProof(const PoStConfig &config, const PoStReplica &replica,
                                                             std::span<const uint64_t> challenges);

//! Challenges (FallbackSectorChallenges over the replicas' ids, in order) then one vanilla proof
//! per replica.
Expected<std::vector<FallbackPoStSectorProof>> GenerateFallbackVanillaProofs(const PoStConfig &config,
                                                                             const Digest32 &randomness,
                                                                             std::span<const PoStReplica> replicas);

//! One FallbackPoSt partition: its circuit params, its public (pseudo-)sectors and exactly
//! params.sector_count sector proofs.
struct PoStPartition {
  FallbackPoStParams params;
  size_t k = 0;
  std::vector<PoStPublicSector> sectors; //!< 1 … params.sector_count
  std::vector<PoStSectorProof> proofs;   //!< params.sector_count, the last one repeated as padding
};

//! `single_partition_vanilla_proofs` from the per-sector vanilla proofs of one partition, in order.
//! WindowPoSt: 1 … sector_count proofs of one SectorProof each, padded with copies of the last.
//! WinningPoSt: exactly one proof with one SectorProof of 66 inclusion proofs, unrolled into 66
//! pseudo-sectors of one. `k` is the partition index; single-partition proving uses k = 0 (correct
//! for V1_2_0, whose challenges do not depend on the sector position). kInvalidArgument for wrong counts.
Expected<PoStPartition> PoStPartitionFromVanilla(const PoStConfig &config,
                                                 std::span<const FallbackPoStSectorProof> vanilla, size_t k = 0);

//! FallbackPoSt::verify of one partition: for each public sector and its proof, comm_r =
//! H(comm_c, root), every inclusion proof well formed (shape of the sector size), into that root, at
//! its derived challenge. Ok, or an error naming the sector, the challenge and what is wrong.
Status VerifyPoStPartition(const PoStPartition &partition, const Digest32 &randomness);

} // namespace cuzk::filecoin
