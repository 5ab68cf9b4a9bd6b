// tests/r1cs/iden3_test.cpp — circom/snarkjs .r1cs/.wtns import: the cube example of
// spec/oracles.md §1 (the bytes snarkjs accepts), and every malformation giving an error.
#include "r1cs/iden3.hpp"
#include "r1cs/iden3_bytes.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

using namespace cuzk::r1cs::test_bytes;

TEST(Iden3, CubeParsesAndIsSatisfied) {
  auto r1cs = ParseIden3R1cs(CubeR1cs());
  ASSERT_TRUE(r1cs) << r1cs.ErrorMessage();
  EXPECT_EQ(r1cs->num_wires, 5u);
  EXPECT_EQ(r1cs->NumPublic(), 1u);
  EXPECT_EQ(r1cs->NumConstraints(), 3u);
  auto w = ParseIden3Wtns(CubeWtns(3));
  ASSERT_TRUE(w) << w.ErrorMessage();
  auto circuit = Iden3Circuit::Make(std::move(*r1cs), std::move(*w));
  ASSERT_TRUE(circuit) << circuit.ErrorMessage();
  TestCS cs;
  circuit->Synthesize(cs);
  EXPECT_TRUE(cs.IsSatisfied());
  EXPECT_EQ(cs.NumInputs(), 2u);
  EXPECT_EQ(cs.NumAux(), 3u);
  EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(35));
}

TEST(Iden3, WrongWitnessIsUnsatisfied) {
  auto r1cs = ParseIden3R1cs(CubeR1cs());
  auto w = ParseIden3Wtns(CubeWtns(3));
  ASSERT_TRUE(r1cs && w);
  (*w)[1] = Fr::FromUint(36);
  auto circuit = Iden3Circuit::Make(std::move(*r1cs), std::move(*w));
  TestCS cs;
  circuit->Synthesize(cs);
  EXPECT_FALSE(cs.IsSatisfied());
}

TEST(Iden3, EveryTruncationIsAnError) {
  Bytes r = CubeR1cs(), w = CubeWtns(3);
  for (size_t n = 0; n < r.size(); n++) {
    auto p = ParseIden3R1cs(std::span(r.data(), n));
    EXPECT_FALSE(p) << n;
    if (!p) {
      EXPECT_FALSE(p.ErrorMessage().empty());
    }
  }
  for (size_t n = 0; n < w.size(); n++) EXPECT_FALSE(ParseIden3Wtns(std::span(w.data(), n))) << n;
}

TEST(Iden3, CorruptionsAreErrors) {
  auto expect_error = [](const Bytes &b, const std::string &needle) {
    auto p = ParseIden3R1cs(b);
    ASSERT_FALSE(p);
    EXPECT_NE(p.ErrorMessage().find(needle), std::string::npos) << p.ErrorMessage();
  };
  Bytes good = CubeR1cs();
  // header offsets: magic 0..4, version 4..8, nsections 8..12, section type 12..16, size 16..24,
  // n8 24..28, prime 28..60, nWires 60..64
  Bytes b = good;
  b[0] = 'x';
  expect_error(b, "magic");
  b = good;
  b[4] = 7;
  expect_error(b, "version");
  b = good;
  b[28] ^= 1;
  expect_error(b, "prime");
  b = good;
  b[24] = 48;
  expect_error(b, "field size");
  b = good;
  b[60] = 2; // two wires: the constraints use wire 4
  expect_error(b, "wire");
  b = good;
  b[16 + 7] = 0x7f; // header section claims a huge size
  expect_error(b, "claims");
  // a coefficient ≥ r: the first coefficient starts after the body header and term count + wire
  size_t body = 12 + 12 + 4 + 32 + 16 + 8 + 4; // file header, section 1 header, body of section 1
  b = good;
  for (size_t i = 0; i < 32; i++) b[body + 12 + 4 + 4 + i] = 0xff;
  expect_error(b, "coefficient");
  // a term count that cannot fit
  b = good;
  b[body + 12 + 3] = 0x40;
  expect_error(b, "terms");

  Bytes w = CubeWtns(3);
  w[24 + 4 + 32] = 6; // six values announced, five present
  EXPECT_FALSE(ParseIden3Wtns(w));
  auto r1cs = ParseIden3R1cs(good);
  EXPECT_FALSE(Iden3Circuit::Make(std::move(*r1cs), std::vector<Fr>(4, Fr::One())));
}

TEST(Iden3, MissingFileIsAnError) { EXPECT_FALSE(ReadWholeFile("/nonexistent/x.r1cs")); }

} // namespace
} // namespace cuzk::r1cs
