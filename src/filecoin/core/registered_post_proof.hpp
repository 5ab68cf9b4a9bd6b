// src/filecoin/core/registered_post_proof.hpp — the registered PoSt proofs as the gRPC API numbers them
// (spec/cuzk-api.md §2.3): 0–4 WinningPoSt V1, 5–9 WindowPoSt V1, 10–14 WindowPoSt with the
// grindability fix. filecoin-ffi calls 10–14 "…V1_1"; rust-filecoin-proofs-api calls the same
// proofs "…V1_2" and runs them with ApiVersion 1.2.0 (spec/post-snap-poseidon.md §3.1), so both
// names are accepted and the numbers are the same in both enumerations.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/api_version.hpp"

#include <cstdint>
#include <string_view>

namespace cuzk::filecoin {

enum class RegisteredPoStProof : uint8_t {
  kWinning2KiBV1 = 0,
  kWinning8MiBV1 = 1,
  kWinning512MiBV1 = 2,
  kWinning32GiBV1 = 3,
  kWinning64GiBV1 = 4,
  kWindow2KiBV1 = 5,
  kWindow8MiBV1 = 6,
  kWindow512MiBV1 = 7,
  kWindow32GiBV1 = 8,
  kWindow64GiBV1 = 9,
  kWindow2KiBV1_2 = 10, //!< filecoin-ffi: StackedDrgWindow2KiBV1_1
  kWindow8MiBV1_2 = 11,
  kWindow512MiBV1_2 = 12,
  kWindow32GiBV1_2 = 13,
  kWindow64GiBV1_2 = 14,
};

inline constexpr uint64_t REGISTERED_POST_PROOF_COUNT = 15;

enum class PoStType : uint8_t { kWinning, kWindow };

//! The proof with API number `id`; kInvalidArgument (naming the valid range) for any other number.
Expected<RegisteredPoStProof> RegisteredPoStProofFromId(uint64_t id);
//! The proof named `name`, in proofs-api spelling ("StackedDrgWindow32GiBV1_2") or filecoin-ffi
//! spelling ("StackedDrgWindow32GiBV1_1" for the same proof); kInvalidArgument otherwise.
Expected<RegisteredPoStProof> RegisteredPoStProofFromName(std::string_view name);

//! rust-filecoin-proofs-api's variant name.
std::string_view ProofsApiName(RegisteredPoStProof p);
//! filecoin-ffi's variant name (differs from ProofsApiName only for 10–14).
std::string_view FfiName(RegisteredPoStProof p);

PoStType PoStTypeOf(RegisteredPoStProof p);
//! Sector size in bytes (2 KiB … 64 GiB).
uint64_t SectorSizeOf(RegisteredPoStProof p);
//! 1.0.0 for every V1 proof, 1.2.0 for 10–14.
ApiVersion ApiVersionOf(RegisteredPoStProof p);

} // namespace cuzk::filecoin
