// tests/engine/engine_test.cpp — jobs end to end on real circuits: proofs verify, idempotency,
// handler and synthesis failures stay in their job, self-check catches a wrong proof, cancel, await
// timeout, priority order.
#include "engine_fixture.hpp"

#include <mutex>
#include <thread>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

class EngineTest : public ChainEngineTest<8, 64> {
protected:
  std::unique_ptr<Engine> Start(uint32_t synthesis_workers = 1, bool self_check = true) {
    EngineConfig c = SmallConfig(*dir_, synthesis_workers);
    c.self_check = self_check;
    return StartEngine(c);
  }
};

TEST_F(EngineTest, MultiPartitionJobCompletesAndEveryProofVerifies) {
  auto engine = Start(2);
  const ProofRequest request = ChainRequest("porep-1000-1", 64, 3);
  const auto called = std::chrono::steady_clock::now();
  auto result = engine->Prove(request);
  const double call_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - called).count();
  ASSERT_TRUE(result.HasValue()) << result.ErrorMessage();
  EXPECT_EQ(result->job_id, "porep-1000-1");
  EXPECT_EQ(result->partitions, 3u);
  ExpectChainProofsVerify(result.Value(), request);
  const StageTimings &t = result->timings;
  EXPECT_GT(t.synthesis_ms, 0);
  EXPECT_GT(t.prove_ms, 0);
  EXPECT_GT(t.self_check_ms, 0);
  // total is submission → result, inside the call; synthesis is the sum over partitions, and two
  // synthesis workers (the critical lane takes no NORMAL work) cover at most twice the job's span
  EXPECT_LE(t.total_ms, call_ms);
  EXPECT_LE(t.synthesis_ms, 2 * t.total_ms);
  // the timeline: one entry per partition, each stage after the one before, inside the job's span,
  // and its stage lengths summing to the job's stage totals
  ASSERT_EQ(result->timeline.size(), 3u);
  double synthesis = 0, prove = 0, check = 0;
  for (uint32_t i = 0; i < 3; i++) {
    const PartitionTimeline &p = result->timeline[i];
    EXPECT_EQ(p.partition, i);
    EXPECT_EQ(p.device, -1); // the CPU backend
    EXPECT_GT(p.synthesis_start_ms, 0);
    EXPECT_LE(p.synthesis_start_ms, p.synthesis_end_ms);
    EXPECT_LE(p.synthesis_end_ms, p.prove_start_ms);
    EXPECT_LE(p.prove_start_ms, p.device_end_ms);
    EXPECT_LE(p.device_end_ms, p.prove_end_ms);
    EXPECT_LE(p.prove_end_ms, p.self_check_end_ms);
    EXPECT_LE(p.self_check_end_ms, t.total_ms);
    synthesis += p.synthesis_end_ms - p.synthesis_start_ms;
    prove += p.prove_end_ms - p.prove_start_ms;
    check += p.self_check_end_ms - p.prove_end_ms;
  }
  EXPECT_NEAR(synthesis, t.synthesis_ms, 1.0);
  EXPECT_NEAR(prove, t.prove_ms, 1.0);
  EXPECT_NEAR(check, t.self_check_ms, 1.0);
  const EngineStatus s = engine->Status();
  EXPECT_EQ(s.proofs_completed, 1u);
  ASSERT_EQ(s.devices.size(), 1u);
  EXPECT_EQ(s.devices[0].partitions_proved, 3u);
  EXPECT_EQ(s.working_memory_used_bytes, 0u); // every reservation returned
}

TEST_F(EngineTest, SelfCheckOffStillProducesValidProofs) {
  auto engine = Start(1, false);
  const ProofRequest request = ChainRequest("", 8, 2);
  auto result = engine->Prove(request);
  ASSERT_TRUE(result.HasValue());
  EXPECT_EQ(result->job_id.size(), 36u); // a generated UUID
  EXPECT_EQ(result->timings.self_check_ms, 0);
  ExpectChainProofsVerify(result.Value(), request);
}

