// tests/fuzz/c1_fuzzer.cpp — libFuzzer target for the C1 JSON and envelope parsers (DESIGN.md
// rule 4). The default suite runs a bounded seeded mutation test (tests/filecoin/porep/c1_fuzz_test.cpp);
// this target is for open-ended coverage-guided runs: scripts/fuzz-c1.sh builds it with clang
// (-fsanitize=fuzzer,address,undefined) and runs it on a seed corpus of valid inputs.
//
// Contract checked on every input: the parsers return (never crash, never hang); an accepted C1
// writes back to JSON that parses to the same value; a rejection carries a message.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"

#include "../filecoin/c1_sample.hpp"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace {

void WriteSeed(const std::string &dir, const std::string &name, const std::string &bytes) {
  std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
}

} // namespace

//! With CUZK_C1_FUZZ_SEEDS=<dir>, writes a seed corpus first: small C1s of each Merkle proof kind
//! (shapes smaller than any sector's, which parsing does not check) and an envelope.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  const char *dir = std::getenv("CUZK_C1_FUZZ_SEEDS");
  if (!dir) return 0;
  using cuzk::filecoin::MerkleProofKind;
  const cuzk::test::C1SampleShape shapes[] = {
      {"StackedDrg2KiBV1_1", 1, 1, 2, 3, MerkleProofKind::kSingle, 1, 0, 0},
      {"StackedDrg32GiBV1", 2, 1, 2, 2, MerkleProofKind::kSub, 1, 8, 0},
      {"StackedDrg64GiBV1_2_Feat_NonInteractivePoRep", 1, 1, 1, 2, MerkleProofKind::kTop, 1, 8, 2}};
  for (size_t i = 0; i < std::size(shapes); i++) {
    const std::string json = *cuzk::filecoin::WriteC1Json(cuzk::test::MakeSampleC1(shapes[i], i));
    WriteSeed(dir, "c1_" + std::to_string(i) + ".json", json);
    if (i == 0) {
      cuzk::filecoin::C1Envelope env;
      env.sector_num = 5;
      env.sector_size = 2048;
      env.phase1_out.assign(json.begin(), json.end());
      WriteSeed(dir, "envelope.json", cuzk::filecoin::WriteC1Envelope(env));
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  // the first byte picks the parser, so one corpus serves both
  if (size > 0 && data[0] == '{' && size > 1 && data[1] == '"' && size > 2 && data[2] == 'S') {
    auto req = cuzk::filecoin::ParseC1Request(text);
    if (!req.ok() && req.error().message.empty()) std::abort();
    return 0;
  }
  auto c1 = cuzk::filecoin::ParseC1Json(text);
  if (!c1.ok()) {
    if (c1.error().message.empty()) std::abort();
    return 0;
  }
  auto written = cuzk::filecoin::WriteC1Json(*c1);
  if (!written.ok()) std::abort(); // a parsed C1 always has a writable registered proof and kinds
  auto again = cuzk::filecoin::ParseC1Json(*written);
  if (!again.ok() || !(*again == *c1)) std::abort();
  return 0;
}
