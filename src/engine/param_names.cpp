// src/engine/param_names.cpp — official parameter file names, computed rather than pasted.
//
// rust-fil-proofs names a circuit's parameters v28-<prefix>-<tree shape>-<hex SHA-256 of the public
// parameters' identifier string> (storage-proofs-core parameter_cache.rs, VERSION = 28). The
// identifier strings and per-size constants are spec/porep.md §1 (PoRep), spec/vectors.md §9 and
// spec/post-snap-poseidon.md §3.1, §4.1 (PoSt, SnapDeals); tests/engine check the hashes against the
// published prefixes.
#include "engine/engine.hpp"
#include "hash/sha256.hpp"

#include <array>
#include <cstdio>

namespace cuzk::engine {
namespace {

struct SectorSize {
  const char *suffix; //!< circuit id suffix: porep-<suffix>
  uint64_t bytes;
  const char *tree;          //!< base-sub-top arities
  uint32_t porep_layers;     //!< SDR layers
  uint32_t porep_challenges; //!< challenges per partition
  uint32_t window_sectors;   //!< WindowPoSt sectors per partition
};

constexpr std::array<SectorSize, 5> SIZES{{
    {"2k", 2048, "8-0-0", 2, 2, 2},
    {"8m", 8ull << 20, "8-0-0", 2, 2, 2},
    {"512m", 512ull << 20, "8-0-0", 2, 2, 2},
    {"32g", 32ull << 30, "8-8-0", 11, 18, 2349},
    {"64g", 64ull << 30, "8-8-2", 11, 18, 2300},
}};

constexpr uint32_t WINNING_CHALLENGES = 1, WINNING_SECTORS = 66, WINDOW_CHALLENGES = 10;

std::string HexSha256(const std::string &s) {
  const auto digest = hash::Sha256(std::span(reinterpret_cast<const uint8_t *>(s.data()), s.size()));
  std::string hex;
  char buf[3];
  for (uint8_t b : digest) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    hex += buf;
  }
  return hex;
}

std::string PorepStem(const SectorSize &s) {
  const std::string id = "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 "
                         "base_graph: drgraph::BucketGraph{size: " +
                         std::to_string(s.bytes / 32) +
                         "; degree: 6; hasher: poseidon_hasher} }, challenges: LayerChallenges { layers: " +
                         std::to_string(s.porep_layers) + ", max_count: " + std::to_string(s.porep_challenges) +
                         " }, tree: merkletree-poseidon_hasher-" + s.tree + " }";
  return std::string("v28-stacked-proof-of-replication-merkletree-poseidon_hasher-") + s.tree + "-sha256_hasher-" +
         HexSha256(id);
}

std::string PostStem(const SectorSize &s, uint32_t challenges, uint32_t sectors) {
  const std::string id = "FallbackPoSt::PublicParams{sector_size: " + std::to_string(s.bytes) +
                         ", challenge_count: " + std::to_string(challenges) +
                         ", sector_count: " + std::to_string(sectors) + "}";
  return std::string("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-") + s.tree + "-" + HexSha256(id);
}

std::string SnapStem(const SectorSize &s) {
  const std::string id = "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(s.bytes / 32) + " }";
  return std::string("v28-empty-sector-update-merkletree-poseidon_hasher-") + s.tree + "-" + HexSha256(id);
}

} // namespace

std::string SrsFileStem(std::string_view circuit_id) {
  for (const SectorSize &s : SIZES) {
    const std::string suffix = std::string("-") + s.suffix;
    if (circuit_id == "porep" + suffix) return PorepStem(s);
    if (circuit_id == "winning" + suffix) return PostStem(s, WINNING_CHALLENGES, WINNING_SECTORS);
    if (circuit_id == "wpost" + suffix) return PostStem(s, WINDOW_CHALLENGES, s.window_sectors);
    if (circuit_id == "snap" + suffix) return SnapStem(s);
  }
  return {};
}

std::vector<std::string> KnownCircuitIds() {
  std::vector<std::string> ids;
  for (const char *kind : {"porep", "wpost", "winning", "snap"})
    for (const SectorSize &s : SIZES) ids.push_back(std::string(kind) + "-" + s.suffix);
  return ids;
}

} // namespace cuzk::engine