TEST_F(EngineTest, SameRequestIdIsTheSameJobAndADifferentPayloadIsRefused) {
  auto engine = Start();
  auto first = engine->Submit(ChainRequest("same", 8, 1));
  ASSERT_TRUE(first.HasValue());
  EXPECT_FALSE(first->duplicate);
  auto again = engine->Submit(ChainRequest("same", 8, 1, 1, Priority::HIGH)); // priority is not payload
  ASSERT_TRUE(again.HasValue());
  EXPECT_TRUE(again->duplicate);
  EXPECT_EQ(again->job_id, "same");
  auto other = engine->Submit(ChainRequest("same", 8, 1, 2));
  EXPECT_EQ(other.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_NE(other.ErrorMessage().find("different payload"), std::string::npos) << other.ErrorMessage();

  auto a = engine->Await("same", 0ms);
  ASSERT_TRUE(a.HasValue());
  ExpectChainProofsVerify(a.Value(), ChainRequest("same", 8, 1));
  // after completion the same request still returns the stored result, not a new proof
  auto after = engine->Submit(ChainRequest("same", 8, 1));
  ASSERT_TRUE(after.HasValue());
  EXPECT_TRUE(after->duplicate);
  auto b = engine->Await("same", 0ms);
  EXPECT_EQ(a->proof, b->proof);
  EXPECT_EQ(engine->Status().proofs_completed, 1u);
}

TEST_F(EngineTest, AFailedJobRunsAgainWhenResubmitted) {
  auto engine = Start();
  handler_->throw_in_synthesis = true;
  auto failed = engine->Prove(ChainRequest("retry", 8, 1));
  ASSERT_TRUE(failed.HasValue());
  EXPECT_EQ(failed->status, ProofStatus::FAILED);
  EXPECT_NE(failed->error_message.find("synthesis failed: test circuit refuses"), std::string::npos)
      << failed->error_message;
  handler_->throw_in_synthesis = false;
  auto retried = engine->Submit(ChainRequest("retry", 8, 1));
  ASSERT_TRUE(retried.HasValue());
  EXPECT_FALSE(retried->duplicate);
  auto result = engine->Await("retry", 0ms);
  ASSERT_TRUE(result.HasValue());
  ExpectChainProofsVerify(result.Value(), ChainRequest("retry", 8, 1));
}

// A job's request and partitions go back to the heap when it ends; the idle engine then hands the
// heap's free pages back to the system, once per batch of ended jobs, and says so.
TEST_F(EngineTest, AnIdleEngineReturnsTheHeapsFreePagesAfterJobsEnd) {
  auto engine = Start();
  EXPECT_EQ(engine->Status().heap_trims, 0u) << "nothing ended yet";
  handler_->throw_in_synthesis = true;
  ASSERT_EQ(engine->Prove(ChainRequest("trim-failed", 8, 1))->status, ProofStatus::FAILED);
  handler_->throw_in_synthesis = false;
  ASSERT_EQ(engine->Prove(ChainRequest("trim-done", 8, 1))->status, ProofStatus::COMPLETED);
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (engine->Status().heap_trims == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(5ms);
  const uint64_t trims = engine->Status().heap_trims;
  EXPECT_GE(trims, 1u);
  EXPECT_LE(trims, 2u) << "one trim per idle moment after jobs ended, not one per wake-up";
  EXPECT_NE(engine->MetricsText().find("\ncuzk_heap_trims_total " + std::to_string(trims) + "\n"), std::string::npos);
}

TEST_F(EngineTest, KindWithoutHandlerFailsWithAClearMessage) {
  auto engine = Start();
  ProofRequest r = ChainRequest("snap", 8, 1);
  r.proof_kind = ProofKind::SNAP_DEALS_UPDATE;
  auto result = engine->Prove(r);
  ASSERT_TRUE(result.HasValue());
  EXPECT_EQ(result->status, ProofStatus::FAILED);
  EXPECT_EQ(result->error_message, "no handler registered for proof kind snap-update (2)");
  r.request_id = "kind-99";
  r.proof_kind = ProofKind(99);
  result = engine->Prove(r);
  EXPECT_EQ(result->error_message, "no handler registered for proof kind unknown-99 (99)");
}

TEST_F(EngineTest, BadInputFailsOnlyItsOwnJob) {
  auto engine = Start(2);
  ProofRequest bad = ChainRequest("bad", 8, 2);
  bad.vanilla_proofs[1].pop_back();
  ProofRequest good = ChainRequest("good", 8, 2, 7);
  ASSERT_TRUE(engine->Submit(bad).HasValue());
  ASSERT_TRUE(engine->Submit(good).HasValue());
  auto b = engine->Await("bad", 0ms);
  EXPECT_EQ(b->status, ProofStatus::FAILED);
  EXPECT_EQ(b->error_message, "invalid porep-c2 request: vanilla_proofs[1] has 7 bytes, expected 8");
  EXPECT_TRUE(b->proof.empty());
  ExpectChainProofsVerify(engine->Await("good", 0ms).Value(), good);
  ProofRequest no_params = ChainRequest("no-params", 16, 1);
  auto n = engine->Prove(no_params);
  EXPECT_EQ(n->status, ProofStatus::FAILED);
  EXPECT_NE(n->error_message.find("unknown circuit id test-chain-16"), std::string::npos) << n->error_message;
  const EngineStatus s = engine->Status();
  EXPECT_EQ(s.proofs_completed, 1u);
  EXPECT_EQ(s.proofs_failed, 2u);
}

TEST_F(EngineTest, SelfCheckCatchesAProofForOtherPublicInputs) {
  auto engine = Start();
  handler_->lie_about_output = true;
  auto result = engine->Prove(ChainRequest("liar", 8, 1));
  ASSERT_TRUE(result.HasValue());
  EXPECT_EQ(result->status, ProofStatus::FAILED);
  EXPECT_NE(result->error_message.find("failed its self-check"), std::string::npos) << result->error_message;
  EXPECT_TRUE(result->proof.empty()); // nothing unverified leaves the engine
  EXPECT_EQ(engine->Status().self_check_failures, 1u);
  EXPECT_NE(engine->MetricsText().find("cuzk_self_check_failures_total{proof_kind=\"porep_c2\"} 1\n"),
            std::string::npos);
}

TEST_F(EngineTest, AwaitTimesOutAndTheJobGoesOn) {
  auto engine = Start();
  auto submitted = engine->Submit(ChainRequest("slow", 8, 1, 1));
  ProofRequest held = ChainRequest("held", 8, 1, 2);
  held.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(held).HasValue());
  handler_->gate->AwaitWaiters(1);
  auto timed_out = engine->Await("held", 50ms);
  ASSERT_TRUE(timed_out.HasValue());
  EXPECT_EQ(timed_out->status, ProofStatus::TIMEOUT);
  EXPECT_EQ(engine->Await("nope", 10ms).Code(), cuzk::ErrorCode::kNotFound);
  handler_->gate->Open();
  auto done = engine->Await("held", 0ms);
  ExpectChainProofsVerify(done.Value(), held);
}

TEST_F(EngineTest, CancelPendingRemovesItAndCancelRunningStopsAtAPartitionBoundary) {
  auto engine = Start(1);
  ProofRequest running = ChainRequest("running", 8, 3, 1);
  running.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(running).HasValue());
  handler_->gate->AwaitWaiters(1); // partition 0 is being synthesised
  ASSERT_TRUE(engine->Submit(ChainRequest("pending", 8, 2, 2)).HasValue());

  auto pending = engine->Cancel("pending");
  ASSERT_TRUE(pending.HasValue());
  EXPECT_FALSE(pending->was_running);
  EXPECT_EQ(engine->Await("pending", 0ms)->status, ProofStatus::CANCELLED);

  auto cancel = engine->Cancel("running");
  ASSERT_TRUE(cancel.HasValue());
  EXPECT_TRUE(cancel->was_running);
  handler_->gate->Open();
  auto r = engine->Await("running", 0ms);
  EXPECT_EQ(r->status, ProofStatus::CANCELLED);
  EXPECT_TRUE(r->proof.empty());
  EXPECT_EQ(engine->Cancel("unknown").Code(), cuzk::ErrorCode::kNotFound);
  EXPECT_FALSE(engine->Cancel("running")->was_running); // already over: nothing changes

  // the engine stays usable; the cancelled job's partitions 1 and 2 were never proved
  ExpectChainProofsVerify(engine->Prove(ChainRequest("after", 8, 1, 3)).Value(), ChainRequest("after", 8, 1, 3));
  const EngineStatus s = engine->Status();
  EXPECT_LE(s.devices[0].partitions_proved, 2u); // at most running's partition 0, plus "after"
  EXPECT_EQ(s.proofs_cancelled, 2u);
  EXPECT_EQ(s.working_memory_used_bytes, 0u);
}

