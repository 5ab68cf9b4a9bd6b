// tests/server/service_test.cpp — the gRPC service end to end in one process: a real engine with a
// real circuit (the engine tests' MulChain handler and generated parameters), the real server on a
// temporary unix socket, and a gRPC C++ client. Proofs are checked independently of the engine.
#include "engine/engine_fixture.hpp"
#include "server/grpc_server.hpp"
#include "server/request_conversion.hpp"

#include "cuzk/v1/proving.grpc.pb.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <sys/stat.h>
#include <thread>

namespace cuzk::server {
namespace {

namespace v1 = cuzk::v1;
using namespace std::chrono_literals;
using engine::testing::ChainHandler;
using engine::testing::ParamDir;

// The chain circuit is served as WINDOW_POST_PARTITION (whose validation the request shape fits:
// vanilla_proofs, a registered_proof in 5..14 taken as the chain length, 32 bytes of randomness).
constexpr v1::ProofKind KIND = v1::WINDOW_POST_PARTITION;
constexpr size_t LENGTH = 8;
// Served as WINNING_POST too where a test registers it: registered_proof 4 (in 0..4) is its length.
constexpr size_t WINNING_LENGTH = 4;

class ServiceTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { params_ = new ParamDir({LENGTH, WINNING_LENGTH}); }
  static void TearDownTestSuite() {
    delete params_;
    params_ = nullptr;
  }

  void SetUp() override { StartServer(uint64_t{256} << 20); }
  void TearDown() override {
    handler_->gate->Open();
    server_.reset();
    engine_.reset();
    std::filesystem::remove_all(dir_);
  }

  void StartServer(uint64_t max_message_bytes) {
    char tmpl[] = "/tmp/cuzk-service-test-XXXXXX";
    dir_ = mkdtemp(tmpl);
    engine::EngineConfig config = engine::testing::SmallConfig(*params_, 1);
    engine_ = std::make_unique<engine::Engine>(config);
    engine_->RegisterHandler(engine::ProofKind::WINDOW_POST_PARTITION, handler_);
    ServerOptions options;
    options.listen = "unix://" + dir_ + "/sock/cuzk.sock";
    options.max_message_bytes = max_message_bytes;
    auto started = GrpcServer::Start(*engine_, options);
    ASSERT_TRUE(started) << started.ErrorMessage();
    server_ = std::move(started).Value();
    grpc::ChannelArguments args;
    args.SetMaxSendMessageSize(512 << 20);
    args.SetMaxReceiveMessageSize(512 << 20);
    stub_ = v1::ProvingEngine::NewStub(
        grpc::CreateCustomChannel(server_->endpoint(), grpc::InsecureChannelCredentials(), args));
  }

  // A request for `partitions` chains, x = 1000·seed + i (as engine::testing::ChainRequest).
  static v1::SubmitProofRequest Request(const std::string &id, size_t partitions, uint64_t seed = 1) {
    v1::SubmitProofRequest r;
    r.set_request_id(id);
    r.set_proof_kind(KIND);
    r.set_registered_proof(LENGTH);
    r.set_randomness(std::string(32, '\0'));
    for (size_t i = 0; i < partitions; i++) {
      auto bytes = engine::testing::U64Bytes(1000 * seed + i);
      r.add_vanilla_proofs(std::string(bytes.begin(), bytes.end()));
    }
    return r;
  }

  // The same request in the engine's terms, for ExpectChainProofsVerify.
  static engine::ProofRequest EngineRequest(const v1::SubmitProofRequest &r) {
    engine::ProofRequest e;
    e.registered_proof = r.registered_proof();
    for (const auto &p : r.vanilla_proofs()) e.vanilla_proofs.emplace_back(p.begin(), p.end());
    return e;
  }

  static void ExpectVerifies(const v1::AwaitProofResponse &response, const v1::SubmitProofRequest &request) {
    engine::ProofResult result;
    result.status = static_cast<engine::ProofStatus>(response.status());
    result.error_message = response.error_message();
    result.proof.assign(response.proof().begin(), response.proof().end());
    engine::testing::ExpectChainProofsVerify(result, EngineRequest(request));
  }

