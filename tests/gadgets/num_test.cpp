// tests/gadgets/num_test.cpp — AllocatedNum and Num: counts, satisfaction, values equal to the
// field operations, both bit decompositions (with their counts derived from r − 1), and
// falsified witnesses caught.
#include "gadgets/num.hpp"
#include "r1cs/r1cs.hpp"
#include "tamper_cs.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

Fr FromBitsLe(const std::vector<Boolean> &bits) {
  Fr acc = Fr::Zero(), pow = Fr::One();
  for (const Boolean &b : bits) {
    if (b.Value()) acc += pow;
    pow = pow + pow;
  }
  return acc;
}

std::vector<Fr> SampleValues() {
  std::mt19937_64 rng(42);
  std::vector<Fr> v{Fr::Zero(), Fr::One(), -Fr::One(), -Fr::FromUint(2), Fr::FromUint(1) + Fr::FromUint(1)};
  for (int i = 0; i < 8; i++) v.push_back(Fr::Random(rng));
  return v;
}

TEST(AllocatedNum, AllocAndInputize) {
  TestCS cs;
  const Fr v = Fr::FromUint(1234567);
  AllocatedNum x = AllocatedNum::Alloc(cs, v);
  x.Inputize(cs);
  EXPECT_EQ(cs.NumAux(), 1u);
  EXPECT_EQ(cs.NumInputs(), 2u); // ONE and the new input
  EXPECT_EQ(cs.NumConstraints(), 1u);
  EXPECT_EQ(cs.input_assignment[1], v);
  EXPECT_TRUE(cs.IsSatisfied());
  AllocatedNum y = AllocatedNum::AllocInput(cs, v);
  EXPECT_TRUE(y.Var().IsInput());
  EXPECT_EQ(cs.NumInputs(), 3u);
}

TEST(AllocatedNum, InputizeCatchesAWrongAuxValue) {
  test::TamperCS cs;
  cs.overrides[0] = Fr::FromUint(8);
  AllocatedNum x = AllocatedNum::Alloc(cs, Fr::FromUint(7));
  x.Inputize(cs); // the input gets the honest 7, the aux variable 8
  EXPECT_FALSE(cs.inner.IsSatisfied());
}

