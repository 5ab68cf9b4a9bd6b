// tests/fuzz/c1_fuzzer.cpp — libFuzzer target for the C1 JSON and envelope parsers (DESIGN.md
// rule 4). The default suite runs a bounded seeded mutation test (tests/filecoin/porep/c1_fuzz_test.cpp);
// this target is for open-ended coverage-guided runs (scripts/fuzz.sh c1).
//
// Input: a C1 JSON, or an envelope when it starts with {"S (one corpus serves both). Seeds:
// tests/fuzz/seeds.cpp (small C1s of each Merkle proof kind and an envelope).
//
// Contract checked on every input: the parsers return (never crash, never hang); an accepted C1
// writes back to JSON that parses to the same value; a rejection carries a message.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"

#include "fuzz_check.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  // the first byte picks the parser, so one corpus serves both
  if (size > 0 && data[0] == '{' && size > 1 && data[1] == '"' && size > 2 && data[2] == 'S') {
    auto req = cuzk::filecoin::ParseC1Request(text);
    CUZK_FUZZ_CHECK(req.HasValue() || !req.ErrorMessage().empty(), "a rejected envelope has no message");
    return 0;
  }
  auto c1 = cuzk::filecoin::ParseC1Json(text);
  if (!c1.HasValue()) {
    CUZK_FUZZ_CHECK(!c1.ErrorMessage().empty(), "a rejected C1 has no message");
    return 0;
  }
  auto written = cuzk::filecoin::WriteC1Json(*c1);
  // a parsed C1 always has a writable registered proof and kinds
  CUZK_FUZZ_CHECK(written.HasValue(), "an accepted C1 cannot be written");
  auto again = cuzk::filecoin::ParseC1Json(*written);
  CUZK_FUZZ_CHECK(again.HasValue() && *again == *c1, "an accepted C1 does not round-trip");
  return 0;
}
