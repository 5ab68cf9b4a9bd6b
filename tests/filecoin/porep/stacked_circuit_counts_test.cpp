// tests/filecoin/porep/stacked_circuit_counts_test.cpp — the 32GiB and 64GiB PoRep partition circuits
// counted whole (issue 5): the blank circuit parameter generation synthesises
// (BlankStackedCircuitInput of the registered proof's configuration: 18 challenges, 11 layers, the
// production tree shapes) into a counting constraint system that builds neither values nor linear
// combinations. Spec/porep.md §1 and §4.2: 130,278,541 and 131,185,849 constraints, 327 public
// inputs and ONE; aux counts from the reference model. One test per size so ctest can run them in
// parallel.
#include "filecoin/porep/stacked_circuit.hpp"

#include "r1cs/shape_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

struct Counts {
  size_t constraints, inputs, aux;
  bool operator==(const Counts &) const = default;
};

void PrintTo(const Counts &c, std::ostream *os) {
  *os << c.constraints << " constraints, " << c.inputs << " inputs, " << c.aux << " aux";
}

Counts BlankPartitionCounts(RegisteredSealProof proof) {
  auto input = BlankStackedCircuitInput(PorepConfigFor(proof));
  EXPECT_TRUE(input.HasValue()) << input.ErrorMessage();
  r1cs::ShapeCS cs;
  SynthesizeStackedCircuit(cs, *input);
  return {cs.NumConstraints(), cs.NumInputs(), cs.NumAux()};
}

} // namespace

TEST(StackedCircuitCounts, Whole32GiBPartition) {
  EXPECT_EQ(BlankPartitionCounts(RegisteredSealProof::kStackedDrg32GiBV1_1), (Counts{130278541, 328, 130169893}));
}

TEST(StackedCircuitCounts, Whole64GiBPartition) {
  EXPECT_EQ(BlankPartitionCounts(RegisteredSealProof::kStackedDrg64GiBV1_1), (Counts{131185849, 328, 131076643}));
}
