// tests/filecoin/porep/porep_c2_test.cpp — C2 preparation and verify_seal's argument checks on a sealed
// 2KiB sector, and the test-parameter file names and cache (filecoin/porep/porep_c2.hpp,
// filecoin/testing/test_params.hpp). Proving with real parameters is tests/filecoin_e2e (long).
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/porep_c2_sector.hpp"
#include "filecoin/testing/test_params.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

const test::SealedC1 &Sealed() {
  static const test::SealedC1 sealed = test::SealSeeded2KiB(21);
  return sealed;
}

std::string EnvelopeOf(const test::SealedC1 &s) {
  const std::string json = WriteC1Json(s.c1).Value();
  C1Envelope envelope;
  envelope.sector_num = int64_t(s.sector_id);
  envelope.phase1_out.assign(json.begin(), json.end());
  envelope.sector_size = SECTOR_SIZE_2KIB;
  return WriteC1Envelope(envelope);
}

} // namespace

TEST(PorepParamNames, PublishedPorepFileNames) {
  // spec/porep.md §1: the name suffixes of parameters.json
  const struct {
    RegisteredSealProof proof;
    const char *suffix;
  } cases[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1,
       "8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f"},
      {RegisteredSealProof::kStackedDrg8MiBV1_1,
       "8-0-0-sha256_hasher-ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb"},
      {RegisteredSealProof::kStackedDrg512MiBV1_1_Feat_SyntheticPoRep,
       "8-0-0-sha256_hasher-6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472"},
      {RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep,
       "8-8-0-sha256_hasher-82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820"},
      {RegisteredSealProof::kStackedDrg64GiBV1,
       "8-8-2-sha256_hasher-96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2"},
  };
  for (const auto &c : cases) {
    SCOPED_TRACE(GetSealProofInfo(c.proof).name);
    EXPECT_EQ(PorepParameterCacheId(PorepConfigFor(c.proof)),
              std::string("v28-stacked-proof-of-replication-merkletree-poseidon_hasher-") + c.suffix);
    EXPECT_EQ(ParameterCacheIdFor(CircuitKind::kPorep, GetSealProofInfo(c.proof).sector_size).Value(),
              PorepParameterCacheId(PorepConfigFor(c.proof)));
  }
  // spec/vectors.md §9: the PoSt and SnapDeals hash prefixes at 2KiB
  EXPECT_EQ(ParameterCacheIdFor(CircuitKind::kWindowPoSt, SECTOR_SIZE_2KIB)
                .Value()
                .rfind("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-0170db1f", 0),
            0u);
  EXPECT_EQ(ParameterCacheIdFor(CircuitKind::kWinningPoSt, SECTOR_SIZE_32GIB)
                .Value()
                .rfind("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-559e581f", 0),
            0u);
  EXPECT_EQ(ParameterCacheIdFor(CircuitKind::kSnap, SECTOR_SIZE_2KIB)
                .Value()
                .rfind("v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-fb9e095b", 0),
            0u);
  EXPECT_FALSE(ParameterCacheIdFor(CircuitKind::kPorep, 4096).HasValue());
}

TEST(PorepParamNames, ParsesKindsAndSizes) {
  EXPECT_EQ(ParseSectorSize("2KiB"), SECTOR_SIZE_2KIB);
  EXPECT_EQ(ParseSectorSize("2k"), SECTOR_SIZE_2KIB);
  EXPECT_EQ(ParseSectorSize("8MiB"), SECTOR_SIZE_8MIB);
  EXPECT_EQ(ParseSectorSize("32GiB"), SECTOR_SIZE_32GIB);
  EXPECT_EQ(ParseSectorSize("2048"), SECTOR_SIZE_2KIB);
  EXPECT_EQ(ParseSectorSize(""), std::nullopt);
  EXPECT_EQ(ParseSectorSize("KiB"), std::nullopt);
  EXPECT_EQ(ParseSectorSize("2TiB"), std::nullopt);
  EXPECT_EQ(ParseCircuitKind("seal-commit"), CircuitKind::kPorep);
  EXPECT_EQ(ParseCircuitKind("wpost"), CircuitKind::kWindowPoSt);
  EXPECT_EQ(ParseCircuitKind("winning"), CircuitKind::kWinningPoSt);
  EXPECT_EQ(ParseCircuitKind("update"), CircuitKind::kSnap);
  EXPECT_EQ(ParseCircuitKind("c2"), std::nullopt);
}

