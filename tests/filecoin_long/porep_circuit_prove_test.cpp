// tests/filecoin_long/porep_circuit_prove_test.cpp — PoRep end to end on upstream's smallest
// stacked_circuit.rs configuration (8 nodes, 2 layers, one 8-ary tree level, 1 challenge:
// 1,199,620 constraints): seal → vanilla proof of the partition → StackedCircuit → Groth16 with
// test parameters (GenerateParameters over the blank circuit) → verification with the
// verifier-side public inputs (StackedPublicInputs); the proof fails against a wrong comm_r,
// replica_id or seed's inputs. Slow (setup and proving of 1.2 M constraints on the CPU).
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/porep/parents_cache.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "groth16/groth16.hpp"

#include "common/bytes.hpp"
#include "common/stopwatch.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::SecondsSince;

namespace {

Fr FrOf(const Digest32 &d) { return *Fr::FromBytesLE(d.data()); }

} // namespace

TEST(PorepCircuitProve, Groth16ProveAndVerifySmallestUpstreamConfig) {
  PorepId porep_id;
  porep_id.fill(44);
  const PorepConfig config = TestPorepConfig(8, 2, {8, 0, 0}, porep_id, ApiVersion::kV1_1_0).Value();
  const SdrGraph graph = SdrGraph::Create(config.nodes, config.porep_id, config.api_version).Value();
  const std::vector<uint8_t> payload = cuzk::test::SeededBytes(Fr32UnpaddedCapacity(config.sector_size), 9);
  SealInputs seal_inputs;
  seal_inputs.prover_id = ProverIdFromActorId(1000);
  seal_inputs.sector_id = 3;
  seal_inputs.ticket.fill(7);
  auto sector = SealSector(config, ParentsCache::Build(graph), Fr32Pad(payload), seal_inputs);
  ASSERT_TRUE(sector.HasValue()) << sector.ErrorMessage();
  Digest32 seed;
  seed.fill(0x11);
  seed[31] &= 0x3f;
  auto proofs = ProvePartition(*sector, graph, seed, 0);
  ASSERT_TRUE(proofs.HasValue()) << proofs.ErrorMessage();

  StackedCircuitInput input;
  input.layers = config.layers;
  input.replica_id = FrOf(sector->replica_id);
  input.comm_d = FrOf(sector->comm_d);
  input.comm_r = FrOf(sector->comm_r);
  input.comm_r_last = FrOf(sector->comm_r_last);
  input.comm_c = FrOf(sector->comm_c);
  input.proofs = *proofs;
  const auto publics =
      StackedPublicInputs(config, graph, sector->replica_id, sector->comm_d, sector->comm_r, seed, 0).Value();
  ASSERT_EQ(publics.size(), 3u + 18);

  auto start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(5);
  auto params = groth16::GenerateParameters(StackedCircuit{BlankStackedCircuitInput(config).Value()}, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  const double setup_s = SecondsSince(start);
  EXPECT_EQ(params->vk.ic.size(), 22u); // ONE and 21 public inputs, as stacked_circuit.rs counts

  start = std::chrono::steady_clock::now();
  groth16::CpuBackend backend;
  groth16::ProverTimings timings;
  auto proof = groth16::CreateProof(backend, *params, StackedCircuit{input}, rng, &timings);
  ASSERT_TRUE(proof) << proof.ErrorMessage();
  const double prove_s = SecondsSince(start);

  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(params->vk);
  auto ok = groth16::VerifyProof(pvk, *proof, publics);
  ASSERT_TRUE(ok) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);
  std::printf("PoRep 8-node partition (1,199,620 constraints): setup %.1f s, prove %.1f s (wall)\n", setup_s, prove_s);

  auto wrong = publics;
  wrong[2] += Fr::One(); // comm_r
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong));
  wrong = publics;
  wrong[0] += Fr::One(); // replica_id
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong));
  // a seed that challenges another node (with 8 nodes some seeds pick the same one)
  std::vector<Fr> other;
  for (uint8_t b = 1; b != 0 && (other.empty() || other == publics); b++) {
    Digest32 other_seed = seed;
    other_seed[0] ^= b;
    other =
        StackedPublicInputs(config, graph, sector->replica_id, sector->comm_d, sector->comm_r, other_seed, 0).Value();
  }
  ASSERT_NE(other, publics);
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, other));
}
