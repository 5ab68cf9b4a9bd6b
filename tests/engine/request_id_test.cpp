// tests/engine/request_id_test.cpp — request ids as Curio uses them: deterministic
// (porep-<miner>-<sector>, spec/cuzk-api.md §2.2), reused on every retry of the same sector.
// The same payload joins or returns the job; after a FAILED or CANCELLED job a new payload runs
// as a new job under that id; a new payload for a queued, running or completed job is refused
// with a message naming the id and its state.
#include "engine_fixture.hpp"

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

class RequestIdTest : public ChainEngineTest<8> {
protected:
  void TearDown() override { handler_->gate->Open(); }

  std::unique_ptr<Engine> Start() { return StartEngine(SmallConfig(*dir_, 1)); }
};

// Curio's PoRep task: Prove(porep-<miner>-<sector>) fails on a bad C1; the task re-runs C1 and
// calls Prove again with the same id and the new C1; a later retry of the finished task (the
// harmony task restarted) sends that C1 once more and must get the same proof, not a new job.
TEST_F(RequestIdTest, CurioRetriesAFailedSectorWithANewC1UnderTheSameId) {
  auto engine = Start();
  const std::string id = "porep-1000-5";
  ProofRequest bad_c1 = ChainRequest(id, 8, 1);
  bad_c1.vanilla_proofs[0].pop_back(); // a C1 the handler refuses
  auto failed = engine->Prove(bad_c1);
  ASSERT_TRUE(failed.HasValue()) << failed.ErrorMessage();
  EXPECT_EQ(failed->status, ProofStatus::FAILED);
  EXPECT_NE(failed->error_message.find("has 7 bytes"), std::string::npos) << failed->error_message;

  const ProofRequest new_c1 = ChainRequest(id, 8, 1, 7);
  auto retried = engine->Submit(new_c1);
  ASSERT_TRUE(retried.HasValue()) << retried.ErrorMessage();
  EXPECT_FALSE(retried->duplicate);
  EXPECT_EQ(retried->job_id, id);
  auto proved = engine->Await(id, 0ms);
  ASSERT_TRUE(proved.HasValue());
  ExpectChainProofsVerify(proved.Value(), new_c1);

  auto again = engine->Prove(new_c1);
  ASSERT_TRUE(again.HasValue());
  EXPECT_EQ(again->status, ProofStatus::COMPLETED);
  EXPECT_EQ(again->proof, proved->proof);
  const EngineStatus s = engine->Status();
  EXPECT_EQ(s.proofs_failed, 1u);
  EXPECT_EQ(s.proofs_completed, 1u);

  // a completed sector's id does not take another payload: its proof would be the wrong one
  auto other = engine->Submit(ChainRequest(id, 8, 1, 8));
  EXPECT_EQ(other.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(other.ErrorMessage(),
            "request_id porep-1000-5 is already used by a completed job with a different payload");
}

TEST_F(RequestIdTest, ANewPayloadForAQueuedOrRunningJobIsRefusedNamingTheIdAndState) {
  auto engine = Start();
  ProofRequest held = ChainRequest("porep-1000-6", 8, 1, 1);
  held.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(held).HasValue());
  handler_->gate->AwaitWaiters(1); // the only synthesis worker holds it: the next job stays queued
  const ProofRequest queued = ChainRequest("porep-1000-7", 8, 1, 2);
  ASSERT_TRUE(engine->Submit(queued).HasValue());

  auto running = engine->Submit(ChainRequest("porep-1000-6", 8, 1, 3));
  EXPECT_EQ(running.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(running.ErrorMessage(),
            "request_id porep-1000-6 is already used by a running job with a different payload");
  auto waiting = engine->Submit(ChainRequest("porep-1000-7", 8, 1, 4));
  EXPECT_EQ(waiting.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(waiting.ErrorMessage(), "request_id porep-1000-7 is already used by a queued job with a different payload");
  // the caller whose Prove timed out retries with the same payload: it joins the job
  auto joined = engine->Submit(held);
  ASSERT_TRUE(joined.HasValue());
  EXPECT_TRUE(joined->duplicate);

  handler_->gate->Open();
  auto a = engine->Await("porep-1000-6", 0ms);
  auto b = engine->Await("porep-1000-7", 0ms);
  ASSERT_TRUE(a.HasValue() && b.HasValue());
  ExpectChainProofsVerify(a.Value(), held);
  ExpectChainProofsVerify(b.Value(), queued);
  EXPECT_EQ(engine->Status().proofs_completed, 2u);
}

TEST_F(RequestIdTest, ACancelledJobsIdRunsANewPayloadAsANewJob) {
  auto engine = Start();
  ProofRequest held = ChainRequest("snap-1000-9", 8, 1, 1);
  held.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(held).HasValue());
  handler_->gate->AwaitWaiters(1);
  ASSERT_TRUE(engine->Cancel("snap-1000-9").HasValue());
  auto cancelled = engine->Await("snap-1000-9", 0ms);
  ASSERT_TRUE(cancelled.HasValue());
  EXPECT_EQ(cancelled->status, ProofStatus::CANCELLED);
  handler_->gate->Open();

  const ProofRequest update = ChainRequest("snap-1000-9", 8, 2, 5);
  auto resubmitted = engine->Submit(update);
  ASSERT_TRUE(resubmitted.HasValue()) << resubmitted.ErrorMessage();
  EXPECT_FALSE(resubmitted->duplicate);
  auto result = engine->Await("snap-1000-9", 0ms);
  ASSERT_TRUE(result.HasValue());
  ExpectChainProofsVerify(result.Value(), update);
  EXPECT_EQ(engine->Status().proofs_cancelled, 1u);
}

} // namespace
} // namespace cuzk::engine::testing
