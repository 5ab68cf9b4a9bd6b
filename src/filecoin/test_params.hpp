// src/filecoin/test_params.hpp — local, insecure Groth16 parameters for the blank circuits of
// PoRep, WindowPoSt, WinningPoSt and SnapDeals, written under the official file names
// (DESIGN.md "Test parameters"; spec/porep.md §1, spec/vectors.md §9) so that the daemon loads
// test and real parameters the same way.
//
// Whoever ran the setup knows its secrets and can forge proofs: these files are for tests only.
// The real ones come from Filecoin's phase-2 MPC and have the same names; a directory that
// already holds both files of a circuit is reused as it is (a cache), whatever made them.
#pragma once
#include "filecoin/porep_config.hpp"
#include "hash/result.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cuzk::filecoin {

//! The PoRep public-params identifier (storage-proofs-porep vanilla/params.rs `identifier`):
//! graph size, layers, challenges per partition and tree shape. No api version, no porep_id, no
//! challenge type: every registered variant of a size shares one parameter file.
std::string PorepParametersIdentifier(const PorepConfig &config);
//! "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-B-S-T-sha256_hasher-" ‖ hex
//! SHA-256 of the identifier: the .params/.vk file name without its extension.
std::string PorepParameterCacheId(const PorepConfig &config);

enum class TestParamsKind { kPorep, kWindowPoSt, kWinningPoSt, kSnap };

//! "porep", "window-post", "winning-post" or "snap".
std::string_view TestParamsKindName(TestParamsKind kind);
//! The names `cuzk-bench -t` takes (client.hpp's aliases): porep|porep-c2|seal-commit,
//! wpost|window-post|windowpost, winning|winning-post|winningpost, snap|snap-deals|update.
std::optional<TestParamsKind> ParseTestParamsKind(std::string_view name);
//! "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" (case-insensitive, "2K"/"2KB" forms too) or a
//! number of bytes; nullopt otherwise.
std::optional<uint64_t> ParseSectorSize(std::string_view text);

struct TestParamsRequest {
  TestParamsKind kind = TestParamsKind::kPorep;
  uint64_t sector_size = 0; //!< bytes: one of the five published sizes
  std::string dir;          //!< created when missing
  //! seeds the setup's secrets (reproducible files); unset → std::random_device
  std::optional<uint64_t> seed;
};

struct TestParamFiles {
  std::string cache_id; //!< the file stem
  std::string params_path, vk_path;
  bool generated = false; //!< false: both files were already in the directory
  size_t constraints = 0; //!< of the blank circuit (0 when reused)
  size_t inputs = 0;      //!< public inputs with ONE (0 when reused)
  double synthesis_s = 0; //!< recording the blank circuit
  double setup_s = 0;     //!< GenerateParametersForShape
  double write_s = 0;
};

//! The .params/.vk stem of a kind and size, as rust-fil-proofs names it. kBadArgument for a size
//! that is not one of the five.
hash::Result<std::string> TestParamsCacheId(TestParamsKind kind, uint64_t sector_size);

//! Returns the files of request.kind/sector_size in request.dir, running the setup over the blank
//! circuit only when one of the two is missing. Files are written under temporary names and
//! renamed, so a concurrent or interrupted run never leaves a torn file under the official name.
//! kBadArgument for an unknown size, a directory that cannot be created, or a failed setup/write.
hash::Result<TestParamFiles> EnsureTestParameters(const TestParamsRequest &request);

} // namespace cuzk::filecoin