TEST_F(EngineTest, CriticalSubmittedAfterNormalJobsCompletesFirst) {
  auto engine = Start(1); // one synthesis worker, one prover
  ProofRequest blocker = ChainRequest("blocker", 8, 1, 1);
  blocker.sector_number = HOLD;
  ASSERT_TRUE(engine->Submit(blocker).HasValue());
  handler_->gate->AwaitWaiters(1);
  for (uint32_t i = 0; i < 3; i++) {
    auto submitted = engine->Submit(ChainRequest("porep-" + std::to_string(i), 64, 2, 10 + i));
    ASSERT_TRUE(submitted.HasValue());
    EXPECT_EQ(submitted->queue_position, i); // the NORMAL jobs queued before it
  }
  ProofRequest winning = ChainRequest("winning", 8, 1, 99);
  winning.proof_kind = ProofKind::WINNING_POST; // UNSPECIFIED priority → CRITICAL for WinningPoSt
  winning.priority = Priority::UNSPECIFIED;
  engine->RegisterHandler(ProofKind::WINNING_POST, handler_);
  auto w = engine->Submit(winning);
  ASSERT_TRUE(w.HasValue());
  EXPECT_EQ(w->queue_position, 0u); // ahead of the three queued NORMAL jobs
  // The CRITICAL lane may already have planned (or even proved) the WinningPoSt, so only the NORMAL
  // level is stable here: its three jobs wait behind the held synthesis worker.
  EXPECT_EQ(engine->Status().priorities[2].priority, Priority::NORMAL);
  EXPECT_EQ(engine->Status().priorities[2].pending_jobs, 3u);

  std::vector<std::string> order;
  std::mutex order_mu;
  std::vector<std::thread> waiters;
  for (std::string id : {"porep-0", "porep-1", "porep-2", "winning"})
    waiters.emplace_back([&, id] {
      auto r = engine->Await(id, 0ms);
      EXPECT_EQ(r->status, ProofStatus::COMPLETED) << r->error_message;
      std::lock_guard lock(order_mu);
      order.push_back(id);
    });
  handler_->gate->Open();
  for (auto &t : waiters) t.join();
  ASSERT_EQ(order.size(), 4u);
  EXPECT_EQ(order[0], "winning");
  EXPECT_EQ(order[1], "porep-0"); // FIFO within NORMAL
  EXPECT_EQ(order[3], "porep-2");
}

