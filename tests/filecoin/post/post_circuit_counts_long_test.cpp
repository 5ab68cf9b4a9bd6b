// tests/filecoin/post/post_circuit_counts_long_test.cpp — the WindowPoSt 32GiB and 64GiB circuits
// counted by synthesising their blank circuits: 2349 sectors × (313 + 10 × 5302) = 125,279,217
// constraints with 25,840 inputs and 2300 × (313 + 10 × 5616) = 129,887,900 with 25,301, the
// numbers in filecoin-proofs' constants.rs (spec/post-snap-poseidon.md §5). ~15 s of CPU.
#include "filecoin/post/post_circuit.hpp"

#include "r1cs/shape_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

std::pair<size_t, size_t> BlankCounts(RegisteredPoStProof proof) {
  auto input = BlankPoStCircuitInput(FallbackParamsOf(PoStConfigFor(proof)));
  EXPECT_TRUE(input.HasValue());
  r1cs::ShapeCS cs;
  SynthesizePoStCircuit(cs, *input);
  return {cs.NumConstraints(), cs.NumInputs()};
}

} // namespace

TEST(PoStCircuitCounts, Window32GiB) {
  EXPECT_EQ(BlankCounts(RegisteredPoStProof::kWindow32GiBV1_2), std::make_pair(size_t(125279217), size_t(25840)));
}

TEST(PoStCircuitCounts, Window64GiB) {
  EXPECT_EQ(BlankCounts(RegisteredPoStProof::kWindow64GiBV1), std::make_pair(size_t(129887900), size_t(25301)));
}
