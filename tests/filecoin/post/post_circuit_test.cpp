// tests/filecoin/post/post_circuit_test.cpp — the FallbackPoSt circuit: exact constraint and input
// counts of upstream's tests (spec/post-snap-poseidon.md §5: 16,869 / 22,674 / 27,384 / 11,246) and of
// the production sizes (Window 2KiB 21,866, 8MiB 64,266, 512MiB 85,466; Winning 90,750 / 230,670 /
// 300,630 / 370,590 (32GiB) / 391,314 (64GiB); Window 32/64GiB in post_circuit_counts_long_test); witnesses from real
// vanilla proofs of seeded sealed-like sectors satisfy every constraint and expose exactly the verifier-side public
// inputs; tampered witnesses do not satisfy it.
#include "filecoin/post/post_circuit.hpp"

#include "filecoin/post_test_sectors.hpp"
#include "r1cs/assignment_difference.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape_cs.hpp"
#include "r1cs/test_cs.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

std::pair<size_t, size_t> BlankCounts(const FallbackPoStParams &params) {
  auto input = BlankPoStCircuitInput(params);
  EXPECT_TRUE(input.HasValue());
  r1cs::ShapeCS cs;
  SynthesizePoStCircuit(cs, *input);
  return {cs.NumConstraints(), cs.NumInputs()};
}

//! upstream fallback_circuit.rs test configurations: leaves = 64·base trees, 5 challenges, V1_1_0
FallbackPoStParams TestParams(TreeShape shape, size_t sectors) {
  const uint64_t base_trees = (shape.sub ? shape.sub : 1) * (shape.top ? shape.top : 1);
  FallbackPoStParams p;
  p.sector_size = 64 * base_trees * 32;
  p.challenge_count = 5;
  p.sector_count = sectors;
  p.api_version = ApiVersion::kV1_1_0;
  p.tree_shape = shape;
  return p;
}

Digest32 Randomness(uint8_t salt) { return cuzk::test::StepFr32(11, salt); }

struct Partition {
  std::vector<test::TestSector> sectors;
  PoStPartition partition;
  Digest32 randomness;
};

Partition MakePartition(const PoStConfig &cfg, size_t n, uint64_t seed) {
  Partition p;
  p.randomness = Randomness(uint8_t(seed));
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < n; i++)
    p.sectors.push_back(test::MakeTestSector(1000 + i, cfg.SectorNodes(), cfg.tree_shape, seed + i));
  for (const auto &s : p.sectors) replicas.push_back(s.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, p.randomness, replicas).Value();
  p.partition = PoStPartitionFromVanilla(cfg, vanilla).Value();
  return p;
}

std::string Unsatisfied(const PoStCircuitInput &in) {
  r1cs::TestCS cs;
  SynthesizePoStCircuit(cs, in);
  return cs.WhichIsUnsatisfied().value_or("");
}

} // namespace

TEST(PoStCircuit, UpstreamTestCounts) {
  EXPECT_EQ(BlankCounts(TestParams({8, 0, 0}, 3)), std::make_pair(size_t(16869), size_t(19)));
  EXPECT_EQ(BlankCounts(TestParams({8, 4, 0}, 3)), std::make_pair(size_t(22674), size_t(19)));
  EXPECT_EQ(BlankCounts(TestParams({8, 4, 2}, 3)), std::make_pair(size_t(27384), size_t(19)));
  EXPECT_EQ(BlankCounts(TestParams({8, 0, 0}, 2)), std::make_pair(size_t(11246), size_t(13)));
}

TEST(PoStCircuit, ProductionCounts) {
  struct Row {
    RegisteredPoStProof proof;
    size_t constraints, inputs;
  };
  const Row rows[] = {
      {RegisteredPoStProof::kWindow2KiBV1_2, 21866, 23},   {RegisteredPoStProof::kWindow8MiBV1_2, 64266, 23},
      {RegisteredPoStProof::kWindow512MiBV1_2, 85466, 23}, {RegisteredPoStProof::kWinning2KiBV1, 90750, 133},
      {RegisteredPoStProof::kWinning8MiBV1, 230670, 133},  {RegisteredPoStProof::kWinning512MiBV1, 300630, 133},
      {RegisteredPoStProof::kWinning32GiBV1, 370590, 133}, {RegisteredPoStProof::kWinning64GiBV1, 391314, 133},
  };
  for (const Row &r : rows)
    EXPECT_EQ(BlankCounts(FallbackParamsOf(PoStConfigFor(r.proof))), std::make_pair(r.constraints, r.inputs))
        << ProofsApiName(r.proof);
}

