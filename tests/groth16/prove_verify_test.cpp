// tests/groth16/prove_verify_test.cpp — setup → prove → verify on small circuits, and every way a
// proof must be rejected: tampered, wrong public input, another verifying key.
#include "groth16/groth16.hpp"
#include "msm/msm.hpp"
#include "r1cs/sample_circuits.hpp"
#include "r1cs/synthesis_stop.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <random>

namespace cuzk::groth16 {
namespace {

using r1cs::CubeCircuit;
using r1cs::MulChainCircuit;
using r1cs::RandomCircuit;

template <class C> std::vector<Fr> PublicInputs(const C &circuit) {
  r1cs::TestCS cs;
  circuit.Synthesize(cs);
  EXPECT_TRUE(cs.IsSatisfied());
  return {cs.input_assignment.begin() + 1, cs.input_assignment.end()};
}

template <class C> Parameters MakeParams(const C &circuit, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto params = GenerateParameters(circuit, rng);
  EXPECT_TRUE(params) << params.ErrorMessage();
  return std::move(params).Value();
}

template <class C> Proof Prove(const Parameters &params, const C &circuit, uint64_t seed) {
  CpuBackend backend;
  std::mt19937_64 rng(seed);
  auto proof = CreateProof(backend, params, circuit, rng);
  EXPECT_TRUE(proof) << proof.ErrorMessage();
  return *proof;
}

template <class C> void ExpectProvesAndVerifies(const C &circuit) {
  const Parameters params = MakeParams(circuit, 1);
  const Proof proof = Prove(params, circuit, 2);
  const auto inputs = PublicInputs(circuit);
  const PreparedVerifyingKey pvk = PrepareVerifyingKey(params.vk);
  auto ok = VerifyProof(pvk, proof, inputs);
  ASSERT_TRUE(ok) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);

  // wrong public input
  auto bad_inputs = inputs;
  bad_inputs.back() += Fr::One();
  EXPECT_FALSE(*VerifyProof(pvk, proof, bad_inputs));
  // tampered proofs: each element replaced by another valid point
  Proof t = proof;
  t.a = (G1::FromAffine(t.a) + G1::Generator()).ToAffine();
  EXPECT_FALSE(*VerifyProof(pvk, t, inputs));
  t = proof;
  t.b = -t.b;
  EXPECT_FALSE(*VerifyProof(pvk, t, inputs));
  t = proof;
  t.c = t.a;
  EXPECT_FALSE(*VerifyProof(pvk, t, inputs));
  // another setup's verifying key
  const Parameters other = MakeParams(circuit, 99);
  EXPECT_FALSE(*VerifyProof(PrepareVerifyingKey(other.vk), proof, inputs));
  // input count
  EXPECT_FALSE(VerifyProof(pvk, proof, std::span(inputs).first(inputs.size() - 1)));
}

TEST(Groth16, Cube) { ExpectProvesAndVerifies(CubeCircuit{Fr::FromUint(3)}); }
TEST(Groth16, MulChain) { ExpectProvesAndVerifies(MulChainCircuit{Fr::FromUint(7), 40}); }
TEST(Groth16, RandomR1cs4096) { ExpectProvesAndVerifies(RandomCircuit(4096 - 8, 5, 12)); }

TEST(Groth16, SameRandomnessSameProof) {
  const CubeCircuit circuit{Fr::FromUint(5)};
  const Parameters params = MakeParams(circuit, 3);
  EXPECT_EQ(Prove(params, circuit, 7), Prove(params, circuit, 7));
  EXPECT_NE(Prove(params, circuit, 7), Prove(params, circuit, 8));
}

TEST(Groth16, BatchProveAndBatchVerify) {
  const RandomCircuit shape(300, 3, 5);
  const Parameters params = MakeParams(shape, 4);
  std::vector<RandomCircuit> circuits;
  for (uint64_t v = 0; v < 4; v++) circuits.emplace_back(300, 3, 5, 100 + v); // same shape, new values
  CpuBackend backend;
  std::mt19937_64 rng(11);
  ProverTimings timings;
  auto proofs = CreateProofBatch(backend, params, std::span<const RandomCircuit>(circuits), rng, &timings);
  ASSERT_TRUE(proofs) << proofs.ErrorMessage();
  ASSERT_EQ(proofs->size(), 4u);
  EXPECT_GT(timings.Total(), 0.0);
  std::vector<std::vector<Fr>> inputs;
  for (const auto &c : circuits) inputs.push_back(PublicInputs(c));

  const PreparedVerifyingKey pvk = PrepareVerifyingKey(params.vk);
  for (size_t i = 0; i < 4; i++) EXPECT_TRUE(*VerifyProof(pvk, (*proofs)[i], inputs[i]));
  std::mt19937_64 zrng(1);
  auto ok = VerifyProofsBatch(pvk, std::span<const Proof>(*proofs), std::span<const std::vector<Fr>>(inputs), zrng);
  ASSERT_TRUE(ok) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);