  grpc::Status Prove(const v1::SubmitProofRequest &submit, v1::AwaitProofResponse &out,
                     std::chrono::milliseconds deadline = 60s) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + deadline);
    v1::ProveRequest request;
    *request.mutable_submit() = submit;
    v1::ProveResponse response;
    grpc::Status status = stub_->Prove(&ctx, request, &response);
    out = response.result();
    return status;
  }

  grpc::Status Submit(const v1::SubmitProofRequest &submit, v1::SubmitProofResponse &out) {
    grpc::ClientContext ctx;
    return stub_->SubmitProof(&ctx, submit, &out);
  }

  grpc::Status Await(const std::string &job_id, uint64_t timeout_ms, v1::AwaitProofResponse &out) {
    grpc::ClientContext ctx;
    v1::AwaitProofRequest request;
    request.set_job_id(job_id);
    request.set_timeout_ms(timeout_ms);
    return stub_->AwaitProof(&ctx, request, &out);
  }

  grpc::Status Cancel(const std::string &job_id, v1::CancelProofResponse &out) {
    grpc::ClientContext ctx;
    v1::CancelProofRequest request;
    request.set_job_id(job_id);
    return stub_->CancelProof(&ctx, request, &out);
  }

  v1::GetStatusResponse Status() {
    grpc::ClientContext ctx;
    v1::GetStatusResponse out;
    EXPECT_TRUE(stub_->GetStatus(&ctx, v1::GetStatusRequest{}, &out).ok());
    return out;
  }

  std::string Metrics() {
    grpc::ClientContext ctx;
    v1::GetMetricsResponse out;
    EXPECT_TRUE(stub_->GetMetrics(&ctx, v1::GetMetricsRequest{}, &out).ok());
    return out.prometheus_text();
  }

  static ParamDir *params_;
  std::shared_ptr<ChainHandler> handler_ = std::make_shared<ChainHandler>();
  std::string dir_;
  std::unique_ptr<engine::Engine> engine_;
  std::unique_ptr<GrpcServer> server_;
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

ParamDir *ServiceTest::params_ = nullptr;

// The decimal digits of a field element (what `cuzk-bench verify` reads).
std::string Decimal(const ff::Fr &x) {
  auto limbs = x.ToCanonical();
  std::string digits;
  for (;;) {
    bool zero = true;
    unsigned __int128 rem = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      unsigned __int128 cur = (rem << 64) | limbs[i];
      limbs[i] = static_cast<uint64_t>(cur / 10);
      rem = cur % 10;
      zero = zero && limbs[i] == 0;
    }
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(rem)));
    if (zero) return digits;
  }
}

