// src/filecoin/porep/c1_envelope.hpp — the request Curio and lotus-bench send for a PoRep C2:
// {"SectorNum": int64, "Phase1Out": <standard base64 of the C1 JSON>, "SectorSize": uint64}
// (spec/cuzk-api.md §2.2, spec/porep.md §5), and the base64 it needs.
#pragma once
#include "base/expected.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

//! RFC 4648 base64 with the standard alphabet and '=' padding (Go's base64.StdEncoding, which
//! encoding/json uses for []byte).
std::string Base64Encode(std::span<const uint8_t> bytes);
//! Decodes what Base64Encode writes. Like Go's non-strict decoder it ignores the unused low bits
//! of the last group; any other character, a length that is not a multiple of 4 or misplaced
//! padding is kInvalidArgument naming the offset. The result's capacity leaves C1_JSON_PADDING zero
//! bytes after its end, so a decoded C1 parses in place (ParseC1JsonInPlace).
Expected<std::vector<uint8_t>> Base64Decode(std::string_view text);

struct C1Envelope {
  int64_t sector_num = 0;
  std::vector<uint8_t> phase1_out; //!< the C1 JSON bytes
  uint64_t sector_size = 0;        //!< bytes
};

//! The envelope JSON: all three keys required (serde), any order, unknown keys ignored.
//! kInvalidArgument naming the key for a missing, duplicate or mistyped one or bad base64.
Expected<C1Envelope> ParseC1Envelope(std::string_view json);
//! Go's json.Marshal of the envelope: {"SectorNum":…,"Phase1Out":"…","SectorSize":…}.
std::string WriteC1Envelope(const C1Envelope &envelope);

//! A parsed C2 request: the envelope's numbers and its C1.
struct C1Request {
  int64_t sector_num = 0;
  uint64_t sector_size = 0;
  SealCommitPhase1Output c1;
};

//! Envelope, then base64, then C1 JSON (ParseC1Json); the sector number must be ≥ 0 and the
//! sector size must be the one of the C1's registered proof. Errors say which layer failed.
Expected<C1Request> ParseC1Request(std::string_view envelope_json);

} // namespace cuzk::filecoin
