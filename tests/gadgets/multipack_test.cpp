// tests/gadgets/multipack_test.cpp — packing bits into inputs and numbers: one input and one
// constraint per 254 bits, inputs equal to ComputeMultipacking (what verifiers compute), the
// bit-order helpers, and a falsified packed value caught.
#include "gadgets/multipack.hpp"
#include "r1cs/r1cs.hpp"
#include "tamper_cs.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

TEST(Multipack, PackIntoInputsMatchesComputeMultipacking) {
  std::mt19937_64 rng(11);
  // around the chunk boundaries, and long strings (bellpepper's test runs 0..1500)
  for (size_t n : {0u, 1u, 2u, 253u, 254u, 255u, 508u, 509u, 777u, 1499u}) {
    TestCS cs;
    std::vector<bool> values;
    std::vector<Boolean> bits;
    for (size_t i = 0; i < n; i++) {
      values.push_back(rng() & 1);
      bits.push_back(AllocatedBit::Alloc(cs, values.back()));
    }
    PackIntoInputs(cs, bits);
    const std::vector<Fr> expected = ComputeMultipacking(values);
    const size_t chunks = (n + 253) / 254;
    ASSERT_EQ(expected.size(), chunks);
    EXPECT_EQ(cs.NumInputs(), 1 + chunks);
    EXPECT_EQ(cs.NumConstraints(), n + chunks);
    for (size_t i = 0; i < chunks; i++) EXPECT_EQ(cs.input_assignment[1 + i], expected[i]);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(Multipack, ComputeMultipackingOfKnownBits) {
  // LSB first: bits 1,0,1 → 5; bit 254 starts a second element
  std::vector<bool> bits(256, false);
  bits[0] = bits[2] = true;
  bits[254] = bits[255] = true;
  const std::vector<Fr> packed = ComputeMultipacking(bits);
  ASSERT_EQ(packed.size(), 2u);
  EXPECT_EQ(packed[0], Fr::FromUint(5));
  EXPECT_EQ(packed[1], Fr::FromUint(3));
}

TEST(Multipack, PackBitsTakesAtMost254Bits) {
  for (size_t n : {0u, 3u, 254u, 256u}) {
    TestCS cs;
    std::vector<Boolean> bits;
    Fr expected = Fr::Zero(), pow = Fr::One();
    for (size_t i = 0; i < n; i++) {
      bits.push_back(i % 2 == 0 ? Boolean(AllocatedBit::Alloc(cs, true)) : Boolean::Constant(true));
      if (i < 254) expected += pow;
      pow = pow + pow;
    }
    const size_t before = cs.NumConstraints();
    AllocatedNum x = PackBits(cs, bits);
    EXPECT_EQ(cs.NumConstraints() - before, 1u); // spec §1.3: always one, even for no bits
    EXPECT_EQ(x.Value(), expected);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(Multipack, PackBitsCatchesAWrongNumber) {
  test::TamperCS cs;
  std::vector<Boolean> bits{AllocatedBit::Alloc(cs, true), AllocatedBit::Alloc(cs, true)};
  cs.overrides[2] = Fr::FromUint(4); // honest value 3
  PackBits(cs, bits);
  EXPECT_EQ(cs.inner.WhichIsUnsatisfied().value_or(""), "packing constraint");
}

TEST(Multipack, BitOrderHelpers) {
  const uint8_t bytes[2] = {0x80, 0x03};
  const std::vector<bool> be = BytesToBits(bytes), le = BytesToBitsLe(bytes);
  EXPECT_EQ(be, (std::vector<bool>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1}));
  EXPECT_EQ(le, (std::vector<bool>{0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0}));

  TestCS cs;
  std::vector<Boolean> bits = BytesIntoBooleanVecBe(cs, bytes);
  EXPECT_EQ(cs.NumConstraints(), 16u);
  for (size_t i = 0; i < 16; i++) EXPECT_EQ(bits[i].Value(), be[i]);
  // reversing each byte turns the MSB-first bits into LSB-first ones, and pads to whole bytes
  std::vector<Boolean> rev = ReverseBitNumbering(bits);
  for (size_t i = 0; i < 16; i++) EXPECT_EQ(rev[i].Value(), le[i]);
  std::vector<Boolean> partial = ReverseBitNumbering(std::vector<Boolean>(bits.begin(), bits.begin() + 3));
  ASSERT_EQ(partial.size(), 8u);
  EXPECT_TRUE(partial[0].IsConstant() && partial[4].IsConstant());
  EXPECT_EQ(partial[7].Bit().Var(), bits[0].Bit().Var());
}

} // namespace
} // namespace cuzk::gadgets
