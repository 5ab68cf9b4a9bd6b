// src/filecoin/post/post_challenges.cpp — SHA-256 based challenge derivation (spec §3.2); the
// randomness ‖ sector_id prefix is hashed once per sector and the index appended per challenge,
// as upstream does ("avoid rehashing fixed inputs") — the digests are the same either way.
#include "filecoin/post/post_challenges.hpp"

#include "hash/poseidon.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace cuzk::filecoin {

namespace {

std::array<uint8_t, 8> U64Le(uint64_t v) {
  std::array<uint8_t, 8> b{};
  for (int i = 0; i < 8; i++) b[i] = uint8_t(v >> (8 * i));
  return b;
}

uint64_t FirstU64Le(const Digest32 &d) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | d[i];
  return v;
}

} // namespace

Status CheckSafeCommitment(const Digest32 &bytes, std::string_view what) {
  if (!ff::Fr::FromBytesLE(bytes.data()))
    return MakeError(ErrorCode::kNonCanonical, std::string(what) + " is not a canonical field element (value ≥ r)");
  return Status::Ok();
}

uint64_t PoStChallengeIndex(ApiVersion version, uint64_t sector_index, uint64_t challenge_count, uint64_t n) {
  if (version == ApiVersion::kV1_2_0) return n;
  return sector_index * challenge_count + n;
}

uint64_t PoStLeafChallenge(const Digest32 &randomness, uint64_t sector_id, uint64_t challenge_index,
                           uint64_t sector_nodes) {
  hash::Sha256Hasher h;
  const auto id = U64Le(sector_id), index = U64Le(challenge_index);
  h.Update(randomness).Update(id).Update(index);
  return FirstU64Le(h.Finalize()) % sector_nodes;
}

std::vector<uint64_t> PoStSectorLeafChallenges(const FallbackPoStParams &params, const Digest32 &randomness,
                                               uint64_t sector_id, uint64_t sector_index) {
  std::vector<uint64_t> leaves(params.challenge_count);
  for (size_t n = 0; n < params.challenge_count; n++)
    leaves[n] = PoStLeafChallenge(randomness, sector_id,
                                  PoStChallengeIndex(params.api_version, sector_index, params.challenge_count, n),
                                  params.SectorNodes());
  return leaves;
}

Expected<std::vector<std::vector<uint64_t>>>
FallbackSectorChallenges(const PoStConfig &config, const Digest32 &randomness, std::span<const uint64_t> sector_ids) {
  if (auto s = CheckSafeCommitment(randomness, "randomness"); !s) return s.GetError();
  if (sector_ids.empty()) return InvalidArgument("PoSt challenges: no sectors");
  if (config.type == PoStType::kWinning && sector_ids.size() != config.sector_count)
    return InvalidArgument("WinningPoSt challenges: " + std::to_string(sector_ids.size()) + " sectors, expected " +
                           std::to_string(config.sector_count));
  // The vanilla prover's view: config.challenge_count challenges per sector (66 for winning), with
  // the sector's position i counted across partitions of config.sector_count sectors.
  FallbackPoStParams p;
  p.sector_size = config.sector_size;
  p.challenge_count = config.challenge_count;
  p.sector_count = config.sector_count;
  p.api_version = config.api_version;
  std::vector<std::vector<uint64_t>> out;
  out.reserve(sector_ids.size());
  for (size_t i = 0; i < sector_ids.size(); i++)
    out.push_back(PoStSectorLeafChallenges(p, randomness, sector_ids[i], i));
  return out;
}

Expected<uint64_t> WinningSectorChallenge(const Digest32 &randomness, const Digest32 &prover_id, uint64_t n,
                                          uint64_t sector_set_len) {
  if (sector_set_len == 0) return InvalidArgument("WinningPoSt sector selection: empty sector set");
  hash::Sha256Hasher h;
  const auto nb = U64Le(n);
  h.Update(prover_id).Update(randomness).Update(nb);
  return FirstU64Le(h.Finalize()) % sector_set_len;
}

Expected<std::vector<uint64_t>> WinningPoStSectorChallenges(const PoStConfig &config, const Digest32 &randomness,
                                                            const Digest32 &prover_id, uint64_t sector_set_len) {
  if (config.type != PoStType::kWinning) return InvalidArgument("winning sector selection needs a WinningPoSt proof");
  if (auto s = CheckSafeCommitment(randomness, "randomness"); !s) return s.GetError();
  if (auto s = CheckSafeCommitment(prover_id, "prover_id"); !s) return s.GetError();
  std::vector<uint64_t> out;
  for (uint64_t n = 0; n < config.sector_count; n++) {
    auto c = WinningSectorChallenge(randomness, prover_id, n, sector_set_len);
    if (!c) return c.GetError();
    out.push_back(*c);
  }
  return out;
}

std::vector<PoStPublicSector> FallbackPublicSectors(const PoStConfig &config,
                                                    std::span<const PoStPublicSector> sectors) {
  if (config.type == PoStType::kWindow) return {sectors.begin(), sectors.end()};
  const FallbackPoStParams p = FallbackParamsOf(config);
  std::vector<PoStPublicSector> out;
  for (size_t i = 0; i < p.sector_count; i++) out.insert(out.end(), sectors.begin(), sectors.end());
  return out;
}

size_t FallbackPartitionCount(const FallbackPoStParams &params, size_t n) {
  return std::max<size_t>(1, (n + params.sector_count - 1) / params.sector_count);
}

Expected<std::vector<ff::Fr>> FallbackPoStPublicInputs(const FallbackPoStParams &params, const Digest32 &randomness,
                                                       std::span<const PoStPublicSector> partition_sectors, size_t k) {
  if (auto s = CheckSafeCommitment(randomness, "randomness"); !s) return s.GetError();
  if (partition_sectors.empty() || partition_sectors.size() > params.sector_count)
    return InvalidArgument("PoSt public inputs: partition " + std::to_string(k) + " has " +
                           std::to_string(partition_sectors.size()) + " sectors, expected 1 to " +
                           std::to_string(params.sector_count));
  std::vector<ff::Fr> inputs;
  inputs.reserve(params.sector_count * (1 + params.challenge_count));
  for (size_t i = 0; i < partition_sectors.size(); i++) {
    const PoStPublicSector &sector = partition_sectors[i];
    auto comm_r = hash::FrFromBytesLE(sector.comm_r);
    if (!comm_r)
      return MakeError(comm_r.Code(), "PoSt sector " + std::to_string(sector.id) + " comm_r: " + comm_r.ErrorMessage());
    inputs.push_back(*comm_r);
    for (uint64_t leaf : PoStSectorLeafChallenges(params, randomness, sector.id, k * params.sector_count + i))
      inputs.push_back(ff::Fr::FromUint(leaf));
  }
  const size_t per_sector = 1 + params.challenge_count;
  const std::vector<ff::Fr> last_sector(inputs.end() - per_sector, inputs.end());
  while (inputs.size() < params.sector_count * per_sector)
    inputs.insert(inputs.end(), last_sector.begin(), last_sector.end());
  return inputs;
}

} // namespace cuzk::filecoin
