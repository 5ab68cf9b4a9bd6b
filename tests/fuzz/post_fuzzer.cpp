// tests/fuzz/post_fuzzer.cpp — libFuzzer target for the PoSt vanilla proof decoders: bincode of
// FallbackPoStSectorProof (what Curio sends per sector) and its serde_json form.
//
// Input: one selector byte, then the payload. The selector's low two bits pick the expected shape
// (WindowPoSt 2KiB: Single; WinningPoSt 2KiB; 16KiB 8-8-0: Sub, shaped like 32GiB; 32KiB 8-8-2:
// Top, like 64GiB), bit 2 the format (0 bincode, 1 JSON). Seeds: tests/fuzz/seeds.cpp.
//
// Contract: the decoders return (never crash, never hang); an accepted bincode proof re-encodes to
// exactly the payload (bincode has one encoding per value); an accepted JSON proof writes JSON that
// decodes to the same proof; a rejection carries a message.
#include "filecoin/post/post_bincode.hpp"

#include "fuzz_check.hpp"
#include "post_shapes.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace cuzk::filecoin;
  if (size == 0) return 0;
  const PoStConfig config = cuzk::fuzz::PoStShape(data[0] & 3);
  const std::span<const uint8_t> payload(data + 1, size - 1);
  if (data[0] & 4) {
    const std::string_view json(reinterpret_cast<const char *>(payload.data()), payload.size());
    auto proof = FallbackPoStSectorProofFromJson(json, config);
    if (!proof) {
      CUZK_FUZZ_CHECK(!proof.ErrorMessage().empty(), "a rejected PoSt JSON has no message");
      return 0;
    }
    auto again = FallbackPoStSectorProofFromJson(FallbackPoStSectorProofToJson(*proof), config);
    CUZK_FUZZ_CHECK(again.HasValue(), "the JSON written for an accepted PoSt proof does not parse");
    CUZK_FUZZ_CHECK(EncodeFallbackPoStSectorProof(*again) == EncodeFallbackPoStSectorProof(*proof),
                    "an accepted PoSt JSON does not round-trip");
    return 0;
  }
  auto proof = DecodeFallbackPoStSectorProof(payload, config);
  if (!proof) {
    CUZK_FUZZ_CHECK(!proof.ErrorMessage().empty(), "a rejected PoSt bincode has no message");
    return 0;
  }
  const auto bytes = EncodeFallbackPoStSectorProof(*proof);
  CUZK_FUZZ_CHECK(std::ranges::equal(bytes, payload), "an accepted PoSt bincode does not re-encode to its bytes");
  return 0;
}
