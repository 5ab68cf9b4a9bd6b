// tests/gpu/pce_filecoin_test.cpp — the device evaluation of the four Filecoin kinds' pre-compiled
// circuits at 2KiB (requests from one really sealed sector, tests/engine_e2e/filecoin_requests.hpp):
// for every partition the GPU's a, b, c equal pce::EvaluateAll's element for element, and the proof
// of the partition with its a, b, c deferred to the GPU equals byte for byte the proof of the
// CPU-evaluated assignment on the same backend with the same (r, s), and verifies. The parameters
// are the ctest fixture's (cuzk-bench params, CUZK_TEST_PARAM_DIR). Skips without a device.
#include "engine/engine.hpp"
#include "engine/filecoin_handlers.hpp"
#include "filecoin/core/porep_config.hpp"
#include "gpu/groth16_backend.hpp"
#include "gpu_test_util.hpp"
#include "groth16/groth16.hpp"
#include "pce/deferred.hpp"
#include "pce/recorder.hpp"
#include "pce_gpu_eval.hpp"

#include "engine_e2e/filecoin_requests.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace cuzk;
using namespace cuzk::engine;

namespace {

const cuzk::test::FilecoinRequests &Requests() { return cuzk::test::SharedFilecoinRequests<33>(); }

r1cs::WitnessCS WitnessOf(const PartitionWork &work) {
  r1cs::WitnessCS w;
  if (work.witness)
    work.witness(w);
  else
    work.synthesize(w);
  return w;
}

void ExpectGpuEqualsCpu(const ProofKindHandler &handler, const ProofRequest &request) {
  auto plan = handler.Plan(request);
  ASSERT_TRUE(plan.HasValue()) << plan.ErrorMessage();
  ASSERT_FALSE(plan->empty());
  auto recorded = pce::Record((*plan)[0].synthesize, (*plan)[0].pce_key);
  ASSERT_TRUE(recorded.HasValue()) << recorded.ErrorMessage();
  const pce::PreCompiledCircuit &circuit = **recorded;
  const gpu::Device dev = gpu::Device::ByOrdinal(0);

  const char *dir = std::getenv("CUZK_TEST_PARAM_DIR");
  ASSERT_NE(dir, nullptr) << "CUZK_TEST_PARAM_DIR is not set (ctest's fixture sets it)";
  const std::string path = std::string(dir) + "/" + SrsFileStem((*plan)[0].circuit_id) + ".params";
  auto params = groth16::ReadParametersFile(path, groth16::PointChecks::kUnchecked);
  ASSERT_TRUE(params) << path << ": " << params.ErrorMessage();
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(params->vk);
  gpu::GpuBackend gpu(dev, std::make_shared<gpu::SrsCache>(dev, size_t(8) << 30),
                      std::make_shared<gpu::DevicePceCache>(dev, size_t(8) << 30));

  for (size_t k = 0; k < plan->size(); k++) {
    const PartitionWork &work = (*plan)[k];
    SCOPED_TRACE("partition " + std::to_string(k));
    r1cs::WitnessCS w = WitnessOf(work);
    float ms = 0;
    const auto on_gpu = gpu::test::EvaluateOnDevice(dev, circuit, w.input_assignment, w.aux_assignment, &ms);
    ASSERT_TRUE(gpu::test::SameAbc(on_gpu, gpu::test::EvaluateOnHost(circuit, w.input_assignment, w.aux_assignment)));
    std::cerr << "partition " << k << ": " << circuit.NumConstraints() << " constraints evaluated on the GPU in " << ms
              << " ms\n";

    r1cs::ProvingAssignment evaluated, deferred;
    ASSERT_TRUE(pce::Evaluate(circuit, WitnessOf(work), evaluated).IsOk());
    ASSERT_TRUE(pce::Defer(*recorded, std::move(w), deferred).IsOk());
    auto want = gpu.ProveStart(*params, std::span(&evaluated, 1));
    ASSERT_TRUE(want) << want.ErrorMessage();
    auto got = gpu.ProveStart(*params, std::span(&deferred, 1));
    ASSERT_TRUE(got) << got.ErrorMessage();
    std::mt19937_64 rng(k + 1);
    const ff::Fr r = ff::Fr::Random(rng), s = ff::Fr::Random(rng);
    auto p_want = groth16::ProveFinish(params->vk, (*want)[0], r, s);
    auto p_got = groth16::ProveFinish(params->vk, (*got)[0], r, s);
    ASSERT_TRUE(p_want && p_got);
    EXPECT_TRUE(groth16::EncodeProof(*p_got) == groth16::EncodeProof(*p_want))
        << "deferred and evaluated proofs differ";
    auto ok = groth16::VerifyProof(pvk, *p_got, work.public_inputs);
    EXPECT_TRUE(ok && *ok) << "the deferred proof does not verify";
  }
  EXPECT_EQ(gpu.DeferredOnDevice(), plan->size()) << "every deferred partition was evaluated on the device";
}

TEST(GpuPceFilecoin, Porep2KiB) {
  CUZK_REQUIRE_GPU();
  ExpectGpuEqualsCpu(*MakePorepC2Handler(), Requests().porep);
}
TEST(GpuPceFilecoin, WinningPoSt2KiB) {
  CUZK_REQUIRE_GPU();
  ExpectGpuEqualsCpu(*MakePoStHandler(false), Requests().winning);
}
TEST(GpuPceFilecoin, WindowPoSt2KiB) {
  CUZK_REQUIRE_GPU();
  ExpectGpuEqualsCpu(*MakePoStHandler(true), Requests().window);
}
TEST(GpuPceFilecoin, SnapDeals2KiB) {
  CUZK_REQUIRE_GPU();
  ExpectGpuEqualsCpu(*MakeSnapHandler(), Requests().snap);
}

} // namespace
