// tests/gpu/engine_devices_test.cpp — partition proofs on every GPU at once through the engine, cuzk-daemon's path
// (DESIGN rule 2): one engine device per GPU, identified by its UUID, whose workers' backends come from
// gpu::GpuBackendFactory as the daemon makes them. 20 partitions of four parameter sets are submitted at once, with
// one and two workers per device: every partition's GPU result is the CPU backend's, every proof verifies, and each
// device proved some. A GPU backend that fails some partitions has only those retried, on another device, and stays
// in rotation. The two-device tests skip (visibly) on a machine with fewer GPUs.
#include "engine/engine_fixture.hpp"
#include "gpu/groth16_backend.hpp"
#include "gpu_test_util.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

#include <atomic>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

//! what the wrapped backends saw, shared with the test
struct Seen {
  std::atomic<int> proved{0}, differed{0}, injected{0};
  std::mutex mu;
  std::string first_difference;
};

//! a device's real backend whose every result is compared with the CPU backend's; with fail_every > 0, every
//! fail_every-th call fails instead (a device that fails some partitions: a real fault cannot be provoked safely)
class CheckedGpuBackend final : public groth16::ProverBackend {
public:
  CheckedGpuBackend(std::unique_ptr<groth16::ProverBackend> gpu, std::shared_ptr<Seen> seen, int fail_every)
      : gpu_(std::move(gpu)), seen_(std::move(seen)), fail_every_(fail_every) {}

  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *timings) override {
    if (fail_every_ > 0 && ++calls_ % fail_every_ == 0) {
      seen_->injected++;
      return MakeError(ErrorCode::kInternal, "injected failure");
    }
    auto on_gpu = gpu_->ProveStart(params, assignments, timings);
    if (!on_gpu) return on_gpu;
    auto on_cpu = cpu_.ProveStart(params, assignments);
    for (size_t i = 0; i < on_gpu->size(); i++) {
      std::string which;
      if (!on_cpu || !gpu::test::SamePartial((*on_gpu)[i], (*on_cpu)[i], which)) {
        seen_->differed++;
        std::lock_guard lock(seen_->mu);
        if (seen_->first_difference.empty()) seen_->first_difference = which.empty() ? on_cpu.ErrorMessage() : which;
      }
    }
    seen_->proved++;
    return on_gpu;
  }

private:
  std::unique_ptr<groth16::ProverBackend> gpu_;
  std::shared_ptr<Seen> seen_;
  int fail_every_;
  int calls_ = 0;
  groth16::CpuBackend cpu_;
};

//! the engine devices cuzk-daemon makes (apps/cuzk-daemon/daemon_setup.cpp GpuDevices), the backends checked;
//! the last device's fail every fail_every-th partition when fail_every > 0
std::vector<DeviceSpec> GpuDevices(uint32_t workers, const std::shared_ptr<Seen> &seen, int fail_every = 0) {
  std::vector<DeviceSpec> out;
  auto factory = gpu::GpuBackendFactory();
  const int count = gpu::DeviceCount();
  for (int i = 0; i < count; i++) {
    const gpu::Device dev = gpu::Device::ByOrdinal(i);
    DeviceSpec spec;
    spec.id = dev.Uuid();
    spec.name = dev.Info().name;
    spec.workers = workers;
    spec.usable = [dev](std::string *why) { return dev.Usable(why); };
    const int fails = i + 1 == count ? fail_every : 0;
    spec.make_backend = [dev, factory, seen, fails]() -> std::unique_ptr<groth16::ProverBackend> {
      dev.MakeCurrent();
      return std::make_unique<CheckedGpuBackend>(factory(dev), seen, fails);
    };
    out.push_back(std::move(spec));
  }
  return out;
}

