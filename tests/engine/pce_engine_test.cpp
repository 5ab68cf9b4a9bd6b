// tests/engine/pce_engine_test.cpp — the engine's pre-compiled synthesis, through real threads: the
// first partitions of a shape are made generically while the shape is recorded in the background,
// later ones through the recording, a restart loads the saved file instead of recording again, a
// corrupt file is recorded again, and pce = false never uses one. Every proof is self-checked by
// the engine and verified again here.
#include "engine_fixture.hpp"
#include "pce/pce_file.hpp"

#include <chrono>
#include <fstream>
#include <thread>

namespace cuzk::engine::testing {
namespace {

constexpr size_t LENGTH = 64;

// Waits (bounded) for a condition the engine reaches on a background thread.
template <class Pred> bool WaitUntil(Pred pred) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

const PceStatus *Find(const EngineStatus &s, const std::string &key) {
  for (const PceStatus &p : s.pce)
    if (p.key == key) return &p;
  return nullptr;
}

class EnginePce : public ::testing::Test {
protected:
  std::shared_ptr<ChainHandler> Handler() {
    auto h = std::make_shared<ChainHandler>();
    h->pce_key = "chain";
    return h;
  }
  ProofResult Prove(Engine &engine, const std::string &id, size_t partitions, uint64_t seed) {
    const ProofRequest r = ChainRequest(id, LENGTH, partitions, seed);
    auto result = engine.Prove(r);
    EXPECT_TRUE(result.HasValue()) << result.ErrorMessage();
    ExpectChainProofsVerify(result.Value(), r);
    return result.Value();
  }
  bool Loaded(Engine &engine) {
    const EngineStatus s = engine.Status();
    const PceStatus *p = Find(s, key_);
    return p && p->loaded;
  }