TEST_F(EngineTest, PublicInputCountMismatchIsAHandlerError) {
  // a handler that claims the wrong circuit for its inputs: caught before any work is done
  struct WrongCircuit final : ProofKindHandler {
    Expected<std::vector<PartitionWork>> Plan(const ProofRequest &) const override {
      PartitionWork w;
      w.circuit_id = ChainId(8);
      w.public_inputs = {Fr::One()};
      w.synthesize = [](r1cs::ConstraintSystem &pa) { r1cs::MulChainCircuit{Fr::One(), 8}.Synthesize(pa); };
      return std::vector<PartitionWork>{w};
    }
  };
  auto engine = Start();
  engine->RegisterHandler(ProofKind::WINDOW_POST_PARTITION, std::make_shared<WrongCircuit>());
  ProofRequest r = ChainRequest("wpost", 8, 1);
  r.proof_kind = ProofKind::WINDOW_POST_PARTITION;
  auto result = engine->Prove(r);
  EXPECT_EQ(result->status, ProofStatus::FAILED);
  EXPECT_EQ(result->error_message, "partition 0 has 1 public inputs; the verifying key of test-chain-8 expects 2");
}

TEST_F(EngineTest, LaterPartitionsOfACircuitStartWithItsShapeReserved) {
  // the engine remembers each circuit's assignment shape: its next synthesis starts with buffers sized exactly
  struct Recording final : ProofKindHandler {
    std::shared_ptr<std::mutex> mu = std::make_shared<std::mutex>();
    std::shared_ptr<std::vector<size_t>> capacities = std::make_shared<std::vector<size_t>>(); // of a, at entry
    Expected<std::vector<PartitionWork>> Plan(const ProofRequest &) const override {
      PartitionWork w;
      w.circuit_id = ChainId(8);
      const Fr x = Fr::FromUint(5);
      w.public_inputs = {x, r1cs::MulChainCircuit::Output(x, 8)};
      w.synthesize = [x, mu = mu, caps = capacities](r1cs::ConstraintSystem &cs) {
        auto &pa = dynamic_cast<r1cs::ProvingAssignment &>(cs); // no pce_key: always generic synthesis
        {
          std::lock_guard lock(*mu);
          caps->push_back(pa.a.capacity());
        }
        r1cs::MulChainCircuit{x, 8}.Synthesize(pa);
      };
      return std::vector<PartitionWork>{w};
    }
  };
  auto engine = Start();
  auto handler = std::make_shared<Recording>();
  engine->RegisterHandler(ProofKind::WINDOW_POST_PARTITION, handler);
  for (int i = 0; i < 2; i++) { // one after the other: the second is planned after the first's synthesis
    ProofRequest r = ChainRequest("shape-" + std::to_string(i), 8, 1);
    r.proof_kind = ProofKind::WINDOW_POST_PARTITION;
    auto result = engine->Prove(r);
    ASSERT_EQ(result->status, ProofStatus::COMPLETED) << result->error_message;
  }
  r1cs::ProvingAssignment probe;
  r1cs::MulChainCircuit{Fr::FromUint(5), 8}.Synthesize(probe);
  ASSERT_EQ(handler->capacities->size(), 2u);
  EXPECT_EQ((*handler->capacities)[0], 0u) << "nothing known before the first synthesis";
  EXPECT_EQ((*handler->capacities)[1], probe.Shape().constraints);
}

