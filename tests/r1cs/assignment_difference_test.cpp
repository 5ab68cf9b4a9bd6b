// tests/r1cs/assignment_difference_test.cpp — r1cs::AssignmentDifference, on which the "equals
// generic synthesis" tests rest: "" for two syntheses of one circuit, and each field that can differ
// (a value, a length, a density's size, count or bit) named with its position.
#include "r1cs/assignment_difference.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

ProvingAssignment Random() {
  ProvingAssignment pa;
  RandomCircuit(3000, 9, 42).Synthesize(pa);
  return pa;
}

TEST(AssignmentDifference, EqualSynthesesHaveNone) { EXPECT_EQ(AssignmentDifference(Random(), Random()), ""); }

TEST(AssignmentDifference, NamesTheFirstDifferingField) {
  const ProvingAssignment reference = Random();
  ProvingAssignment x = Random();
  x.c[7] += Fr::One();
  EXPECT_EQ(AssignmentDifference(x, reference), "c[7] differs");
  x.a.pop_back(); // a comes before c
  EXPECT_EQ(AssignmentDifference(x, reference),
            "a: lengths " + std::to_string(reference.a.size() - 1) + " and " + std::to_string(reference.a.size()));
  ProvingAssignment y = Random();
  y.aux_assignment[3] += Fr::One();
  EXPECT_EQ(AssignmentDifference(y, reference), "aux[3] differs");
}

TEST(AssignmentDifference, Densities) {
  const ProvingAssignment reference = Random();
  ProvingAssignment grown = Random();
  grown.b_aux_density.AddElement();
  EXPECT_EQ(AssignmentDifference(grown, reference), "b_aux_density: sizes " +
                                                        std::to_string(reference.b_aux_density.Size() + 1) + " and " +
                                                        std::to_string(reference.b_aux_density.Size()));
  // the same size and count with one variable moved: a bit differs, the first one that does
  const size_t n = reference.a_aux_density.Size();
  ASSERT_GE(n, 70u);
  std::vector<uint64_t> words(reference.a_aux_density.Words().begin(), reference.a_aux_density.Words().end());
  size_t on = n, off = n;
  for (size_t i = 0; i < n && (on == n || off == n); i++) (reference.a_aux_density.Get(i) ? on : off) = i;
  ASSERT_TRUE(on < n && off < n);
  words[on / 64] ^= uint64_t(1) << (on % 64);
  words[off / 64] ^= uint64_t(1) << (off % 64);
  ProvingAssignment moved = Random();
  moved.a_aux_density.Assign(words, n);
  EXPECT_EQ(AssignmentDifference(moved, reference),
            "a_aux_density: bit " + std::to_string(std::min(on, off)) + " differs");
  ProvingAssignment counted = Random();
  words[on / 64] ^= uint64_t(1) << (on % 64); // one bit more than the reference
  counted.a_aux_density.Assign(words, n);
  EXPECT_EQ(AssignmentDifference(counted, reference), "a_aux_density: counts " +
                                                          std::to_string(reference.a_aux_density.Count() + 1) +
                                                          " and " + std::to_string(reference.a_aux_density.Count()));
}

} // namespace
} // namespace cuzk::r1cs
