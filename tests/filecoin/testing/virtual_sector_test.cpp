// tests/filecoin/testing/virtual_sector_test.cpp — the sparse Poseidon tree equals the full tree, and
// virtual-sector C1 outputs pass vanilla verification (2KiB, 32GiB, 64GiB) and satisfy the
// StackedCircuit (2KiB); their comm_d, replica_id and challenges equal those of a really sealed
// all-zero sector.
#include "filecoin/testing/virtual_sector.hpp"

#include "filecoin/core/comm_d.hpp"
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal.hpp"
#include "r1cs/test_cs.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::filecoin {
namespace {

TEST(SparsePoseidonTree, EqualsTheFullTree) {
  std::mt19937_64 rng(3);
  // 8-0-0 over 64 leaves, 8-8-0 over 8·64, 8-8-2 over 16·64, 8-2-0 over 2·64
  for (auto [shape, leaves] : {std::pair{TreeShape{8, 0, 0}, 64u}, std::pair{TreeShape{8, 8, 0}, 512u},
                               std::pair{TreeShape{8, 8, 2}, 1024u}, std::pair{TreeShape{8, 2, 0}, 128u}}) {
    const Fr fill = Fr::FromUint(rng());
    std::map<uint64_t, Fr> values;
    for (int i = 0; i < 9; i++) values[rng() % leaves] = Fr::Random(rng);
    values[leaves - 1] = Fr::Random(rng);
    std::vector<Fr> all(leaves, fill);
    for (auto [i, v] : values) all[i] = v;
    auto full = PoseidonTree::Build(shape, all);
    auto sparse = SparsePoseidonTree::Build(shape, leaves, fill, values);
    ASSERT_TRUE(full.HasValue() && sparse.HasValue());
    EXPECT_EQ(sparse->Root(), full->Root());
    for (uint64_t i = 0; i < leaves; i += 7) {
      auto a = full->Prove(i), b = sparse->Prove(i);
      ASSERT_TRUE(a.HasValue() && b.HasValue());
      EXPECT_EQ(b->leaf, a->leaf);
      ASSERT_EQ(b->path.size(), a->path.size());
      for (size_t l = 0; l < a->path.size(); l++) {
        EXPECT_EQ(b->path[l].index, a->path[l].index);
        EXPECT_EQ(b->path[l].siblings, a->path[l].siblings);
      }
      EXPECT_TRUE(VerifyPoseidonTreeProof(*b, full->Root()));
    }
  }
  // no values: the root of an all-default tree
  std::vector<Fr> zeros(64, Fr::Zero());
  EXPECT_EQ(SparsePoseidonTree::Build(TreeShape{}, 64, Fr::Zero(), {})->Root(),
            PoseidonTree::Build(TreeShape{}, zeros)->Root());
  EXPECT_FALSE(SparsePoseidonTree::Build(TreeShape{}, 64, Fr::Zero(), {{64, Fr::One()}}).HasValue());
  EXPECT_FALSE(SparsePoseidonTree::Build(TreeShape{}, 63, Fr::Zero(), {}).HasValue());
  EXPECT_FALSE(SparsePoseidonTree::Build(TreeShape{}, 64, Fr::Zero(), {})->Prove(64).HasValue());
}

VirtualSectorInputs Inputs(uint64_t salt) {
  VirtualSectorInputs in;
  in.prover_id = ProverIdFromActorId(1000 + salt);
  in.sector_id = 77 + salt;
  in.ticket = cuzk::test::StepFr32(5, salt);
  in.seed = cuzk::test::StepFr32(11, salt + 1);
  in.label_seed = salt;
  return in;
}

TEST(VirtualSector, TwoKiBPassesVerificationAndTheCircuit) {
  const PorepConfig config = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const VirtualSectorInputs in = Inputs(1);
  auto c1 = VirtualSectorC1(config, in);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  const Status ok = VerifyC1(*c1);
  ASSERT_TRUE(ok.IsOk()) << ok.ErrorMessage();
  EXPECT_TRUE(CheckC1ReplicaId(*c1, config, in.prover_id, in.sector_id).IsOk());
  auto back = ParseC1Json(*WriteC1Json(*c1));
  ASSERT_TRUE(back.HasValue());
  EXPECT_TRUE(*back == *c1);

  auto input = StackedCircuitInputFromC1(*c1, 0, config.layers);
  ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
  r1cs::TestCS cs;
  SynthesizeStackedCircuit(cs, *input);
  EXPECT_EQ(cs.NumConstraints(), 2687921u);
  EXPECT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
}

TEST(VirtualSector, MatchesARealZeroSectorWhereItMustAndDiffersElsewhere) {
  // A really sealed all-zero 2KiB sector with the same identity and seed: same comm_d (the zero
  // tree), replica_id and challenges; the challenged nodes' labels differ because their
  // unchallenged parents' labels are free in the virtual sector.
  const PorepConfig config = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const VirtualSectorInputs in = Inputs(2);
  SealInputs seal_in;
  seal_in.prover_id = in.prover_id;
  seal_in.sector_id = in.sector_id;
  seal_in.ticket = in.ticket;
  auto sector = SealUnpadded(config, {}, seal_in);
  ASSERT_TRUE(sector.HasValue()) << sector.ErrorMessage();
  auto real = SealCommitPhase1(*sector, in.seed);
  ASSERT_TRUE(real.HasValue());
  auto virt = VirtualSectorC1(config, in);
  ASSERT_TRUE(virt.HasValue());
  EXPECT_EQ(virt->comm_d, real->comm_d);
  EXPECT_EQ(virt->comm_d, *ZeroCommitment(6));
  EXPECT_EQ(virt->replica_id, real->replica_id);
  ASSERT_EQ(virt->vanilla_proofs[0].size(), real->vanilla_proofs[0].size());
  for (size_t i = 0; i < real->vanilla_proofs[0].size(); i++) {
    const auto &v = virt->vanilla_proofs[0][i], &r = real->vanilla_proofs[0][i];
    EXPECT_EQ(v.replica_column_proofs.c_x.column.index, r.replica_column_proofs.c_x.column.index);
    EXPECT_EQ(v.comm_d_proofs, r.comm_d_proofs);
    for (size_t j = 0; j < 6; j++)
      EXPECT_EQ(v.replica_column_proofs.drg_parents[j].column.index,
                r.replica_column_proofs.drg_parents[j].column.index);
  }
  EXPECT_NE(virt->comm_r, real->comm_r);
}

TEST(VirtualSector, LargeSizesPassVerification) {
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg32GiBV1_1, RegisteredSealProof::kStackedDrg64GiBV1_1}) {
    const PorepConfig config = PorepConfigFor(proof);
    auto c1 = VirtualSectorC1(config, Inputs(3));
    ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
    ASSERT_EQ(c1->vanilla_proofs.size(), 10u);
    EXPECT_EQ(c1->vanilla_proofs[9].size(), 18u);
    const Status ok = VerifyC1(*c1);
    EXPECT_TRUE(ok.IsOk()) << c1->registered_proof << ": " << ok.ErrorMessage();
    if (proof != RegisteredSealProof::kStackedDrg32GiBV1_1) continue;
    // a corrupted label is still caught at this size
    c1.Value().vanilla_proofs[4][7].labeling_proofs[9].parents[30][1] ^= 1;
    const Status bad = VerifyC1(*c1);
    ASSERT_FALSE(bad.IsOk());
    EXPECT_NE(bad.ErrorMessage().find("vanilla_proofs[4][7]"), std::string::npos) << bad.ErrorMessage();
  }
}

TEST(VirtualSector, RejectsWhatItCannotMake) {
  // synthetic and NI challenges come from comm_r: every size, a clear error naming the proof
  for (uint64_t id = 10; id < 20; id++) {
    const PorepConfig config = PorepConfigFor(RegisteredSealProof(id));
    auto c1 = VirtualSectorC1(config, Inputs(4));
    ASSERT_FALSE(c1.HasValue()) << id;
    const std::string &message = c1.ErrorMessage();
    EXPECT_NE(message.find(std::string(GetSealProofInfo(RegisteredSealProof(id)).name) + " is not supported"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("derived from comm_r"), std::string::npos) << message;
  }
  VirtualSectorInputs zero_seed = Inputs(4);
  zero_seed.seed = {};
  EXPECT_FALSE(VirtualSectorC1(PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1), zero_seed).HasValue());
  PorepConfig test_config = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  test_config.proof.reset();
  EXPECT_FALSE(VirtualSectorC1(test_config, Inputs(4)).HasValue());
}

} // namespace
} // namespace cuzk::filecoin