TEST(AllocatedNum, Arithmetic) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 4; i++) {
    TestCS cs;
    const Fr va = Fr::Random(rng), vb = Fr::Random(rng);
    AllocatedNum a = AllocatedNum::Alloc(cs, va), b = AllocatedNum::Alloc(cs, vb);
    AllocatedNum sum = a.Add(cs, b), prod = a.Mul(cs, b), sq = a.Square(cs);
    a.AssertNonzero(cs);
    EXPECT_EQ(sum.Value(), va + vb);
    EXPECT_EQ(prod.Value(), va * vb);
    EXPECT_EQ(sq.Value(), va * va);
    EXPECT_EQ(cs.aux_assignment[prod.Var().index], va * vb);
    EXPECT_EQ(cs.NumConstraints(), 4u);
    EXPECT_EQ(cs.NumAux(), 2u + 4u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(AllocatedNum, ArithmeticCatchesWrongResults) {
  for (uint32_t target = 2; target < 5; target++) { // sum, product, square
    test::TamperCS cs;
    cs.overrides[target] = Fr::FromUint(99);
    AllocatedNum a = AllocatedNum::Alloc(cs, Fr::FromUint(3)), b = AllocatedNum::Alloc(cs, Fr::FromUint(4));
    a.Add(cs, b);
    a.Mul(cs, b);
    a.Square(cs);
    EXPECT_FALSE(cs.inner.IsSatisfied()) << target;
  }
}

TEST(AllocatedNum, AssertNonzeroOfZeroThrows) {
  TestCS cs;
  AllocatedNum z = AllocatedNum::Alloc(cs, Fr::Zero());
  EXPECT_THROW(z.AssertNonzero(cs), r1cs::SynthesisError);
  // without values (blank circuits) the same call only counts
  TestCS blank(false);
  AllocatedNum::Alloc(blank, Fr::Zero()).AssertNonzero(blank);
  EXPECT_EQ(blank.NumConstraints(), 1u);
}

TEST(AllocatedNum, ToBitsLeNonStrict) {
  for (const Fr &v : SampleValues()) {
    TestCS cs;
    AllocatedNum x = AllocatedNum::Alloc(cs, v);
    std::vector<Boolean> bits = x.ToBitsLe(cs);
    ASSERT_EQ(bits.size(), Fr::NUM_BITS);
    EXPECT_EQ(FromBitsLe(bits), v);
    EXPECT_EQ(cs.NumConstraints(), 256u); // spec/porep.md §3.1: 255 bits + 1
    EXPECT_EQ(cs.NumAux(), 1u + 255u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(AllocatedNum, ToBitsLeNonStrictAcceptsTheOtherRepresentation) {
  // x and x + r (< 2^255 for small x) recompose to the same element: the non-strict form allows
  // both, which is why Filecoin circuits only use it where the value is bound elsewhere.
  const uint64_t x = 5;
  const Fr::Repr r = Fr::MODULUS;
  Fr::Repr alt = r;
  alt[0] += x; // r's low limb is 1, no carry
  test::TamperCS cs;
  for (uint32_t i = 0; i < 255; i++) cs.overrides[1 + i] = ((alt[i / 64] >> (i % 64)) & 1) ? Fr::One() : Fr::Zero();
  AllocatedNum n = AllocatedNum::Alloc(cs, Fr::FromUint(x));
  n.ToBitsLe(cs);
  EXPECT_TRUE(cs.inner.IsSatisfied());
  // a bit pattern of another value is caught by the unpacking constraint
  test::TamperCS bad;
  bad.overrides[1] = Fr::Zero(); // bit 0 of 5 is 1
  AllocatedNum m = AllocatedNum::Alloc(bad, Fr::FromUint(x));
  m.ToBitsLe(bad);
  EXPECT_EQ(bad.inner.WhichIsUnsatisfied().value_or(""), "unpacking constraint");
}

// Constraints of the strict decomposition, derived from r − 1: a boolean per bit, one AND per
// bit of each run of ones after its first (plus one joining the previous runs), and the
// unpacking constraint.
size_t StrictCount() {
  const Fr::Repr m = (-Fr::One()).ToCanonical();
  size_t ands = 0, run = 0;
  bool had_run = false;
  for (size_t pos = 256; pos-- > 0;) {
    if ((m[pos / 64] >> (pos % 64)) & 1) {
      run++;
    } else if (run) {
      ands += run - 1 + (had_run ? 1 : 0);
      had_run = true;
      run = 0;
    }
  }
  return Fr::NUM_BITS + ands + 1;
}

TEST(AllocatedNum, ToBitsLeStrict) {
  for (const Fr &v : SampleValues()) {
    TestCS cs;
    AllocatedNum x = AllocatedNum::Alloc(cs, v);
    std::vector<Boolean> bits = x.ToBitsLeStrict(cs);
    ASSERT_EQ(bits.size(), Fr::NUM_BITS);
    EXPECT_EQ(FromBitsLe(bits), v);
    EXPECT_EQ(cs.NumConstraints(), StrictCount());
    EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
  }
}

TEST(AllocatedNum, ConditionallyReverse) {
  for (bool cond : {false, true}) {
    for (bool allocated : {false, true}) {
      TestCS cs;
      AllocatedNum a = AllocatedNum::Alloc(cs, Fr::FromUint(11)), b = AllocatedNum::Alloc(cs, Fr::FromUint(22));
      Boolean condition = allocated ? Boolean(AllocatedBit::Alloc(cs, cond)) : Boolean::Constant(cond);
      auto [c, d] = AllocatedNum::ConditionallyReverse(cs, a, b, condition);
      EXPECT_EQ(c.Value(), cond ? b.Value() : a.Value());
      EXPECT_EQ(d.Value(), cond ? a.Value() : b.Value());
      EXPECT_LT(c.Var().index, d.Var().index);
      EXPECT_EQ(cs.NumConstraints(), (allocated ? 1u : 0u) + 2u);
      EXPECT_TRUE(cs.IsSatisfied());
    }
  }
}

TEST(Num, LinearCombinationTracksValue) {
  TestCS cs;
  AllocatedNum x = AllocatedNum::Alloc(cs, Fr::FromUint(10));
  AllocatedBit b1 = AllocatedBit::Alloc(cs, true), b0 = AllocatedBit::Alloc(cs, false);
  Num n = Num(x)
              .AddBoolWithCoeff(b1, Fr::FromUint(4))
              .AddBoolWithCoeff(Boolean(b0).Not(), Fr::FromUint(3))
              .AddBoolWithCoeff(Boolean::Constant(true), Fr::FromUint(100));
  EXPECT_EQ(n.Value(), Fr::FromUint(10 + 4 + 3 + 100));
  EXPECT_EQ(n.Lc().Evaluate(cs.input_assignment, cs.aux_assignment), n.Value());
  Num sum = n.Add(Num(x)).Scale(Fr::FromUint(2));
  EXPECT_EQ(sum.Value(), Fr::FromUint(2 * (117 + 10)));
  EXPECT_EQ(sum.Lc().Evaluate(cs.input_assignment, cs.aux_assignment), sum.Value());
  EXPECT_EQ(n.Lc(Fr::FromUint(3)).Evaluate(cs.input_assignment, cs.aux_assignment), Fr::FromUint(3 * 117));
  EXPECT_TRUE(Num::Zero().Value().IsZero());
  EXPECT_TRUE(Num::Zero().Lc().Empty());
}

} // namespace
} // namespace cuzk::gadgets
