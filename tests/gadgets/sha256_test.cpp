// tests/gadgets/sha256_test.cpp — the SHA-256 gadget: bellperson's counts (25,840 per fully
// variable compression, 44,874 for 512 variable bits), digests equal to OpenSSL's SHA-256 for
// every length bellperson tests (and the FIPS 180-2 examples), constant input folding to zero
// constraints, the same count without values (blank circuits), and satisfaction.
#include "gadgets/multipack.hpp"
#include "gadgets/sha256.hpp"
#include "hash/sha256.hpp"
#include "r1cs/r1cs.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

std::vector<Boolean> AllocBits(ConstraintSystem &cs, const std::vector<bool> &values) {
  std::vector<Boolean> bits;
  bits.reserve(values.size());
  for (bool v : values) bits.push_back(AllocatedBit::Alloc(cs, v));
  return bits;
}

std::vector<bool> Values(const std::vector<Boolean> &bits) {
  std::vector<bool> v;
  for (const Boolean &b : bits) v.push_back(b.Value());
  return v;
}

std::vector<bool> RandomBits(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<bool> v(n);
  for (size_t i = 0; i < n; i++) v[i] = rng() & 1;
  return v;
}

TEST(Sha256Gadget, CompressionOfVariableBlockCosts25840) {
  TestCS cs;
  std::vector<Boolean> input = AllocBits(cs, RandomBits(512, 1));
  const std::array<UInt32, 8> iv = Sha256Iv();
  Sha256CompressionFunction(cs, input, iv);
  EXPECT_EQ(cs.NumConstraints() - 512, 25840u);
  EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
}

TEST(Sha256Gadget, HashOf512VariableBitsCosts44874AndMatchesOpenSsl) {
  const std::vector<bool> values = RandomBits(512, 2);
  TestCS cs;
  std::vector<Boolean> input = AllocBits(cs, values);
  std::vector<Boolean> digest = Sha256(cs, input);
  EXPECT_EQ(cs.NumConstraints() - 512, 44874u);
  EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
  std::vector<uint8_t> bytes(64);
  for (size_t i = 0; i < 512; i++) bytes[i / 8] |= uint8_t(values[i]) << (7 - i % 8);
  const hash::Digest32 expected = hash::Sha256(bytes);
  EXPECT_EQ(Values(digest), BytesToBits(expected));
}

TEST(Sha256Gadget, BlankCircuitHasTheSameCount) {
  // without values (parameter generation) nothing is computed, but the shape is the same
  TestCS blank(false);
  std::vector<Boolean> input = AllocBits(blank, std::vector<bool>(512, false));
  Sha256(blank, input);
  EXPECT_EQ(blank.NumConstraints() - 512, 44874u);
  r1cs::RecordingCS rec;
  std::vector<Boolean> rec_input = AllocBits(rec, std::vector<bool>(512, false));
  Sha256(rec, rec_input);
  EXPECT_EQ(rec.NumConstraints(), blank.NumConstraints());
  EXPECT_EQ(rec.NumAux(), blank.NumAux());
}

TEST(Sha256Gadget, MatchesOpenSslOnEveryLength) {
  // bellperson's test_against_vectors: 0..31 bytes, then multiples of 8 up to 248
  std::mt19937_64 rng(3);
  std::vector<size_t> lengths;
  for (size_t n = 0; n < 32; n++) lengths.push_back(n);
  for (size_t n = 32; n < 256; n += 8) lengths.push_back(n);
  for (size_t n : lengths) {
    std::vector<uint8_t> data(n);
    for (uint8_t &b : data) b = uint8_t(rng());
    TestCS cs;
    std::vector<Boolean> input = AllocBits(cs, BytesToBits(data));
    std::vector<Boolean> digest = Sha256(cs, input);
    EXPECT_TRUE(cs.IsSatisfied()) << n;
    EXPECT_EQ(Values(digest), BytesToBits(hash::Sha256(data))) << n;
    for (const Boolean &b : digest) EXPECT_EQ(b.IsConstant(), n == 0); // only the empty message folds
  }
}

TEST(Sha256Gadget, FipsExamples) {
  // FIPS 180-2 appendix B: "abc" (one block) and the 448-bit message (two blocks)
  const std::pair<std::string, std::string> cases[] = {
      {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
  };
  for (const auto &[msg, hex] : cases) {
    TestCS cs;
    std::vector<Boolean> digest =
        Sha256(cs, AllocBits(cs, BytesToBits(std::span(reinterpret_cast<const uint8_t *>(msg.data()), msg.size()))));
    std::vector<uint8_t> expected(32);
    for (size_t i = 0; i < 32; i++) expected[i] = uint8_t(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
    EXPECT_EQ(Values(digest), BytesToBits(expected)) << msg;
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(Sha256Gadget, ConstantInputCostsNothing) {
  // bellperson's test_blank_hash: the padded empty message as constants → e3b0c442…, 0 constraints
  TestCS cs;
  std::vector<Boolean> input(512, Boolean::Constant(false));
  input[0] = Boolean::Constant(true);
  std::vector<Boolean> digest = Sha256BlockNoPadding(cs, input);
  EXPECT_EQ(cs.NumConstraints(), 0u);
  const uint8_t empty = 0;
  EXPECT_EQ(Values(digest), BytesToBits(hash::Sha256(std::span<const uint8_t>(&empty, 0))));
}

TEST(Sha256Gadget, ProvingAssignmentAgreesWithTestCS) {
  const std::vector<bool> values = RandomBits(256, 4);
  TestCS cs;
  Sha256(cs, AllocBits(cs, values));
  r1cs::ProvingAssignment pa;
  Sha256(pa, AllocBits(pa, values));
  EXPECT_EQ(pa.NumConstraints(), cs.NumConstraints());
  EXPECT_EQ(pa.aux_assignment, cs.aux_assignment);
  for (size_t i = 0; i < pa.NumConstraints(); i++) ASSERT_EQ(pa.a[i] * pa.b[i], pa.c[i]) << i;
}

} // namespace
} // namespace cuzk::gadgets
