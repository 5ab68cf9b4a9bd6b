// tests/ec/gt_compat_test.cpp — bellperson's pairing compatibility vector (spec/vectors.md §10).
#include "common/bytes.hpp"
#include "ec/encoding.hpp"
#include "ec/gt_compression.hpp"
#include "ec/pairing.hpp"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace cuzk::ec;

namespace {

// bellperson tests/compatibility.rs::test_compat, vector 1: points in ZCash compressed form,
// gt as blstrs Gt::write_compressed.
TEST(GtCompat, BellpersonVector1) {
  auto g1 = FromCompressed<G1Curve>(
      cuzk::test::FromHex("b9f71ce42cc2b38f597eb72205c75185149bfe23e20ced0ff3cb97c7e94944c72fbd92b5b08eb76d"
                          "fa1a98fe7cf0ce7e"));
  auto g2 = FromCompressed<G2Curve>(
      cuzk::test::FromHex("b8b6d9d77834f37ffddfbd086c5ea84d1e8ad9016f62ef676fb7ef7d7af14a2cedc2cab574f79862"
                          "f85af32cbdaf9980029aba36b7ead7798090003a78a369f171f10ea64352fe3da7653919b1093e75"
                          "1ba25ef252d526aef678786f2453ca6f"));
  ASSERT_TRUE(g1) << g1.ErrorMessage();
  ASSERT_TRUE(g2) << g2.ErrorMessage();
  const auto gt = CompressGt(Pairing(*g1, *g2));
  ASSERT_TRUE(gt.has_value());
  const auto expect =
      cuzk::test::FromHex("1755278417e834229d6f519573a260b3b28e5ff146240c21cccf1a889978d3ff141f9225738d0c1ea8c658d5bb46"
                          "d701d0bb842a66eb4b67d8"
                          "3c24e4662a1a6839761f0f942aaabc545bad94d18004c47ab7130520ecd7d51ef6a757354a880af828c04cb9cd0d"
                          "eda54bac92560054f5ee5a"
                          "83e7743d34883c9283ef48ba808bef43286a140d7f68ab4ffb6a879e80180d97f2f6acee54b3df4e449093c81257"
                          "67cdd951faec4a1ecf599b"
                          "27f784fc81c0617ac467ea8d168fd7b7f47577fd11e2787b7a3f01f0901a8fcbbb9e6258d157ed2bf84f65f7f016"
                          "6e32453a5a6d6c3d70af39"
                          "ec8fa982597abbe5a0fe92029dbc519e903b04691b8b2b15d8a67725c17e61220536b27a5467d14c0fa5356538ee"
                          "429544c09245363cfffdb3"
                          "a9f40b");
  ASSERT_EQ(expect.size(), GT_COMPRESSED_BYTES);
  EXPECT_EQ(std::vector<uint8_t>(gt->begin(), gt->end()), expect);
}

TEST(GtCompat, IdentityHasNoTorusForm) { EXPECT_FALSE(CompressGt(cuzk::ff::Fp12::One()).has_value()); }

} // namespace
