// tests/filecoin/porep/c1_envelope_test.cpp — base64 (RFC 4648 vectors), the Curio envelope written as
// Go's json.Marshal writes it, and every way an envelope can be wrong.
#include "filecoin/porep/c1_envelope.hpp"

#include "filecoin/porep/c1_json.hpp"

#include "common/bytes.hpp"
#include "filecoin/c1_sample.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::filecoin {
namespace {

using test::Bytes;

TEST(Base64, Rfc4648Vectors) {
  // RFC 4648 §10
  const std::pair<const char *, const char *> vectors[] = {{"", ""},
                                                           {"f", "Zg=="},
                                                           {"fo", "Zm8="},
                                                           {"foo", "Zm9v"},
                                                           {"foob", "Zm9vYg=="},
                                                           {"fooba", "Zm9vYmE="},
                                                           {"foobar", "Zm9vYmFy"}};
  for (auto [plain, encoded] : vectors) {
    EXPECT_EQ(Base64Encode(Bytes(plain)), encoded);
    auto back = Base64Decode(encoded);
    ASSERT_TRUE(back.HasValue()) << encoded;
    EXPECT_EQ(std::string(back->begin(), back->end()), plain);
  }
  // every byte value and both non-alphanumeric characters of the standard alphabet
  const uint8_t high[] = {0xfb, 0xff, 0xbf};
  EXPECT_EQ(Base64Encode(high), "+/+/");
}

TEST(Base64, LeavesPaddingForInPlaceJsonParsing) {
  auto bytes = Base64Decode("Zm9vYmFy");
  ASSERT_TRUE(bytes.HasValue());
  EXPECT_GE(bytes->capacity(), bytes->size() + C1_JSON_PADDING);
  EXPECT_EQ(bytes->data()[bytes->size()], 0);
}

TEST(Base64, RoundTripsRandomLengths) {
  std::mt19937_64 rng(5);
  for (size_t len = 0; len < 200; len++) {
    std::vector<uint8_t> bytes(len);
    for (auto &b : bytes) b = uint8_t(rng());
    auto back = Base64Decode(Base64Encode(bytes));
    ASSERT_TRUE(back.HasValue());
    EXPECT_EQ(*back, bytes);
  }
}

TEST(Base64, RejectsMalformedText) {
  for (const char *bad : {"Zg=", "Zm9", "Z===", "====", "Zg==Zg==", "Zm9v!A==", "Zm-v", "Zm_v", "Zm9v\n", "Z=g="}) {
    auto r = Base64Decode(bad);
    EXPECT_FALSE(r.HasValue()) << bad;
    if (!r.HasValue()) {
      EXPECT_NE(r.ErrorMessage().find("base64"), std::string::npos);
    }
  }
  auto r = Base64Decode("Zm9v!A==");
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("0x21 at offset 4"), std::string::npos) << r.ErrorMessage();
  // Go's default (non-strict) decoder ignores the unused bits of the last group: "Zh==" is "f"
  auto lax = Base64Decode("Zh==");
  ASSERT_TRUE(lax.HasValue());
  EXPECT_EQ(std::string(lax->begin(), lax->end()), "f");
}

std::string SampleC1Text() {
  auto text = WriteC1Json(test::MakeSampleC1(test::Sample2KiB(), 3));
  EXPECT_TRUE(text.HasValue());
  return *text;
}

TEST(C1Envelope, WritesGoJsonAndParsesItBack) {
  C1Envelope env;
  env.sector_num = 234;
  env.phase1_out = {'{', '}'};
  env.sector_size = 2048;
  EXPECT_EQ(WriteC1Envelope(env), R"({"SectorNum":234,"Phase1Out":"e30=","SectorSize":2048})");
  auto back = ParseC1Envelope(R"({ "SectorSize": 2048, "Other": [1], "Phase1Out": "e30=", "SectorNum": 234 })");
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  EXPECT_EQ(back->sector_num, 234);
  EXPECT_EQ(back->sector_size, 2048u);
  EXPECT_EQ(back->phase1_out, env.phase1_out);
}

TEST(C1Envelope, ParsesARequestEndToEnd) {
  const std::string c1_text = SampleC1Text();
  C1Envelope env;
  env.sector_num = 9259733836259213201ull >> 1;
  env.sector_size = 2048;
  env.phase1_out.assign(c1_text.begin(), c1_text.end());
  auto req = ParseC1Request(WriteC1Envelope(env));
  ASSERT_TRUE(req.HasValue()) << req.ErrorMessage();
  EXPECT_EQ(req->sector_num, env.sector_num);
  EXPECT_EQ(req->sector_size, 2048u);
  EXPECT_TRUE(req->c1 == test::MakeSampleC1(test::Sample2KiB(), 3));
}

TEST(C1Envelope, ErrorsSayWhatIsWrong) {
  const std::string c1_text = SampleC1Text();
  const std::string b64 = Base64Encode(Bytes(c1_text));
  auto message = [](std::string_view json) {
    auto r = ParseC1Request(json);
    EXPECT_FALSE(r.HasValue()) << json.substr(0, 120);
    return r.HasValue() ? std::string() : r.ErrorMessage();
  };
  auto has = [](const std::string &m, const std::string &part) {
    EXPECT_NE(m.find(part), std::string::npos) << "message: " << m << "\nexpected to contain: " << part;
  };
  has(message(R"({"SectorNum":1,"SectorSize":2048})"), "missing field `Phase1Out`");
  has(message(R"({"SectorNum":1,"Phase1Out":"e30=","SectorSize":2048,"SectorNum":2})"), "SectorNum: duplicate field");
  has(message(R"({"SectorNum":"1","Phase1Out":"e30=","SectorSize":2048})"), "SectorNum: expected an int64");
  has(message(R"({"SectorNum":1,"Phase1Out":null,"SectorSize":2048})"), "Phase1Out: expected a base64 string");
  has(message(R"({"SectorNum":1,"Phase1Out":"e30","SectorSize":2048})"), "Phase1Out: base64: length 3");
  has(message(R"({"SectorNum":1,"Phase1Out":"e30=","SectorSize":-5})"), "SectorSize: expected a uint64");
  has(message(R"({"SectorNum":-1,"Phase1Out":")" + b64 + R"(","SectorSize":2048})"),
      "SectorNum: expected a sector number");
  has(message(R"({"SectorNum":1,"Phase1Out":")" + b64 + R"(","SectorSize":4096})"),
      "SectorSize: expected 2048 (StackedDrg2KiBV1_1), found 4096");
  has(message(R"({"SectorNum":1,"Phase1Out":"e30=","SectorSize":2048})"),
      "C1 envelope: Phase1Out: C1 JSON: (document): missing field `registered_proof`");
  has(message(R"([1,2,3])"), "C1 envelope: expected a JSON object");
  has(message(""), "C1 envelope: not a");
  has(message(R"({"SectorNum":1,"Phase1Out":"e30=","SectorSize":2048} {})"), "trailing content after the root object");
}

} // namespace
} // namespace cuzk::filecoin
