// src/filecoin/post/post_challenges.hpp — FallbackPoSt challenges (spec/post-snap-poseidon.md §3.2) and
// the public inputs of one partition (§3.4). No challenge is computed in the circuit: prover and
// verifier both derive them from the randomness, the sector ids and the sectors' positions.
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/core/post_config.hpp"
#include "hash/sha256.hpp"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

using hash::Digest32;

//! Randomness and prover ids go through `as_safe_commitment`: a canonical Fr repr (< r), else
//! kNonCanonical naming `what`.
Status CheckSafeCommitment(const Digest32 &bytes, std::string_view what);

//! `get_challenge_index`: V1_0_0/V1_1_0 number challenges across the partition's sectors
//! (sector_index·challenge_count + n); V1_2_0 (the grindability fix) uses n alone.
uint64_t PoStChallengeIndex(ApiVersion version, uint64_t sector_index, uint64_t challenge_count, uint64_t n);

//! The challenged leaf: SHA256(randomness ‖ u64le(sector_id) ‖ u64le(challenge_index)), first 8
//! bytes as a LE u64, mod sector_nodes (> 0).
uint64_t PoStLeafChallenge(const Digest32 &randomness, uint64_t sector_id, uint64_t challenge_index,
                           uint64_t sector_nodes);

//! The params.challenge_count leaves of the sector at global position sector_index
//! (= partition·sector_count + position in the partition).
std::vector<uint64_t> PoStSectorLeafChallenges(const FallbackPoStParams &params, const Digest32 &randomness,
                                               uint64_t sector_id, uint64_t sector_index);

//! `generate_fallback_sector_challenges`: the challenges of each sector in `sector_ids` (in that
//! order), sector i of the list at position i. WindowPoSt: 10 per sector; WinningPoSt: 66 for the
//! one selected sector. kNonCanonical for bad randomness, kInvalidArgument for an empty list or (winning)
//! more than one sector.
Expected<std::vector<std::vector<uint64_t>>>
FallbackSectorChallenges(const PoStConfig &config, const Digest32 &randomness, std::span<const uint64_t> sector_ids);

//! WinningPoSt sector selection: SHA256(prover_id ‖ randomness ‖ u64le(n)), first 8 bytes LE mod
//! sector_set_len. kInvalidArgument for an empty set.
Expected<uint64_t> WinningSectorChallenge(const Digest32 &randomness, const Digest32 &prover_id, uint64_t n,
                                          uint64_t sector_set_len);
//! The config.sector_count (1) winning sector indices; also checks randomness and prover id.
Expected<std::vector<uint64_t>> WinningPoStSectorChallenges(const PoStConfig &config, const Digest32 &randomness,
                                                            const Digest32 &prover_id, uint64_t sector_set_len);

//! A sector as the verifier knows it.
struct PoStPublicSector {
  uint64_t id = 0;
  Digest32 comm_r{};
};

//! The (pseudo-)sectors the FallbackPoSt scheme sees: WindowPoSt, the sectors as given; WinningPoSt,
//! the one sector repeated params.sector_count (66) times (`verify_winning_post`).
std::vector<PoStPublicSector> FallbackPublicSectors(const PoStConfig &config,
                                                    std::span<const PoStPublicSector> sectors);

//! Partitions needed for n (pseudo-)sectors: ⌈n / params.sector_count⌉, at least 1.
size_t FallbackPartitionCount(const FallbackPoStParams &params, size_t n);

//! Public inputs of partition k, without ONE, from that partition's sectors (1 ≤ count ≤
//! params.sector_count; sector i of the partition sits at global position k·sector_count + i): per
//! sector [comm_r, leaf_0, …, leaf_{C−1}]; a short partition repeats its last sector's inputs up to
//! params.sector_count sectors (§3.4). kInvalidArgument for a bad sector count, kNonCanonical for a
//! comm_r or randomness ≥ r.
Expected<std::vector<ff::Fr>> FallbackPoStPublicInputs(const FallbackPoStParams &params, const Digest32 &randomness,
                                                       std::span<const PoStPublicSector> partition_sectors, size_t k);

} // namespace cuzk::filecoin
