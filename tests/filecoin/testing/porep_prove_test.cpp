// tests/filecoin/testing/porep_prove_test.cpp — C1 from sealed 2KiB sectors (every registered 2KiB
// variant, so interactive, synthetic and NI challenges): every opening verifies and points at the
// challenge or its parents, labels recompute from the carried parents, the encoding holds,
// the C1 survives a JSON round trip, and the vanilla verifier (filecoin/porep/porep_vanilla_verify.hpp)
// accepts it and rejects tampered copies.
#include "filecoin/core/fr32.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "hash/poseidon.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::ff::Fr;
using cuzk::test::SeededBytes;
using cuzk::test::StepFr32;

namespace {

SealedSector Seal2KiB(RegisteredSealProof proof, uint32_t seed) {
  const PorepConfig c = PorepConfigFor(proof);
  SealInputs in;
  in.prover_id = ProverIdFromActorId(1234);
  in.sector_id = 42;
  in.ticket = StepFr32(7, seed);
  auto s = SealUnpadded(c, SeededBytes(Fr32UnpaddedCapacity(c.sector_size), seed), in);
  EXPECT_TRUE(s.HasValue());
  return std::move(s).Value();
}

Digest32 Seed(uint8_t b) {
  Digest32 d;
  d.fill(b);
  d[31] &= 0x3f;
  return d;
}

void ExpectProofMatchesSector(const PorepChallengeProof &p, const SealedSector &s, const SdrGraph &g,
                              uint64_t challenge) {
  EXPECT_TRUE(VerifyShaMerkleProof(p.comm_d_proofs).IsOk());
  EXPECT_EQ(p.comm_d_proofs.root, s.comm_d);
  EXPECT_EQ(MerkleProofPathIndex(p.comm_d_proofs), challenge);
  EXPECT_TRUE(VerifyPoseidonMerkleProof(p.comm_r_last_proof).IsOk());
  EXPECT_EQ(p.comm_r_last_proof.root, s.comm_r_last);
  EXPECT_EQ(MerkleProofPathIndex(p.comm_r_last_proof), challenge);
  uint32_t row[GRAPH_PARENTS];
  g.Parents(challenge, row);
  const auto &rcp = p.replica_column_proofs;
  ASSERT_EQ(rcp.drg_parents.size(), DRG_PARENTS);
  ASSERT_EQ(rcp.exp_parents.size(), EXPANDER_PARENTS);
  for (size_t j = 0; j <= GRAPH_PARENTS; j++) {
    const ColumnProof &cp = j == GRAPH_PARENTS ? rcp.c_x
                            : j < DRG_PARENTS  ? rcp.drg_parents[j]
                                               : rcp.exp_parents[j - DRG_PARENTS];
    const uint64_t node = j == GRAPH_PARENTS ? challenge : row[j];
    EXPECT_EQ(cp.column.index, node);
    EXPECT_TRUE(VerifyPoseidonMerkleProof(cp.inclusion_proof).IsOk());
    EXPECT_EQ(cp.inclusion_proof.root, s.comm_c);
    EXPECT_EQ(MerkleProofPathIndex(cp.inclusion_proof), node);
    std::vector<Fr> rows;
    for (const Domain32 &r : cp.column.rows) rows.push_back(*Fr::FromBytesLE(r.data()));
    EXPECT_EQ(cuzk::hash::FrToBytesLE(ColumnHash(rows).Value()), cp.inclusion_proof.leaf);
  }
  ASSERT_EQ(p.labeling_proofs.size(), s.config.layers);
  for (size_t l = 0; l < s.config.layers; l++) {
    const LabelingProof &lp = p.labeling_proofs[l];
    EXPECT_EQ(lp.layer_index, l + 1);
    EXPECT_EQ(lp.node, challenge);
    ASSERT_EQ(lp.parents.size(), LABEL_PARENTS);
    EXPECT_EQ(ComputeLabel(s.replica_id, lp.layer_index, lp.node, lp.parents), rcp.c_x.column.rows[l]);
  }
  EXPECT_EQ(p.encoding_proof.parents, p.labeling_proofs.back().parents);
  const Fr key = *Fr::FromBytesLE(rcp.c_x.column.rows.back().data());
  const Fr data = *Fr::FromBytesLE(p.comm_d_proofs.leaf.data());
  EXPECT_EQ(cuzk::hash::FrToBytesLE(EncodeNode(data, key)), p.comm_r_last_proof.leaf);
}

} // namespace

