// tests/gadgets/boolean_test.cpp — AllocatedBit and Boolean: truth tables over every kind
// (constant / is / not), the count of every operation (constants are free exactly where
// bellpepper makes them free), satisfaction, and that a wrong witness is caught.
#include "gadgets/boolean.hpp"
#include "r1cs/r1cs.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace cuzk::gadgets {
namespace {

using r1cs::RecordingCS;
using r1cs::TestCS;

// The six inputs an operand can be: constants, an allocated bit, or its negation.
struct Operand {
  Boolean::Kind kind;
  bool value;
};
std::vector<Operand> AllOperands() {
  std::vector<Operand> ops;
  for (Boolean::Kind k : {Boolean::Kind::kConstant, Boolean::Kind::kIs, Boolean::Kind::kNot})
    for (bool v : {false, true}) ops.push_back({k, v});
  return ops;
}
Boolean Make(ConstraintSystem &cs, const Operand &op) {
  switch (op.kind) {
  case Boolean::Kind::kConstant:
    return Boolean::Constant(op.value);
  case Boolean::Kind::kIs:
    return AllocatedBit::Alloc(cs, op.value);
  case Boolean::Kind::kNot:
    return Boolean(AllocatedBit::Alloc(cs, !op.value)).Not();
  }
  return {};
}

TEST(AllocatedBit, AllocIsBooleanConstrained) {
  for (bool v : {false, true}) {
    TestCS cs;
    AllocatedBit b = AllocatedBit::Alloc(cs, v);
    EXPECT_EQ(b.Value(), v);
    EXPECT_EQ(cs.aux_assignment.at(b.Var().index), v ? Fr::One() : Fr::Zero());
    EXPECT_EQ(cs.NumConstraints(), 1u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
  // the boolean constraint (1 − b)·b = 0 is as bellpepper writes it: A = ONE − b, B = b, C empty
  RecordingCS rec;
  AllocatedBit::Alloc(rec, true);
  ASSERT_EQ(rec.a.NumRows(), 1u);
  EXPECT_EQ(rec.a.columns.size(), 2u);
  EXPECT_EQ(rec.a.values[0], Fr::One());
  EXPECT_EQ(rec.a.values[1], -Fr::One());
  EXPECT_EQ(rec.b.columns.size(), 1u);
  EXPECT_TRUE(rec.c.columns.empty());
}

// A wrong witness: the same constraint with a value that is not a bit is unsatisfied.
struct NonBooleanCircuit {
  void Synthesize(ConstraintSystem &cs) const {
    Variable x = cs.Alloc("x", [] { return Fr::FromUint(2); });
    cs.Enforce(
        "boolean constraint", [&](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One()).Sub(x)); },
        [&](LinearCombination lc) { return std::move(lc.Add(x)); }, [](LinearCombination lc) { return lc; });
  }
};

TEST(AllocatedBit, NonBitValueIsUnsatisfied) {
  TestCS cs;
  NonBooleanCircuit{}.Synthesize(cs);
  EXPECT_FALSE(cs.IsSatisfied());
}

TEST(AllocatedBit, BinaryOperationsTruthTables) {
  for (bool a : {false, true}) {
    for (bool b : {false, true}) {
      TestCS cs;
      AllocatedBit x = AllocatedBit::Alloc(cs, a), y = AllocatedBit::Alloc(cs, b);
      AllocatedBit r_xor = AllocatedBit::Xor(cs, x, y);
      AllocatedBit r_and = AllocatedBit::And(cs, x, y);
      AllocatedBit r_and_not = AllocatedBit::AndNot(cs, x, y);
      AllocatedBit r_nor = AllocatedBit::Nor(cs, x, y);
      EXPECT_EQ(r_xor.Value(), a != b);
      EXPECT_EQ(r_and.Value(), a && b);
      EXPECT_EQ(r_and_not.Value(), a && !b);
      EXPECT_EQ(r_nor.Value(), !a && !b);
      EXPECT_EQ(cs.NumConstraints(), 2u + 4u);
      EXPECT_EQ(cs.NumAux(), 2u + 4u);
      EXPECT_TRUE(cs.IsSatisfied());
      // each result is bound by its constraint: the stored witness equals the value
      for (const AllocatedBit &r : {r_xor, r_and, r_and_not, r_nor})
        EXPECT_EQ(cs.aux_assignment[r.Var().index], r.Value() ? Fr::One() : Fr::Zero());
    }
  }
}

TEST(AllocatedBit, ConditionalAllocation) {
  for (bool must_be_false : {false, true}) {
    for (bool v : {false, true}) {
      TestCS cs;
      AllocatedBit guard = AllocatedBit::Alloc(cs, must_be_false);
      AllocatedBit::AllocConditionally(cs, v, guard);
      EXPECT_EQ(cs.NumConstraints(), 2u);
      EXPECT_EQ(cs.IsSatisfied(), !(must_be_false && v)) << must_be_false << v;
    }
  }
}

// Number of constraints bellpepper spends on a ⊕ b / a ∧ b: nothing when either is constant.
size_t BinaryCost(const Operand &a, const Operand &b) {
  return (a.kind == Boolean::Kind::kConstant || b.kind == Boolean::Kind::kConstant) ? 0 : 1;
}

TEST(Boolean, XorAndOrOverEveryKind) {
  for (const Operand &oa : AllOperands()) {
    for (const Operand &ob : AllOperands()) {
      TestCS cs;
      Boolean a = Make(cs, oa), b = Make(cs, ob);
      const size_t before = cs.NumConstraints();
      Boolean x = Boolean::Xor(cs, a, b);
      EXPECT_EQ(cs.NumConstraints() - before, BinaryCost(oa, ob));
      Boolean y = Boolean::And(cs, a, b);
      EXPECT_EQ(cs.NumConstraints() - before, 2 * BinaryCost(oa, ob));
      Boolean z = Boolean::Or(cs, a, b);
      EXPECT_EQ(cs.NumConstraints() - before, 3 * BinaryCost(oa, ob));
      EXPECT_EQ(x.Value(), oa.value != ob.value);
      EXPECT_EQ(y.Value(), oa.value && ob.value);
      EXPECT_EQ(z.Value(), oa.value || ob.value);
      // constant in, constant out
      if (BinaryCost(oa, ob) == 0 && oa.kind == ob.kind) {
        EXPECT_TRUE(x.IsConstant() && y.IsConstant());
      }
      // the Boolean's linear combination evaluates to its value in the witness
      for (const Boolean &r : {x, y, z})
        EXPECT_EQ(r.Lc().Evaluate(cs.input_assignment, cs.aux_assignment), r.Value() ? Fr::One() : Fr::Zero());
      EXPECT_TRUE(cs.IsSatisfied());
    }
  }
}

// bellpepper's fast paths: how many constraints ch/maj cost for given constant-ness.
size_t ChCost(const Operand &a, const Operand &b, const Operand &c) {
  using K = Boolean::Kind;
  const bool ac = a.kind == K::kConstant, bc = b.kind == K::kConstant, cc = c.kind == K::kConstant;
  if (ac && bc && cc) return 0;
  if (ac && !a.value) return 0;
  if (bc) return ac ? 0 : (cc ? 0 : 1); // and(¬a, c) or ¬and(¬a, ¬c)
  if (cc) return ac ? 0 : 1;            // and(a, b) or ¬and(a, ¬b)
  return 1;                             // one new bit
}
size_t MajCost(const Operand &a, const Operand &b, const Operand &c) {
  using K = Boolean::Kind;
  const int constants = (a.kind == K::kConstant) + (b.kind == K::kConstant) + (c.kind == K::kConstant);
  if (constants >= 2) return 0; // an and of a constant is free
  if (constants == 1) return 1;
  return 2; // maj and b∧c
}

TEST(Boolean, Sha256ChMajOverEveryKind) {
  for (const Operand &oa : AllOperands()) {
    for (const Operand &ob : AllOperands()) {
      for (const Operand &oc : AllOperands()) {
        TestCS cs;
        Boolean a = Make(cs, oa), b = Make(cs, ob), c = Make(cs, oc);
        size_t before = cs.NumConstraints();
        Boolean ch = Boolean::Sha256Ch(cs, a, b, c);
        EXPECT_EQ(cs.NumConstraints() - before, ChCost(oa, ob, oc));
        before = cs.NumConstraints();
        Boolean maj = Boolean::Sha256Maj(cs, a, b, c);
        EXPECT_EQ(cs.NumConstraints() - before, MajCost(oa, ob, oc));
        const bool av = oa.value, bv = ob.value, cv = oc.value;
        EXPECT_EQ(ch.Value(), (av && bv) != (!av && cv));
        EXPECT_EQ(maj.Value(), (av && bv) || (av && cv) || (bv && cv));
        for (const Boolean &r : {ch, maj})
          EXPECT_EQ(r.Lc().Evaluate(cs.input_assignment, cs.aux_assignment), r.Value() ? Fr::One() : Fr::Zero());
        EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
      }
    }
  }
}

TEST(Boolean, MajAllocatesItsBitBeforeTheAnd) {
  TestCS cs;
  Boolean a = AllocatedBit::Alloc(cs, true), b = AllocatedBit::Alloc(cs, false), c = AllocatedBit::Alloc(cs, true);
  Boolean maj = Boolean::Sha256Maj(cs, a, b, c);
  EXPECT_EQ(maj.Bit().Var().index, 3u); // the b∧c bit is aux 4
  EXPECT_EQ(cs.NumAux(), 5u);
}

TEST(Boolean, EnforceEqual) {
  for (const Operand &oa : AllOperands()) {
    for (const Operand &ob : AllOperands()) {
      TestCS cs;
      Boolean a = Make(cs, oa), b = Make(cs, ob);
      const size_t before = cs.NumConstraints();
      if (oa.kind == Boolean::Kind::kConstant && ob.kind == Boolean::Kind::kConstant) {
        if (oa.value == ob.value)
          Boolean::EnforceEqual(cs, a, b);
        else
          EXPECT_THROW(Boolean::EnforceEqual(cs, a, b), r1cs::SynthesisError);
        EXPECT_EQ(cs.NumConstraints(), before);
        continue;
      }
      Boolean::EnforceEqual(cs, a, b);
      EXPECT_EQ(cs.NumConstraints() - before, 1u);
      EXPECT_EQ(cs.IsSatisfied(), oa.value == ob.value);
    }
  }
}

TEST(Boolean, U64BitsLittleEndian) {
  TestCS cs;
  const uint64_t v = 0x8000'0000'dead'beefull;
  std::vector<Boolean> bits = U64IntoBooleanVecLe(cs, v);
  ASSERT_EQ(bits.size(), 64u);
  for (size_t i = 0; i < 64; i++) EXPECT_EQ(bits[i].Value(), bool((v >> i) & 1));
  EXPECT_EQ(cs.NumConstraints(), 64u);
  EXPECT_TRUE(cs.IsSatisfied());
}

TEST(Boolean, FieldBitsLittleEndian) {
  TestCS cs;
  const Fr v = -Fr::FromUint(2); // r − 2: uses all 255 bits
  std::vector<Boolean> bits = FieldIntoBooleanVecLe(cs, v);
  ASSERT_EQ(bits.size(), 255u);
  Fr acc = Fr::Zero(), pow = Fr::One();
  for (const Boolean &b : bits) {
    if (b.Value()) acc += pow;
    pow = pow + pow;
  }
  EXPECT_EQ(acc, v);
  EXPECT_EQ(cs.NumConstraints(), 255u);
  EXPECT_TRUE(cs.IsSatisfied());
}

} // namespace
} // namespace cuzk::gadgets
