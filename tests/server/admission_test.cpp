// tests/server/admission_test.cpp — through gRPC with the real Filecoin handlers: a request whose
// counts its kind cannot have is INVALID_ARGUMENT before it is copied, a request beyond the request
// budget is RESOURCE_EXHAUSTED, and ids a client sends come back escaped.
#include "engine/filecoin_handlers.hpp"
#include "engine_dir_fixture.hpp"
#include "server/grpc_server.hpp"

#include "cuzk/v1/proving.grpc.pb.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <filesystem>

// GCC 12 reports std::string's inlined copies in this file as overlapping memcpy (-Wrestrict, GCC bug
// 105329, fixed in 13): a false positive inside the standard library.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace cuzk::server {
namespace {

namespace v1 = cuzk::v1;

class AdmissionTest : public EngineDirTest {
protected:
  void SetUp() override {
    engine::EngineConfig config = MakeDir("/tmp/cuzk-admission-test-XXXXXX");
    config.request_budget_bytes = uint64_t(1) << 20;
    engine_ = std::make_unique<engine::Engine>(config);
    engine::RegisterFilecoinHandlers(*engine_);
    ServerOptions options;
    options.listen = "unix://" + dir_ + "/cuzk.sock";
    auto started = GrpcServer::Start(*engine_, options);
    ASSERT_TRUE(started) << started.ErrorMessage();
    server_ = std::move(started).Value();
    grpc::ChannelArguments args;
    args.SetMaxSendMessageSize(64 << 20);
    stub_ = v1::ProvingEngine::NewStub(
        grpc::CreateCustomChannel(server_->endpoint(), grpc::InsecureChannelCredentials(), args));
  }
  void TearDown() override {
    server_.reset();
    EngineDirTest::TearDown();
  }
  grpc::Status Submit(const v1::SubmitProofRequest &request) {
    grpc::ClientContext ctx;
    v1::SubmitProofResponse out;
    return stub_->SubmitProof(&ctx, request, &out);
  }

  std::unique_ptr<GrpcServer> server_;
  std::unique_ptr<v1::ProvingEngine::Stub> stub_;
};

TEST_F(AdmissionTest, AWindowPoStWithMoreSectorsThanAPartitionIsRefusedBeforeItIsCopied) {
  v1::SubmitProofRequest r;
  r.set_request_id("wdpost-1000-0-[1 2 3 4 5 6 7 8]");
  r.set_proof_kind(v1::WINDOW_POST_PARTITION);
  r.set_registered_proof(13); // Window32GiBV1_1, 2349 sectors per partition
  r.set_randomness(std::string(32, '\0'));
  for (int i = 0; i < 100'000; i++) r.add_vanilla_proofs("x");
  grpc::Status status = Submit(r);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(),
            "vanilla_proofs: 100000 sector proofs, a partition of StackedDrgWindow32GiBV1_2 takes at most 2349");
  EXPECT_EQ(engine_->Status().request_memory_used_bytes, 0u);
  v1::AwaitProofResponse awaited;
  grpc::ClientContext ctx;
  v1::AwaitProofRequest await;
  await.set_job_id(r.request_id());
  EXPECT_EQ(stub_->AwaitProof(&ctx, await, &awaited).error_code(), grpc::StatusCode::NOT_FOUND)
      << "a refused request became a job";
}

TEST_F(AdmissionTest, ARequestBeyondTheRequestBudgetIsResourceExhausted) {
  v1::SubmitProofRequest r;
  r.set_request_id("porep-1000-9");
  r.set_proof_kind(v1::POREP_SEAL_COMMIT);
  r.set_vanilla_proof(std::string(2 << 20, '{'));
  grpc::Status status = Submit(r);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(status.error_message().find("more than the whole request budget of 1048576 bytes (memory.request_budget)"),
            std::string::npos)
      << status.error_message();
}

TEST_F(AdmissionTest, AnUnknownJobIdComesBackEscaped) {
  grpc::ClientContext ctx;
  v1::AwaitProofRequest await;
  await.set_job_id("porep-1\n[error] forged");
  v1::AwaitProofResponse out;
  grpc::Status status = stub_->AwaitProof(&ctx, await, &out);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(status.error_message(), "unknown job porep-1\\n[error] forged");
}

} // namespace
} // namespace cuzk::server
