// src/filecoin/test_params.cpp — test parameter files: official names, blank circuits, a cached
// directory (filecoin/test_params.hpp).
#include "filecoin/test_params.hpp"

#include "filecoin/post_circuit.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/snap_circuit.hpp"
#include "filecoin/snap_config.hpp"
#include "filecoin/stacked_circuit.hpp"
#include "groth16/groth16.hpp"
#include "hash/sha256.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <random>
#include <unistd.h>

namespace cuzk::filecoin {
namespace {

using hash::ErrorCode;
using hash::MakeError;

std::string HexOf(std::span<const uint8_t> bytes) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : bytes) {
    out += DIGITS[b >> 4];
    out += DIGITS[b & 15];
  }
  return out;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct SizeProofs {
  uint64_t bytes;
  RegisteredSealProof porep;
  RegisteredPoStProof window, winning;
  RegisteredUpdateProof snap;
};

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

hash::Result<const SizeProofs *> FindSize(uint64_t sector_size) {
  for (const SizeProofs &s : SIZES)
    if (s.bytes == sector_size) return &s;
  return MakeError(ErrorCode::kBadArgument, "sector size " + std::to_string(sector_size) +
                                                " has no parameters (2KiB, 8MiB, 512MiB, 32GiB or 64GiB)");
}

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Records the blank circuit, runs the setup, writes both files under temporary names and renames
// them (the .vk last, so a reader that sees the .vk finds the .params complete).
template <class Circuit>
hash::Result<TestParamFiles> Generate(const Circuit &circuit, TestParamFiles files, std::optional<uint64_t> seed) {
  auto start = std::chrono::steady_clock::now();
  r1cs::RecordingCS shape;
  try {
    circuit.Synthesize(shape);
  } catch (const r1cs::SynthesisError &e) {
    return MakeError(ErrorCode::kBadArgument, std::string("blank circuit synthesis failed: ") + e.what());
  }
  files.synthesis_s = SecondsSince(start);
  files.constraints = shape.NumConstraints();
  files.inputs = shape.NumInputs();

  start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(seed ? *seed : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}());
  auto params = groth16::GenerateParametersForShape(shape, groth16::ToxicWaste::Random(rng));
  if (!params) return MakeError(ErrorCode::kBadArgument, files.cache_id + ": setup failed: " + params.ErrorMessage());
  files.setup_s = SecondsSince(start);

  start = std::chrono::steady_clock::now();
  const std::string suffix = ".tmp." + std::to_string(::getpid());
  const cuzk::Status params_written = groth16::WriteParametersFile(files.params_path + suffix, *params);
  const cuzk::Status vk_written = groth16::WriteVerifyingKeyFile(files.vk_path + suffix, params->vk);
  std::error_code ec;
  if (!params_written || !vk_written) {
    std::filesystem::remove(files.params_path + suffix, ec);
    std::filesystem::remove(files.vk_path + suffix, ec);
    return MakeError(ErrorCode::kBadArgument, files.cache_id + ": write failed: " +
                                                  (params_written ? vk_written : params_written).ErrorMessage());
  }
  std::filesystem::rename(files.params_path + suffix, files.params_path, ec);
  if (!ec) std::filesystem::rename(files.vk_path + suffix, files.vk_path, ec);
  if (ec) return MakeError(ErrorCode::kBadArgument, files.cache_id + ": rename failed: " + ec.message());
  files.write_s = SecondsSince(start);
  files.generated = true;
  return files;
}

} // namespace

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
         std::to_string(config.shape.sub) + "-" + std::to_string(config.shape.top) + "-sha256_hasher-" + HexOf(digest);
}

std::string_view TestParamsKindName(TestParamsKind kind) {
  switch (kind) {
  case TestParamsKind::kPorep:
    return "porep";
  case TestParamsKind::kWindowPoSt:
    return "window-post";
  case TestParamsKind::kWinningPoSt:
    return "winning-post";
  case TestParamsKind::kSnap:
    return "snap";
  }
  return "?";
}

std::optional<TestParamsKind> ParseTestParamsKind(std::string_view name) {
  const std::string n = Lower(name);
  if (n == "porep" || n == "porep-c2" || n == "seal-commit") return TestParamsKind::kPorep;
  if (n == "wpost" || n == "window-post" || n == "windowpost") return TestParamsKind::kWindowPoSt;
  if (n == "winning" || n == "winning-post" || n == "winningpost") return TestParamsKind::kWinningPoSt;
  if (n == "snap" || n == "snap-deals" || n == "update") return TestParamsKind::kSnap;
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

hash::Result<std::string> TestParamsCacheId(TestParamsKind kind, uint64_t sector_size) {
  auto size = FindSize(sector_size);
  if (!size) return size.error();
  const SizeProofs &s = **size;
  switch (kind) {
  case TestParamsKind::kPorep:
    return PorepParameterCacheId(PorepConfigFor(s.porep));
  case TestParamsKind::kWindowPoSt:
    return FallbackParamsOf(PoStConfigFor(s.window)).ParameterCacheId();
  case TestParamsKind::kWinningPoSt:
    return FallbackParamsOf(PoStConfigFor(s.winning)).ParameterCacheId();
  case TestParamsKind::kSnap:
    return SnapConfigFor(s.snap).ParameterCacheId();
  }
  return MakeError(ErrorCode::kBadArgument, "unknown parameter kind");
}

hash::Result<TestParamFiles> EnsureTestParameters(const TestParamsRequest &request) {
  auto size = FindSize(request.sector_size);
  if (!size) return size.error();
  const SizeProofs &s = **size;
  auto cache_id = TestParamsCacheId(request.kind, request.sector_size);
  if (!cache_id) return cache_id.error();

  std::error_code ec;
  std::filesystem::create_directories(request.dir, ec);
  if (ec) return MakeError(ErrorCode::kBadArgument, "cannot create " + request.dir + ": " + ec.message());
  TestParamFiles files;
  files.cache_id = *cache_id;
  const std::filesystem::path dir(request.dir);
  files.params_path = (dir / (files.cache_id + ".params")).string();
  files.vk_path = (dir / (files.cache_id + ".vk")).string();
  if (std::filesystem::exists(files.params_path) && std::filesystem::exists(files.vk_path)) return files;

  switch (request.kind) {
  case TestParamsKind::kPorep: {
    auto blank = BlankStackedCircuitInput(PorepConfigFor(s.porep));
    if (!blank) return blank.error();
    return Generate(StackedCircuit{std::move(blank).value()}, std::move(files), request.seed);
  }
  case TestParamsKind::kWindowPoSt:
  case TestParamsKind::kWinningPoSt: {
    const auto proof = request.kind == TestParamsKind::kWindowPoSt ? s.window : s.winning;
    auto blank = BlankPoStCircuitInput(FallbackParamsOf(PoStConfigFor(proof)));
    if (!blank) return blank.error();
    return Generate(PoStCircuit{std::move(blank).value()}, std::move(files), request.seed);
  }
  case TestParamsKind::kSnap: {
    auto blank = BlankSnapCircuitInput(SnapConfigFor(s.snap));
    if (!blank) return blank.error();
    return Generate(SnapCircuit{std::move(blank).value()}, std::move(files), request.seed);
  }
  }
  return MakeError(ErrorCode::kBadArgument, "unknown parameter kind");
}

} // namespace cuzk::filecoin
