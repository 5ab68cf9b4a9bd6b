// tests/filecoin/porep/c1_verify_test.cpp — vanilla verification of C1 outputs from really sealed 2KiB
// sectors (interactive, synthetic and non-interactive challenge sets), through the JSON codec and
// back; then one corruption at a time, each rejected with a message naming what is wrong.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <stdexcept>

namespace cuzk::filecoin {
namespace {

struct SealedC1 {
  SealedSector sector;
  SealCommitPhase1Output c1;
};

//! Seals seeded random data with `config` (filecoin/testing/seal.hpp) and runs C1 for `seed`
//! (filecoin/testing/porep_prove.hpp): a real C1 in which every value is right.
SealedC1 MakeSealedC1(const PorepConfig &config, uint64_t data_seed, const Digest32 &seed) {
  std::mt19937_64 rng(data_seed);
  std::vector<uint8_t> payload(config.sector_size * 127 / 128);
  for (auto &b : payload) b = uint8_t(rng());
  SealInputs inputs;
  inputs.prover_id = ProverIdFromActorId(1000 + data_seed);
  inputs.sector_id = 4242 + data_seed;
  for (size_t i = 0; i < 32; i++) inputs.ticket[i] = uint8_t(rng());
  inputs.ticket[31] &= 0x3f;
  auto sector = SealUnpadded(config, payload, inputs);
  if (!sector.HasValue()) throw std::runtime_error(sector.ErrorMessage());
  auto c1 = SealCommitPhase1(*sector, seed);
  if (!c1.HasValue()) throw std::runtime_error(c1.ErrorMessage());
  return {std::move(sector).Value(), std::move(c1).Value()};
}

Digest32 Seed(uint8_t v) { return cuzk::test::StepFr32(7, v); }

const SealedC1 &Interactive2KiB() {
  static const SealedC1 s = MakeSealedC1(PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1), 1, Seed(6));
  return s;
}

TEST(C1Verify, AcceptsARealC1AndItsJsonRoundTrip) {
  const SealedC1 &s = Interactive2KiB();
  const Status ok = VerifyC1(s.c1);
  ASSERT_TRUE(ok.IsOk()) << ok.ErrorMessage();
  EXPECT_TRUE(CheckC1ReplicaId(s.c1, s.sector.config, s.sector.inputs.prover_id, s.sector.inputs.sector_id).IsOk());
  auto back = ParseC1Json(*WriteC1Json(s.c1));
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  const Status again = VerifyC1(*back);
  EXPECT_TRUE(again.IsOk()) << again.ErrorMessage();
}

TEST(C1Verify, AcceptsEveryChallengeFeature) {
  for (RegisteredSealProof proof :
       {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep,
        RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep}) {
    const SealedC1 s = MakeSealedC1(PorepConfigFor(proof), 2, Seed(9));
    const Status ok = VerifyC1(s.c1);
    EXPECT_TRUE(ok.IsOk()) << s.c1.registered_proof << ": " << ok.ErrorMessage();
    EXPECT_EQ(s.c1.vanilla_proofs.size(), PorepConfigFor(proof).partitions);
  }
}

//! Applies `corrupt` to a copy of the interactive C1 and expects an error containing `part`.
void ExpectRejected(const std::function<void(SealCommitPhase1Output &)> &corrupt, const std::string &part) {
  SealCommitPhase1Output c1 = Interactive2KiB().c1;
  corrupt(c1);
  const Status s = VerifyC1(c1);
  ASSERT_FALSE(s.IsOk()) << "accepted; expected an error containing: " << part;
  EXPECT_NE(s.ErrorMessage().find(part), std::string::npos)
      << "message: " << s.ErrorMessage() << "\nexpected to contain: " << part;
}

PorepChallengeProof &P(SealCommitPhase1Output &c1, size_t i = 0) { return c1.vanilla_proofs[0][i]; }

TEST(C1Verify, RejectsCorruptionsNamingThem) {
  // the swap below needs two different challenges (2KiB has only 63 nodes to challenge)
  ASSERT_NE(Interactive2KiB().c1.vanilla_proofs[0][0].labeling_proofs[0].node,
            Interactive2KiB().c1.vanilla_proofs[0][1].labeling_proofs[0].node);
  const std::string at0 = "vanilla_proofs[0][0] (challenge ";
  ExpectRejected([](auto &c1) { P(c1).comm_d_proofs.base[2].hashes[0][0] ^= 1; },
                 "): comm_d_proofs: tree_d proof: path does not lead to its root");
  ExpectRejected([](auto &c1) { P(c1).comm_d_proofs.leaf[0] ^= 1; }, "comm_d_proofs: tree_d proof");
  ExpectRejected(
      [](auto &c1) { P(c1, 1).replica_column_proofs.drg_parents[2].inclusion_proof.base[1].hashes[3][5] ^= 4; },
      "vanilla_proofs[0][1] (challenge ");
  ExpectRejected(
      [](auto &c1) { P(c1, 1).replica_column_proofs.drg_parents[2].inclusion_proof.base[1].hashes[3][5] ^= 4; },
      "replica_column_proofs.drg_parents[2].inclusion_proof: merkle proof: path does not lead to its root");
  // a wrong label in the challenged column: its column hash no longer matches the tree_c leaf
  ExpectRejected([](auto &c1) { P(c1).replica_column_proofs.c_x.column.rows[1][0] ^= 1; },
                 "replica_column_proofs.c_x.inclusion_proof.leaf: is not the Poseidon hash of the column's rows");
  // a wrong parent label in a labelling proof
  ExpectRejected([](auto &c1) { P(c1).labeling_proofs[1].parents[20][3] ^= 1; },
                 "labeling_proofs[1].parents[20]: differs from the parent columns' row");
  ExpectRejected([](auto &c1) { P(c1).labeling_proofs[1].layer_index = 1; },
                 "labeling_proofs[1].layer_index: expected 2");
  ExpectRejected([](auto &c1) { P(c1).encoding_proof.node += 1; }, "encoding_proof.node: expected the challenge");
  // a wrong challenge index: the two proofs swapped
  ExpectRejected([](auto &c1) { std::swap(P(c1, 0), P(c1, 1)); }, "comm_d_proofs: path index");
  // another seed derives other challenges
  ExpectRejected([](auto &c1) { c1.seed[0] ^= 1; }, "expected the challenge");
  ExpectRejected([](auto &c1) { c1.comm_r[0] ^= 1; },
                 "vanilla_proofs[0]: comm_r is not Poseidon(comm_c, comm_r_last) of its first proof's roots");
  ExpectRejected([](auto &c1) { c1.comm_d[0] ^= 1; }, at0);
  ExpectRejected([](auto &c1) { c1.comm_d[0] ^= 1; }, "comm_d_proofs.root: is not comm_d");
  // replica_id drives challenges and labels
  ExpectRejected([](auto &c1) { c1.replica_id[0] ^= 1; }, "vanilla_proofs[0][0]");
  ExpectRejected([](auto &c1) { c1.seed = Digest32{}; }, "seed: is zero");
  ExpectRejected([](auto &c1) { P(c1).replica_column_proofs.drg_parents.pop_back(); },
                 "C1: vanilla_proofs[0][0].replica_column_proofs.drg_parents: expected 6 columns, found 5");
  ExpectRejected([](auto &c1) { P(c1).replica_column_proofs.exp_parents[7].column.rows.pop_back(); },
                 "exp_parents[7].column.rows: expected 2 rows (one a layer), found 1");
  ExpectRejected([](auto &c1) { P(c1).replica_column_proofs.exp_parents[7].column.index += 1; },
                 "exp_parents[7].column.index: expected node");
  ExpectRejected([](auto &c1) { P(c1).comm_r_last_proof.base[0].index = 9; },
                 "comm_r_last_proof: merkle proof level 0: index 9 ≥ arity 8");
  ExpectRejected([](auto &c1) { c1.vanilla_proofs[0].pop_back(); },
                 "vanilla_proofs[0]: expected 2 challenge proofs, found 1");
  ExpectRejected([](auto &c1) { c1.registered_proof = "StackedDrg8MiBV1_1"; },
                 "comm_d_proofs: merkle proof: 6 base levels, expected 18");
  ExpectRejected([](auto &c1) { c1.registered_proof = "StackedDrg2KiBV9"; }, "registered_proof");
}

TEST(C1Verify, RequestFromCurioEnvelopeEndToEnd) {
  const SealedC1 &s = Interactive2KiB(); // sealed by miner 1001, sector 4243
  const std::string json = *WriteC1Json(s.c1);
  C1Envelope env;
  env.sector_num = int64_t(s.sector.inputs.sector_id);
  env.sector_size = 2048;
  env.phase1_out.assign(json.begin(), json.end());
  auto req = ParseC1Request(WriteC1Envelope(env));
  ASSERT_TRUE(req.HasValue()) << req.ErrorMessage();
  const Status ok = VerifyC1Request(*req, 1001);
  EXPECT_TRUE(ok.IsOk()) << ok.ErrorMessage();
  const Status other_miner = VerifyC1Request(*req, 1002);
  ASSERT_FALSE(other_miner.IsOk());
  EXPECT_NE(other_miner.ErrorMessage().find("replica_id: does not match"), std::string::npos);
  req.Value().sector_num += 1;
  EXPECT_FALSE(VerifyC1Request(*req, 1001).IsOk());
}

TEST(C1Verify, ReplicaIdMustMatchTheSector) {
  const SealedC1 &s = Interactive2KiB();
  const auto &in = s.sector.inputs;
  auto wrong_sector = CheckC1ReplicaId(s.c1, s.sector.config, in.prover_id, in.sector_id + 1);
  ASSERT_FALSE(wrong_sector.IsOk());
  EXPECT_NE(wrong_sector.ErrorMessage().find("replica_id: does not match"), std::string::npos);
  EXPECT_FALSE(CheckC1ReplicaId(s.c1, s.sector.config, ProverIdFromActorId(1), in.sector_id).IsOk());
}

} // namespace
} // namespace cuzk::filecoin
