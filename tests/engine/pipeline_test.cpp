// tests/engine/pipeline_test.cpp — the working-memory budget gates synthesis, and shutdown finishes or
// fails what is in flight within its bound.
#include "engine_fixture.hpp"

#include <thread>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

class PipelineTest : public ChainEngineTest<64> {
protected:
  static uint64_t PartitionEstimate() { return ChainPartitionEstimate(64); }
  std::unique_ptr<Engine> Start(uint64_t working_memory, uint32_t synthesis_workers = 2) {
    EngineConfig c = SmallConfig(*dir_, synthesis_workers);
    c.working_memory_bytes = working_memory;
    return StartEngine(c);
  }
};

//! returns once a synthesis worker has been held back by the memory budget (EngineStatus::memory_waits);
//! the deadline only turns a hang into a failure
void AwaitMemoryWait(const Engine &engine) {
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (engine.Status().memory_waits == 0) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "no synthesis worker was held back by the memory budget";
    std::this_thread::yield();
  }
}

TEST_F(PipelineTest, EstimateCoversTheMeasuredAssignment) {
  const auto &p = ParamDir::Params(64);
  r1cs::ProvingAssignment pa;
  r1cs::MulChainCircuit{ff::Fr::FromUint(3), 64}.Synthesize(pa);
  const uint64_t measured =
      (pa.a.size() + pa.b.size() + pa.c.size() + pa.aux_assignment.size() + pa.input_assignment.size()) *
      sizeof(ff::Fr);
  EXPECT_GE(PartitionEstimate(), measured);
  EXPECT_LE(p.h.size() + 1, 2 * (pa.NumConstraints() + pa.NumInputs())); // domain: next power of two
}

TEST_F(PipelineTest, BudgetForOnePartitionAdmitsOneAtATime) {
  auto engine = Start(PartitionEstimate() + PartitionEstimate() / 2);
  ProofRequest r = ChainRequest("gated", 64, 3);
  r.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(r).HasValue());
  handler_->gate->AwaitWaiters(1);
  // the second worker has looked at partition 1 and been refused by the memory budget (an event
  // counted under the engine's lock), so whatever it would have done it has done: no waiting on time
  AwaitMemoryWait(*engine);
  EXPECT_EQ(handler_->gate->Waiting(), 1);
  const EngineStatus s = engine->Status();
  EXPECT_EQ(s.working_memory_used_bytes, PartitionEstimate());
  EXPECT_EQ(s.priorities[2].queued_partitions, 2u); // NORMAL: partitions 1 and 2 wait for memory
  handler_->gate->Open();
  ExpectChainProofsVerify(engine->Await("gated", 0ms).Value(), r);
  EXPECT_EQ(*handler_->max_active, 1);
}

TEST_F(PipelineTest, RoomyBudgetSynthesisesInParallel) {
  auto engine = Start(64 * PartitionEstimate());
  ProofRequest r = ChainRequest("parallel", 64, 3);
  r.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(r).HasValue());
  handler_->gate->AwaitWaiters(2); // both workers inside synthesis at once
  EXPECT_EQ(engine->Status().working_memory_used_bytes, 2 * PartitionEstimate());
  handler_->gate->Open();
  ExpectChainProofsVerify(engine->Await("parallel", 0ms).Value(), r);
  EXPECT_EQ(*handler_->max_active, 2);
  EXPECT_EQ(engine->Status().memory_waits, 0u); // the budget never held a partition back
}

TEST_F(PipelineTest, PartitionLargerThanTheWholeBudgetFailsItsJob) {
  auto engine = Start(PartitionEstimate() / 2);
  auto r = engine->Prove(ChainRequest("huge", 64, 1));
  EXPECT_EQ(r->status, ProofStatus::FAILED);
  EXPECT_NE(r->error_message.find("more than the whole budget"), std::string::npos) << r->error_message;
}

TEST_F(PipelineTest, ShutdownLetsARunningJobFinishAndFailsPendingOnes) {
  auto engine = Start(64 * PartitionEstimate(), 1);
  ProofRequest running = ChainRequest("in-flight", 64, 1);
  running.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(running).HasValue());
  handler_->gate->AwaitWaiters(1);
  ASSERT_TRUE(engine->Submit(ChainRequest("queued", 64, 1, 2)).HasValue());
  std::thread stopper([&] { engine->Shutdown(30s); });
  auto queued = engine->Await("queued", 0ms);
  EXPECT_EQ(queued->status, ProofStatus::FAILED);
  EXPECT_EQ(queued->error_message, "engine shutting down before the job started");
  auto late = engine->Submit(ChainRequest("late", 64, 1, 3));
  EXPECT_EQ(late.Code(), cuzk::ErrorCode::kUnavailable);
  EXPECT_TRUE(engine->Status().shutting_down);
  handler_->gate->Open();
  stopper.join();
  ExpectChainProofsVerify(engine->Await("in-flight", 0ms).Value(), running); // results outlive the workers
}

TEST_F(PipelineTest, ShutdownAfterItsGraceStopsRunningJobsAtAPartitionBoundary) {
  auto engine = Start(64 * PartitionEstimate(), 1);
  ProofRequest running = ChainRequest("long", 64, 3);
  running.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(running).HasValue());
  handler_->gate->AwaitWaiters(1);
  const auto t0 = std::chrono::steady_clock::now();
  std::thread stopper([&] { engine->Shutdown(100ms); });
  auto r = engine->Await("long", 0ms);
  EXPECT_GE(std::chrono::steady_clock::now() - t0, 100ms);
  EXPECT_EQ(r->status, ProofStatus::FAILED);
  EXPECT_EQ(r->error_message, "engine shutting down: stopped at a partition boundary");
  handler_->gate->Open(); // the worker finishes its partition, sees the job over, and exits
  stopper.join();
  EXPECT_EQ(engine->Status().devices[0].partitions_proved, 0u);
}

} // namespace
} // namespace cuzk::engine::testing
