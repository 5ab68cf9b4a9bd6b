// src/filecoin/porep/c1_json.hpp — the serde JSON of `SealCommitPhase1Output` (spec/porep.md §5), read and
// written byte-compatibly with rust-filecoin-proofs-api / filecoin-ffi.
//
// Reading is what serde_json's derived Deserialize accepts: keys in any order (Curio's Go
// `Commit1OutRaw` writes them alphabetically), unknown keys ignored, duplicate keys an error. On
// top of that every 32-byte value must be a canonical Fr (the circuit reads them all as field
// elements; Rust would panic later in `from_repr`), except `seed` and `ticket`, which are raw
// randomness. Writing is serde_json::to_vec: no whitespace, serde's field order, `_h: null` in
// every Column. Shape checks that need the sector size (counts, path lengths) are
// filecoin/porep/porep_vanilla_verify.hpp's job.
#pragma once
#include "base/expected.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace cuzk::filecoin {

//! The `VanillaSealProof` variant that goes with a registered proof name: its size prefix plus
//! "V1" ("StackedDrg32GiBV1_1_Feat_SyntheticPoRep" → "StackedDrg32GiBV1"). kInvalidArgument when the
//! name is none of the 20 RegisteredSealProof names (filecoin/core/registered_seal_proof.hpp).
Expected<std::string> VanillaProofVariantName(std::string_view registered_proof);

//! Parses C1 JSON. Errors say where (a JSON path such as
//! `vanilla_proofs.StackedDrg2KiBV1[0][1].comm_d_proofs.data.Single.path.path[3].hashes[0]`) and what
//! was expected and found: kInvalidArgument for malformed JSON, a wrong type or a missing/duplicate key,
//! kBadLength for a 32-byte value with another length, kNonCanonical for a value ≥ r.
Expected<SealCommitPhase1Output> ParseC1Json(std::string_view json);
inline Expected<SealCommitPhase1Output> ParseC1Json(std::span<const uint8_t> json) {
  return ParseC1Json(std::string_view(reinterpret_cast<const char *>(json.data()), json.size()));
}

//! Bytes that must be readable after the JSON for ParseC1JsonInPlace (simdjson's padding).
inline constexpr size_t C1_JSON_PADDING = 64;
//! ParseC1Json without copying the input: `json` must be followed by C1_JSON_PADDING readable
//! bytes (a std::vector whose capacity exceeds its size by that much, such as Base64Decode's).
Expected<SealCommitPhase1Output> ParseC1JsonInPlace(std::span<const uint8_t> json);

//! serde_json::to_vec of the struct. kInvalidArgument when registered_proof has no variant name
//! (VanillaProofVariantName) or a MerkleProof's sub/top levels contradict its kind.
Expected<std::string> WriteC1Json(const SealCommitPhase1Output &c1);

} // namespace cuzk::filecoin