TEST(TestParams, ReusesFilesAlreadyInTheDirectory) {
  const auto dir = std::filesystem::temp_directory_path() / ("cuzk_test_params_" + std::to_string(::getpid()));
  const std::string id = ParameterCacheIdFor(CircuitKind::kPorep, SECTOR_SIZE_32GIB).Value();
  std::filesystem::create_directories(dir);
  std::ofstream(dir / (id + ".params")) << "x";
  std::ofstream(dir / (id + ".vk")) << "x";
  // a 32GiB setup would take hours: returning at once shows the cache was used
  auto files = EnsureTestParameters({CircuitKind::kPorep, SECTOR_SIZE_32GIB, dir.string(), 1});
  ASSERT_TRUE(files.HasValue()) << files.ErrorMessage();
  EXPECT_FALSE(files->generated);
  EXPECT_EQ(files->params_path, (dir / (id + ".params")).string());
  EXPECT_EQ(files->vk_path, (dir / (id + ".vk")).string());
  auto bad = EnsureTestParameters({CircuitKind::kPorep, 12345, dir.string(), 1});
  EXPECT_FALSE(bad.HasValue());
  std::filesystem::remove_all(dir);
}

TEST(PorepC2Prepare, PartitionsAndVerifierInputsOfASealedSector) {
  const test::SealedC1 &s = Sealed();
  auto job = PreparePorepC2(s.c1, s.prover_id, s.sector_id);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  ASSERT_EQ(job->partitions.size(), 1u);
  const PorepC2Partition &p = job->partitions[0];
  EXPECT_EQ(p.index, 0u);
  EXPECT_EQ(p.public_inputs.size(), 39u); // spec §1: 3 + 18 × 2 challenges
  EXPECT_EQ(p.circuit.input.proofs.size(), 2u);
  const auto verifier =
      PorepVerifierInputs(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed);
  ASSERT_TRUE(verifier.HasValue()) << verifier.ErrorMessage();
  ASSERT_EQ(verifier->size(), 1u);
  EXPECT_EQ((*verifier)[0], p.public_inputs);

  // the Curio envelope gives the same job
  auto from_envelope = PreparePorepC2FromEnvelope(EnvelopeOf(s), s.miner_id);
  ASSERT_TRUE(from_envelope.HasValue()) << from_envelope.ErrorMessage();
  EXPECT_EQ(from_envelope->partitions[0].public_inputs, p.public_inputs);
  EXPECT_EQ(from_envelope->sector_id, s.sector_id);
}

TEST(PorepC2Prepare, RejectsAnotherSectorOrMinerOrACorruptC1) {
  const test::SealedC1 &s = Sealed();
  EXPECT_FALSE(PreparePorepC2(s.c1, s.prover_id, s.sector_id + 1).HasValue());
  EXPECT_FALSE(PreparePorepC2(s.c1, ProverIdFromActorId(s.miner_id + 1), s.sector_id).HasValue());
  EXPECT_FALSE(PreparePorepC2FromEnvelope(EnvelopeOf(s), s.miner_id + 1).HasValue());
  SealCommitPhase1Output corrupt = s.c1;
  corrupt.vanilla_proofs[0][1].labeling_proofs[0].parents[3][0] ^= 1;
  auto job = PreparePorepC2(corrupt, s.prover_id, s.sector_id);
  ASSERT_FALSE(job.HasValue());
  EXPECT_NE(job.ErrorMessage().find("vanilla_proofs[0][1]"), std::string::npos) << job.ErrorMessage();
}

TEST(PorepC2Prove, RefusesParametersOfAnotherCircuit) {
  const test::SealedC1 &s = Sealed();
  auto job = PreparePorepC2(s.c1, s.prover_id, s.sector_id);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  groth16::Parameters params; // a vk for 22 inputs, as the 8-node test circuit's
  params.vk.ic.resize(22);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(1);
  auto proof = ProvePorepC2(*job, params, backend, rng);
  ASSERT_FALSE(proof.HasValue());
  EXPECT_NE(proof.ErrorMessage().find("parameters take 22 inputs"), std::string::npos) << proof.ErrorMessage();
}

