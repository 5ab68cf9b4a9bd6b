// tests/filecoin/core/commitment_cid_test.cpp — comm_d / comm_r CIDs against the multiformats and
// data-segment values of spec/oracles.md §3; round trips; malformed CIDs rejected.
#include "common/bytes.hpp"
#include "filecoin/core/commitment_cid.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace cuzk::filecoin;
using cuzk::test::FromHex;
using cuzk::test::Hex;

namespace {

Digest32 D(const std::string &hex) {
  auto v = FromHex(hex);
  Digest32 d{};
  std::copy(v.begin(), v.end(), d.begin());
  return d;
}

} // namespace

TEST(CommitmentCid, CommDVectors) {
  const std::pair<const char *, const char *> vectors[] = {
      {"fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833",
       "baga6ea4seaqpy7usqklokfx2vxuynmupslkeutzexe2uqurdg5vhtebhxqmpqmy"},
      {"247cbb3cec6e53f2afd1c42f6c926667426f79d99913e1b2c7a189e32df66f32",
       "baga6ea4seaqci7f3htwg4u7sv7i4il3msjtgoqtpphmzse7bwld2dcpdfx3g6mq"},
  };
  for (auto [hex, cid] : vectors) {
    EXPECT_EQ(CommitmentToCid({CommitmentKind::kUnsealed, D(hex)}), cid);
    auto c = CommitmentFromCid(cid);
    ASSERT_TRUE(c.HasValue()) << c.ErrorMessage();
    EXPECT_EQ(c->kind, CommitmentKind::kUnsealed);
    EXPECT_EQ(Hex(c->digest), hex);
  }
}

TEST(CommitmentCid, CommRVector) {
  const std::string cid = "bagboea4b5abcbcqllihdy3zlw2qod4hb7ihxpinshrgv433qqgjkhngf23t7qcq3";
  auto c = CommitmentFromCid(cid);
  ASSERT_TRUE(c.HasValue()) << c.ErrorMessage();
  EXPECT_EQ(c->kind, CommitmentKind::kSealed);
  const std::string hex = Hex(c->digest);
  EXPECT_EQ(hex.substr(0, 8), "8a0b5a0e"); // the spec's comm_r bytes 8a0b5a0e…0a1b
  EXPECT_EQ(hex.substr(60), "0a1b");
  EXPECT_EQ(CommitmentToCid(*c), cid);
  EXPECT_EQ(CommitmentToCid({CommitmentKind::kSealed, Digest32{}}).substr(0, 13), "bagboea4b5abc");
}

TEST(CommitmentCid, MalformedCidsAreErrors) {
  const std::string good = "baga6ea4seaqpy7usqklokfx2vxuynmupslkeutzexe2uqurdg5vhtebhxqmpqmy";
  for (const std::string &bad :
       {std::string(), "z" + good.substr(1), good.substr(0, 40), good + "a", good.substr(0, 10) + "1" + good.substr(11),
        good.substr(0, 20) + "A" + good.substr(21), std::string("bafkqaaa")}) {
    auto r = CommitmentFromCid(bad);
    ASSERT_FALSE(r.HasValue()) << bad;
    EXPECT_EQ(r.Code(), cuzk::ErrorCode::kInvalidArgument);
  }
  // the comm_d codec 0xf101 with the comm_r multihash 0xb401 (bytes 01 81e203 81e802 20 ‖ 0×32) is neither
  auto mixed = CommitmentFromCid("baga6ea4b5abcaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  ASSERT_FALSE(mixed.HasValue());
  EXPECT_NE(mixed.ErrorMessage().find("not a Filecoin commitment"), std::string::npos) << mixed.ErrorMessage();
  EXPECT_TRUE(CommitmentFromCid("bagboea4b5abcaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa").HasValue());
}
