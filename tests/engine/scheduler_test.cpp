// tests/engine/scheduler_test.cpp — a CRITICAL job (WinningPoSt) behind queued NORMAL work starts at
// the next free partition slot, whichever place it could wait at: a free synthesis worker (the
// CRITICAL lane), the bounded queue to the provers (counted per priority), the memory budget (the
// first memory a prover releases), and the prover itself (it holds off NORMAL work while the
// CRITICAL partition is being synthesised). Real circuits and parameters (engine_fixture.hpp); the
// prover is the real CPU backend, wrapped to note the order partitions reach it and, when the test
// asks, to keep the prover busy until a gate opens.
#include "engine_fixture.hpp"

#include <thread>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

// What reached the backend, in order, identified by each partition's first public input (x).
struct ProveLog {
  std::mutex mu;
  std::vector<Fr> xs;
  //! set before the engine starts: every ProveStart waits at `gate` until it opens
  bool gated = false;
  std::shared_ptr<Gate> gate = std::make_shared<Gate>();

  std::vector<Fr> Order() {
    std::lock_guard lock(mu);
    return xs;
  }
};

class RecordingBackend final : public HookedCpuBackend {
public:
  explicit RecordingBackend(std::shared_ptr<ProveLog> log) : log_(std::move(log)) {}

private:
  std::optional<Error> Before(std::span<const r1cs::ProvingAssignment> assignments) override {
    {
      std::lock_guard lock(log_->mu);
      for (const auto &a : assignments) log_->xs.push_back(a.input_assignment.at(1));
    }
    if (log_->gated) log_->gate->Wait();
    return std::nullopt;
  }

  std::shared_ptr<ProveLog> log_;
};

// x of partition i of a ChainRequest made with `seed`
Fr X(uint64_t seed, uint64_t i = 0) { return Fr::FromUint(1000 * seed + i); }

// a WinningPoSt-kind chain request: UNSPECIFIED priority, which the engine makes CRITICAL
ProofRequest Winning(std::string id, uint64_t seed, size_t length = 8) {
  ProofRequest r = ChainRequest(std::move(id), length, 1, seed);
  r.proof_kind = ProofKind::WINNING_POST;
  r.priority = Priority::UNSPECIFIED;
  return r;
}

template <class F> bool Eventually(F condition, std::chrono::milliseconds limit = 120s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

class SchedulerTest : public ParamDirTest<8, 64> {
protected:
  void TearDown() override {
    // never leave a worker parked at a gate behind a failed expectation
    normal_->gate->Open();
    critical_->gate->Open();
    log_->gate->Open();
  }

  EngineConfig Config(uint32_t synthesis_workers, bool critical_lane, uint32_t provers = 1) {
    EngineConfig c = SmallConfig(*dir_, synthesis_workers);
    c.critical_lane = critical_lane;
    DeviceSpec device = CpuDevice(provers);
    device.make_backend = [log = log_] { return std::make_unique<RecordingBackend>(log); };
    c.devices = {device};
    return c;
  }
  std::unique_ptr<Engine> Start(const EngineConfig &c) {
    auto engine = std::make_unique<Engine>(c);
    engine->RegisterHandler(ProofKind::POREP_SEAL_COMMIT, normal_);
    engine->RegisterHandler(ProofKind::WINNING_POST, critical_);
    return engine;
  }
  static void ExpectCompleted(Engine &engine, const ProofRequest &request) {
    auto r = engine.Await(request.request_id, 0ms);
    ASSERT_TRUE(r.HasValue()) << r.ErrorMessage();
    ExpectChainProofsVerify(r.Value(), request);
  }
  std::shared_ptr<ChainHandler> normal_ = std::make_shared<ChainHandler>();   // POREP_SEAL_COMMIT, NORMAL
  std::shared_ptr<ChainHandler> critical_ = std::make_shared<ChainHandler>(); // WINNING_POST, CRITICAL
  std::shared_ptr<ProveLog> log_ = std::make_shared<ProveLog>();
};

TEST_F(SchedulerTest, TheCriticalLaneProvesAWinningPoStWhileEveryWorkerIsBusy) {
  auto engine = Start(Config(1, true));
  ProofRequest porep = ChainRequest("porep", 64, 1, 1);
  porep.sector_number = HOLD; // the only ordinary worker stays inside this synthesis
  ASSERT_TRUE(engine->Submit(porep).HasValue());
  normal_->gate->AwaitWaiters(1);
  const ProofRequest winning = Winning("winning", 9);
  auto w = engine->Await(engine->Submit(winning)->job_id, 120s);
  ExpectChainProofsVerify(w.Value(), winning);
  EXPECT_EQ(normal_->gate->Waiting(), 1); // proved while the NORMAL synthesis was still running
  normal_->gate->Open();
  ExpectCompleted(*engine, porep);
}

TEST_F(SchedulerTest, WithoutTheLaneAWinningPoStWaitsForAFreeWorker) {
  auto engine = Start(Config(1, false));
  ProofRequest porep = ChainRequest("porep", 64, 1, 1);
  porep.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(porep).HasValue());
  normal_->gate->AwaitWaiters(1);
  const ProofRequest winning = Winning("winning", 9);
  ASSERT_TRUE(engine->Submit(winning).HasValue());
  EXPECT_EQ(engine->Await("winning", 300ms)->status, ProofStatus::TIMEOUT);
  EXPECT_EQ(engine->Status().priorities[0].pending_jobs, 1u); // CRITICAL, not yet planned
  normal_->gate->Open();
  ExpectCompleted(*engine, winning);
  ExpectCompleted(*engine, porep);
}

