// tests/gpu/small_proof_test.cpp — one small GPU proof through every kernel of the prover (NTT/H,
// Pippenger, batch addition, gather), equal to the CPU backend's. Small on purpose: gpu-check.sh
// runs this binary under compute-sanitizer memcheck and racecheck (CUZK_GPU_SANITIZE=1).
#include "gpu/groth16_backend.hpp"
#include "gpu_test_util.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

TEST(GpuSmallProof, BitsAndRandomWitnessesEqualCpuAndVerify) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  std::vector<test::ProverCase> cases;
  cases.push_back(test::MakeCase("bits 300", test::BitsCircuit{300, 4, 3}, 91));      // batch addition + tail
  cases.push_back(test::MakeCase("random 200", r1cs::RandomCircuit(200, 2, 92), 92)); // one Pippenger
  GpuBackend gpu(dev, std::make_shared<SrsCache>(dev, size_t(64) << 20));
  groth16::CpuBackend cpu;
  for (const auto &c : cases) {
    const std::span<const r1cs::ProvingAssignment> one(c.assignment.get(), 1);
    auto on_gpu = gpu.ProveStart(*c.params, one);
    auto on_cpu = cpu.ProveStart(*c.params, one);
    ASSERT_TRUE(on_gpu) << c.name << ": " << on_gpu.ErrorMessage();
    ASSERT_TRUE(on_cpu);
    std::string which;
    ASSERT_TRUE(test::SamePartial((*on_gpu)[0], (*on_cpu)[0], which)) << c.name << ": " << which;
    auto proof = groth16::ProveFinish(c.params->vk, (*on_gpu)[0], ff::Fr::FromUint(11), ff::Fr::FromUint(12));
    ASSERT_TRUE(proof);
    auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(c.params->vk), *proof, c.public_inputs);
    ASSERT_TRUE(ok && *ok) << c.name;
  }
}

} // namespace
