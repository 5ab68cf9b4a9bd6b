// tests/filecoin_long/virtual_post_test.cpp — a full WindowPoSt 32GiB partition on virtual sectors
// (issue 6): 2349 sectors, each with its own sparse tree_r_last of the 32GiB shape (2^30 leaves,
// real leaves exactly at its challenges; filecoin/testing/virtual_post.hpp), random comm_c and
// comm_r = H(comm_c, comm_r_last). One generation of the partition serves every check:
//   - each sector's vanilla proof round-trips through bincode (24,960 bytes: 10 Sub inclusion
//     proofs of 2,484 bytes plus id, comm_r, lengths, comm_c, comm_r_last), byte for byte;
//   - the partition assembled from the decoded proofs passes FallbackPoSt verification, and a wrong
//     leaf in one sector fails it, naming the sector's position;
//   - the whole circuit (125,279,217 constraints = 2349 × 53,333, 25,840 inputs with ONE) is
//     satisfied with the verifier's public inputs, in one synthesis into StreamingCheckCS
//     (tests/common/counting_cs.hpp), which checks each constraint as it comes and keeps a bounded
//     window of values (a full assignment would be ≈ 4 GB);
//   - the fast witness (filecoin/post_witness.hpp, what the engine runs with a pre-compiled circuit)
//     equals that generic synthesis value for value, inputs and aux, with the same counts.
// Time and peak RSS are printed. (This replaces tests/filecoin/post_virtual_long_test.cpp, which
// generated a second 2349-sector partition for the bincode and rejection checks and satisfied three
// sectors' sub-circuits, all of which this full-circuit check covers.)
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/post/post_witness.hpp"
#include "filecoin/testing/virtual_post.hpp"
#include "r1cs/witness_cs.hpp"

#include "common/bytes.hpp"
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

TEST(VirtualPoStLong, Window32GiBFullPartition) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  ASSERT_EQ(cfg.sector_count, 2349u);
  const Digest32 randomness = cuzk::test::StepFr32(37, 5);
  std::vector<uint64_t> ids;
  for (uint64_t i = 0; i < cfg.sector_count; i++) ids.push_back(5000 + 7 * i);

  auto start = std::chrono::steady_clock::now();
  const auto sectors = VirtualPoStSectors(cfg, randomness, ids, 2349).Value();
  std::vector<PoStReplica> replicas;
  for (const auto &s : sectors) replicas.push_back(s.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, randomness, replicas);
  ASSERT_TRUE(vanilla.HasValue()) << vanilla.ErrorMessage();
  ASSERT_EQ(vanilla->size(), 2349u);

  // what the daemon receives: one bincode FallbackPoStSectorProof per sector
  std::vector<FallbackPoStSectorProof> received;
  for (const auto &v : *vanilla) {
    const auto bytes = EncodeFallbackPoStSectorProof(v);
    ASSERT_EQ(bytes.size(), 24960u);
    received.push_back(DecodeFallbackPoStSectorProof(bytes, cfg).Value());
    ASSERT_EQ(EncodeFallbackPoStSectorProof(received.back()), bytes) << "sector " << received.size() - 1;
  }
  const PoStPartition part = PoStPartitionFromVanilla(cfg, received).Value();
  const auto verified = VerifyPoStPartition(part, randomness);
  ASSERT_TRUE(verified.IsOk()) << verified.ErrorMessage();
  std::printf("virtual sectors + vanilla proofs + bincode round trip + verification: %.1f s\n", SecondsSince(start));
  std::fflush(stdout);

  // every public comm_r is its virtual sector's
  ASSERT_EQ(part.sectors.size(), sectors.size());
  for (size_t i = 0; i < sectors.size(); i++) ASSERT_EQ(part.sectors[i].comm_r, sectors[i].Public().comm_r);

  // one wrong leaf anywhere in the partition fails verification, naming its sector
  {
    auto bad = part;
    bad.proofs[2000].inclusion_proofs[9].leaf[0] ^= 1;
    const auto rejected = VerifyPoStPartition(bad, randomness);
    ASSERT_FALSE(rejected.IsOk());
    EXPECT_NE(rejected.ErrorMessage().find("position 2000"), std::string::npos) << rejected.ErrorMessage();
  }

  const auto publics = FallbackPoStPublicInputs(part.params, randomness, part.sectors, 0).Value();
  ASSERT_EQ(publics.size() + 1, 25840u);
  const PoStCircuitInput input = PoStCircuitInputFromPartition(part).Value();
  start = std::chrono::steady_clock::now();
  r1cs::WitnessCS witness;
  WitnessPoStCircuit(witness, input);
  const double witness_s = SecondsSince(start);

  start = std::chrono::steady_clock::now();
  // A 2^20-value window (32 MiB) is ~20 sectors' worth; a sector's constraints use nothing of the
  // sectors before it, so nothing needs pinning.
  StreamingCheckCS cs(size_t(1) << 20, 0);
  cs.ExpectWitness(witness.input_assignment, witness.aux_assignment);
  SynthesizePoStCircuit(cs, input);
  const double check_s = SecondsSince(start);
  EXPECT_EQ(cs.NumConstraints(), 125279217u);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  EXPECT_FALSE(cs.FirstDifference()) << *cs.FirstDifference();
  EXPECT_EQ(witness.NumAux(), cs.NumAux());
  EXPECT_EQ(witness.NumInputs(), cs.NumInputs());
  EXPECT_EQ(witness.NumConstraints(), cs.NumConstraints());
  std::printf("fast witness: %.1f s\n", witness_s);
  ASSERT_EQ(cs.NumInputs(), 25840u);
  for (size_t i = 0; i < publics.size(); i++) ASSERT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;
  std::printf("checked 125,279,217 constraints (%zu aux; farthest reach %zu): %.1f s; peak RSS %.0f MiB\n", cs.NumAux(),
              cs.MaxReach(), check_s, PeakRssMiB());
}
