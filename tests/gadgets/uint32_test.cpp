// tests/gadgets/uint32_test.cpp — UInt32 and MultiEq: values equal to the u32 operations,
// rotations/shifts free, xor free on constants, AddMany's result bit count and constant folding,
// and MultiEq's packing (how many constraints, when they are flushed, and that a wrong sum is
// caught).
#include "gadgets/multieq.hpp"
#include "gadgets/uint32.hpp"
#include "r1cs/r1cs.hpp"
#include "tamper_cs.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

uint32_t ValueOfBits(const UInt32 &x) {
  uint32_t v = 0;
  for (size_t i = 0; i < 32; i++) v |= uint32_t(x.Bits()[i].Value()) << i;
  return v;
}

TEST(UInt32, ConstantAllocAndBitOrder) {
  TestCS cs;
  UInt32 c = UInt32::Constant(0x80000001u);
  EXPECT_TRUE(c.Bits()[0].IsConstant() && c.Bits()[0].Value() && c.Bits()[31].Value() && !c.Bits()[1].Value());
  UInt32 a = UInt32::Alloc(cs, 0xdeadbeefu);
  EXPECT_EQ(cs.NumConstraints(), 32u);
  EXPECT_EQ(ValueOfBits(a), 0xdeadbeefu);
  std::array<Boolean, 32> be = a.BitsBe();
  EXPECT_EQ(UInt32::FromBitsBe(be).Value(), 0xdeadbeefu);
  EXPECT_EQ(UInt32::FromBits(a.Bits()).Value(), 0xdeadbeefu);
  EXPECT_EQ(be[0].Bit().Var(), a.Bits()[31].Bit().Var());
  EXPECT_TRUE(cs.IsSatisfied());
}

