// tests/filecoin/post/post_circuit_prove_long_test.cpp — WindowPoSt and WinningPoSt end to end at 2 KiB:
// seeded sealed-like sectors → vanilla proofs → bincode round trip → partition → circuit → Groth16
// with test parameters (GenerateParameters over the blank circuit) → verification with the
// verifier-side public inputs; the proof fails for wrong randomness and for another sector set.
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_circuit.hpp"

#include "groth16/groth16.hpp"

#include "common/bytes.hpp"
#include "common/stopwatch.hpp"
#include "filecoin/post_test_sectors.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::SecondsSince;

namespace {

Digest32 Randomness(uint8_t salt) { return cuzk::test::StepFr32(29, salt); }

void ProveAndVerify(RegisteredPoStProof proof_type, size_t sectors) {
  const PoStConfig cfg = PoStConfigFor(proof_type);
  const Digest32 randomness = Randomness(uint8_t(sectors));
  std::vector<test::TestSector> s;
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < sectors; i++) s.push_back(test::MakeTestSector(40 + i, cfg.SectorNodes(), cfg.tree_shape, i));
  for (const auto &t : s) replicas.push_back(t.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, randomness, replicas).Value();
  // what Curio sends: one bincode FallbackPoStSectorProof per sector
  std::vector<FallbackPoStSectorProof> received;
  for (const auto &v : vanilla)
    received.push_back(DecodeFallbackPoStSectorProof(EncodeFallbackPoStSectorProof(v), cfg).Value());
  const PoStPartition part = PoStPartitionFromVanilla(cfg, received).Value();
  ASSERT_TRUE(VerifyPoStPartition(part, randomness).IsOk());
  const auto input = PoStCircuitInputFromPartition(part).Value();
  const auto publics = FallbackPoStPublicInputs(part.params, randomness, part.sectors, 0).Value();

  auto start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(7);
  auto params = groth16::GenerateParameters(PoStCircuit{BlankPoStCircuitInput(part.params).Value()}, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  const double setup_s = SecondsSince(start);
  EXPECT_EQ(params->vk.ic.size(), publics.size() + 1);
  start = std::chrono::steady_clock::now();
  groth16::CpuBackend backend;
  auto proof = groth16::CreateProof(backend, *params, PoStCircuit{input}, rng);
  ASSERT_TRUE(proof) << proof.ErrorMessage();
  const double prove_s = SecondsSince(start);
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(params->vk);
  auto ok = groth16::VerifyProof(pvk, *proof, publics);
  ASSERT_TRUE(ok) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);
  std::printf("%s: setup %.2f s, prove %.2f s (wall)\n", std::string(ProofsApiName(proof_type)).c_str(), setup_s,
              prove_s);

  // wrong randomness: other challenged leaves in the public inputs
  const auto other = FallbackPoStPublicInputs(part.params, Randomness(99), part.sectors, 0).Value();
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, other));
  // a sector that is not the proven one
  auto wrong_sectors = part.sectors;
  wrong_sectors[0].comm_r = test::MakeTestSector(7, cfg.SectorNodes(), cfg.tree_shape, 77).Public().comm_r;
  EXPECT_FALSE(
      *groth16::VerifyProof(pvk, *proof, FallbackPoStPublicInputs(part.params, randomness, wrong_sectors, 0).Value()));
}

} // namespace

TEST(PoStCircuitProve, Window2KiB) { ProveAndVerify(RegisteredPoStProof::kWindow2KiBV1_2, 2); }

TEST(PoStCircuitProve, Winning2KiB) { ProveAndVerify(RegisteredPoStProof::kWinning2KiBV1, 1); }