TEST_F(ServiceTest, ListensOnAUnixSocketWithMode0660) {
  struct stat st {};
  ASSERT_EQ(::lstat((dir_ + "/sock/cuzk.sock").c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0660u);
  server_.reset();
  EXPECT_FALSE(std::filesystem::exists(dir_ + "/sock/cuzk.sock")) << "the socket is removed on shutdown";
}

// Where each partition's a, b, c were formed travels with its timings.
TEST(RequestConversion, AbcEvaluationOfEachPartition) {
  engine::ProofResult r;
  r.timeline.resize(3);
  r.timeline[1].pre_compiled = r.timeline[1].deferred_abc = true;
  r.timeline[2].pre_compiled = r.timeline[2].deferred_abc = r.timeline[2].abc_on_prover_host = true;
  v1::AwaitProofResponse out;
  ToProto(r, out);
  ASSERT_EQ(out.partition_timings_size(), 3);
  EXPECT_EQ(out.partition_timings(0).abc_evaluation(), v1::ABC_EVALUATION_SYNTHESIS);
  EXPECT_EQ(out.partition_timings(1).abc_evaluation(), v1::ABC_EVALUATION_DEVICE);
  EXPECT_EQ(out.partition_timings(2).abc_evaluation(), v1::ABC_EVALUATION_PROVER_HOST);
}

// The scheduler's counters reach GetStatus (cuzk extensions).
TEST(RequestConversion, StatusCarriesTheSchedulersCounters) {
  engine::EngineStatus s;
  s.ready_partitions = 2;
  s.memory_waits = 3;
  s.critical_holds = 5;
  v1::GetStatusResponse out;
  ToProto(s, out);
  EXPECT_EQ(out.ready_partitions(), 2u);
  EXPECT_EQ(out.memory_waits(), 3u);
  EXPECT_EQ(out.critical_holds(), 5u);
}

TEST_F(ServiceTest, ProveReturnsVerifyingProofsAndTimings) {
  const auto request = Request("wdpost-1000-0", 3);
  v1::AwaitProofResponse result;
  ASSERT_TRUE(Prove(request, result).ok());
  EXPECT_EQ(result.job_id(), "wdpost-1000-0");
  ASSERT_EQ(result.status(), v1::AwaitProofResponse::COMPLETED) << result.error_message();
  EXPECT_EQ(result.proof().size(), 3u * 192);
  EXPECT_TRUE(result.error_message().empty());
  ExpectVerifies(result, request);
  EXPECT_GT(result.total_ms(), 0u);
  // every partition's timeline travels (cuzk extension, field 101), on the CPU device (-1)
  ASSERT_EQ(result.partition_timings_size(), 3);
  for (int i = 0; i < 3; i++) {
    const auto &t = result.partition_timings(i);
    EXPECT_EQ(t.partition(), uint32_t(i));
    EXPECT_EQ(t.device(), -1);
    EXPECT_GT(t.synthesis_start_ms(), 0);
    EXPECT_LE(t.synthesis_end_ms(), t.prove_start_ms());
    EXPECT_LE(t.prove_start_ms(), t.device_end_ms());
    EXPECT_LE(t.device_end_ms(), t.prove_end_ms());
    EXPECT_LE(t.self_check_end_ms(), double(result.total_ms()) + 1);
    EXPECT_EQ(t.abc_evaluation(), v1::ABC_EVALUATION_SYNTHESIS); // the CPU device leaves nothing to the prover
  }

  // cuzk-bench verify accepts the daemon's proofs with the chain's public inputs, and refuses
  // them when one input is off by one
  std::ofstream(dir_ + "/proof.bin", std::ios::binary) << result.proof();
  auto write_inputs = [&](uint64_t bump) {
    std::ofstream out(dir_ + "/inputs.txt");
    for (int i = 0; i < request.vanilla_proofs_size(); i++) {
      const ff::Fr x = ff::Fr::FromUint(1000 + i);
      out << "# partition " << i << "\n"
          << Decimal(x) << "\n"
          << Decimal(r1cs::MulChainCircuit::Output(x, LENGTH) + ff::Fr::FromUint(i == 2 ? bump : 0)) << "\n";
    }
  };
  const std::string verify = std::string(CUZK_BENCH) + " verify --vk " + params_->Path() + "/" +
                             engine::testing::ChainId(LENGTH) + ".vk --proof " + dir_ + "/proof.bin --inputs " + dir_ +
                             "/inputs.txt > " + dir_ + "/verify.log 2>&1";
  write_inputs(0);
  EXPECT_EQ(std::system(verify.c_str()), 0);
  write_inputs(1);
  EXPECT_EQ(WEXITSTATUS(std::system(verify.c_str())), 1);
  EXPECT_GE(result.total_ms(), result.gpu_compute_ms());

  const auto status = Status();
  EXPECT_EQ(status.total_proofs_completed(), 1u);
  EXPECT_EQ(status.total_proofs_failed(), 0u);
  ASSERT_EQ(status.gpus_size(), 1);
  EXPECT_NE(status.gpus(0).name().find("CPU"), std::string::npos) << status.gpus(0).name();
  EXPECT_GT(status.gpus(0).vram_total_bytes(), 0u);
  bool found = false;
  for (const auto &srs : status.loaded_srs()) {
    if (srs.circuit_id() != engine::testing::ChainId(LENGTH)) continue;
    found = true;
    EXPECT_EQ(srs.tier(), v1::SRSStatus::HOT);
    EXPECT_GT(srs.size_bytes(), 0u);
    EXPECT_EQ(srs.ref_count(), 0u);
  }
  EXPECT_TRUE(found);
}

TEST_F(ServiceTest, SubmitIsIdempotentByRequestId) {
  v1::SubmitProofResponse first, again;
  ASSERT_TRUE(Submit(Request("same", 1), first).ok());
  EXPECT_EQ(first.job_id(), "same");
  ASSERT_TRUE(Submit(Request("same", 1), again).ok());
  EXPECT_EQ(again.job_id(), "same");
  v1::SubmitProofResponse other;
  grpc::Status status = Submit(Request("same", 1, 2), other);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("different payload"), std::string::npos) << status.error_message();

  v1::AwaitProofResponse a, b;
  ASSERT_TRUE(Await("same", 0, a).ok());
  ExpectVerifies(a, Request("same", 1));
  // the same request after completion gets the stored proof, not a new one
  ASSERT_TRUE(Submit(Request("same", 1), again).ok());
  ASSERT_TRUE(Await("same", 0, b).ok());
  EXPECT_EQ(a.proof(), b.proof());
  EXPECT_EQ(Status().total_proofs_completed(), 1u);
}

