// tests/engine/stop_test.cpp — a cancel or a shutdown stops a partition's synthesis where it is
// (ProvingAssignment::stop, checked every few thousand constraints), not after the whole
// partition: the worker is free for the next job at once. The partition here would synthesise
// constraints until a cap far beyond the stop's check interval. A cancel also stops the CPU prover
// (between its phases and its MSMs' tasks), and that is no failure of the device.
#include "engine_fixture.hpp"

#include "r1cs/synthesis_stop.hpp"

#include <future>
#include <thread>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

constexpr size_t CAP = size_t(1) << 22; // constraints; reached only when the stop is not seen

// One partition of the chain circuit's shape whose synthesis goes on and on: it says when it has
// started, and records how it ended.
class EndlessHandler final : public ProofKindHandler {
public:
  struct Record {
    std::promise<void> started;
    std::promise<std::string> ended; //!< the exception's message, or "reached the cap"
  };
  std::shared_ptr<Record> record = std::make_shared<Record>();

  Expected<std::vector<PartitionWork>> Plan(const ProofRequest &) const override {
    PartitionWork w;
    w.circuit_id = ChainId(8);
    w.public_inputs = {Fr::One(), Fr::One()};
    w.synthesize = [record = record](r1cs::ConstraintSystem &pa) {
      try {
        const auto x = pa.AllocInput("x", [] { return Fr::One(); });
        record->started.set_value();
        for (size_t i = 0; i < CAP; i++) pa.Enforce("x*1=x", x, r1cs::ConstraintSystem::One(), x);
      } catch (const std::exception &e) {
        record->ended.set_value(e.what());
        throw;
      }
      record->ended.set_value("reached the cap");
    };
    std::vector<PartitionWork> parts;
    parts.push_back(std::move(w));
    return parts;
  }
};

// The real CPU prover, whose first ProveStart waits (as a long MSM would run) until the stop flag
// the engine installs around it is set, then proves: the CPU prover must see the flag and stop.
class StoppableBackend final : public groth16::ProverBackend {
public:
  struct Record {
    std::promise<void> started;
    std::promise<std::string> ended; //!< what ProveStart threw, or "proved"
  };
  explicit StoppableBackend(std::shared_ptr<Record> record) : record_(std::move(record)) {}

  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *timings) override {
    if (!first_) return cpu_.ProveStart(params, assignments, timings);
    first_ = false;
    record_->started.set_value();
    const std::atomic<bool> *stop = r1cs::InstalledSynthesisStop();
    for (int i = 0; i < 6000 && !(stop && stop->load()); i++) std::this_thread::sleep_for(10ms);
    try {
      auto proved = cpu_.ProveStart(params, assignments, timings);
      record_->ended.set_value("proved");
      return proved;
    } catch (const std::exception &e) {
      record_->ended.set_value(e.what());
      throw;
    }
  }

private:
  std::shared_ptr<Record> record_;
  bool first_ = true;
  groth16::CpuBackend cpu_;
};

class StopTest : public ParamDirTest<8> {
protected:
  std::unique_ptr<Engine> Start() {
    auto engine = std::make_unique<Engine>(SmallConfig(*dir_, 1));
    engine->RegisterHandler(ProofKind::SNAP_DEALS_UPDATE, endless_);
    engine->RegisterHandler(ProofKind::POREP_SEAL_COMMIT, std::make_shared<ChainHandler>());
    return engine;
  }
  static ProofRequest EndlessRequest(std::string id) {
    ProofRequest r;
    r.request_id = std::move(id);
    r.proof_kind = ProofKind::SNAP_DEALS_UPDATE;
    return r;
  }
  std::shared_ptr<EndlessHandler> endless_ = std::make_shared<EndlessHandler>();
};

TEST_F(StopTest, ACancelStopsARunningSynthesisAndFreesItsWorker) {
  auto engine = Start();
  ASSERT_TRUE(engine->Submit(EndlessRequest("snap-1000-1")).HasValue());
  endless_->record->started.get_future().wait();
  ASSERT_TRUE(engine->Cancel("snap-1000-1").HasValue());
  const std::string ended = endless_->record->ended.get_future().get();
  EXPECT_EQ(ended.rfind("stopped after ", 0), 0u) << ended;
  EXPECT_EQ(engine->Await("snap-1000-1", 0ms)->status, ProofStatus::CANCELLED);
  // the only synthesis worker is free again: the next job is proved
  const ProofRequest next = ChainRequest("porep-1000-2", 8, 1);
  auto proved = engine->Prove(next);
  ASSERT_TRUE(proved.HasValue());
  ExpectChainProofsVerify(proved.Value(), next);
  EXPECT_EQ(engine->Status().working_memory_used_bytes, 0u);
}

TEST_F(StopTest, ACancelStopsARunningCpuProveAndIsNoDeviceFailure) {
  auto record = std::make_shared<StoppableBackend::Record>();
  EngineConfig config = SmallConfig(*dir_, 1);
  config.devices[0].make_backend = [record] { return std::make_unique<StoppableBackend>(record); };
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, std::make_shared<ChainHandler>());
  ASSERT_TRUE(engine.Submit(ChainRequest("porep-1000-4", 8, 1)).HasValue());
  record->started.get_future().wait();
  ASSERT_TRUE(engine.Cancel("porep-1000-4").HasValue());
  EXPECT_EQ(record->ended.get_future().get(), "prove stopped");
  EXPECT_EQ(engine.Await("porep-1000-4", 0ms)->status, ProofStatus::CANCELLED);
  // the prover is free, and its device took no failure for the stop
  const ProofRequest next = ChainRequest("porep-1000-5", 8, 1);
  auto proved = engine.Prove(next);
  ASSERT_TRUE(proved.HasValue());
  ExpectChainProofsVerify(proved.Value(), next);
  const EngineStatus s = engine.Status();
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_FALSE(s.devices[0].failed);
  EXPECT_EQ(s.devices[0].partitions_failed, 0u);
  EXPECT_EQ(s.devices[0].consecutive_failures, 0u);
  EXPECT_EQ(s.devices[0].partitions_proved, 1u);
  EXPECT_EQ(s.working_memory_used_bytes, 0u);
}

TEST_F(StopTest, AShutdownStopsARunningSynthesisAfterItsGrace) {
  auto engine = Start();
  ASSERT_TRUE(engine->Submit(EndlessRequest("snap-1000-3")).HasValue());
  endless_->record->started.get_future().wait();
  engine->Shutdown(50ms);
  const std::string ended = endless_->record->ended.get_future().get();
  EXPECT_EQ(ended.rfind("stopped after ", 0), 0u) << ended;
  auto result = engine->Await("snap-1000-3", 0ms);
  ASSERT_TRUE(result.HasValue());
  EXPECT_EQ(result->status, ProofStatus::FAILED);
  EXPECT_NE(result->error_message.find("shutting down"), std::string::npos) << result->error_message;
}

} // namespace
} // namespace cuzk::engine::testing
