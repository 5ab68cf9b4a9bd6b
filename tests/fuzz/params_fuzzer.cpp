// tests/fuzz/params_fuzzer.cpp — libFuzzer target for bellperson's `.vk` and `.params` layouts and
// the 192-byte proof encoding (src/groth16/params_io.hpp, proof_encoding.hpp): the bytes of a
// parameter file are outside input (DESIGN.md rule 4), and proofs come back from clients to verify.
//
// Input: one selector byte, then the payload. Selector % 6: 0 / 1 a verifying key with checked /
// unchecked points, 2 / 3 a .params file so, 4 a .params file as snarkjs exports it (unchecked),
// 5 concatenated proofs. Seeds: tests/fuzz/seeds.cpp (a test setup of a small circuit).
//
// Contract: the parsers return (never crash, never hang); an accepted key, parameter set or proof
// list serialises back to exactly the payload (a .params file up to its counted trailing bytes; a
// snarkjs export drops its infinities, so it must instead serialise to bellperson's layout and parse
// back to the same value); a rejection carries a message.
#include "groth16/params_io.hpp"
#include "groth16/proof_encoding.hpp"

#include "fuzz_check.hpp"

#include <algorithm>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace cuzk::groth16;
  if (size == 0) return 0;
  const std::span<const uint8_t> payload(data + 1, size - 1);
  const unsigned mode = data[0] % 6;
  const PointChecks checks = mode % 2 == 0 && mode != 4 ? PointChecks::kChecked : PointChecks::kUnchecked;
  if (mode <= 1) {
    auto vk = ParseVerifyingKey(payload, checks);
    if (!vk) {
      CUZK_FUZZ_CHECK(!vk.ErrorMessage().empty(), "a rejected verifying key has no message");
      return 0;
    }
    CUZK_FUZZ_CHECK(std::ranges::equal(SerializeVerifyingKey(*vk), payload),
                    "an accepted verifying key does not serialise to its bytes");
    return 0;
  }
  if (mode <= 4) {
    const ParamsSource source = mode == 4 ? ParamsSource::kSnarkjsExport : ParamsSource::kBellperson;
    size_t trailing = 0;
    auto params = ParseParameters(payload, checks, &trailing, source);
    if (!params) {
      CUZK_FUZZ_CHECK(!params.ErrorMessage().empty(), "a rejected .params has no message");
      return 0;
    }
    CUZK_FUZZ_CHECK(trailing <= payload.size(), "more trailing bytes than bytes");
    const auto bytes = SerializeParameters(*params);
    if (source == ParamsSource::kBellperson) {
      CUZK_FUZZ_CHECK(std::ranges::equal(bytes, payload.first(payload.size() - trailing)),
                      "an accepted .params does not serialise to its bytes");
    } else {
      auto again = ParseParameters(bytes, PointChecks::kUnchecked);
      CUZK_FUZZ_CHECK(again && *again == *params, "an accepted snarkjs export does not round-trip");
    }
    return 0;
  }
  auto proofs = DecodeProofs(payload);
  if (!proofs) {
    CUZK_FUZZ_CHECK(!proofs.ErrorMessage().empty(), "rejected proofs have no message");
    return 0;
  }
  CUZK_FUZZ_CHECK(std::ranges::equal(EncodeProofs(*proofs), payload), "accepted proofs do not encode to their bytes");
  return 0;
}