TEST_F(SchedulerTest, ReadySlotsFullOfNormalWorkDoNotHoldBackACriticalPartition) {
  log_->gated = true; // the prover stays busy with the first partition until the gate opens
  EngineConfig config = Config(1, false);
  config.max_ready_partitions = 2;
  auto engine = Start(config);
  const ProofRequest p1 = ChainRequest("porep-1", 64, 3, 1), p2 = ChainRequest("porep-2", 64, 3, 2);
  ASSERT_TRUE(engine->Submit(p1).HasValue());
  ASSERT_TRUE(engine->Submit(p2).HasValue());
  log_->gate->AwaitWaiters(1);
  ASSERT_TRUE(Eventually([&] { return engine->Status().ready_partitions == 2; })); // the bounded queue is full
  const ProofRequest winning = Winning("winning", 9);
  ASSERT_TRUE(engine->Submit(winning).HasValue());
  // synthesised although two NORMAL partitions fill the queue (they only bound NORMAL work)
  ASSERT_TRUE(Eventually([&] { return engine->Status().ready_partitions == 3; }));
  EXPECT_EQ(engine->Status().priorities[2].queued_partitions, 3u); // porep-2's partitions still wait
  log_->gate->Open();
  for (const ProofRequest *r : {&winning, &p1, &p2}) ExpectCompleted(*engine, *r);
  EXPECT_EQ(log_->Order(), (std::vector<Fr>{X(1, 0), X(9), X(1, 1), X(1, 2), X(2, 0), X(2, 1), X(2, 2)}));
}

TEST_F(SchedulerTest, AFreeProverWaitsForACriticalPartitionBeingSynthesised) {
  EngineConfig config = Config(1, true);
  config.max_ready_partitions = 4; // the CRITICAL synthesis takes a slot that NORMAL work counts too
  auto engine = Start(config);
  ProofRequest winning = Winning("winning", 9);
  winning.sector_number = HOLD; // the lane stays inside the CRITICAL synthesis
  ASSERT_TRUE(engine->Submit(winning).HasValue());
  critical_->gate->AwaitWaiters(1);
  const ProofRequest porep = ChainRequest("porep", 64, 2, 3);
  ASSERT_TRUE(engine->Submit(porep).HasValue());
  // the prover looked at both ready partitions and held off (not "had no time to take them yet")
  ASSERT_TRUE(Eventually([&] {
    const EngineStatus s = engine->Status();
    return s.ready_partitions == 2 && s.critical_holds > 0 && s.ready_at_last_critical_hold == 2;
  }));
  EXPECT_EQ(engine->Status().devices[0].partitions_proved, 0u);
  const std::string metrics = engine->MetricsText(); // an operator sees the holds too
  EXPECT_NE(metrics.find("\ncuzk_critical_holds_total "), std::string::npos) << metrics;
  EXPECT_EQ(metrics.find("\ncuzk_critical_holds_total 0\n"), std::string::npos) << metrics;
  EXPECT_TRUE(log_->Order().empty());
  critical_->gate->Open();
  ExpectCompleted(*engine, winning);
  ExpectCompleted(*engine, porep);
  EXPECT_EQ(log_->Order(), (std::vector<Fr>{X(9), X(3, 0), X(3, 1)}));
}

TEST_F(SchedulerTest, WithTwoProversOneGoesOnWithNormalWork) {
  EngineConfig config = Config(1, true, 2);
  config.max_ready_partitions = 4;
  auto engine = Start(config);
  ProofRequest winning = Winning("winning", 9);
  winning.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(winning).HasValue());
  critical_->gate->AwaitWaiters(1);
  const ProofRequest porep = ChainRequest("porep", 64, 2, 3);
  ASSERT_TRUE(engine->Submit(porep).HasValue());
  // one prover is kept for the CRITICAL partition, the other proves both NORMAL ones meanwhile
  ExpectCompleted(*engine, porep);
  EXPECT_EQ(critical_->gate->Waiting(), 1);
  critical_->gate->Open();
  ExpectCompleted(*engine, winning);
  EXPECT_EQ(log_->Order(), (std::vector<Fr>{X(3, 0), X(3, 1), X(9)}));
}

TEST_F(SchedulerTest, ACriticalPartitionTakesTheFirstMemoryAProverReleases) {
  log_->gated = true;
  EngineConfig config = Config(1, true);
  config.max_ready_partitions = 8;                                  // only memory limits here
  config.working_memory_bytes = ChainPartitionEstimate(64) * 5 / 2; // two partitions of 64
  auto engine = Start(config);
  const ProofRequest porep = ChainRequest("porep", 64, 4, 4);
  ASSERT_TRUE(engine->Submit(porep).HasValue());
  log_->gate->AwaitWaiters(1); // partition 0 is being proved, partition 1 waits for the prover
  ASSERT_TRUE(Eventually([&] { return engine->Status().ready_partitions == 1; }));
  const ProofRequest winning = Winning("winning", 9, 64); // as large: it needs partition 0's memory
  ASSERT_TRUE(engine->Submit(winning).HasValue());
  ASSERT_TRUE(Eventually([&] { return engine->Status().priorities[0].queued_partitions == 1; }));
  EXPECT_EQ(engine->Status().working_memory_used_bytes, 2 * ChainPartitionEstimate(64));
  log_->gate->Open();
  ExpectCompleted(*engine, winning);
  ExpectCompleted(*engine, porep);
  // partition 1 was ready first, but the prover waited for the CRITICAL one to be synthesised
  EXPECT_EQ(log_->Order(), (std::vector<Fr>{X(4, 0), X(9), X(4, 1), X(4, 2), X(4, 3)}));
}

} // namespace
} // namespace cuzk::engine::testing