TEST(UInt32, RotateShiftXorChMaj) {
  std::mt19937_64 rng(3);
  for (int iter = 0; iter < 20; iter++) {
    TestCS cs;
    const uint32_t va = uint32_t(rng()), vb = uint32_t(rng()), vc = uint32_t(rng());
    UInt32 a = UInt32::Alloc(cs, va), b = UInt32::Alloc(cs, vb), c = UInt32::Alloc(cs, vc);
    const size_t before = cs.NumConstraints();
    for (size_t by : {0u, 1u, 7u, 31u, 32u, 45u}) {
      EXPECT_EQ(a.Rotr(by).Value(), std::rotr(va, int(by % 32)));
      EXPECT_EQ(ValueOfBits(a.Rotr(by)), std::rotr(va, int(by % 32)));
      EXPECT_EQ(ValueOfBits(a.Shr(by)), va >> (by % 32));
      EXPECT_EQ(a.Shr(by).Value(), va >> (by % 32));
    }
    EXPECT_EQ(cs.NumConstraints(), before); // permutations are free
    UInt32 x = a.Xor(cs, b);
    EXPECT_EQ(x.Value(), va ^ vb);
    EXPECT_EQ(ValueOfBits(x), va ^ vb);
    EXPECT_EQ(cs.NumConstraints(), before + 32);
    // xor with a shifted word: the 3 constant fill bits are free
    UInt32 y = a.Xor(cs, b.Shr(3));
    EXPECT_EQ(ValueOfBits(y), va ^ (vb >> 3));
    EXPECT_EQ(cs.NumConstraints(), before + 32 + 29);
    UInt32 ch = UInt32::Sha256Ch(cs, a, b, c), maj = UInt32::Sha256Maj(cs, a, b, c);
    EXPECT_EQ(ValueOfBits(ch), (va & vb) ^ (~va & vc));
    EXPECT_EQ(ValueOfBits(maj), (va & vb) ^ (va & vc) ^ (vb & vc));
    EXPECT_EQ(cs.NumConstraints(), before + 32 + 29 + 32 + 64);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

// bit length of n·(2^32 − 1): the number of result bits AddMany allocates
size_t ResultBits(size_t n) { return 64 - std::countl_zero(uint64_t(n) * 0xffffffffull); }

TEST(UInt32, AddManyValuesAndCounts) {
  std::mt19937_64 rng(5);
  for (size_t n = 2; n <= 10; n++) {
    TestCS cs;
    std::vector<UInt32> ops;
    uint32_t expected = 0;
    size_t allocated = 0;
    for (size_t k = 0; k < n; k++) {
      const uint32_t v = uint32_t(rng());
      expected += v;
      // mix constant and allocated operands
      if (k % 3 == 1) {
        ops.push_back(UInt32::Constant(v));
      } else {
        ops.push_back(UInt32::Alloc(cs, v));
        allocated++;
      }
    }
    const size_t before = cs.NumConstraints();
    UInt32 sum;
    {
      MultiEq meq(cs);
      sum = UInt32::AddMany(meq, ops);
      EXPECT_EQ(cs.NumConstraints() - before, ResultBits(n)); // the equality is still pending
    }
    EXPECT_EQ(cs.NumConstraints() - before, ResultBits(n) + 1); // flushed by the MultiEq's end
    EXPECT_EQ(sum.Value(), expected);
    EXPECT_EQ(ValueOfBits(sum), expected);
    EXPECT_EQ(cs.NumAux(), 32 * allocated + ResultBits(n));
    EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
  }
}

TEST(UInt32, AddManyOfConstantsIsConstant) {
  TestCS cs;
  MultiEq meq(cs);
  const UInt32 ops[3] = {UInt32::Constant(0xffffffffu), UInt32::Constant(2), UInt32::Constant(0x10)};
  UInt32 sum = UInt32::AddMany(meq, ops);
  meq.Finish();
  EXPECT_EQ(sum.Value(), 0xffffffffu + 2u + 0x10u);
  for (const Boolean &b : sum.Bits()) EXPECT_TRUE(b.IsConstant());
  EXPECT_EQ(cs.NumConstraints(), 0u);
}

TEST(MultiEq, PacksEqualitiesUntilCapacity) {
  // 34-bit sums of two operands: 254 / 34 → 7 fit in one constraint, the 8th opens a new one
  TestCS cs;
  std::mt19937_64 rng(9);
  std::vector<UInt32> words;
  for (int i = 0; i < 16; i++) words.push_back(UInt32::Alloc(cs, uint32_t(rng())));
  const size_t base = cs.NumConstraints();
  MultiEq meq(cs);
  for (size_t k = 0; k < 8; k++) {
    const UInt32 ops[2] = {words[2 * k], words[2 * k + 1]};
    UInt32 s = UInt32::AddMany(meq, ops);
    EXPECT_EQ(s.Value(), words[2 * k].Value() + words[2 * k + 1].Value());
    const size_t flushed = k >= 7 ? 1 : 0; // 7·33 = 231 bits used; 231 + 33 ≥ 254
    EXPECT_EQ(cs.NumConstraints() - base, (k + 1) * 33 + flushed) << k;
  }
  meq.Finish();
  meq.Finish(); // idempotent
  EXPECT_EQ(cs.NumConstraints() - base, 8 * 33 + 2);
  EXPECT_TRUE(cs.IsSatisfied());
}

TEST(MultiEq, WrongSumIsCaught) {
  // two additions share one packed equality; falsifying a result bit of the second (bit 0 of
  // 5 + 5 = 10 is 0) makes the packed constraint fail, though every bit is still boolean
  test::TamperCS cs;
  UInt32 a = UInt32::Alloc(cs, 5), b = UInt32::Alloc(cs, 9);
  const uint32_t first_result = uint32_t(cs.NumAux());
  cs.overrides[first_result + 33] = Fr::One();
  MultiEq meq(cs);
  const UInt32 ops[2] = {a, b}, ops2[2] = {a, a};
  UInt32::AddMany(meq, ops);
  UInt32::AddMany(meq, ops2);
  meq.Finish();
  EXPECT_EQ(cs.NumConstraints(), 64u + 66u + 1u);
  EXPECT_EQ(cs.inner.WhichIsUnsatisfied().value_or(""), "multieq 0");
}

// bellperson's addmany written plainly against MultiEq::EnforceEqual (operand combination and
// result combination built as LinearCombinations), to check that AddMany's term-by-term path
// records the same matrices.
UInt32 ReferenceAddMany(MultiEq &meq, std::span<const UInt32> operands) {
  ConstraintSystem &cs = meq.Cs();
  uint64_t max_value = operands.size() * 0xffffffffull, sum = 0;
  LinearCombination lc;
  bool all_constants = true;
  for (const UInt32 &op : operands) {
    sum += op.Value();
    Fr coeff = Fr::One();
    for (const Boolean &bit : op.Bits()) {
      lc += bit.Lc(coeff);
      all_constants &= bit.IsConstant();
      coeff = coeff.Double();
    }
  }
  if (all_constants) return UInt32::Constant(uint32_t(sum));
  std::vector<Boolean> bits;
  LinearCombination result_lc;
  Fr coeff = Fr::One();
  size_t i = 0;
  for (; max_value != 0; max_value >>= 1, i++) {
    AllocatedBit b = AllocatedBit::Alloc(cs, (sum >> i) & 1);
    result_lc.Add(b.Var(), coeff);
    bits.push_back(b);
    coeff = coeff.Double();
  }
  meq.EnforceEqual(i, lc, result_lc);
  bits.resize(32);
  return UInt32::FromBits(bits);
}

template <class Add> r1cs::RecordingCS RecordAdditions(Add add) {
  r1cs::RecordingCS rec;
  std::mt19937_64 rng(21);
  std::vector<UInt32> words;
  for (int i = 0; i < 6; i++) words.push_back(UInt32::Alloc(rec, uint32_t(rng())));
  words.push_back(UInt32::Constant(0x12345678));
  words.push_back(UInt32::Alloc(rec, 7).Rotr(5).Xor(rec, words[0].Shr(3)));
  words.push_back(words[1]); // the same variables twice: their terms merge
  std::array<Boolean, 32> negated = words[2].Bits();
  for (size_t i = 0; i < 32; i += 2) negated[i] = negated[i].Not(); // Not bits: ONE − b terms
  words.push_back(UInt32::FromBits(negated));
  {
    MultiEq meq(rec);
    for (size_t n = 2; n <= 10; n++) {
      std::vector<UInt32> ops(words.begin(), words.begin() + n);
      std::reverse(ops.begin(), ops.end());
      words.push_back(add(meq, ops));
    }
  }
  return rec;
}

TEST(UInt32, AddManyRecordsTheReferenceMatrices) {
  r1cs::RecordingCS ours =
      RecordAdditions([](MultiEq &m, std::span<const UInt32> ops) { return UInt32::AddMany(m, ops); });
  r1cs::RecordingCS ref = RecordAdditions(ReferenceAddMany);
  ASSERT_EQ(ours.NumConstraints(), ref.NumConstraints());
  EXPECT_EQ(ours.NumAux(), ref.NumAux());
  for (auto [x, y] : {std::pair(&ours.a, &ref.a), std::pair(&ours.b, &ref.b), std::pair(&ours.c, &ref.c)}) {
    EXPECT_EQ(x->row_start, y->row_start);
    EXPECT_EQ(x->columns, y->columns);
    EXPECT_TRUE(x->values == y->values);
  }
}

} // namespace
} // namespace cuzk::gadgets
