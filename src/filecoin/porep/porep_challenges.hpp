// src/filecoin/porep/porep_challenges.hpp — which nodes a PoRep proof opens (spec/porep.md §2.2,
// storage-proofs-porep vanilla/challenges.rs): interactive (from the seed), synthetic (FIP-0059:
// a fixed list derived from comm_r, then a seed-driven selection from it) and non-interactive
// (from comm_r alone). Every challenge is (LE integer of a 32-byte digest mod (nodes − 1)) + 1, so
// node 0 is never challenged.
#pragma once
#include "filecoin/core/porep_config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::filecoin {

//! challenges.rs DEFAULT_SYNTH_CHALLENGE_COUNT: the synthetic list has min(nodes, 2^18) entries.
inline constexpr uint64_t DEFAULT_SYNTH_CHALLENGE_COUNT = uint64_t(1) << 18;

//! (LE integer of digest mod (nodes − 1)) + 1. nodes must be ≥ 2.
uint64_t DigestToChallenge(const Digest32 &digest, uint64_t nodes);

//! Interactive: challenge i of partition k hashes SHA256(replica_id ‖ seed ‖ (C·k + i) as u32 LE).
std::vector<uint64_t> InteractiveChallenges(const Digest32 &replica_id, const Digest32 &seed, uint64_t nodes,
                                            size_t partition, size_t per_partition);

//! Non-interactive: SHA256("filecoin.io|PoRep|1|NonInteractive|1" ‖ replica_id ‖ comm_r ‖ j u32 LE).
std::vector<uint64_t> NonInteractiveChallenges(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes,
                                               size_t partition, size_t per_partition);

//! Synthetic challenge number `index` (0-based) of the list generated from replica_id and comm_r:
//! keystream bytes [32·index, 32·index + 32) of ChaCha20 keyed by the generation key.
uint64_t SyntheticChallenge(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes, uint64_t index);
//! The first `count` synthetic challenges.
std::vector<uint64_t> SyntheticChallenges(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes,
                                          uint64_t count);
//! The indexes into the synthetic list that partition k selects with the seed (`rand`): C u32 LE
//! words of the selection keystream from byte 4·k·C, each mod num_synth.
std::vector<uint64_t> SyntheticSelection(const Digest32 &replica_id, const Digest32 &seed, uint64_t num_synth,
                                         size_t partition, size_t per_partition);
//! The selected synthetic challenges of partition k (num_synth = min(nodes, 2^18) by default).
std::vector<uint64_t> SyntheticPorepChallenges(const Digest32 &replica_id, const Digest32 &comm_r, const Digest32 &seed,
                                               uint64_t nodes, size_t partition, size_t per_partition,
                                               uint64_t num_synth = 0);

//! The challenges of partition k for a configuration, by its feature: interactive uses the seed,
//! non-interactive comm_r, synthetic both.
std::vector<uint64_t> PorepChallenges(const PorepConfig &config, const Digest32 &replica_id, const Digest32 &seed,
                                      const Digest32 &comm_r, size_t partition);

} // namespace cuzk::filecoin
