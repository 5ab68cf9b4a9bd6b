// tests/filecoin_long/virtual_snap_test.cpp — SnapDeals 32GiB on a virtual update (issue 6): sector
// key, new data and new replica as sparse / block-wise trees of the real shapes
// (filecoin/testing/virtual_snap.hpp: non-zero data at every node, 4096 nodes of their own key and data
// over the 16 partitions). One partition's vanilla PartitionProof (86 challenges, 128 apex leaves)
// passes SnapVerifyPartition, and that partition's circuit (81,049,499 constraints) satisfies every
// constraint with the verifier's public inputs, checked in one streaming synthesis
// (tests/common/counting_cs.hpp), which also finds the fast witness (filecoin/snap_witness.hpp, what
// the engine runs with a pre-compiled circuit) equal to it value for value. Time and peak RSS are
// printed.
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_witness.hpp"
#include "filecoin/testing/virtual_snap.hpp"
#include "r1cs/witness_cs.hpp"

#include "common/counting_cs.hpp"
#include "common/stopwatch.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::PeakRssMiB;
using cuzk::test::SecondsSince;
using cuzk::test::StreamingCheckCS;

TEST(VirtualSnapLong, Update32GiBPartitionCircuitIsSatisfied) {
  const SnapConfig config = SnapConfigFor(RegisteredUpdateProof::k32GiBV1);
  ASSERT_EQ(config.sector_nodes, uint64_t(1) << 30);
  auto start = std::chrono::steady_clock::now();
  const auto update = VirtualSnapUpdateSector(config, 32, 4096).Value();
  const size_t k = 7;
  const auto proof = VirtualSnapProvePartition(update, k).Value();
  const SnapPublicInputs pub = update.PublicInputs(k);
  const auto verified = SnapVerifyPartition(config, pub, proof);
  ASSERT_TRUE(verified.IsOk()) << verified.ErrorMessage();
  ASSERT_EQ(proof.challenge_proofs.size(), 86u);
  ASSERT_EQ(proof.apex_leafs.size(), 128u);
  std::printf("virtual 32GiB update + partition proof + verification: %.1f s\n", SecondsSince(start));
  std::fflush(stdout);

  const auto input = SnapCircuitInputFromProof(config, pub, proof).Value();
  start = std::chrono::steady_clock::now();
  r1cs::WitnessCS witness;
  WitnessSnapCircuit(witness, input);
  const double witness_s = SecondsSince(start);
  start = std::chrono::steady_clock::now();
  // Pinned: everything up to the challenge loop (the apex tree's SHA-256 gadgets and the challenge
  // bits every challenge reads come first, ~6M auxiliaries); then a 2^22-value window (one
  // challenge is ~940K constraints). ~400 MiB in all, beside the witness compared with.
  StreamingCheckCS cs(size_t(1) << 22, size_t(1) << 23);
  cs.ExpectWitness(witness.input_assignment, witness.aux_assignment);
  SynthesizeSnapCircuit(cs, input);
  const double check_s = SecondsSince(start);
  EXPECT_EQ(cs.NumConstraints(), 81049499u);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  EXPECT_FALSE(cs.FirstDifference()) << *cs.FirstDifference();
  EXPECT_EQ(witness.NumAux(), cs.NumAux());
  EXPECT_EQ(witness.NumInputs(), cs.NumInputs());
  EXPECT_EQ(witness.NumConstraints(), cs.NumConstraints());
  std::printf("fast witness: %.1f s\n", witness_s);
  const auto publics = SnapCircuitPublicInputs(config, pub).Value();
  ASSERT_EQ(cs.inputs.size(), publics.size() + 1);
  for (size_t i = 0; i < publics.size(); i++) EXPECT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;
  std::printf("checked 81,049,499 constraints (%zu aux; farthest reach %zu): %.1f s; peak RSS %.0f MiB\n", cs.NumAux(),
              cs.MaxReach(), check_s, PeakRssMiB());
}
