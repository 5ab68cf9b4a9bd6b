// tests/engine/device_failover_test.cpp — a device that starts failing is taken out of rotation and
// its partitions are proved elsewhere: two CPU devices, one whose backend fails on demand (the real
// CPU backend behind an error switch); every job still completes with proofs that verify, the
// failing device shows in the status and the metrics as failed with its last error; with no device
// left, jobs fail with that error and new ones are refused.
#include "engine_fixture.hpp"

#include <condition_variable>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

// What the injected failures have done so far, shared by a device's backends and the test.
struct Injection {
  std::mutex mu;
  std::condition_variable cv;
  int fail_first = -1; //!< ProveStart fails this many times, then works; −1: always fails
  int failures = 0;    //!< failures injected so far
  int calls = 0;
  ErrorCode code = ErrorCode::kInternal; //!< what the injected failures say

  void WaitForFailures(int n) {
    std::unique_lock lock(mu);
    cv.wait_for(lock, 120s, [&] { return failures >= n; });
  }
};

// groth16::CpuBackend whose ProveStart fails while its Injection says so.
class FailingOnDemandBackend final : public HookedCpuBackend {
public:
  explicit FailingOnDemandBackend(std::shared_ptr<Injection> injection) : injection_(std::move(injection)) {}

private:
  std::optional<Error> Before(std::span<const r1cs::ProvingAssignment>) override {
    std::lock_guard lock(injection_->mu);
    injection_->calls++;
    if (injection_->fail_first < 0 || injection_->failures < injection_->fail_first) {
      injection_->failures++;
      injection_->cv.notify_all();
      return MakeError(injection_->code, "injected device error " + std::to_string(injection_->failures));
    }
    return std::nullopt;
  }

  std::shared_ptr<Injection> injection_;
};

// the real CPU backend, whose first ProveStart waits until `other` has failed `n` times (so the
// failing device is the one that takes the next partitions)
class WaitingBackend final : public HookedCpuBackend {
public:
  WaitingBackend(std::shared_ptr<Injection> other, int n) : other_(std::move(other)), n_(n) {}

private:
  std::optional<Error> Before(std::span<const r1cs::ProvingAssignment>) override {
    if (first_) other_->WaitForFailures(n_);
    first_ = false;
    return std::nullopt;
  }

  std::shared_ptr<Injection> other_;
  int n_;
  bool first_ = true;
};

class DeviceFailoverTest : public ChainEngineTest<8> {
protected:
  static DeviceSpec Device(std::string id, std::function<std::unique_ptr<groth16::ProverBackend>()> make) {
    DeviceSpec d = CpuDevice(1);
    d.id = std::move(id);
    d.make_backend = std::move(make);
    return d;
  }
  static const DeviceStatus &Find(const EngineStatus &s, const std::string &id) {
    for (const auto &d : s.devices)
      if (d.id == id) return d;
    ADD_FAILURE() << "no device " << id;
    return s.devices.at(0);
  }
  std::shared_ptr<Injection> injection_ = std::make_shared<Injection>();
};

