// src/filecoin/core/registered_seal_proof.hpp — the 20 registered seal proofs of the Filecoin proofs API
// (ids 0–19, spec/porep.md §2.1, spec/vectors.md §2), their sector sizes, API versions and
// features, the porep_id each one implies, and prover_id from a miner's actor id.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/api_version.hpp"
#include "hash/sha256.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace cuzk::filecoin {

using hash::Digest32;

//! The optional feature a registered proof enables (challenge derivation differs, spec §2.2).
enum class PorepFeature { kNone, kSynthetic, kNonInteractive };

//! Registered seal proof ids exactly as the proofs API numbers them.
enum class RegisteredSealProof : uint64_t {
  kStackedDrg2KiBV1 = 0,
  kStackedDrg8MiBV1 = 1,
  kStackedDrg512MiBV1 = 2,
  kStackedDrg32GiBV1 = 3,
  kStackedDrg64GiBV1 = 4,
  kStackedDrg2KiBV1_1 = 5,
  kStackedDrg8MiBV1_1 = 6,
  kStackedDrg512MiBV1_1 = 7,
  kStackedDrg32GiBV1_1 = 8,
  kStackedDrg64GiBV1_1 = 9,
  kStackedDrg2KiBV1_1_Feat_SyntheticPoRep = 10,
  kStackedDrg8MiBV1_1_Feat_SyntheticPoRep = 11,
  kStackedDrg512MiBV1_1_Feat_SyntheticPoRep = 12,
  kStackedDrg32GiBV1_1_Feat_SyntheticPoRep = 13,
  kStackedDrg64GiBV1_1_Feat_SyntheticPoRep = 14,
  kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep = 15,
  kStackedDrg8MiBV1_2_Feat_NonInteractivePoRep = 16,
  kStackedDrg512MiBV1_2_Feat_NonInteractivePoRep = 17,
  kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep = 18,
  kStackedDrg64GiBV1_2_Feat_NonInteractivePoRep = 19,
};

inline constexpr uint64_t REGISTERED_SEAL_PROOF_COUNT = 20;
//! Ids up to this one are the legacy V1 proofs (storage-proofs-core MAX_LEGACY_POREP_REGISTERED_PROOF_ID).
inline constexpr uint64_t MAX_LEGACY_POREP_REGISTERED_PROOF_ID = 4;

inline constexpr uint64_t SECTOR_SIZE_2KIB = uint64_t(2) << 10;
inline constexpr uint64_t SECTOR_SIZE_8MIB = uint64_t(8) << 20;
inline constexpr uint64_t SECTOR_SIZE_512MIB = uint64_t(512) << 20;
inline constexpr uint64_t SECTOR_SIZE_32GIB = uint64_t(32) << 30;
inline constexpr uint64_t SECTOR_SIZE_64GIB = uint64_t(64) << 30;

//! 32 bytes: the registered proof id (u64 LE) ‖ nonce (u64 LE) ‖ 16 zero bytes.
using PorepId = std::array<uint8_t, 32>;

struct SealProofInfo {
  RegisteredSealProof proof;
  std::string_view name;         //!< the serde variant name, e.g. "StackedDrg32GiBV1_1"
  std::string_view vanilla_name; //!< the V1 name C1's vanilla_proofs map is keyed by, e.g. "StackedDrg32GiBV1"
  uint64_t sector_size;          //!< bytes
  ApiVersion api_version;
  PorepFeature feature;
};

//! Everything about a registered proof; asserts on a value outside the enum.
const SealProofInfo &GetSealProofInfo(RegisteredSealProof proof);
//! kInvalidArgument for ids ≥ 20.
Expected<RegisteredSealProof> SealProofFromId(uint64_t id);
//! The proof whose serde name is `name` (kInvalidArgument naming it otherwise).
Expected<RegisteredSealProof> SealProofFromName(std::string_view name);

//! porep_id of a registered proof (rust-filecoin-proofs-api registry.rs); the nonce is 0 today.
PorepId PorepIdOf(RegisteredSealProof proof, uint64_t nonce = 0);

//! prover_id of a miner: the unsigned LEB128 bytes of its actor id, zero-padded to 32 bytes
//! (filecoin-ffi toProverID: the payload of an ID address).
Digest32 ProverIdFromActorId(uint64_t actor_id);

} // namespace cuzk::filecoin