TEST(PorepProve, EveryChallengeOfEvery2KiBVariant) {
  for (uint64_t id : {0u, 5u, 10u, 15u}) {
    const SealedSector s = Seal2KiB(RegisteredSealProof(id), uint32_t(id));
    const SdrGraph g = SdrGraph::Create(s.config.nodes, s.config.porep_id, s.config.api_version).Value();
    const Digest32 seed = Seed(0x5a);
    auto c1 = SealCommitPhase1(s, seed);
    ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
    EXPECT_EQ(c1->registered_proof, GetSealProofInfo(RegisteredSealProof(id)).name);
    ASSERT_EQ(c1->vanilla_proofs.size(), s.config.partitions);
    for (size_t k = 0; k < s.config.partitions; k++) {
      const auto challenges = PorepChallenges(s.config, s.replica_id, seed, s.comm_r, k);
      ASSERT_EQ(c1->vanilla_proofs[k].size(), challenges.size());
      for (size_t i = 0; i < challenges.size(); i++)
        ExpectProofMatchesSector(c1->vanilla_proofs[k][i], s, g, challenges[i]);
    }
    EXPECT_EQ(c1->comm_r, s.comm_r);
    EXPECT_EQ(c1->replica_id, s.replica_id);
    EXPECT_EQ(c1->ticket, s.inputs.ticket);
    EXPECT_EQ(c1->seed, seed);
    const cuzk::Status v = VerifyC1(*c1);
    EXPECT_TRUE(v.IsOk()) << GetSealProofInfo(RegisteredSealProof(id)).name << ": " << v.ErrorMessage();
    EXPECT_TRUE(CheckC1ReplicaId(*c1, s.config, s.inputs.prover_id, s.inputs.sector_id).IsOk());
  }
}

TEST(PorepProve, JsonRoundTripStillVerifies) {
  const SealedSector s = Seal2KiB(RegisteredSealProof::kStackedDrg2KiBV1_1, 3);
  const auto c1 = SealCommitPhase1(s, Seed(9)).Value();
  const std::string json = WriteC1Json(c1).Value();
  auto back = ParseC1Json(json);
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  EXPECT_EQ(WriteC1Json(*back).Value(), json);
  EXPECT_TRUE(VerifyC1(*back).IsOk());
}

TEST(PorepProve, VerifierRejectsTamperedProofs) {
  const SealedSector s = Seal2KiB(RegisteredSealProof::kStackedDrg2KiBV1_1, 4);
  const auto good = SealCommitPhase1(s, Seed(11)).Value();
  ASSERT_TRUE(VerifyC1(good).IsOk());
  {
    auto bad = good; // a wrong label in a parent column
    bad.vanilla_proofs[0][0].replica_column_proofs.drg_parents[2].column.rows[0][3] ^= 1;
    EXPECT_FALSE(VerifyC1(bad).IsOk());
  }
  {
    auto bad = good; // a wrong tree_d sibling
    bad.vanilla_proofs[0][1].comm_d_proofs.base[2].hashes[0][0] ^= 1;
    EXPECT_FALSE(VerifyC1(bad).IsOk());
  }
  {
    auto bad = good; // proofs for another seed's challenges
    bad.seed = Seed(12);
    EXPECT_FALSE(VerifyC1(bad).IsOk());
  }
  {
    auto bad = good; // a wrong replica leaf
    bad.vanilla_proofs[0][0].comm_r_last_proof.leaf[0] ^= 1;
    EXPECT_FALSE(VerifyC1(bad).IsOk());
  }
}

TEST(PorepProve, RejectsNodeZeroAndTestConfigurations) {
  const SealedSector s = Seal2KiB(RegisteredSealProof::kStackedDrg2KiBV1_1, 5);
  const SdrGraph g = SdrGraph::Create(s.config.nodes, s.config.porep_id, s.config.api_version).Value();
  EXPECT_FALSE(ProveChallenge(s, g, 0).HasValue());
  EXPECT_FALSE(ProveChallenge(s, g, s.config.nodes).HasValue());
  EXPECT_TRUE(ProveChallenge(s, g, s.config.nodes - 1).HasValue());
  SealedSector t = s;
  t.config.proof.reset();
  EXPECT_FALSE(SealCommitPhase1(t, Seed(1)).HasValue());
}
