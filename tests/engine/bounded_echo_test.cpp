// tests/engine/bounded_echo_test.cpp — what a client sends is repeated back bounded and escaped: a
// 20 MiB registered-proof name with a newline in a real PoRep C1 reaches neither the error, nor the
// log, nor the retained job whole, and forges no log line; finished jobs are retained within a
// byte bound as well as a count; errors name parameter files, not the host's directories.
#include "base/echo.hpp"
#include "engine/filecoin_handlers.hpp"
#include "engine/log.hpp"
#include "engine_fixture.hpp"

#include "engine_e2e/filecoin_requests.hpp"

#include <spdlog/sinks/ostream_sink.h>

#include <fstream>
#include <sstream>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

// Log lines of the engine while it lives.
class LogCapture {
public:
  LogCapture() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)) {
    sink_->set_pattern("%v");
    Log().sinks().push_back(sink_);
  }
  ~LogCapture() { std::erase(Log().sinks(), sink_); }
  std::string Text() {
    sink_->flush();
    return text_.str();
  }

private:
  std::ostringstream text_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

TEST(BoundedEcho, AHugeRegisteredProofNameWithANewlineIsCutAndEscapedEverywhere) {
  const auto requests = test::MakeFilecoinRequests(31);
  ProofRequest request = requests.porep;
  // the C1 JSON with its registered_proof replaced: a line break, a forged log line, 20 MiB
  const std::string json = test::Must(filecoin::WriteC1Json(requests.c1), "C1 JSON");
  const std::string key = "\"registered_proof\":\"" + requests.c1.registered_proof + "\"";
  const size_t at = json.find(key);
  ASSERT_NE(at, std::string::npos);
  const std::string name = "StackedDrg2KiBV1_1\\n[error] forged line " + std::string(20 << 20, 'x');
  const std::string hostile =
      json.substr(0, at) + "\"registered_proof\":\"" + name + "\"" + json.substr(at + key.size());
  filecoin::C1Envelope envelope;
  envelope.sector_num = int64_t(test::FilecoinRequests::SECTOR_ID);
  envelope.phase1_out.assign(hostile.begin(), hostile.end());
  envelope.sector_size = 2048;
  const std::string envelope_json = filecoin::WriteC1Envelope(envelope);
  request.vanilla_proof.assign(envelope_json.begin(), envelope_json.end());

  LogCapture log;
  {
    char tmpl[] = "/tmp/cuzk-echo-test-XXXXXX";
    EngineConfig config;
    config.param_dir = mkdtemp(tmpl);
    config.working_memory_bytes = uint64_t(1) << 30;
    config.devices = {CpuDevice(1)};
    Engine engine(config);
    RegisterFilecoinHandlers(engine);
    auto result = engine.Prove(request);
    ASSERT_TRUE(result.HasValue()) << result.ErrorMessage();
    ASSERT_EQ(result->status, ProofStatus::FAILED);
    const std::string &error = result->error_message;
    EXPECT_LE(error.size(), base::MESSAGE_BYTES + 32);
    EXPECT_NE(error.find("StackedDrg2KiBV1_1\\n[error] forged line xxx"), std::string::npos) << error;
    EXPECT_NE(error.find(" more bytes]"), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
    // the retained job answers Await with the same bounded message
    auto again = engine.Await(request.request_id, 0ms);
    ASSERT_TRUE(again.HasValue());
    EXPECT_EQ(again->error_message, error);
    engine.Shutdown(0ms);
    std::filesystem::remove_all(config.param_dir);
  }
  const std::string text = log.Text();
  EXPECT_LT(text.size(), size_t(64) << 10) << "the name reached the log whole";
  EXPECT_EQ(text.find("\n[error] forged line"), std::string::npos) << "a forged log line";
  EXPECT_NE(text.find("\\n[error] forged line"), std::string::npos) << "the job's failure is not logged";
}

class RetentionTest : public ChainEngineTest<8> {};

TEST_F(RetentionTest, FinishedJobsAreRetainedWithinAByteBound) {
  EngineConfig config = SmallConfig(*dir_);
  config.finished_job_retention = 100000;
  config.finished_job_retention_bytes = 16 << 10;
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);
  // each fails at planning with a message that names its 1000-byte-long payload size
  constexpr int JOBS = 200;
  for (int i = 0; i < JOBS; i++) {
    ProofRequest r = ChainRequest("job-" + std::to_string(i), 8, 1);
    r.vanilla_proofs[0].resize(1000);
    auto result = engine.Prove(std::move(r));
    ASSERT_TRUE(result.HasValue());
    ASSERT_EQ(result->status, ProofStatus::FAILED);
  }
  int kept = 0;
  for (int i = 0; i < JOBS; i++) kept += engine.Await("job-" + std::to_string(i), 1ms).HasValue();
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, JOBS / 2) << "the byte bound forgot nothing";
  // the newest are the ones kept
  EXPECT_TRUE(engine.Await("job-" + std::to_string(JOBS - 1), 1ms).HasValue());
  EXPECT_EQ(engine.Await("job-0", 1ms).Code(), cuzk::ErrorCode::kNotFound);
}

TEST_F(RetentionTest, ParameterErrorsNameTheFileNotTheHostDirectory) {
  char tmpl[] = "/tmp/cuzk-echo-params-XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  EngineConfig config = SmallConfig(*dir_);
  config.param_dir = dir;
  Engine engine(config);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler_);

  auto missing = engine.Prove(ChainRequest("missing", 8, 1));
  ASSERT_TRUE(missing.HasValue());
  ASSERT_EQ(missing->status, ProofStatus::FAILED);
  EXPECT_NE(missing->error_message.find("test-chain-8.params is not in the parameter directory"), std::string::npos)
      << missing->error_message;
  EXPECT_EQ(missing->error_message.find(dir), std::string::npos) << missing->error_message;

  std::ofstream(dir + "/test-chain-8.params") << "not a parameter file";
  auto corrupt = engine.Prove(ChainRequest("corrupt", 8, 1));
  ASSERT_TRUE(corrupt.HasValue());
  ASSERT_EQ(corrupt->status, ProofStatus::FAILED);
  EXPECT_NE(corrupt->error_message.find("test-chain-8.params"), std::string::npos) << corrupt->error_message;
  EXPECT_EQ(corrupt->error_message.find(dir), std::string::npos) << corrupt->error_message;
  auto preload = engine.PreloadSrs(ChainId(8));
  EXPECT_EQ(preload.Code(), cuzk::ErrorCode::kInternal);
  EXPECT_EQ(preload.ErrorMessage().find(dir), std::string::npos) << preload.ErrorMessage();
  auto unknown = engine.PreloadSrs("bad\nid");
  EXPECT_EQ(unknown.ErrorMessage(), "unknown circuit id bad\\nid");
  engine.Shutdown(0ms);
  std::filesystem::remove_all(dir);
}

} // namespace
} // namespace cuzk::engine::testing
