// tests/filecoin_e2e/snap_circuit_prove_long_test.cpp — SnapDeals end to end on a seeded 2 KiB
// update: replica update → vanilla partition proof → circuit → Groth16 with the 2KiB SnapDeals test
// parameters ctest's fixture wrote (`cuzk-bench params --type snap`, the blank circuit's setup) →
// verification with the verifier-side public inputs; the proof fails against another partition's or
// a wrong commitment's inputs. Slow (1.7 M constraints proved on the CPU), hence its own binary.
#include "filecoin/snap/snap_circuit.hpp"

#include "groth16/groth16.hpp"

#include "common/stopwatch.hpp"
#include "filecoin/snap_test_update.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::SecondsSince;

TEST(SnapCircuitProve, Groth16ProveAndVerify2KiB) {
  auto t = cuzk::test::MakeTestUpdate(64, 21);
  auto vanilla = SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update);
  ASSERT_TRUE(vanilla.HasValue()) << vanilla.ErrorMessage();
  const SnapPublicInputs inputs = SnapPublicInputsOf(t.config, t.update, 0);
  ASSERT_TRUE(SnapVerifyPartition(t.config, inputs, *vanilla).IsOk());
  auto input = SnapCircuitInputFromProof(t.config, inputs, *vanilla);
  ASSERT_TRUE(input.HasValue()) << input.ErrorMessage();
  const auto publics = SnapCircuitPublicInputs(t.config, inputs).Value();

  const char *dir = std::getenv("CUZK_TEST_PARAM_DIR");
  ASSERT_NE(dir, nullptr) << "CUZK_TEST_PARAM_DIR is not set (ctest's fixture sets it)";
  const std::string stem = std::string(dir) + "/" + t.config.ParameterCacheId();
  auto params = groth16::ReadParametersFile(stem + ".params", groth16::PointChecks::kUnchecked);
  ASSERT_TRUE(params) << stem << ".params: " << params.ErrorMessage();
  EXPECT_EQ(params->vk.ic.size(), 5u); // ONE and the four public inputs

  auto start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(5);
  groth16::CpuBackend backend;
  groth16::ProverTimings timings;
  auto proof = groth16::CreateProof(backend, *params, SnapCircuit{*input}, rng, &timings);
  ASSERT_TRUE(proof) << proof.ErrorMessage();
  const double prove_s = SecondsSince(start);

  start = std::chrono::steady_clock::now();
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(params->vk);
  auto ok = groth16::VerifyProof(pvk, *proof, publics);
  const double verify_s = SecondsSince(start);
  ASSERT_TRUE(ok) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);
  std::printf("SnapDeals 2KiB partition: prove %.1f s (MSM+NTT %.1f s), verify %.3f s (wall)\n", prove_s,
              timings.Total(), verify_s);

  // the same proof against other public inputs
  auto wrong = publics;
  wrong[3] += ff::Fr::One(); // comm_r_new
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong));
  wrong = publics;
  wrong[0] = ff::Fr::FromUint(2); // another h_select
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong));
  wrong = publics;
  wrong[2] = publics[1]; // comm_d_new
  EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong));
}
