// tests/engine/admission_test.cpp — what a request may cost before it is accepted: counts its kind
// cannot have are refused from the counts alone (a 60 M-entry WindowPoSt request, without building
// it), and queued requests hold at most the request budget: a burst of large requests beyond it is
// RESOURCE_EXHAUSTED, and the budget comes back as jobs end.
#include "engine/filecoin_handlers.hpp"
#include "engine_fixture.hpp"

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

EngineConfig NoParams() {
  EngineConfig config;
  config.param_dir = "/nonexistent-cuzk-params";
  config.working_memory_bytes = uint64_t(1) << 30;
  config.devices = {CpuDevice(1)};
  return config;
}

RequestShape Shape(ProofKind kind, uint64_t registered_proof, uint64_t entries) {
  RequestShape s;
  s.proof_kind = kind;
  s.registered_proof = registered_proof;
  s.vanilla_proofs = entries;
  return s;
}

TEST(Admission, CountsAKindCannotHaveAreRefusedBeforeTheRequestExists) {
  Engine engine(NoParams());
  RegisterFilecoinHandlers(engine);
  // 60 M one-byte sector proofs: a 172 MiB message, under the limit, once 6.5 GB of copies
  auto huge = engine.CheckShape(Shape(ProofKind::WINDOW_POST_PARTITION, 13, 60'000'000));
  EXPECT_EQ(huge.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(huge.ErrorMessage(),
            "vanilla_proofs: 60000000 sector proofs, a partition of StackedDrgWindow32GiBV1_2 takes at most 2349");
  EXPECT_TRUE(engine.CheckShape(Shape(ProofKind::WINDOW_POST_PARTITION, 13, 2349)).IsOk());
  EXPECT_EQ(engine.CheckShape(Shape(ProofKind::WINDOW_POST_PARTITION, 5, 3)).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_TRUE(engine.CheckShape(Shape(ProofKind::WINDOW_POST_PARTITION, 5, 2)).IsOk());
  auto winning = engine.CheckShape(Shape(ProofKind::WINNING_POST, 3, 2));
  EXPECT_EQ(winning.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_NE(winning.ErrorMessage().find("takes at most 1"), std::string::npos) << winning.ErrorMessage();
  auto snap = engine.CheckShape(Shape(ProofKind::SNAP_DEALS_UPDATE, 3, 17));
  EXPECT_EQ(snap.Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_NE(snap.ErrorMessage().find("17 partition proofs"), std::string::npos) << snap.ErrorMessage();
  EXPECT_NE(snap.ErrorMessage().find("has 16 partitions"), std::string::npos) << snap.ErrorMessage();
  EXPECT_TRUE(engine.CheckShape(Shape(ProofKind::SNAP_DEALS_UPDATE, 3, 16)).IsOk());
  // an unknown registered proof is Plan's to name; a kind without a handler fails at Submit
  EXPECT_TRUE(engine.CheckShape(Shape(ProofKind::WINDOW_POST_PARTITION, 99, 1)).IsOk());
  EXPECT_TRUE(engine.CheckShape(Shape(ProofKind(9), 0, 1'000'000)).IsOk());
}

class AdmissionTest : public ChainEngineTest<8> {
protected:
  void TearDown() override { handler_->gate->Open(); }
};

// a one-partition chain request carrying `bytes` of payload besides (as a C1 envelope would)
ProofRequest Large(const std::string &id, uint64_t seed, size_t bytes, bool hold = false) {
  ProofRequest r = ChainRequest(id, 8, 1, seed);
  r.vanilla_proof.assign(bytes, 0x5a);
  if (hold) r.sector_number = HOLD;
  return r;
}

TEST_F(AdmissionTest, ABurstOfLargeRequestsStaysWithinTheRequestBudget) {
  constexpr uint64_t MIB = uint64_t(1) << 20;
  EngineConfig config = SmallConfig(*dir_);
  config.request_budget_bytes = 8 * MIB;
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);

  // the prover is busy (the only synthesis worker holds the first job) while the burst arrives
  ASSERT_TRUE(engine.Submit(Large("porep-1000-0", 0, MIB, true)).HasValue());
  handler_->gate->AwaitWaiters(1);
  std::vector<std::string> accepted{"porep-1000-0"};
  int refused = 0;
  for (int i = 1; i <= 20; i++) {
    const std::string id = "porep-1000-" + std::to_string(i);
    auto r = engine.Submit(Large(id, uint64_t(i), MIB));
    if (r.HasValue()) {
      accepted.push_back(id);
      continue;
    }
    refused++;
    EXPECT_EQ(r.Code(), cuzk::ErrorCode::kResourceExhausted);
    EXPECT_NE(r.ErrorMessage().find("request budget full"), std::string::npos) << r.ErrorMessage();
    EXPECT_NE(r.ErrorMessage().find("request " + id + " needs"), std::string::npos) << r.ErrorMessage();
    const EngineStatus s = engine.Status();
    EXPECT_LE(s.request_memory_used_bytes, s.request_memory_limit_bytes);
  }
  EXPECT_EQ(accepted.size(), 7u) << "1 MiB requests (and their headers) under an 8 MiB budget";
  EXPECT_EQ(refused, 14);
  auto whole = engine.Submit(Large("too-big", 99, 9 * MIB));
  EXPECT_EQ(whole.Code(), cuzk::ErrorCode::kResourceExhausted);
  EXPECT_NE(whole.ErrorMessage().find("more than the whole request budget"), std::string::npos) << whole.ErrorMessage();

  handler_->gate->Open();
  for (const auto &id : accepted) {
    auto r = engine.Await(id, 0ms);
    ASSERT_TRUE(r.HasValue());
    EXPECT_EQ(r->status, ProofStatus::COMPLETED) << id << ": " << r->error_message;
  }
  // every job ended: the budget is free again, and the refused requests go through on retry
  EXPECT_EQ(engine.Status().request_memory_used_bytes, 0u);
  auto retried = engine.Prove(Large("porep-1000-20", 20, MIB));
  ASSERT_TRUE(retried.HasValue()) << retried.ErrorMessage();
  ExpectChainProofsVerify(retried.Value(), Large("porep-1000-20", 20, MIB));
}

TEST_F(AdmissionTest, AFailedJobGivesItsBytesBack) {
  EngineConfig config = SmallConfig(*dir_);
  config.request_budget_bytes = 3 << 20;
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  for (int i = 0; i < 10; i++) { // 10 × 2 MiB through a 3 MiB budget, one at a time
    ProofRequest bad = Large("bad-" + std::to_string(i), uint64_t(i), 2 << 20);
    bad.vanilla_proofs[0].pop_back();
    auto r = engine.Prove(std::move(bad));
    ASSERT_TRUE(r.HasValue()) << r.ErrorMessage();
    EXPECT_EQ(r->status, ProofStatus::FAILED);
  }
  EXPECT_EQ(engine.Status().request_memory_used_bytes, 0u);
}

} // namespace
} // namespace cuzk::engine::testing
