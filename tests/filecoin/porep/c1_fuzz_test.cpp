// tests/filecoin/porep/c1_fuzz_test.cpp — seeded mutation fuzzing of the C1 JSON and envelope parsers
// (DESIGN.md rule 4: bad input never crashes the daemon). Each case truncates, overwrites,
// deletes or duplicates bytes of a valid input; the parser must either accept it (and then write
// it back and re-read it unchanged) or return an error that says which parser failed and why.
// A fixed count of cases from fixed seeds: every run checks the same inputs, however loaded the
// machine (a wall-clock budget would check fewer on a busy one).
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"

#include "filecoin/c1_sample.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace cuzk::filecoin {
namespace {

constexpr size_t CASES = 2000; // per parser

//! Characters that change JSON structure or numbers most often.
constexpr char INTERESTING[] = "{}[]\",:0123456789-.eE \\nulltrue";

std::string Mutate(const std::string &in, std::mt19937_64 &rng) {
  std::string s = in;
  auto pos = [&] { return s.empty() ? size_t(0) : size_t(rng() % s.size()); };
  switch (rng() % 5) {
  case 0: // truncate
    s.resize(pos());
    break;
  case 1: // overwrite 1–4 bytes with structural characters
    for (int n = int(rng() % 4) + 1; n > 0 && !s.empty(); n--)
      s[pos()] = INTERESTING[rng() % (sizeof(INTERESTING) - 1)];
    break;
  case 2: // overwrite one byte with any byte (invalid UTF-8 included)
    if (!s.empty()) s[pos()] = char(rng());
    break;
  case 3: { // delete a range
    size_t p = pos();
    s.erase(p, std::min<size_t>(rng() % 64 + 1, s.size() - p));
    break;
  }
  default: { // duplicate a range (repeated keys, longer arrays)
    size_t p = pos();
    s.insert(p, s.substr(p, rng() % 200 + 1));
    break;
  }
  }
  return s;
}

template <class Fn> void RunCases(const std::string &valid, uint64_t seed, Fn &&check) {
  std::mt19937_64 rng(seed);
  for (size_t n = 0; n < CASES; n++) check(Mutate(valid, rng));
}

TEST(C1Fuzz, JsonParserNeverCrashesAndExplainsEveryRejection) {
  const std::string valid = *WriteC1Json(test::MakeSampleC1(test::Sample2KiB(), 11));
  size_t accepted = 0, rejected = 0;
  RunCases(valid, 1, [&](const std::string &input) {
    auto r = ParseC1Json(input);
    if (r.HasValue()) {
      accepted++;
      auto text = WriteC1Json(*r);
      ASSERT_TRUE(text.HasValue()) << text.ErrorMessage();
      auto again = ParseC1Json(*text);
      ASSERT_TRUE(again.HasValue()) << again.ErrorMessage();
      EXPECT_TRUE(*again == *r);
    } else {
      rejected++;
      EXPECT_EQ(r.ErrorMessage().rfind("C1 JSON: ", 0), 0u) << r.ErrorMessage();
      EXPECT_GT(r.ErrorMessage().size(), 12u);
    }
  });
  EXPECT_EQ(accepted + rejected, CASES);
  EXPECT_GT(rejected, CASES / 2); // most mutations must be caught
  RecordProperty("accepted", int(accepted));
}

TEST(C1Fuzz, EnvelopeParserNeverCrashesAndExplainsEveryRejection) {
  const std::string c1 = *WriteC1Json(test::MakeSampleC1(test::Sample2KiB(), 12));
  C1Envelope env;
  env.sector_num = 77;
  env.sector_size = 2048;
  env.phase1_out.assign(c1.begin(), c1.end());
  const std::string valid = WriteC1Envelope(env);
  size_t rejected = 0;
  RunCases(valid, 2, [&](const std::string &input) {
    auto r = ParseC1Request(input);
    if (!r.HasValue()) {
      rejected++;
      EXPECT_EQ(r.ErrorMessage().rfind("C1 envelope: ", 0), 0u) << r.ErrorMessage();
    }
  });
  EXPECT_GT(rejected, CASES / 2);
}

TEST(C1Fuzz, HostileShapesAreErrorsNotCrashes) {
  // deep nesting, huge numbers, huge declared lengths never allocate by what the input claims
  std::string deep(100000, '[');
  EXPECT_FALSE(ParseC1Json(deep).HasValue());
  std::string deep_obj = R"({"vanilla_proofs":)" + std::string(5000, '[') + std::string(5000, ']') + "}";
  EXPECT_FALSE(ParseC1Json(deep_obj).HasValue());
  EXPECT_FALSE(ParseC1Json(R"({"comm_r":[99999999999999999999999999])").HasValue());
  EXPECT_FALSE(ParseC1Json(std::string("{\"registered_proof\":\"\xff\xfe\"}")).HasValue());
  EXPECT_FALSE(ParseC1Json(std::string("{\0}", 3)).HasValue());
  EXPECT_FALSE(ParseC1Request(R"({"SectorNum":1e400,"Phase1Out":"","SectorSize":1})").HasValue());
}

} // namespace
} // namespace cuzk::filecoin
