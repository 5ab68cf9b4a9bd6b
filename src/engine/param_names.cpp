// src/engine/param_names.cpp — the engine's circuit ids ("porep-32g", "winning-2k", ...) and the
// official parameter file stems they stand for.
//
// The stems themselves (v28-<prefix>-<tree shape>-<hex SHA-256 of the public parameters'
// identifier>) are filecoin/core's: ParameterCacheIdFor computes them from the same circuit
// configurations the circuits are built from, and `cuzk-bench params` writes test parameters under
// them. Spelling them a second time here could only let the two drift apart.
#include "engine/engine.hpp"
#include "engine/filecoin_handlers.hpp"
#include "filecoin/core/parameter_names.hpp"

#include <array>
#include <utility>

namespace cuzk::engine {
namespace {

using filecoin::CircuitKind;

// circuit id prefixes, in KnownCircuitIds order
constexpr std::array<std::pair<const char *, CircuitKind>, 4> KINDS{{
    {"porep", CircuitKind::kPorep},
    {"wpost", CircuitKind::kWindowPoSt},
    {"winning", CircuitKind::kWinningPoSt},
    {"snap", CircuitKind::kSnap},
}};

// the five sector sizes with published parameters
constexpr std::array<uint64_t, 5> SECTOR_SIZES{2048, uint64_t{8} << 20, uint64_t{512} << 20, uint64_t{32} << 30,
                                               uint64_t{64} << 30};

} // namespace

std::string SectorSizeSuffix(uint64_t sector_size) {
  switch (sector_size) {
  case 2048:
    return "2k";
  case uint64_t{8} << 20:
    return "8m";
  case uint64_t{512} << 20:
    return "512m";
  case uint64_t{32} << 30:
    return "32g";
  case uint64_t{64} << 30:
    return "64g";
  default:
    return "";
  }
}

std::string SrsFileStem(std::string_view circuit_id) {
  for (const auto &[prefix, kind] : KINDS)
    for (uint64_t size : SECTOR_SIZES)
      if (circuit_id == std::string(prefix) + "-" + SectorSizeSuffix(size)) {
        auto stem = filecoin::ParameterCacheIdFor(kind, size);
        return stem ? *stem : std::string();
      }
  return {};
}

std::vector<std::string> KnownCircuitIds() {
  std::vector<std::string> ids;
  for (const auto &[prefix, kind] : KINDS)
    for (uint64_t size : SECTOR_SIZES) ids.push_back(std::string(prefix) + "-" + SectorSizeSuffix(size));
  return ids;
}

} // namespace cuzk::engine