  auto swapped = inputs;
  std::swap(swapped[1], swapped[2]);
  EXPECT_FALSE(
      *VerifyProofsBatch(pvk, std::span<const Proof>(*proofs), std::span<const std::vector<Fr>>(swapped), zrng));
  auto tampered = *proofs;
  tampered[3].c = (G1::FromAffine(tampered[3].c) + G1::Generator()).ToAffine();
  EXPECT_FALSE(
      *VerifyProofsBatch(pvk, std::span<const Proof>(tampered), std::span<const std::vector<Fr>>(inputs), zrng));
  auto short_inputs = inputs;
  short_inputs[0].pop_back();
  EXPECT_FALSE(
      VerifyProofsBatch(pvk, std::span<const Proof>(*proofs), std::span<const std::vector<Fr>>(short_inputs), zrng));
  EXPECT_FALSE(VerifyProofsBatch(pvk, std::span<const Proof>(), std::span<const std::vector<Fr>>(), zrng));
}

TEST(Groth16, ParametersOfAnotherCircuitAreAnError) {
  const Parameters params = MakeParams(CubeCircuit{Fr::FromUint(3)}, 1);
  CpuBackend backend;
  std::mt19937_64 rng(1);
  auto proof = CreateProof(backend, params, MulChainCircuit{Fr::FromUint(2), 5}, rng);
  ASSERT_FALSE(proof);
  EXPECT_NE(proof.ErrorMessage().find("does not match"), std::string::npos) << proof.ErrorMessage();
}

// The CPU prover obeys the stop flag installed on its thread: set, it throws msm::Stopped; installed
// but unset, the proof is the same as without one.
TEST(Groth16, TheCpuProverObeysTheInstalledStopFlag) {
  const MulChainCircuit circuit{Fr::FromUint(7), 40};
  const Parameters params = MakeParams(circuit, 1);
  const Proof plain = Prove(params, circuit, 3);
  std::atomic<bool> stop{false};
  const r1cs::ScopedSynthesisStop installed(&stop);
  EXPECT_EQ(EncodeProof(Prove(params, circuit, 3)), EncodeProof(plain));
  r1cs::ProvingAssignment pa;
  circuit.Synthesize(pa);
  stop = true;
  CpuBackend backend;
  EXPECT_THROW((void)backend.ProveStart(params, std::span(&pa, 1)), msm::Stopped);
}

TEST(Groth16, SetupRejectsUnconstrainedVariable) {
  struct Loose {
    void Synthesize(r1cs::ConstraintSystem &cs) const {
      auto x = cs.Alloc("x", [] { return Fr::One(); });
      cs.Alloc("unused", [] { return Fr::One(); });
      cs.Enforce("x*1=x", x, r1cs::ConstraintSystem::One(), x);
    }
  };
  std::mt19937_64 rng(1);
  auto params = GenerateParameters(Loose{}, rng);
  ASSERT_FALSE(params);
  EXPECT_NE(params.ErrorMessage().find("unconstrained"), std::string::npos);
}

// Setup and prover agree on which variables are dense: the a/b sections have exactly the
// prover's density lengths (spec/porep.md §6 uses these lengths as a consistency check).
TEST(Groth16, DensityLengthsMatchTheProver) {
  const RandomCircuit circuit(500, 4, 21);
  const Parameters params = MakeParams(circuit, 5);
  r1cs::ProvingAssignment pa;
  circuit.Synthesize(pa);
  EXPECT_EQ(params.a.size(), pa.NumInputs() + pa.a_aux_density.Count());
  EXPECT_EQ(params.b_g1.size(), pa.b_input_density.Count() + pa.b_aux_density.Count());
  EXPECT_LT(params.a.size(), pa.NumInputs() + pa.NumAux());
  EXPECT_EQ(params.l.size(), pa.NumAux());
  EXPECT_EQ(params.vk.ic.size(), pa.NumInputs());
  EXPECT_EQ(params.h.size(), 512u - 1); // 500 + 5 rows → domain 512
}

} // namespace
} // namespace cuzk::groth16