TEST_F(DeviceFailoverTest, AFailingDeviceIsTakenOutAndItsPartitionsAreProvedOnAnother) {
  EngineConfig config = SmallConfig(*dir_, 2);
  config.device_failure_limit = 3;
  config.max_ready_partitions = 4;
  config.devices = {
      Device("cpu-failing", [inj = injection_] { return std::make_unique<FailingOnDemandBackend>(inj); }),
      Device("cpu-good", [inj = injection_] { return std::make_unique<WaitingBackend>(inj, 3); }),
  };
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  const std::vector<ProofRequest> requests{ChainRequest("porep-1000-1", 8, 4, 1),
                                           ChainRequest("porep-1000-2", 8, 2, 2)};
  for (const auto &r : requests) ASSERT_TRUE(engine.Submit(r).HasValue());
  for (const auto &r : requests) {
    auto result = engine.Await(r.request_id, 0ms);
    ASSERT_TRUE(result.HasValue());
    ExpectChainProofsVerify(result.Value(), r); // every partition verified, none lost or unproved
  }
  const EngineStatus s = engine.Status();
  const DeviceStatus &failing = Find(s, "cpu-failing"), &good = Find(s, "cpu-good");
  EXPECT_TRUE(failing.failed);
  EXPECT_EQ(failing.partitions_failed, 3u);
  EXPECT_EQ(failing.partitions_proved, 0u);
  EXPECT_EQ(failing.consecutive_failures, 3u);
  EXPECT_NE(failing.last_error.find("3 device errors in a row"), std::string::npos) << failing.last_error;
  EXPECT_NE(failing.last_error.find("injected device error 3"), std::string::npos) << failing.last_error;
  EXPECT_FALSE(good.failed);
  EXPECT_EQ(good.partitions_proved, 6u);
  EXPECT_EQ(good.consecutive_failures, 0u);
  {
    std::lock_guard lock(injection_->mu);
    EXPECT_EQ(injection_->calls, 3) << "a device out of rotation took more work";
  }
  const std::string metrics = engine.MetricsText();
  EXPECT_NE(metrics.find("cuzk_device_failed{device=\"cpu-failing\"} 1\n"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("cuzk_device_failed{device=\"cpu-good\"} 0\n"), std::string::npos) << metrics;
  EXPECT_EQ(s.proofs_completed, 2u);
  EXPECT_EQ(s.proofs_failed, 0u);
}

TEST_F(DeviceFailoverTest, ErrorsBelowTheLimitDoNotTakeADeviceOut) {
  EngineConfig config = SmallConfig(*dir_, 1);
  config.device_failure_limit = 3;
  config.devices = {
      Device("cpu-flaky", [inj = injection_] { return std::make_unique<FailingOnDemandBackend>(inj); }),
      Device("cpu-good", [inj = injection_] { return std::make_unique<WaitingBackend>(inj, 2); }),
  };
  injection_->fail_first = 2; // then the flaky device recovers
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  // three partitions: whichever device takes the first, the flaky one fails two
  const ProofRequest r = ChainRequest("porep-1000-3", 8, 3, 3);
  ASSERT_TRUE(engine.Submit(r).HasValue());
  auto result = engine.Await(r.request_id, 0ms);
  ASSERT_TRUE(result.HasValue());
  ExpectChainProofsVerify(result.Value(), r);
  const ProofRequest after = ChainRequest("porep-1000-4", 8, 4, 4);
  auto second = engine.Prove(after);
  ASSERT_TRUE(second.HasValue());
  ExpectChainProofsVerify(second.Value(), after);
  const EngineStatus s = engine.Status(); // kept: Find returns a reference into it
  const DeviceStatus &flaky = Find(s, "cpu-flaky");
  EXPECT_FALSE(flaky.failed);
  EXPECT_EQ(flaky.partitions_failed, 2u);
  EXPECT_NE(flaky.last_error.find("injected device error 2"), std::string::npos) << flaky.last_error;
}

TEST_F(DeviceFailoverTest, WithNoDeviceLeftJobsFailWithTheDeviceErrorAndNewOnesAreRefused) {
  EngineConfig config = SmallConfig(*dir_, 1);
  config.device_failure_limit = 2;
  config.devices = {Device("cpu-only", [inj = injection_] { return std::make_unique<FailingOnDemandBackend>(inj); })};
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  auto first = engine.Prove(ChainRequest("porep-1000-5", 8, 1, 5));
  ASSERT_TRUE(first.HasValue());
  EXPECT_EQ(first->status, ProofStatus::FAILED);
  EXPECT_TRUE(first->proof.empty());
  EXPECT_NE(first->error_message.find("injected device error 1"), std::string::npos) << first->error_message;
  EXPECT_NE(first->error_message.find("no other device left"), std::string::npos) << first->error_message;
  EXPECT_FALSE(Find(engine.Status(), "cpu-only").failed);

  auto second = engine.Prove(ChainRequest("porep-1000-6", 8, 1, 6));
  ASSERT_TRUE(second.HasValue());
  EXPECT_EQ(second->status, ProofStatus::FAILED);
  EXPECT_TRUE(Find(engine.Status(), "cpu-only").failed);
  auto refused = engine.Submit(ChainRequest("porep-1000-7", 8, 1, 7));
  EXPECT_EQ(refused.Code(), cuzk::ErrorCode::kUnavailable);
  EXPECT_NE(refused.ErrorMessage().find("no proving device left in rotation; cpu-only: 2 device errors in a row"),
            std::string::npos)
      << refused.ErrorMessage();
}

// a partition the backend refuses as input (a shape that does not fit the parameters) is no fault of the device:
// its job fails with the message, nothing is retried, and the device keeps proving
TEST_F(DeviceFailoverTest, ARefusedPartitionFailsItsJobWithoutCountingAgainstTheDevice) {
  EngineConfig config = SmallConfig(*dir_, 1);
  config.device_failure_limit = 1;
  config.devices = {
      Device("cpu-refusing", [inj = injection_] { return std::make_unique<FailingOnDemandBackend>(inj); })};
  injection_->fail_first = 2;
  injection_->code = ErrorCode::kInvalidArgument;
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  for (int i = 1; i <= 2; i++) {
    auto refused = engine.Prove(ChainRequest("porep-1000-1" + std::to_string(i), 8, 1, 10 + i));
    ASSERT_TRUE(refused.HasValue());
    EXPECT_EQ(refused->status, ProofStatus::FAILED);
    EXPECT_TRUE(refused->proof.empty());
    EXPECT_NE(refused->error_message.find("injected device error " + std::to_string(i)), std::string::npos)
        << refused->error_message;
    EXPECT_EQ(refused->error_message.find("no other device left"), std::string::npos) << refused->error_message;
  }
  const ProofRequest r = ChainRequest("porep-1000-13", 8, 2, 13);
  auto result = engine.Prove(r);
  ASSERT_TRUE(result.HasValue());
  ExpectChainProofsVerify(result.Value(), r);
  const EngineStatus s = engine.Status();
  const DeviceStatus &device = Find(s, "cpu-refusing");
  EXPECT_FALSE(device.failed);
  EXPECT_EQ(device.consecutive_failures, 0u);
  EXPECT_EQ(device.partitions_proved, 2u);
  std::lock_guard lock(injection_->mu);
  EXPECT_EQ(injection_->calls, 4) << "a refused partition was retried";
}

TEST_F(DeviceFailoverTest, ADeviceWithoutABackendIsOutFromTheStart) {
  EngineConfig config = SmallConfig(*dir_, 1);
  config.devices = {
      Device("cpu-broken",
             []() -> std::unique_ptr<groth16::ProverBackend> { throw std::runtime_error("no such device"); }),
      Device("cpu-good", [] { return std::make_unique<groth16::CpuBackend>(); })};
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  const ProofRequest r = ChainRequest("porep-1000-8", 8, 2, 8);
  auto result = engine.Prove(r);
  ASSERT_TRUE(result.HasValue());
  ExpectChainProofsVerify(result.Value(), r);
  const EngineStatus s = engine.Status();
  const DeviceStatus &broken = Find(s, "cpu-broken");
  EXPECT_TRUE(broken.failed);
  EXPECT_NE(broken.last_error.find("no such device"), std::string::npos) << broken.last_error;
}

// one physical device listed twice (a GPU by ordinal and by UUID) would get two sets of workers and two failure
// counts: the engine refuses it at construction, naming the device
TEST_F(DeviceFailoverTest, ADeviceListedTwiceIsRefused) {
  EngineConfig config = SmallConfig(*dir_, 1);
  config.devices = {Device("GPU-same", [] { return std::make_unique<groth16::CpuBackend>(); }),
                    Device("GPU-same", [] { return std::make_unique<groth16::CpuBackend>(); })};
  try {
    Engine engine(config);
    ADD_FAILURE() << "an engine with one device listed twice was made";
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("GPU-same is listed twice"), std::string::npos) << e.what();
  }
}

} // namespace
} // namespace cuzk::engine::testing