TEST(VerifySealArguments, LengthsZerosAndRangesAreErrors) {
  const test::SealedC1 &s = Sealed();
  groth16::VerifyingKey vk;
  vk.ic.resize(40);
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(vk);
  const std::vector<uint8_t> proof(192);
  auto verify = [&](const Digest32 &comm_r, const Digest32 &comm_d, std::span<const uint8_t> bytes) {
    return VerifySeal(s.proof, comm_r, comm_d, s.prover_id, s.sector_id, s.ticket, s.seed, bytes, pvk);
  };
  auto short_proof = verify(s.c1.comm_r, s.c1.comm_d, std::span(proof).first(191));
  ASSERT_FALSE(short_proof.HasValue());
  EXPECT_EQ(short_proof.Code(), ErrorCode::kBadLength);
  EXPECT_FALSE(verify(Digest32{}, s.c1.comm_d, proof).HasValue());
  EXPECT_FALSE(verify(s.c1.comm_r, Digest32{}, proof).HasValue());
  Digest32 too_big;
  too_big.fill(0xff);
  auto out_of_range = verify(too_big, s.c1.comm_d, proof);
  ASSERT_FALSE(out_of_range.HasValue());
  EXPECT_EQ(out_of_range.Code(), ErrorCode::kNonCanonical);
  // well-formed arguments, but 192 zero bytes are no proof (not even points): false, not an error
  auto zeros = verify(s.c1.comm_r, s.c1.comm_d, proof);
  ASSERT_TRUE(zeros.HasValue()) << zeros.ErrorMessage();
  EXPECT_FALSE(*zeros);
  // a vk of another circuit is an error
  groth16::VerifyingKey other;
  other.ic.resize(22);
  auto wrong_vk = VerifySeal(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed, proof,
                             groth16::PrepareVerifyingKey(other));
  EXPECT_FALSE(wrong_vk.HasValue());
}

TEST(PorepC2NonInteractive, RefusedUnlessCircuitProofsAreAskedForThenThirteenPartitions) {
  // NI at 2KiB: 13 partitions of 2 challenges, each with its own verifier inputs (challenges from
  // comm_r, not the seed)
  const test::SealedC1 s = test::SealSeeded(22, RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep);
  auto refused = PreparePorepC2(s.c1, s.prover_id, s.sector_id); // by default: no aggregate, no C2
  ASSERT_FALSE(refused.HasValue());
  EXPECT_NE(refused.ErrorMessage().find("StackedDrg2KiBV1_2_Feat_NonInteractivePoRep is not supported"),
            std::string::npos)
      << refused.ErrorMessage();
  auto job = PreparePorepC2(s.c1, s.prover_id, s.sector_id, NiC2Output::kCircuitProofs);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  ASSERT_EQ(job->partitions.size(), 13u);
  EXPECT_NE(job->partitions[0].public_inputs, job->partitions[12].public_inputs);
  // upstream's C2 requires a seed for NI too, although its challenges do not use it
  SealCommitPhase1Output zero_seed = s.c1;
  zero_seed.seed = Digest32{};
  EXPECT_TRUE(VerifyC1(zero_seed).IsOk());
  auto no_seed = PreparePorepC2(zero_seed, s.prover_id, s.sector_id, NiC2Output::kCircuitProofs);
  ASSERT_FALSE(no_seed.HasValue());
  EXPECT_NE(no_seed.ErrorMessage().find("seed is zero"), std::string::npos) << no_seed.ErrorMessage();
}

TEST(PorepC2NonInteractive, VerifySealSaysTheAggregateIsNotSupported) {
  // upstream's NI seal proof is a SnarkPack aggregate (14,164 B for 13 partitions at 8MiB,
  // spec/vectors.md §6.1): VerifySeal refuses NI outright, whatever the bytes
  const test::SealedC1 s = test::SealSeeded(23, RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep);
  groth16::VerifyingKey vk;
  vk.ic.resize(40);
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(vk);
  for (size_t bytes : {size_t(14164), size_t(13 * 192)}) {
    const std::vector<uint8_t> proof(bytes);
    auto r = VerifySeal(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed, proof, pvk);
    ASSERT_FALSE(r.HasValue());
    EXPECT_NE(r.ErrorMessage().find("SnarkPack aggregate"), std::string::npos) << r.ErrorMessage();
    EXPECT_NE(r.ErrorMessage().find("not supported"), std::string::npos) << r.ErrorMessage();
  }
  // the partition proofs are checked by VerifyPorepCircuitProofs: 13 × 192 zero bytes are well-formed
  // arguments but no points, so false
  const std::vector<uint8_t> zeros(13 * 192);
  auto circuit = VerifyPorepCircuitProofs(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket, s.seed,
                                          zeros, pvk);
  ASSERT_TRUE(circuit.HasValue()) << circuit.ErrorMessage();
  EXPECT_FALSE(*circuit);
  auto wrong_length = VerifyPorepCircuitProofs(s.proof, s.c1.comm_r, s.c1.comm_d, s.prover_id, s.sector_id, s.ticket,
                                               s.seed, std::span(zeros).first(192), pvk);
  ASSERT_FALSE(wrong_length.HasValue());
  EXPECT_EQ(wrong_length.Code(), ErrorCode::kBadLength);
}
