// tests/gadgets/uint64_test.cpp — UInt64: allocation (64 boolean constraints), bit orders, and
// PackIntoInput (one input equal to the value, one constraint), as the PoRep challenge uses it.
#include "gadgets/multipack.hpp"
#include "gadgets/uint64.hpp"
#include "r1cs/r1cs.hpp"

#include <gtest/gtest.h>

namespace cuzk::gadgets {
namespace {

using r1cs::TestCS;

TEST(UInt64, AllocAndPackIntoInput) {
  for (uint64_t v : {uint64_t(0), uint64_t(1), uint64_t(0x0123456789abcdefull), ~uint64_t(0)}) {
    TestCS cs;
    UInt64 x = UInt64::Alloc(cs, v);
    EXPECT_EQ(cs.NumConstraints(), 64u);
    EXPECT_EQ(x.Value(), v);
    x.PackIntoInput(cs);
    EXPECT_EQ(cs.NumConstraints(), 65u); // spec/porep.md §4.2: challenge UInt64 + pack = 65
    ASSERT_EQ(cs.NumInputs(), 2u);
    EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(v));
    EXPECT_TRUE(cs.IsSatisfied());
  }
}

TEST(UInt64, BitOrders) {
  TestCS cs;
  const uint64_t v = 0x8000000000000003ull;
  UInt64 x = UInt64::Alloc(cs, v);
  std::array<Boolean, 64> be = x.BitsBe();
  EXPECT_TRUE(be[0].Value() && be[63].Value() && be[62].Value() && !be[1].Value());
  EXPECT_EQ(UInt64::FromBitsBe(be).Value(), v);
  EXPECT_EQ(UInt64::FromBits(x.BitsLe()).Value(), v);
  UInt64 c = UInt64::Constant(22);
  for (const Boolean &b : c.BitsLe()) EXPECT_TRUE(b.IsConstant());
  EXPECT_EQ(UInt64::FromBits(c.BitsLe()).Value(), 22u);
  // a constant's packing still costs its input and constraint
  c.PackIntoInput(cs);
  EXPECT_EQ(cs.input_assignment.back(), Fr::FromUint(22));
  EXPECT_TRUE(cs.IsSatisfied());
}

} // namespace
} // namespace cuzk::gadgets