TEST_F(EngineTest, TwoDevicesWithTwoWorkersEachShareTheWork) {
  EngineConfig c = SmallConfig(*dir_, 2);
  c.devices = {CpuDevice(2), CpuDevice(2)};
  c.devices[0].id = "cpu-a";
  c.devices[1].id = "cpu-b";
  c.devices[1].serialize_prove_start = false; // CpuBackend instances are independent: both workers at once
  c.max_ready_partitions = 4;
  Engine engine(c);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  std::vector<ProofRequest> requests;
  for (int i = 0; i < 4; i++) {
    requests.push_back(ChainRequest("multi-" + std::to_string(i), 64, 3, 20 + i));
    ASSERT_TRUE(engine.Submit(requests.back()).HasValue());
  }
  for (const auto &r : requests) ExpectChainProofsVerify(engine.Await(r.request_id, 0ms).Value(), r);
  const EngineStatus s = engine.Status();
  ASSERT_EQ(s.devices.size(), 2u);
  EXPECT_EQ(s.devices[0].id, "cpu-a");
  EXPECT_EQ(s.devices[1].ordinal, 1u);
  EXPECT_EQ(s.devices[0].workers, 2u);
  EXPECT_EQ(s.devices[0].partitions_proved + s.devices[1].partitions_proved, 12u);
  EXPECT_TRUE(s.devices[0].current_job_ids.empty());
}

TEST_F(EngineTest, FinishedJobsLetGoOfTheirParsedInput) {
  // a handler's partitions share what it parsed (a PoRep C1 is ≈50 MB); retained results must not keep it
  struct Parsed final : ProofKindHandler {
    std::shared_ptr<std::weak_ptr<std::vector<uint8_t>>> last = std::make_shared<std::weak_ptr<std::vector<uint8_t>>>();
    Expected<std::vector<PartitionWork>> Plan(const ProofRequest &request) const override {
      auto parsed = std::make_shared<std::vector<uint8_t>>(request.vanilla_proof);
      *last = parsed;
      PartitionWork w;
      w.circuit_id = ChainId(8);
      const Fr x = Fr::FromUint(parsed->size());
      w.public_inputs = {x, r1cs::MulChainCircuit::Output(x, 8)};
      w.synthesize = [parsed](r1cs::ConstraintSystem &pa) {
        r1cs::MulChainCircuit{Fr::FromUint(parsed->size()), 8}.Synthesize(pa);
      };
      return std::vector<PartitionWork>{w, w};
    }
  };
  auto engine = Start();
  auto handler = std::make_shared<Parsed>();
  engine->RegisterHandler(ProofKind::SNAP_DEALS_UPDATE, handler);
  ProofRequest r;
  r.request_id = "snap-1";
  r.proof_kind = ProofKind::SNAP_DEALS_UPDATE;
  r.vanilla_proof.assign(1 << 20, 7);
  auto result = engine->Prove(r);
  ASSERT_EQ(result->status, ProofStatus::COMPLETED) << result->error_message;
  EXPECT_EQ(result->proof.size(), 2 * groth16::PROOF_BYTES);
  EXPECT_TRUE(handler->last->expired());
  EXPECT_EQ(engine->Await("snap-1", 0ms)->proof, result->proof); // the result itself is kept
}

} // namespace
} // namespace cuzk::engine::testing
