// src/filecoin/snap/snap_challenges.hpp — SnapDeals challenges (spec/post-snap-poseidon.md §4.3,
// storage-proofs-update challenges.rs). Partition k draws digests P2_GEN(comm_r_new, j) for
// j = k·digests_per_partition, …; each digest's little-endian bits give ⌊254/b⌋ challenges of
// b = log2(nodes) − log2(partitions) bits, and k fills the top bits, so every challenge of
// partition k falls in partition k's node range.
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/core/snap_config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::filecoin {

//! The config.challenge_count node indices of partition k; kInvalidArgument when k ≥ partitions.
Expected<std::vector<uint64_t>> SnapChallenges(const SnapConfig &config, const ff::Fr &comm_r_new, size_t k);

} // namespace cuzk::filecoin
