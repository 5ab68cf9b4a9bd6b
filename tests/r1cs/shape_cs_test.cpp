// tests/r1cs/shape_cs_test.cpp — the counting pass (r1cs/shape_cs.hpp) and the capacity hint it
// gives ProvingAssignment::Reserve: the counts are the real synthesis's, no value is computed, and a
// reserved assignment holds exactly what an unreserved one does, in buffers allocated once.
#include "r1cs/assignment_difference.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/sample_circuits.hpp"
#include "r1cs/shape_cs.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

TEST(ShapeCS, CountsWhatTheProvingAssignmentHolds) {
  const RandomCircuit random(3000, 9, 42);
  ShapeCS shape;
  random.Synthesize(shape);
  ProvingAssignment pa;
  random.Synthesize(pa);
  EXPECT_EQ(shape.Shape().constraints, 3000u);
  EXPECT_EQ(shape.Shape().inputs, 10u); // ONE and 9
  EXPECT_EQ(shape.Shape().aux, 3000u);
  EXPECT_EQ(pa.Shape().constraints, shape.Shape().constraints);
  EXPECT_EQ(pa.Shape().inputs, shape.Shape().inputs);
  EXPECT_EQ(pa.Shape().aux, shape.Shape().aux);

  const MulChainCircuit chain{Fr::FromUint(3), 17};
  ShapeCS chain_shape;
  chain.Synthesize(chain_shape);
  EXPECT_EQ(chain_shape.NumConstraints(), 19u); // bind, 17 steps, output
  EXPECT_EQ(chain_shape.NumInputs(), 3u);
  EXPECT_EQ(chain_shape.NumAux(), 18u);
}

TEST(ShapeCS, ComputesNoValueAndBuildsNoConstraint) {
  ShapeCS cs;
  EXPECT_FALSE(cs.WantsValues());
  EXPECT_FALSE(cs.WantsConstraints());
  int called = 0;
  const Variable x = cs.Alloc("x", [&] {
    called++;
    return Fr::One();
  });
  const Variable y = cs.AllocInput("y", [&] {
    called++;
    return Fr::One();
  });
  int built = 0;
  auto side = [&](LinearCombination lc) {
    built++;
    return lc;
  };
  cs.Enforce("e", side, side, side);
  EXPECT_EQ(called, 0);
  EXPECT_EQ(built, 0);
  EXPECT_TRUE(x.IsAux());
  EXPECT_EQ(x.index, 0u);
  EXPECT_TRUE(y.IsInput());
  EXPECT_EQ(y.index, 1u); // after ONE
  EXPECT_EQ(cs.NumConstraints(), 1u);
}

TEST(ProvingAssignmentReserve, SameAssignmentInBuffersAllocatedOnce) {
  const RandomCircuit random(5000, 4, 7, 11);
  ShapeCS shape;
  random.Synthesize(shape);
  ProvingAssignment plain, reserved;
  random.Synthesize(plain);
  reserved.Reserve(shape.Shape());
  const Fr *a_before = reserved.a.data();
  const Fr *aux_before = reserved.aux_assignment.data();
  random.Synthesize(reserved);
  EXPECT_EQ(AssignmentDifference(plain, reserved), "");
  // never regrown: the buffers reserved are the ones filled, exactly full
  EXPECT_EQ(reserved.a.data(), a_before);
  EXPECT_EQ(reserved.aux_assignment.data(), aux_before);
  EXPECT_EQ(reserved.a.capacity(), reserved.a.size());
  EXPECT_EQ(reserved.b.capacity(), reserved.b.size());
  EXPECT_EQ(reserved.c.capacity(), reserved.c.size());
  EXPECT_EQ(reserved.aux_assignment.capacity(), reserved.aux_assignment.size());
  EXPECT_EQ(reserved.input_assignment.capacity(), reserved.input_assignment.size());
  EXPECT_GT(plain.a.capacity(), plain.a.size()); // doubling overshoots 5000
}

TEST(ProvingAssignmentReserve, AWrongHintChangesNothingButCapacity) {
  const MulChainCircuit chain{Fr::FromUint(5), 40};
  ProvingAssignment plain, small, large;
  chain.Synthesize(plain);
  small.Reserve({3, 1, 2});
  chain.Synthesize(small);
  large.Reserve({1000, 100, 1000});
  chain.Synthesize(large);
  EXPECT_EQ(AssignmentDifference(plain, small), "");
  EXPECT_EQ(AssignmentDifference(plain, large), "");
  EXPECT_EQ(large.a.capacity(), 1000u);
}

TEST(ProvingAssignmentReserve, ExtendAfterReserve) {
  // parallel synthesis appends parts into a reserved whole: same result as sequential synthesis
  const RandomCircuit head(300, 2, 1), tail(200, 3, 2);
  ProvingAssignment seq;
  head.Synthesize(seq);
  tail.Synthesize(seq);
  ProvingAssignment first, second, whole;
  head.Synthesize(first);
  tail.Synthesize(second);
  whole.Reserve(seq.Shape());
  whole.Extend(first);
  whole.Extend(second);
  EXPECT_EQ(AssignmentDifference(seq, whole), "");
  EXPECT_EQ(whole.a.capacity(), whole.a.size());
}

} // namespace
} // namespace cuzk::r1cs
