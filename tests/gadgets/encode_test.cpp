// tests/gadgets/encode_test.cpp — the encode/decode gadgets: one constraint and one number each,
// values equal to Fr addition/subtraction (replica = key + data, spec/porep.md §2.6), decode
// inverts encode, the constraint shape is (a + b)·1 = c, and a wrong sum is caught.
#include "gadgets/encode.hpp"
#include "r1cs/r1cs.hpp"
#include "tamper_cs.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

TEST(Encode, EncodeAndDecode) {
  std::mt19937_64 rng(17);
  for (int i = 0; i < 8; i++) {
    TestCS cs;
    const Fr k = Fr::Random(rng), d = i == 0 ? -Fr::One() : Fr::Random(rng); // i = 0 wraps around r
    AllocatedNum key = AllocatedNum::Alloc(cs, k), data = AllocatedNum::Alloc(cs, d);
    AllocatedNum replica = Encode(cs, key, data);
    EXPECT_EQ(replica.Value(), k + d);
    EXPECT_EQ(cs.aux_assignment[replica.Var().index], k + d);
    AllocatedNum back = Decode(cs, key, replica);
    EXPECT_EQ(back.Value(), d);
    EXPECT_EQ(cs.NumConstraints(), 2u);
    EXPECT_EQ(cs.NumAux(), 4u);
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(Encode, ConstraintShape) {
  r1cs::RecordingCS rec;
  AllocatedNum key = AllocatedNum::Alloc(rec, Fr::Zero()), data = AllocatedNum::Alloc(rec, Fr::Zero());
  AllocatedNum replica = Encode(rec, key, data);
  ASSERT_EQ(rec.NumConstraints(), 1u);
  // A = key + data, B = ONE, C = replica
  EXPECT_EQ(rec.a.columns, (std::vector<uint32_t>{r1cs::Column::Pack(key.Var()), r1cs::Column::Pack(data.Var())}));
  EXPECT_EQ(rec.b.columns, (std::vector<uint32_t>{r1cs::Column::Pack(ConstraintSystem::One())}));
  EXPECT_EQ(rec.c.columns, (std::vector<uint32_t>{r1cs::Column::Pack(replica.Var())}));
  for (const Fr &v : rec.a.values) EXPECT_EQ(v, Fr::One());
}

TEST(Encode, WrongReplicaIsCaught) {
  test::TamperCS cs;
  cs.overrides[2] = Fr::FromUint(5); // honest 2 + 2 = 4
  AllocatedNum key = AllocatedNum::Alloc(cs, Fr::FromUint(2)), data = AllocatedNum::Alloc(cs, Fr::FromUint(2));
  Encode(cs, key, data);
  EXPECT_EQ(cs.inner.WhichIsUnsatisfied().value_or(""), "encode_add/sum constraint");
}

} // namespace
} // namespace cuzk::gadgets