  ParamDir dir_{{LENGTH}};
  const std::string key_ = "chain-" + std::to_string(LENGTH);
  const std::string file_ = (std::filesystem::path(dir_.Path()) / (ChainId(LENGTH) + ".pce")).string();
};

TEST_F(EnginePce, RecordedOnceUsedAfterAndAfterARestart) {
  {
    Engine engine(SmallConfig(dir_));
    engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
    Prove(engine, "first", 2, 1); // starts the recording
    ASSERT_TRUE(WaitUntil([&] { return Loaded(engine); }));
    EXPECT_TRUE(std::filesystem::exists(file_)) << "saved beside the parameters";
    const ProofResult second = Prove(engine, "second", 3, 2);
    EXPECT_EQ(second.timings.pce_partitions, 3u);
    const EngineStatus s = engine.Status();
    const PceStatus *p = Find(s, key_);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->file, ChainId(LENGTH) + ".pce");
    EXPECT_GT(p->size_bytes, 0u);
    EXPECT_GE(p->partitions, 3u);
    EXPECT_EQ(p->last_error, "");
  }
  Engine restarted(SmallConfig(dir_));
  restarted.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
  const ProofResult third = Prove(restarted, "third", 2, 3);
  EXPECT_EQ(third.timings.pce_partitions, 2u) << "the saved file is loaded, not recorded again";
}

TEST_F(EnginePce, PartitionsThatFindTheFileBeingLoadedWaitForItInsteadOfGoingGeneric) {
  {
    Engine engine(SmallConfig(dir_));
    engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
    Prove(engine, "record", 1, 1);
    ASSERT_TRUE(WaitUntil([&] { return Loaded(engine); }));
  }
  // a restarted engine whose four synthesis workers all start on the shape at once: one loads the
  // file, the others wait for it (a 32 GiB PoRep load is ~0.5 s, its generic synthesis ~60 s)
  Engine restarted(SmallConfig(dir_, 4));
  restarted.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
  EXPECT_EQ(Prove(restarted, "all-at-once", 6, 6).timings.pce_partitions, 6u);
}

// With only GPU-like devices (here a device named as a GPU whose backend is the CPU one, which takes
// deferred assignments too) partitions leave a, b, c to the prover: the timeline says so, the
// proofs verify, and with pce_gpu_eval = false they are evaluated in synthesis again.
TEST_F(EnginePce, DeferredToTheProverWhenEveryDeviceIsAGpu) {
  uint64_t held[2] = {0, 0}; // bytes partition 0 held until its prover took it: deferred, evaluated
  for (bool gpu_eval : {true, false}) {
    {
      EngineConfig config = SmallConfig(dir_);
      DeviceSpec gpu = CpuDevice(1);
      gpu.id = "GPU-not-really";
      config.devices = {gpu};
      config.pce_gpu_eval = gpu_eval;
      Engine engine(std::move(config));
      engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
      Prove(engine, "record", 1, 1);
      ASSERT_TRUE(WaitUntil([&] { return Loaded(engine); }));
      const ProofResult r = Prove(engine, "deferred", 3, 3);
      EXPECT_EQ(r.timings.pce_partitions, 3u);
      for (const PartitionTimeline &t : r.timeline) {
        EXPECT_EQ(t.deferred_abc, gpu_eval) << "partition " << t.partition;
        // the CPU backend forms deferred a, b, c on its host, as a GPU without room for the matrices does
        EXPECT_EQ(t.abc_on_prover_host, gpu_eval) << "partition " << t.partition;
        // the chain's values are not bits: packing would not make them smaller, so they wait as they are
        // (filecoin_pce_test packs the Filecoin kinds' witnesses)
        EXPECT_FALSE(t.witness_packed) << "partition " << t.partition;
        EXPECT_GT(t.held_bytes, 0u);
      }
      held[gpu_eval ? 0 : 1] = r.timeline.at(0).held_bytes;
      // counted: the recording request's partition (generic) and, with gpu_eval off, these three in synthesis
      const std::string metrics = engine.MetricsText();
      EXPECT_NE(metrics.find("cuzk_partition_abc_total{evaluated=\"prover_host\"} " + std::to_string(gpu_eval ? 3 : 0) +
                             "\n"),
                std::string::npos)
          << metrics;
      EXPECT_NE(
          metrics.find("cuzk_partition_abc_total{evaluated=\"synthesis\"} " + std::to_string(gpu_eval ? 1 : 4) + "\n"),
          std::string::npos)
          << metrics;
      EXPECT_NE(metrics.find("cuzk_partition_abc_total{evaluated=\"device\"} 0\n"), std::string::npos) << metrics;
    }
    std::filesystem::remove(file_);
  }
  // deferred, a partition holds its witness alone, without a, b, c (one row per variable here)
  EXPECT_LT(held[0] * 3, held[1]) << "deferred " << held[0] << " bytes, evaluated " << held[1];
}

TEST_F(EnginePce, ACorruptFileIsRecordedAgain) {
  {
    Engine engine(SmallConfig(dir_));
    engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
    Prove(engine, "record", 1, 1);
    ASSERT_TRUE(WaitUntil([&] { return Loaded(engine); }));
  }
  {
    std::fstream f(file_, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(5000);
    f.put(char(0x5a));
  }
  Engine engine(SmallConfig(dir_));
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
  const ProofResult r = Prove(engine, "after-corruption", 1, 4);
  EXPECT_EQ(r.timings.pce_partitions, 0u) << "the corrupt file is not used";
  ASSERT_TRUE(WaitUntil([&] { return Loaded(engine); })) << "recorded again";
  EXPECT_EQ(Prove(engine, "re-recorded", 2, 5).timings.pce_partitions, 2u);
  auto loaded = pce::Load(file_, key_); // the new recording replaced the corrupt file
  EXPECT_TRUE(loaded.HasValue()) << loaded.ErrorMessage();
}

TEST_F(EnginePce, DisabledNeverRecords) {
  EngineConfig c = SmallConfig(dir_);
  c.pce = false;
  Engine engine(c);
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, Handler());
  for (int i = 0; i < 3; i++)
    EXPECT_EQ(Prove(engine, "off-" + std::to_string(i), 2, 10 + i).timings.pce_partitions, 0u);
  EXPECT_TRUE(engine.Status().pce.empty());
  EXPECT_FALSE(std::filesystem::exists(file_));
}

TEST_F(EnginePce, PartitionsWithoutAShapeAreGeneric) {
  Engine engine(SmallConfig(dir_));
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, std::make_shared<ChainHandler>());
  for (int i = 0; i < 2; i++)
    EXPECT_EQ(Prove(engine, "plain-" + std::to_string(i), 2, 20 + i).timings.pce_partitions, 0u);
  EXPECT_TRUE(engine.Status().pce.empty());
}

} // namespace
} // namespace cuzk::engine::testing
