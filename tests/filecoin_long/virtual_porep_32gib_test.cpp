// tests/filecoin_long/virtual_porep_32gib_test.cpp — issue 5: "a virtual 32 GiB C1: vanilla
// verification passes; a synthesis of one partition satisfies every constraint". Partition 0 of a
// virtual-sector C1 (filecoin/testing/virtual_sector.hpp) goes through the production StackedCircuit with
// witness values: 130,278,541 constraints (spec §4.2), every one satisfied, and the fast witness
// (filecoin/porep_witness.hpp, what the engine runs with a pre-compiled circuit) equal to that
// synthesis's values, element for element. Long: the satisfaction check keeps all ≈130 M aux values
// (≈4 GiB), and the witness is as large again.
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/porep/porep_witness.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/testing/virtual_sector.hpp"
#include "r1cs/test_cs.hpp"
#include "r1cs/witness_cs.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace cuzk::filecoin {
namespace {

TEST(VirtualPorep32GiB, PartitionSatisfiesTheProductionCircuit) {
  const PorepConfig config = PorepConfigFor(RegisteredSealProof::kStackedDrg32GiBV1_1);
  VirtualSectorInputs in;
  in.prover_id = ProverIdFromActorId(1000);
  in.sector_id = 32;
  in.ticket = cuzk::test::StepFr32(3, 1);
  in.seed = cuzk::test::StepFr32(7, 2);
  auto c1 = VirtualSectorC1(config, in);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  const Status verified = VerifyC1(*c1, config);
  ASSERT_TRUE(verified.IsOk()) << verified.ErrorMessage();

  auto input = StackedCircuitInputFromC1(*c1, 0, config.layers);
  ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
  r1cs::TestCS cs;
  SynthesizeStackedCircuit(cs, *input);
  EXPECT_EQ(cs.NumConstraints(), 130278541u);
  EXPECT_EQ(cs.NumInputs(), 328u); // 327 public inputs and ONE
  EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");

  r1cs::WitnessCS witness;
  WitnessStackedCircuit(witness, *input);
  EXPECT_EQ(witness.NumConstraints(), cs.NumConstraints());
  EXPECT_EQ(witness.input_assignment, cs.input_assignment);
  ASSERT_EQ(witness.aux_assignment.size(), cs.aux_assignment.size());
  const auto diff =
      std::mismatch(witness.aux_assignment.begin(), witness.aux_assignment.end(), cs.aux_assignment.begin());
  EXPECT_TRUE(diff.first == witness.aux_assignment.end())
      << "aux " << (diff.first - witness.aux_assignment.begin()) << " differs from generic synthesis";
}

} // namespace
} // namespace cuzk::filecoin