class GpuEngineDevices : public ::testing::Test {
protected:
  // four parameter sets, the domains 2^9 … 2^14
  static constexpr size_t LENGTHS[] = {500, 2000, 5000, 9000};
  static void SetUpTestSuite() {
    if (gpu::DeviceCount() > 0) dir_ = new ParamDir(std::vector<size_t>(std::begin(LENGTHS), std::end(LENGTHS)));
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  //! five partitions of each set, all submitted at once; every proof checked outside the engine
  void ProveTwenty(Engine &engine) {
    engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
    std::vector<ProofRequest> requests;
    for (size_t i = 0; i < std::size(LENGTHS); i++)
      requests.push_back(ChainRequest("chain-" + std::to_string(LENGTHS[i]), LENGTHS[i], 5, 50 + i));
    for (const auto &r : requests) ASSERT_TRUE(engine.Submit(r).HasValue());
    for (const auto &r : requests) {
      auto result = engine.Await(r.request_id, 0ms);
      ASSERT_TRUE(result.HasValue());
      ExpectChainProofsVerify(result.Value(), r);
    }
  }

  void ExpectSameAsCpu() {
    EXPECT_EQ(seen_->differed.load(), 0) << "first difference from the CPU backend: " << seen_->first_difference;
  }

  //! each device proved some of the 20 partitions, none failed, all in rotation
  static void ExpectEveryDeviceWorked(const EngineStatus &s) {
    uint64_t total = 0;
    for (const auto &d : s.devices) {
      EXPECT_GT(d.partitions_proved, 0u) << d.id << " proved nothing";
      EXPECT_EQ(d.partitions_failed, 0u) << d.id << ": " << d.last_error;
      EXPECT_FALSE(d.failed) << d.id;
      total += d.partitions_proved;
      std::printf("%s (%s): %llu partitions\n", d.id.c_str(), d.name.c_str(), (unsigned long long)d.partitions_proved);
    }
    EXPECT_EQ(total, 20u);
  }

  void TwoDevices(uint32_t workers) {
    CUZK_REQUIRE_GPU();
    if (gpu::DeviceCount() < 2) GTEST_SKIP() << "needs 2 CUDA devices, found " << gpu::DeviceCount();
    EngineConfig config = SmallConfig(*dir_, 4);
    config.max_ready_partitions = 8;
    config.devices = GpuDevices(workers, seen_);
    Engine engine(config);
    ProveTwenty(engine);
    ExpectSameAsCpu();
    ExpectEveryDeviceWorked(engine.Status());
  }

  static ParamDir *dir_;
  std::shared_ptr<ChainHandler> handler_ = std::make_shared<ChainHandler>();
  std::shared_ptr<Seen> seen_ = std::make_shared<Seen>();
};

ParamDir *GpuEngineDevices::dir_ = nullptr;

TEST_F(GpuEngineDevices, TwentyPartitionsOverTwoDevicesOneWorkerEach) { TwoDevices(1); }
TEST_F(GpuEngineDevices, TwentyPartitionsOverTwoDevicesTwoWorkersEach) { TwoDevices(2); }

TEST_F(GpuEngineDevices, TwoWorkersOnOneDevice) {
  CUZK_REQUIRE_GPU();
  EngineConfig config = SmallConfig(*dir_, 4);
  config.max_ready_partitions = 8;
  config.devices = GpuDevices(2, seen_);
  config.devices.resize(1);
  Engine engine(config);
  ProveTwenty(engine);
  ExpectSameAsCpu();
  ExpectEveryDeviceWorked(engine.Status());
}

// every third partition on the last GPU fails: it is proved again on another device (on a 1-GPU machine the CPU
// device, added for that), the GPU stays in rotation (never three errors in a row), and the failures are its alone,
// with their error
TEST_F(GpuEngineDevices, AFailingBackendLosesOnlyItsPartitionsAndStaysInRotation) {
  CUZK_REQUIRE_GPU();
  EngineConfig config = SmallConfig(*dir_, 4);
  config.max_ready_partitions = 8;
  config.device_failure_limit = 3;
  config.devices = GpuDevices(1, seen_, 3);
  const std::string faulty = config.devices.back().id;
  if (config.devices.size() == 1) config.devices.push_back(CpuDevice(1));
  Engine engine(config);
  ProveTwenty(engine); // every request completes with proofs that verify
  ExpectSameAsCpu();
  EXPECT_GT(seen_->injected.load(), 0);
  EXPECT_GT(seen_->proved.load(), 0);
  const EngineStatus s = engine.Status();
  uint64_t failed = 0, proved = 0;
  for (const auto &d : s.devices) {
    failed += d.partitions_failed;
    proved += d.partitions_proved;
    EXPECT_FALSE(d.failed) << d.id << ": a failed partition on a healthy device does not retire it";
    if (d.id != faulty) {
      EXPECT_EQ(d.partitions_failed, 0u) << d.id;
    } else {
      EXPECT_NE(d.last_error.find("injected failure"), std::string::npos) << d.last_error;
    }
  }
  EXPECT_EQ(failed, uint64_t(seen_->injected.load()));
  EXPECT_EQ(proved, 20u);
  EXPECT_EQ(s.proofs_completed, 4u);
  EXPECT_EQ(s.proofs_failed, 0u);
}

} // namespace
} // namespace cuzk::engine::testing
