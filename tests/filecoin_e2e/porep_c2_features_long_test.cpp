// tests/filecoin_e2e/porep_c2_features_long_test.cpp — real 2KiB sectors of the two feature
// variants through C2 with the test parameters ctest's fixture wrote (every variant of a size shares
// one parameter file, spec/porep.md §1):
//  - synthetic PoRep (StackedDrg2KiBV1_1_Feat_SyntheticPoRep, challenges selected by the seed from
//    the list comm_r generates): seal → C1 → JSON and envelope → C2 → verify_seal passes, and fails
//    for another seed or comm_r;
//  - non-interactive PoRep (13 partitions, challenges from comm_r): its seal proof is a SnarkPack
//    aggregate, which cuzk does not make, so a client's request and VerifySeal are refused. Asked for
//    the partition proofs (NiC2Output::kCircuitProofs), C2 proves the last partition (self-checked;
//    each partition is a minute of CPU proving in CI, and the last is the one whose challenges come
//    from the end of the comm_r-derived list), and its proof verifies against the verifier's inputs
//    of that partition only: not against the first partition's.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep_c2_sector.hpp"
#include "filecoin/testing/test_params.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

struct Params2KiB {
  groth16::Parameters params;
  groth16::VerifyingKey vk;
};

//! The fixture's 2KiB PoRep parameters; an error message when they cannot be read.
std::string Load(Params2KiB &out) {
  const char *dir = std::getenv("CUZK_TEST_PARAM_DIR");
  if (!dir) return "CUZK_TEST_PARAM_DIR is not set (ctest's fixture sets it)";
  const std::string stem = std::string(dir) + "/" + ParameterCacheIdFor(CircuitKind::kPorep, SECTOR_SIZE_2KIB).Value();
  auto params = groth16::ReadParametersFile(stem + ".params", groth16::PointChecks::kUnchecked);
  auto vk = groth16::ReadVerifyingKeyFile(stem + ".vk");
  if (!params || !vk) return "cannot read " + stem + ".{params,vk}: " + params.ErrorMessage() + vk.ErrorMessage();
  out.params = std::move(params).Value();
  out.vk = *vk;
  return {};
}

//! What a client sends: the C1 JSON (checked to round-trip), base64 in the Curio envelope.
std::string EnvelopeOf(const test::SealedC1 &s) {
  const std::string json = WriteC1Json(s.c1).Value();
  auto reparsed = ParseC1Json(json);
  EXPECT_TRUE(reparsed.HasValue() && *reparsed == s.c1) << "C1 JSON round trip changed the C1";
  C1Envelope envelope;
  envelope.sector_num = int64_t(s.sector_id);
  envelope.phase1_out.assign(json.begin(), json.end());
  envelope.sector_size = SECTOR_SIZE_2KIB;
  return WriteC1Envelope(envelope);
}

bool Fails(const Expected<bool> &r) { return !r.HasValue() || !*r; }

} // namespace

TEST(PorepC2Features, SyntheticSealC1C2VerifySeal) {
  Params2KiB p;
  const std::string error = Load(p);
  ASSERT_TRUE(error.empty()) << error;
  const test::SealedC1 s = test::SealSeeded(41, RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep);
  auto job = PreparePorepC2FromEnvelope(EnvelopeOf(s), s.miner_id);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  ASSERT_EQ(job->partitions.size(), 1u);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(41);
  auto proof = ProvePorepC2(*job, p.params, backend, rng);
  ASSERT_TRUE(proof.HasValue()) << proof.ErrorMessage();
  ASSERT_EQ(proof->size(), 192u);

  auto verify = [&](const Digest32 &comm_r, const Digest32 &seed) {
    return VerifySeal(s.proof, comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, seed, *proof, p.vk);
  };
  auto ok = verify(s.c1.comm_r, s.seed);
  ASSERT_TRUE(ok.HasValue()) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);
  // the seed selects from the synthetic list, comm_r generates the list (and is an input)
  Digest32 seed = s.seed, comm_r = s.c1.comm_r;
  seed[0] ^= 1;
  comm_r[0] ^= 1;
  EXPECT_TRUE(Fails(verify(s.c1.comm_r, seed)));
  EXPECT_TRUE(Fails(verify(comm_r, s.seed)));
  // the same proof is no interactive seal of the size (another porep_id, graph and challenges)
  EXPECT_TRUE(Fails(VerifySeal(RegisteredSealProof::kStackedDrg2KiBV1_1, s.c1.comm_r, s.c1.comm_d, s.prover_id,
                               s.sector_id, s.ticket, s.seed, *proof, p.vk)));
}

TEST(PorepC2Features, NonInteractivePartitionProofsVerify) {
  Params2KiB p;
  const std::string error = Load(p);
  ASSERT_TRUE(error.empty()) << error;
  const test::SealedC1 s = test::SealSeeded(42, RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep);
  EXPECT_FALSE(PreparePorepC2FromEnvelope(EnvelopeOf(s), s.miner_id).HasValue()); // a client's NI request: refused
  auto job = PreparePorepC2FromEnvelope(EnvelopeOf(s), s.miner_id, NiC2Output::kCircuitProofs);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  ASSERT_EQ(job->partitions.size(), 13u);
  PorepC2Job last = *job;
  last.partitions = {job->partitions.back()};
  groth16::CpuBackend backend;
  std::mt19937_64 rng(42);
  auto proof_bytes = ProvePorepC2(last, p.params, backend, rng); // self-checks the partition
  ASSERT_TRUE(proof_bytes.HasValue()) << proof_bytes.ErrorMessage();
  auto proofs = groth16::DecodeProofs(*proof_bytes);
  ASSERT_TRUE(proofs) << proofs.ErrorMessage();
  ASSERT_EQ(proofs->size(), 1u);

  // the verifier's inputs, from the commitments and ids alone (NI challenges from comm_r)
  auto inputs = PorepVerifierInputs(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed);
  ASSERT_TRUE(inputs.HasValue()) << inputs.ErrorMessage();
  ASSERT_EQ(inputs->size(), 13u);
  ASSERT_NE(inputs->front(), inputs->back());
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(p.vk);
  auto own = groth16::VerifyProof(pvk, proofs->front(), inputs->back());
  ASSERT_TRUE(own) << own.ErrorMessage();
  EXPECT_TRUE(*own);
  // the proof belongs to its own partition only
  auto other = groth16::VerifyProof(pvk, proofs->front(), inputs->front());
  EXPECT_TRUE(!other || !*other);

  auto refused =
      VerifySeal(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed, *proof_bytes, p.vk);
  ASSERT_FALSE(refused.HasValue());
  EXPECT_NE(refused.ErrorMessage().find("not supported"), std::string::npos) << refused.ErrorMessage();
}
