// tests/engine/metrics_test.cpp — the Prometheus text is well formed (every sample belongs to a
// family declared by # HELP and # TYPE just before it, counters end in _total, values parse) and
// its numbers follow the engine's state; Status tells the same story.
#include "engine_fixture.hpp"

#include <regex>
#include <set>
#include <sstream>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

// Checks the exposition format (text 0.0.4) strictly enough for promtool's parser; returns the
// samples by "name{labels}".
std::map<std::string, double> ParseExposition(const std::string &text) {
  std::map<std::string, double> samples;
  std::istringstream in(text);
  std::string line, family, type;
  const std::regex help(R"(# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .+)");
  const std::regex type_line(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|summary|histogram|untyped))");
  const std::regex sample(
      R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"\\\n]*")*\})? (\S+))");
  std::set<std::string> declared;
  std::string pending_help;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_match(line, m, help)) {
      pending_help = m[1];
      EXPECT_FALSE(declared.count(pending_help)) << "family declared twice: " << pending_help;
      continue;
    }
    if (std::regex_match(line, m, type_line)) {
      EXPECT_EQ(m[1], pending_help) << "TYPE without its HELP: " << line;
      family = m[1];
      type = m[2];
      declared.insert(family);
      if (type == "counter") {
        EXPECT_TRUE(family.ends_with("_total")) << family;
      }
      continue;
    }
    EXPECT_TRUE(std::regex_match(line, m, sample)) << "not a sample: " << line;
    if (m.empty()) continue;
    const std::string name = m[1];
    const bool ok = name == family || (type == "summary" && (name == family + "_sum" || name == family + "_count"));
    EXPECT_TRUE(ok) << name << " is outside its family " << family;
    size_t used = 0;
    const std::string value = m[4];
    const double v = std::stod(value, &used);
    EXPECT_EQ(used, value.size()) << line;
    samples[name + m[2].str()] = v;
  }
  EXPECT_TRUE(text.ends_with("\n"));
  return samples;
}

TEST(Metrics, TextIsWellFormedAndFollowsTheEngine) {
  ParamDir dir({8});
  Engine engine(SmallConfig(dir));
  auto handler = std::make_shared<ChainHandler>();
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler);
  engine.RegisterHandler(ProofKind::WINNING_POST, handler);

  auto before = ParseExposition(engine.MetricsText());
  EXPECT_EQ(before["cuzk_working_memory_limit_bytes"], double(uint64_t(1) << 30));
  EXPECT_EQ(before["cuzk_device_workers{device=\"cpu\"}"], 1);

  ASSERT_EQ(engine.Prove(ChainRequest("a", 8, 2))->status, ProofStatus::COMPLETED);
  ProofRequest winning = ChainRequest("w", 8, 1, 5);
  winning.proof_kind = ProofKind::WINNING_POST;
  ASSERT_EQ(engine.Prove(winning)->status, ProofStatus::COMPLETED);
  ProofRequest bad = ChainRequest("bad", 8, 1, 6);
  bad.vanilla_proofs[0].clear();
  ASSERT_EQ(engine.Prove(bad)->status, ProofStatus::FAILED);
  ProofRequest held = ChainRequest("held", 8, 1, 7);
  held.sector_number = HOLD;
  ASSERT_TRUE(engine.Submit(held).HasValue());
  handler->gate->AwaitWaiters(1);
  ASSERT_TRUE(engine.Submit(ChainRequest("queued", 8, 1, 8, Priority::LOW)).HasValue());

  auto m = ParseExposition(engine.MetricsText());
  EXPECT_EQ(m["cuzk_proofs_completed_total{proof_kind=\"porep_c2\"}"], 1);
  EXPECT_EQ(m["cuzk_proofs_completed_total{proof_kind=\"winning_post\"}"], 1);
  EXPECT_EQ(m["cuzk_proofs_failed_total{proof_kind=\"porep_c2\"}"], 1);
  EXPECT_EQ(m["cuzk_proof_duration_seconds_count{proof_kind=\"porep_c2\"}"], 1);
  EXPECT_GT(m["cuzk_proof_duration_seconds_sum{proof_kind=\"porep_c2\"}"], 0);
  EXPECT_GT((m["cuzk_stage_seconds_total{proof_kind=\"porep_c2\",stage=\"prove\"}"]), 0);
  EXPECT_EQ(m["cuzk_device_partitions_proved_total{device=\"cpu\"}"], 3);
  EXPECT_EQ(m["cuzk_queue_pending_jobs{priority=\"low\"}"], 1);
  EXPECT_EQ(m["cuzk_running_jobs"], 1);
  EXPECT_EQ(m["cuzk_srs_loads_total"], 1);
  EXPECT_EQ(m["cuzk_srs_entry_refs{circuit_id=\"test-chain-8\"}"], 1); // held by the running job
  EXPECT_GT(m["cuzk_srs_resident_bytes"], 0);

  const EngineStatus s = engine.Status();
  EXPECT_EQ(s.proofs_completed, 2u);
  EXPECT_EQ(s.proofs_failed, 1u);
  ASSERT_EQ(s.queues.size(), 1u);
  EXPECT_EQ(s.queues[0].proof_kind, "porep-c2");
  EXPECT_EQ(s.queues[0].pending, 1u);
  EXPECT_EQ(s.queues[0].in_progress, 1u);
  ASSERT_EQ(s.priorities.size(), 4u);
  EXPECT_EQ(s.priorities[3].priority, Priority::LOW);
  EXPECT_EQ(s.priorities[3].pending_jobs, 1u);
  EXPECT_EQ(s.devices[0].id, "cpu");
  EXPECT_GT(s.devices[0].memory_total_bytes, 0u);
  EXPECT_GT(s.devices[0].busy_seconds, 0);
  EXPECT_GT(s.uptime_seconds, 0);
  handler->gate->Open();
  EXPECT_EQ(engine.Await("queued", 0ms)->status, ProofStatus::COMPLETED);
}

} // namespace
} // namespace cuzk::engine::testing
