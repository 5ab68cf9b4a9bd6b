// src/filecoin/porep/porep_challenges.cpp — written from spec/porep.md §2.2 and spec/vectors.md §5.1.
#include "filecoin/porep/porep_challenges.hpp"

#include "hash/blake2b.hpp"
#include "hash/chacha.hpp"
#include "hash/sha256.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace cuzk::filecoin {

namespace {

constexpr std::string_view NI_TAG = "filecoin.io|PoRep|1|NonInteractive|1";
constexpr std::string_view SYNTH_GENERATION_KEY = "filecoin.io|PoRep|1|Synthetic|1|Generation";
constexpr std::string_view SYNTH_SELECTION_KEY = "filecoin.io|PoRep|1|Synthetic|1|Selection";
constexpr std::array<uint8_t, 12> SYNTH_NONCE = {'s', 'y', 'n', 't', 'h', '-', 'p', 'o', 'r', 'e', 'p', 0};

std::span<const uint8_t> Bytes(std::string_view s) { return {reinterpret_cast<const uint8_t *>(s.data()), s.size()}; }

//! BLAKE2b with a 32-byte output keyed by `key` over a ‖ b.
Digest32 KeyedBlake2b256(std::string_view key, const Digest32 &a, const Digest32 &b) {
  std::array<uint8_t, 64> msg;
  std::copy(a.begin(), a.end(), msg.begin());
  std::copy(b.begin(), b.end(), msg.begin() + 32);
  Digest32 out;
  (void)hash::Blake2b(Bytes(key), msg, out); // key ≤ 64 bytes and a 32-byte output are always valid
  return out;
}

void AppendU32LE(hash::Sha256Hasher &h, uint32_t j) {
  const uint8_t b[4] = {uint8_t(j), uint8_t(j >> 8), uint8_t(j >> 16), uint8_t(j >> 24)};
  h.Update(b);
}

} // namespace

uint64_t DigestToChallenge(const Digest32 &digest, uint64_t nodes) {
  const uint64_t m = nodes - 1;
  // Horner over the bytes from the most significant one keeps the remainder below m < 2^64.
  unsigned __int128 r = 0;
  for (size_t i = 32; i-- > 0;) r = ((r << 8) | digest[i]) % m;
  return uint64_t(r) + 1;
}

std::vector<uint64_t> InteractiveChallenges(const Digest32 &replica_id, const Digest32 &seed, uint64_t nodes,
                                            size_t partition, size_t per_partition) {
  std::vector<uint64_t> out;
  hash::Sha256Hasher h;
  for (size_t i = 0; i < per_partition; i++) {
    h.Update(replica_id).Update(seed);
    AppendU32LE(h, uint32_t(per_partition * partition + i));
    out.push_back(DigestToChallenge(h.Finalize(), nodes));
  }
  return out;
}

std::vector<uint64_t> NonInteractiveChallenges(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes,
                                               size_t partition, size_t per_partition) {
  std::vector<uint64_t> out;
  hash::Sha256Hasher h;
  for (size_t i = 0; i < per_partition; i++) {
    h.Update(Bytes(NI_TAG)).Update(replica_id).Update(comm_r);
    AppendU32LE(h, uint32_t(per_partition * partition + i));
    out.push_back(DigestToChallenge(h.Finalize(), nodes));
  }
  return out;
}

uint64_t SyntheticChallenge(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes, uint64_t index) {
  const Digest32 key = KeyedBlake2b256(SYNTH_GENERATION_KEY, replica_id, comm_r);
  hash::ChaCha20Ietf stream(key, SYNTH_NONCE);
  Digest32 block;
  // 2^18 challenges are 8 MiB of keystream, far inside ChaCha20's 256 GiB
  (void)stream.Seek(32 * index);
  (void)stream.Keystream(block);
  return DigestToChallenge(block, nodes);
}

std::vector<uint64_t> SyntheticChallenges(const Digest32 &replica_id, const Digest32 &comm_r, uint64_t nodes,
                                          uint64_t count) {
  const Digest32 key = KeyedBlake2b256(SYNTH_GENERATION_KEY, replica_id, comm_r);
  hash::ChaCha20Ietf stream(key, SYNTH_NONCE);
  std::vector<uint64_t> out;
  out.reserve(count);
  Digest32 block;
  for (uint64_t i = 0; i < count; i++) {
    (void)stream.Keystream(block);
    out.push_back(DigestToChallenge(block, nodes));
  }
  return out;
}

std::vector<uint64_t> SyntheticSelection(const Digest32 &replica_id, const Digest32 &seed, uint64_t num_synth,
                                         size_t partition, size_t per_partition) {
  const Digest32 key = KeyedBlake2b256(SYNTH_SELECTION_KEY, replica_id, seed);
  hash::ChaCha20Ietf stream(key, SYNTH_NONCE);
  (void)stream.Seek(uint64_t(4) * partition * per_partition);
  std::vector<uint64_t> out;
  for (size_t i = 0; i < per_partition; i++) {
    uint8_t w[4];
    (void)stream.Keystream(w);
    const uint32_t word = uint32_t(w[0]) | uint32_t(w[1]) << 8 | uint32_t(w[2]) << 16 | uint32_t(w[3]) << 24;
    out.push_back(word % num_synth);
  }
  return out;
}

std::vector<uint64_t> SyntheticPorepChallenges(const Digest32 &replica_id, const Digest32 &comm_r, const Digest32 &seed,
                                               uint64_t nodes, size_t partition, size_t per_partition,
                                               uint64_t num_synth) {
  if (num_synth == 0) num_synth = std::min(nodes, DEFAULT_SYNTH_CHALLENGE_COUNT);
  std::vector<uint64_t> out;
  for (uint64_t index : SyntheticSelection(replica_id, seed, num_synth, partition, per_partition))
    out.push_back(SyntheticChallenge(replica_id, comm_r, nodes, index));
  return out;
}

std::vector<uint64_t> PorepChallenges(const PorepConfig &config, const Digest32 &replica_id, const Digest32 &seed,
                                      const Digest32 &comm_r, size_t partition) {
  switch (config.feature) {
  case PorepFeature::kSynthetic:
    return SyntheticPorepChallenges(replica_id, comm_r, seed, config.nodes, partition, config.challenges_per_partition);
  case PorepFeature::kNonInteractive:
    return NonInteractiveChallenges(replica_id, comm_r, config.nodes, partition, config.challenges_per_partition);
  case PorepFeature::kNone:
    break;
  }
  return InteractiveChallenges(replica_id, seed, config.nodes, partition, config.challenges_per_partition);
}

} // namespace cuzk::filecoin
