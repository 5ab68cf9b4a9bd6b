// src/filecoin/core/post_config.cpp — sector counts and shapes from spec/post-snap-poseidon.md §1.2
// and §3.1; the parameter file name from storage-proofs-core's parameter_cache (vectors §9).
#include "filecoin/core/post_config.hpp"

#include "base/hex.hpp"
#include "hash/sha256.hpp"

#include <span>

namespace cuzk::filecoin {

namespace {

constexpr uint64_t KIB = 1024, MIB = KIB * 1024, GIB = MIB * 1024;

size_t WindowSectorCount(uint64_t sector_size) {
  if (sector_size == 32 * GIB) return 2349; // 125,279,217 constraints
  if (sector_size == 64 * GIB) return 2300; // 129,887,900 constraints
  return 2;
}

} // namespace

PoStConfig PoStConfigFor(RegisteredPoStProof proof) {
  PoStConfig c{};
  c.proof = proof;
  c.type = PoStTypeOf(proof);
  c.api_version = ApiVersionOf(proof);
  c.sector_size = SectorSizeOf(proof);
  c.tree_shape = TreeShapeForNodes(c.SectorNodes()).Value(); // every registered size has one
  if (c.type == PoStType::kWindow) {
    c.challenge_count = WINDOW_POST_CHALLENGE_COUNT;
    c.sector_count = WindowSectorCount(c.sector_size);
  } else {
    c.challenge_count = WINNING_POST_CHALLENGE_COUNT;
    c.sector_count = WINNING_POST_SECTOR_COUNT;
  }
  return c;
}

std::string FallbackPoStParams::Identifier() const {
  return "FallbackPoSt::PublicParams{sector_size: " + std::to_string(sector_size) +
         ", challenge_count: " + std::to_string(challenge_count) + ", sector_count: " + std::to_string(sector_count) +
         "}";
}

std::string FallbackPoStParams::ParameterCacheId() const {
  const std::string id = Identifier();
  const auto digest = hash::Sha256({reinterpret_cast<const uint8_t *>(id.data()), id.size()});
  return "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-" + std::to_string(tree_shape.base) + "-" +
         std::to_string(tree_shape.sub) + "-" + std::to_string(tree_shape.top) + "-" + base::Hex(digest);
}

FallbackPoStParams FallbackParamsOf(const PoStConfig &config) {
  FallbackPoStParams p;
  p.sector_size = config.sector_size;
  p.api_version = config.api_version;
  p.tree_shape = config.tree_shape;
  if (config.type == PoStType::kWindow) {
    p.challenge_count = config.challenge_count;
    p.sector_count = config.sector_count;
  } else {
    // winning_post_setup_params: challenge_count / sector_count pseudo-sectors of one challenge each
    p.sector_count = config.challenge_count / config.sector_count;
    p.challenge_count = config.challenge_count / p.sector_count;
  }
  return p;
}

size_t PoStPartitionCount(const PoStConfig &config, size_t sectors) {
  if (config.type == PoStType::kWinning || sectors <= config.sector_count) return 1;
  return (sectors + config.sector_count - 1) / config.sector_count;
}

} // namespace cuzk::filecoin
