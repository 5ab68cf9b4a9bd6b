// src/filecoin/snap/snap_challenges.cpp — bits are read straight from the digest's canonical limbs.
#include "filecoin/snap/snap_challenges.hpp"

#include "filecoin/snap/snap_encoding.hpp"

#include <string>

namespace cuzk::filecoin {

Expected<std::vector<uint64_t>> SnapChallenges(const SnapConfig &config, const ff::Fr &comm_r_new, size_t k) {
  if (k >= config.partition_count)
    return MakeError(ErrorCode::kInvalidArgument, "SnapDeals challenges: partition " + std::to_string(k) + " ≥ " +
                                                      std::to_string(config.partition_count));
  const size_t bits = config.ChallengeRandomBits();
  const size_t per_digest = config.ChallengesPerDigest();
  const uint64_t partition_bits = uint64_t(k) << bits;
  uint64_t digest_index = uint64_t(k) * config.DigestsPerPartition();
  std::vector<uint64_t> out;
  out.reserve(config.challenge_count);
  while (out.size() < config.challenge_count) {
    const auto limbs = SnapGenRandomness(comm_r_new, ff::Fr::FromUint(digest_index++)).ToCanonical();
    for (size_t i = 0; i < per_digest && out.size() < config.challenge_count; i++) {
      uint64_t c = 0;
      for (size_t j = 0; j < bits; j++) {
        const size_t bit = i * bits + j;
        c |= ((limbs[bit / 64] >> (bit % 64)) & 1) << j;
      }
      out.push_back(c | partition_bits);
    }
  }
  return out;
}

} // namespace cuzk::filecoin