TEST_F(ServiceTest, AwaitHonoursItsTimeoutAndCancelStopsARunningJob) {
  auto held = Request("held", 1);
  held.set_sector_number(engine::testing::HOLD);
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(Submit(held, submitted).ok());
  handler_->gate->AwaitWaiters(1);

  v1::AwaitProofResponse waited;
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_TRUE(Await("held", 300, waited).ok());
  auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_EQ(waited.status(), v1::AwaitProofResponse::TIMEOUT);
  EXPECT_EQ(waited.job_id(), "held");
  EXPECT_GE(took, 300ms);
  EXPECT_LT(took, 3s);

  v1::CancelProofResponse cancelled;
  ASSERT_TRUE(Cancel("held", cancelled).ok());
  EXPECT_TRUE(cancelled.was_running());
  handler_->gate->Open();
  ASSERT_TRUE(Await("held", 0, waited).ok());
  EXPECT_EQ(waited.status(), v1::AwaitProofResponse::CANCELLED);
  EXPECT_TRUE(waited.proof().empty());
}

TEST_F(ServiceTest, CancelRemovesAPendingJob) {
  auto held = Request("running", 1);
  held.set_sector_number(engine::testing::HOLD);
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(Submit(held, submitted).ok());
  handler_->gate->AwaitWaiters(1); // the only synthesis worker is busy: the next job waits
  ASSERT_TRUE(Submit(Request("pending", 1, 5), submitted).ok());
  v1::SubmitProofResponse behind;
  ASSERT_TRUE(Submit(Request("behind", 1, 6), behind).ok());
  EXPECT_EQ(behind.queue_position(), submitted.queue_position() + 1);
  {
    // status shows the queue as it is: one job started, two waiting
    const auto status = Status();
    ASSERT_EQ(status.queues_size(), 1);
    EXPECT_EQ(status.queues(0).proof_kind(), "window-post");
    EXPECT_EQ(status.queues(0).in_progress(), 1u);
    EXPECT_EQ(status.queues(0).pending(), 2u);
  }
  v1::CancelProofResponse cancelled;
  ASSERT_TRUE(Cancel("pending", cancelled).ok());
  EXPECT_FALSE(cancelled.was_running());
  v1::AwaitProofResponse result;
  ASSERT_TRUE(Await("pending", 0, result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::CANCELLED);
  handler_->gate->Open();
  ASSERT_TRUE(Await("running", 0, result).ok());
  ExpectVerifies(result, held);
  ASSERT_TRUE(Await("behind", 0, result).ok());
  ExpectVerifies(result, Request("behind", 1, 6));
}

TEST_F(ServiceTest, ACriticalJobSubmittedAfterNormalOnesCompletesFirst) {
  engine_->RegisterHandler(engine::ProofKind::WINNING_POST, handler_);
  auto held = Request("normal-0", 1);
  held.set_priority(v1::NORMAL);
  held.set_sector_number(engine::testing::HOLD); // the only synthesis worker stays in it
  v1::SubmitProofResponse submitted;
  ASSERT_TRUE(Submit(held, submitted).ok());
  handler_->gate->AwaitWaiters(1);
  std::vector<v1::SubmitProofRequest> normal{held};
  for (uint64_t i = 1; i <= 2; i++) {
    normal.push_back(Request("normal-" + std::to_string(i), 2, 10 + i));
    normal.back().set_priority(v1::NORMAL);
    ASSERT_TRUE(Submit(normal.back(), submitted).ok());
    EXPECT_EQ(submitted.queue_position(), i - 1); // NORMAL jobs queued before it
  }
  // as Curio sends a WinningPoSt (spec/cuzk-api.md §2.2): CRITICAL, through Prove
  auto winning = Request("winpost-1000", 1, 99);
  winning.set_proof_kind(v1::WINNING_POST);
  winning.set_registered_proof(WINNING_LENGTH);
  winning.set_priority(v1::CRITICAL);
  v1::AwaitProofResponse result;
  ASSERT_TRUE(Prove(winning, result).ok());
  ExpectVerifies(result, winning);
  // done while every NORMAL job is still held or queued behind the held one
  EXPECT_EQ(handler_->gate->Waiting(), 1);
  for (const auto &n : normal) {
    v1::AwaitProofResponse pending;
    ASSERT_TRUE(Await(n.request_id(), 1, pending).ok());
    EXPECT_EQ(pending.status(), v1::AwaitProofResponse::TIMEOUT) << n.request_id();
  }
  EXPECT_EQ(Status().total_proofs_completed(), 1u);
  handler_->gate->Open();
  for (const auto &n : normal) {
    ASSERT_TRUE(Await(n.request_id(), 0, result).ok());
    ExpectVerifies(result, n);
  }
}

TEST_F(ServiceTest, UnknownJobsAreNotFound) {
  v1::AwaitProofResponse result;
  EXPECT_EQ(Await("nope", 10, result).error_code(), grpc::StatusCode::NOT_FOUND);
  v1::CancelProofResponse cancelled;
  EXPECT_EQ(Cancel("nope", cancelled).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(ServiceTest, MalformedRequestsAreInvalidArgumentNamingTheField) {
  struct Case {
    const char *expect; //!< the start of the message
    std::function<void(v1::SubmitProofRequest &)> spoil;
  };
  const std::vector<Case> cases{
      {"invalid proof_kind: 0", [](auto &r) { r.set_proof_kind(v1::PROOF_KIND_UNSPECIFIED); }},
      {"invalid proof_kind: 9", [](auto &r) { r.set_proof_kind(static_cast<v1::ProofKind>(9)); }},
      {"priority: invalid value 7", [](auto &r) { r.set_priority(static_cast<v1::Priority>(7)); }},
      {"randomness: expected 32 bytes, got 31", [](auto &r) { r.set_randomness(std::string(31, 'x')); }},
      {"randomness: required for WINDOW_POST_PARTITION", [](auto &r) { r.clear_randomness(); }},
      {"vanilla_proofs: required for WINDOW_POST_PARTITION", [](auto &r) { r.clear_vanilla_proofs(); }},
      {"vanilla_proofs[1]: empty", [](auto &r) { r.add_vanilla_proofs(""); }},
      {"vanilla_proof: not used by WINDOW_POST_PARTITION", [](auto &r) { r.set_vanilla_proof("x"); }},
      {"registered_proof: 3 is not a WindowPoSt proof", [](auto &r) { r.set_registered_proof(3); }},
      {"comm_r_old: only SNAP_DEALS_UPDATE", [](auto &r) { r.set_comm_r_old(std::string(32, '\0')); }},
      {"request_id: contains a control character", [](auto &r) { r.set_request_id("a\nb"); }},
      {"request_id: longer than 256 bytes", [](auto &r) { r.set_request_id(std::string(300, 'a')); }},
      {"vanilla_proof: required for POREP_SEAL_COMMIT", [](auto &r) { r.set_proof_kind(v1::POREP_SEAL_COMMIT); }},
      {"comm_r_old: required for SNAP_DEALS_UPDATE",
       [](auto &r) {
         r.set_proof_kind(v1::SNAP_DEALS_UPDATE);
         r.set_registered_proof(3);
         r.clear_randomness();
       }},
      {"comm_d_new: expected 32 bytes, got 33",
       [](auto &r) {
         r.set_proof_kind(v1::SNAP_DEALS_UPDATE);
         r.set_registered_proof(3);
         r.set_comm_r_old(std::string(32, '\1'));
         r.set_comm_r_new(std::string(32, '\2'));
         r.set_comm_d_new(std::string(33, '\3'));
       }},
      {"registered_proof: 5 is not a WinningPoSt proof",
       [](auto &r) {
         r.set_proof_kind(v1::WINNING_POST);
         r.set_registered_proof(5);
       }},
  };
  for (const auto &c : cases) {
    auto request = Request("bad", 1);
    c.spoil(request);
    v1::AwaitProofResponse result;
    grpc::Status status = Prove(request, result);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.expect;
    EXPECT_EQ(status.error_message().rfind(c.expect, 0), 0u) << status.error_message();
    v1::SubmitProofResponse submitted;
    EXPECT_EQ(Submit(request, submitted).error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.expect;
  }
  grpc::ClientContext ctx;
  v1::ProveResponse response;
  grpc::Status status = stub_->Prove(&ctx, v1::ProveRequest{}, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(), "submit: required");
  v1::AwaitProofResponse result;
  EXPECT_EQ(Await("", 0, result).error_message(), "job_id: required");

  // nothing reached the engine, and it still proves
  EXPECT_EQ(Status().total_proofs_failed(), 0u);
  ASSERT_TRUE(Prove(Request("good", 1), result).ok());
  ExpectVerifies(result, Request("good", 1));
  EXPECT_NE(Metrics().find("cuzk_rpc_requests_total{rpc=\"Prove\",code=\"INVALID_ARGUMENT\"} " +
                           std::to_string(cases.size() + 1)),
            std::string::npos);
}

TEST_F(ServiceTest, BadPayloadAndKindsWithoutHandlerAreFailedWithAMessage) {
  // well-formed request, bytes the handler rejects: a proving failure, OK with FAILED
  auto request = Request("short", 1);
  request.set_vanilla_proofs(0, "1234567");
  v1::AwaitProofResponse result;
  ASSERT_TRUE(Prove(request, result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::FAILED);
  EXPECT_NE(result.error_message().find("vanilla_proofs[0] has 7 bytes"), std::string::npos) << result.error_message();
  EXPECT_TRUE(result.proof().empty());

  v1::SubmitProofRequest porep;
  porep.set_request_id("porep-1000-1");
  porep.set_proof_kind(v1::POREP_SEAL_COMMIT);
  porep.set_vanilla_proof("{\"SectorNum\":1,\"Phase1Out\":\"garbage\",\"SectorSize\":2048}");
  ASSERT_TRUE(Prove(porep, result).ok());
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::FAILED);
  EXPECT_EQ(result.error_message(), "no handler registered for proof kind porep-c2 (1)");

  EXPECT_EQ(Status().total_proofs_failed(), 2u);
  ASSERT_TRUE(Prove(Request("after", 2), result).ok());
  ExpectVerifies(result, Request("after", 2));
}

TEST_F(ServiceTest, OversizedMessagesAreRefusedAndServingGoesOn) {
  server_.reset();
  engine_.reset();
  std::filesystem::remove_all(dir_);
  StartServer(uint64_t{4} << 20);
  auto request = Request("huge", 1);
  request.add_vanilla_proofs(std::string(5 << 20, 'x'));
  v1::AwaitProofResponse result;
  grpc::Status status = Prove(request, result);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  ASSERT_TRUE(Prove(Request("fits", 1), result).ok());
  ExpectVerifies(result, Request("fits", 1));
}

TEST_F(ServiceTest, ACallerThatGivesUpLeavesTheJobRunningForARetry) {
  auto held = Request("porep-1000-7", 1);
  held.set_sector_number(engine::testing::HOLD);
  v1::AwaitProofResponse result;
  grpc::Status status = Prove(held, result, 300ms);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  handler_->gate->Open();
  // Curio retries with the same deterministic id: it gets the same job's proof
  ASSERT_TRUE(Prove(held, result).ok());
  ExpectVerifies(result, held);
  EXPECT_EQ(Status().total_proofs_completed(), 1u);
}

TEST_F(ServiceTest, PreloadAndEvictChangeTheStatus) {
  const std::string id = engine::testing::ChainId(LENGTH);
  auto tier = [&]() -> int {
    const auto status = Status(); // kept: the loop must not run over a destroyed temporary
    for (const auto &srs : status.loaded_srs()) {
      if (srs.circuit_id() == id) return srs.tier();
    }
    return -1;
  };
  grpc::ClientContext c1, c2, c3, c4, c5;
  v1::PreloadSrsRequest preload;
  preload.set_circuit_id(id);
  v1::PreloadSrsResponse loaded;
  ASSERT_TRUE(stub_->PreloadSRS(&c1, preload, &loaded).ok());
  EXPECT_FALSE(loaded.already_loaded());
  EXPECT_EQ(tier(), v1::SRSStatus::HOT);
  ASSERT_TRUE(stub_->PreloadSRS(&c2, preload, &loaded).ok());
  EXPECT_TRUE(loaded.already_loaded());

  v1::EvictSrsRequest evict;
  evict.set_circuit_id(id);
  v1::EvictSrsResponse evicted;
  ASSERT_TRUE(stub_->EvictSRS(&c3, evict, &evicted).ok());
  EXPECT_TRUE(evicted.was_loaded());
  EXPECT_GT(evicted.freed_bytes(), 0u);
  EXPECT_NE(tier(), v1::SRSStatus::HOT);

  evict.set_circuit_id("no-such-circuit");
  EXPECT_EQ(stub_->EvictSRS(&c4, evict, &evicted).error_code(), grpc::StatusCode::NOT_FOUND);
  preload.set_circuit_id("");
  grpc::Status status = stub_->PreloadSRS(&c5, preload, &loaded);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(), "circuit_id: required");
}

TEST_F(ServiceTest, MetricsCountProofsAndCalls) {
  v1::AwaitProofResponse result;
  ASSERT_TRUE(Prove(Request("m", 1), result).ok());
  const std::string text = Metrics();
  EXPECT_NE(text.find("cuzk_rpc_requests_total{rpc=\"Prove\",code=\"OK\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("cuzk_rpc_requests_total{rpc=\"GetMetrics\",code=\"OK\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# TYPE cuzk_rpc_requests_total counter\n"), std::string::npos);
  EXPECT_NE(text.find("cuzk_proofs_completed_total{proof_kind=\"window_post\"} 1"), std::string::npos) << text;
}

// What the daemon does on SIGTERM (apps/cuzk-daemon Drain): the engine fails what has not
// started and gives running jobs their grace, while the server stops taking calls; a client
// waiting in Prove gets an answer, and everything stops within the bound.
TEST_F(ServiceTest, ShutdownWithAJobInFlightAnswersTheCallerAndStops) {
  auto held = Request("inflight", 1);
  held.set_sector_number(engine::testing::HOLD);
  auto call = std::async(std::launch::async, [&] {
    v1::AwaitProofResponse result;
    grpc::Status status = Prove(held, result);
    return std::make_pair(status, result);
  });
  handler_->gate->AwaitWaiters(1);
  v1::SubmitProofResponse queued;
  ASSERT_TRUE(Submit(Request("queued", 1, 3), queued).ok());

  auto t0 = std::chrono::steady_clock::now();
  std::thread stop_server([&] { server_->Shutdown(2s); });
  // the running partition is held until the engine has given up on its job (the grace ran out and
  // the job was failed at a partition boundary): an event, not a guess at how long that takes
  std::thread release([&] {
    auto failed = engine_->Await("inflight", 60000ms);
    EXPECT_TRUE(failed.HasValue()) << failed.ErrorMessage();
    handler_->gate->Open();
  });
  engine_->Shutdown(100ms);
  stop_server.join();
  release.join();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 10s);

  auto [status, result] = call.get();
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(result.job_id(), "inflight");
  EXPECT_EQ(result.status(), v1::AwaitProofResponse::FAILED);
  EXPECT_NE(result.error_message().find("stopped at a partition boundary"), std::string::npos)
      << result.error_message();
  auto s = engine_->Await("queued", 0ms);
  ASSERT_TRUE(s.HasValue());
  EXPECT_EQ(s->status, engine::ProofStatus::FAILED);
  EXPECT_NE(s->error_message.find("shutting down"), std::string::npos) << s->error_message;
}

} // namespace
} // namespace cuzk::server
