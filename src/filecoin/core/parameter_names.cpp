// src/filecoin/core/parameter_names.cpp — the official .params/.vk file stems, computed from the
// same configurations the circuits are built from (filecoin/core/parameter_names.hpp).
#include "filecoin/core/parameter_names.hpp"

#include "base/hex.hpp"
#include "hash/sha256.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <span>

namespace cuzk::filecoin {
namespace {

// One registered proof per kind and size; the variants of a size share their circuit, hence
// their file (spec/porep.md §1), so any of them names it.
constexpr std::array<SizeProofs, 5> SIZES{{
    {SECTOR_SIZE_2KIB, RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredPoStProof::kWindow2KiBV1_2,
     RegisteredPoStProof::kWinning2KiBV1, RegisteredUpdateProof::k2KiBV1},
    {SECTOR_SIZE_8MIB, RegisteredSealProof::kStackedDrg8MiBV1_1, RegisteredPoStProof::kWindow8MiBV1_2,
     RegisteredPoStProof::kWinning8MiBV1, RegisteredUpdateProof::k8MiBV1},
    {SECTOR_SIZE_512MIB, RegisteredSealProof::kStackedDrg512MiBV1_1, RegisteredPoStProof::kWindow512MiBV1_2,
     RegisteredPoStProof::kWinning512MiBV1, RegisteredUpdateProof::k512MiBV1},
    {SECTOR_SIZE_32GIB, RegisteredSealProof::kStackedDrg32GiBV1_1, RegisteredPoStProof::kWindow32GiBV1_2,
     RegisteredPoStProof::kWinning32GiBV1, RegisteredUpdateProof::k32GiBV1},
    {SECTOR_SIZE_64GIB, RegisteredSealProof::kStackedDrg64GiBV1_1, RegisteredPoStProof::kWindow64GiBV1_2,
     RegisteredPoStProof::kWinning64GiBV1, RegisteredUpdateProof::k64GiBV1},
}};

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

} // namespace

Expected<SizeProofs> RegisteredProofsForSize(uint64_t sector_size) {
  for (const SizeProofs &s : SIZES)
    if (s.bytes == sector_size) return s;
  return MakeError(ErrorCode::kInvalidArgument, "sector size " + std::to_string(sector_size) +
                                                    " has no parameters (2KiB, 8MiB, 512MiB, 32GiB or 64GiB)");
}

std::string PorepParametersIdentifier(const PorepConfig &config) {
  return "layered_drgporep::PublicParams{ graph: stacked_graph::StackedGraph{expansion_degree: 8 base_graph: "
         "drgraph::BucketGraph{size: " +
         std::to_string(config.nodes) + "; degree: 6; hasher: poseidon_hasher} }, challenges: LayerChallenges { " +
         "layers: " + std::to_string(config.layers) +
         ", max_count: " + std::to_string(config.challenges_per_partition) + " }, tree: merkletree-poseidon_hasher-" +
         std::to_string(config.shape.base) + "-" + std::to_string(config.shape.sub) + "-" +
         std::to_string(config.shape.top) + " }";
}

std::string PorepParameterCacheId(const PorepConfig &config) {
  const std::string id = PorepParametersIdentifier(config);
  const auto digest = hash::Sha256({reinterpret_cast<const uint8_t *>(id.data()), id.size()});
  return "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-" + std::to_string(config.shape.base) + "-" +
         std::to_string(config.shape.sub) + "-" + std::to_string(config.shape.top) + "-sha256_hasher-" +
         base::Hex(digest);
}

std::string_view CircuitKindName(CircuitKind kind) {
  switch (kind) {
  case CircuitKind::kPorep:
    return "porep";
  case CircuitKind::kWindowPoSt:
    return "window-post";
  case CircuitKind::kWinningPoSt:
    return "winning-post";
  case CircuitKind::kSnap:
    return "snap";
  }
  return "?";
}

std::optional<CircuitKind> ParseCircuitKind(std::string_view name) {
  const std::string n = Lower(name);
  if (n == "porep" || n == "porep-c2" || n == "seal-commit") return CircuitKind::kPorep;
  if (n == "wpost" || n == "window-post" || n == "windowpost") return CircuitKind::kWindowPoSt;
  if (n == "winning" || n == "winning-post" || n == "winningpost") return CircuitKind::kWinningPoSt;
  if (n == "snap" || n == "snap-deals" || n == "update") return CircuitKind::kSnap;
  return std::nullopt;
}

std::optional<uint64_t> ParseSectorSize(std::string_view text) {
  std::string t = Lower(text);
  if (t.empty()) return std::nullopt;
  size_t digits = 0;
  while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) digits++;
  if (digits == 0 || digits > 12) return std::nullopt;
  const uint64_t number = std::stoull(t.substr(0, digits));
  const std::string unit = t.substr(digits);
  int shift = -1;
  if (unit.empty() || unit == "b")
    shift = 0;
  else if (unit == "k" || unit == "kb" || unit == "kib")
    shift = 10;
  else if (unit == "m" || unit == "mb" || unit == "mib")
    shift = 20;
  else if (unit == "g" || unit == "gb" || unit == "gib")
    shift = 30;
  if (shift < 0) return std::nullopt;
  return number << shift;
}

Expected<std::string> ParameterCacheIdFor(CircuitKind kind, uint64_t sector_size) {
  auto size = RegisteredProofsForSize(sector_size);
  if (!size) return size.GetError();
  const SizeProofs &s = *size;
  switch (kind) {
  case CircuitKind::kPorep:
    return PorepParameterCacheId(PorepConfigFor(s.porep));
  case CircuitKind::kWindowPoSt:
    return FallbackParamsOf(PoStConfigFor(s.window)).ParameterCacheId();
  case CircuitKind::kWinningPoSt:
    return FallbackParamsOf(PoStConfigFor(s.winning)).ParameterCacheId();
  case CircuitKind::kSnap:
    return SnapConfigFor(s.snap).ParameterCacheId();
  }
  return MakeError(ErrorCode::kInvalidArgument, "unknown parameter kind");
}

std::string DefaultParameterCache() {
  if (const char *env = std::getenv("FIL_PROOFS_PARAMETER_CACHE"); env && *env) return env;
  return "/var/tmp/filecoin-proof-parameters";
}

} // namespace cuzk::filecoin
