// tests/groth16/iden3_prove_test.cpp — an external (circom/snarkjs) R1CS and witness, proved with
// our setup and verified: any iden3 .r1cs + .wtns pair is a circuit we can prove.
#include "groth16/groth16.hpp"
#include "r1cs/iden3.hpp"
#include "r1cs/iden3_bytes.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::groth16 {
namespace {

TEST(Iden3Groth16, CubeProvesAndVerifies) {
  auto r1cs = r1cs::ParseIden3R1cs(r1cs::test_bytes::CubeR1cs());
  auto wtns = r1cs::ParseIden3Wtns(r1cs::test_bytes::CubeWtns(3));
  ASSERT_TRUE(r1cs && wtns);
  auto circuit = r1cs::Iden3Circuit::Make(std::move(*r1cs), std::move(*wtns));
  ASSERT_TRUE(circuit) << circuit.ErrorMessage();

  std::mt19937_64 rng(1);
  auto params = GenerateParameters(*circuit, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  CpuBackend backend;
  auto proof = CreateProof(backend, *params, *circuit, rng);
  ASSERT_TRUE(proof) << proof.ErrorMessage();
  const auto pvk = PrepareVerifyingKey(params->vk);
  const std::vector<Fr> public_inputs{Fr::FromUint(35)}; // snarkjs public.json: ["35"]
  EXPECT_TRUE(*VerifyProof(pvk, *proof, public_inputs));
  EXPECT_FALSE(*VerifyProof(pvk, *proof, std::vector<Fr>{Fr::FromUint(36)}));
}

} // namespace
} // namespace cuzk::groth16
