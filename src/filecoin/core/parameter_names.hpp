// src/filecoin/core/parameter_names.hpp — the official Groth16 parameter file names (`v28-…`) of
// PoRep, WindowPoSt, WinningPoSt and SnapDeals at the five published sector sizes (spec/porep.md §1,
// spec/vectors.md §9), as rust-fil-proofs' parameter cache names them. The daemon finds real and
// test parameters by these names; filecoin/testing writes test parameters under them.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/porep_config.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/core/registered_post_proof.hpp"
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/core/snap_config.hpp"

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

//! The four circuits with a parameter file per sector size.
enum class CircuitKind { kPorep, kWindowPoSt, kWinningPoSt, kSnap };

//! "porep", "window-post", "winning-post" or "snap".
std::string_view CircuitKindName(CircuitKind kind);
//! The names `cuzk-bench -t` takes (client.hpp's aliases): porep|porep-c2|seal-commit,
//! wpost|window-post|windowpost, winning|winning-post|winningpost, snap|snap-deals|update.
std::optional<CircuitKind> ParseCircuitKind(std::string_view name);
//! "2KiB", "8MiB", "512MiB", "32GiB", "64GiB" (case-insensitive, "2K"/"2KB" forms too) or a
//! number of bytes; nullopt otherwise.
std::optional<uint64_t> ParseSectorSize(std::string_view text);

//! One registered proof of each kind at one sector size; the variants of a size share their circuit,
//! hence their parameter file, so any of them names it.
struct SizeProofs {
  uint64_t bytes;
  RegisteredSealProof porep;
  RegisteredPoStProof window, winning;
  RegisteredUpdateProof snap;
};

//! The registered proofs of a published sector size: kInvalidArgument for a size that is not one of
//! the five.
Expected<SizeProofs> RegisteredProofsForSize(uint64_t sector_size);

//! The .params/.vk stem of a kind and size, as rust-fil-proofs names it. kInvalidArgument for a size
//! that is not one of the five.
Expected<std::string> ParameterCacheIdFor(CircuitKind kind, uint64_t sector_size);

//! Where parameter files are when no directory is configured: $FIL_PROOFS_PARAMETER_CACHE when set
//! and not empty, else rust-fil-proofs' default /var/tmp/filecoin-proof-parameters. The one reader of
//! that variable (the engine's srs.param_cache default, cuzk-bench's params and verify).
std::string DefaultParameterCache();

} // namespace cuzk::filecoin