TEST(PoStCircuit, WindowWitnessSatisfiesAndMatchesPublicInputs) {
  for (size_t n : {size_t(2), size_t(1)}) { // a full partition and a padded one
    const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
    const Partition p = MakePartition(cfg, n, 3 + n);
    ASSERT_TRUE(VerifyPoStPartition(p.partition, p.randomness).IsOk());
    auto input = PoStCircuitInputFromPartition(p.partition);
    ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
    r1cs::TestCS cs;
    SynthesizePoStCircuit(cs, *input);
    EXPECT_EQ(cs.NumConstraints(), 21866u);
    ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
    const auto publics = FallbackPoStPublicInputs(p.partition.params, p.randomness, p.partition.sectors, 0).Value();
    ASSERT_EQ(cs.input_assignment.size(), publics.size() + 1);
    EXPECT_EQ(cs.input_assignment[0], ff::Fr::One());
    for (size_t i = 0; i < publics.size(); i++) EXPECT_EQ(cs.input_assignment[i + 1], publics[i]) << "input " << i;
  }
}

TEST(PoStCircuit, WinningWitnessSatisfies) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const Partition p = MakePartition(cfg, 1, 30);
  auto input = PoStCircuitInputFromPartition(p.partition);
  ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
  r1cs::TestCS cs;
  SynthesizePoStCircuit(cs, *input);
  EXPECT_EQ(cs.NumConstraints(), 90750u);
  ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  const auto publics = FallbackPoStPublicInputs(p.partition.params, p.randomness, p.partition.sectors, 0).Value();
  ASSERT_EQ(cs.input_assignment.size(), 133u);
  for (size_t i = 0; i < publics.size(); i++) EXPECT_EQ(cs.input_assignment[i + 1], publics[i]) << "input " << i;
}

TEST(PoStCircuit, SubAndTopShapesSatisfy) {
  for (TreeShape shape : {TreeShape{8, 8, 0}, TreeShape{8, 8, 2}}) {
    PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
    cfg.sector_size = (shape.top ? 32 : 16) << 10;
    cfg.tree_shape = shape;
    const Partition p = MakePartition(cfg, 2, 40);
    auto input = PoStCircuitInputFromPartition(p.partition);
    ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
    EXPECT_EQ(Unsatisfied(*input), "") << cfg.sector_size;
  }
}

TEST(PoStCircuit, TamperedWitnessIsUnsatisfied) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const Partition p = MakePartition(cfg, 2, 50);
  const PoStCircuitInput good = PoStCircuitInputFromPartition(p.partition).Value();
  ASSERT_EQ(Unsatisfied(good), "");
  auto bad = good;
  bad.sectors[1].leafs[3] += ff::Fr::One();
  EXPECT_NE(Unsatisfied(bad).find("sector_1/challenge_inclusion_3"), std::string::npos) << Unsatisfied(bad);
  bad = good;
  bad.sectors[0].comm_r += ff::Fr::One();
  EXPECT_NE(Unsatisfied(bad).find("enforce_comm_c_comm_r_last_hash_comm_r"), std::string::npos) << Unsatisfied(bad);
  bad = good;
  bad.sectors[0].paths[2][1].siblings[4] += ff::Fr::One();
  EXPECT_NE(Unsatisfied(bad), "");
  bad = good;
  bad.sectors[1].comm_r_last += ff::Fr::One();
  EXPECT_NE(Unsatisfied(bad), "");
  // shape errors are exceptions, not unsatisfied systems
  bad = good;
  bad.sectors.pop_back();
  r1cs::TestCS cs;
  EXPECT_THROW(SynthesizePoStCircuit(cs, bad), r1cs::SynthesisError);
  auto part = p.partition;
  part.proofs[0].inclusion_proofs[0].base.pop_back();
  EXPECT_FALSE(PoStCircuitInputFromPartition(part).HasValue());
}

TEST(PoStCircuit, ParallelSynthesisEqualsSequential) {
  // 5 sectors per partition (4 real + 1 padding) over 2KiB and 8-8-2 trees, split into 1, 2, 3, 8 chunks
  for (TreeShape shape : {TreeShape{8, 0, 0}, TreeShape{8, 8, 2}}) {
    PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
    cfg.sector_count = 5;
    cfg.tree_shape = shape;
    cfg.sector_size = shape.top ? 32 << 10 : 2 << 10;
    const Partition p = MakePartition(cfg, 4, 60);
    const PoStCircuitInput input = PoStCircuitInputFromPartition(p.partition).Value();
    r1cs::ProvingAssignment seq;
    SynthesizePoStCircuit(seq, input);
    ASSERT_TRUE(seq.b_input_density.Get(0)); // ONE occurs in B (comm_r·1 = H): parts must not lose that
    for (size_t chunks : {1, 2, 3, 8}) {
      r1cs::ProvingAssignment par;
      SynthesizePoStCircuitParallel(par, input, chunks);
      EXPECT_EQ(r1cs::AssignmentDifference(par, seq), "") << chunks;
    }
  }
  r1cs::ProvingAssignment used;
  used.a.push_back(ff::Fr::One());
  auto blank = BlankPoStCircuitInput(FallbackParamsOf(PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2))).Value();
  EXPECT_THROW(SynthesizePoStCircuitParallel(used, blank, 2), r1cs::SynthesisError);
}
