// tests/engine/srs_test.cpp — the SRS manager on real parameter files: preload, evict, tiers,
// least-recently-used eviction under a byte budget, leases that pin entries, bad files; and an
// engine job that waits for room in the budget instead of failing.
#include "engine/srs_manager.hpp"
#include "engine_fixture.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <thread>

namespace cuzk::engine::testing {
namespace {

using namespace std::chrono_literals;

class SrsTest : public ParamDirTest<8, 32, 33, 34, 64> {
protected:
  static uint64_t FileSize(size_t length) {
    return std::filesystem::file_size(std::filesystem::path(dir_->Path()) / (ChainId(length) + ".params"));
  }
  static SrsManager::Config ManagerConfig(uint64_t budget) {
    return SrsManager::Config{dir_->Path(), dir_->Files(), budget, std::chrono::milliseconds(0)};
  }
  static std::optional<SrsEntryStatus> Find(const std::vector<SrsEntryStatus> &all, const std::string &id) {
    for (const auto &e : all)
      if (e.circuit_id == id) return e;
    return std::nullopt;
  }
};

TEST_F(SrsTest, PreloadEvictAndTiers) {
  SrsManager srs(ManagerConfig(0));
  auto before = srs.Status();
  ASSERT_TRUE(Find(before, ChainId(8))); // on disk: listed as COLD with its file size
  EXPECT_EQ(Find(before, ChainId(8))->tier, SrsTier::COLD);
  EXPECT_EQ(Find(before, ChainId(8))->size_bytes, FileSize(8));
  EXPECT_FALSE(Find(before, "porep-32g")); // official ids are listed only when their file exists

  auto first = srs.Preload(ChainId(8));
  ASSERT_TRUE(first.HasValue()) << first.ErrorMessage();
  EXPECT_FALSE(first->already_loaded);
  auto second = srs.Preload(ChainId(8));
  EXPECT_TRUE(second->already_loaded);
  const auto hot = Find(srs.Status(), ChainId(8));
  ASSERT_TRUE(hot);
  EXPECT_EQ(hot->tier, SrsTier::HOT);
  EXPECT_EQ(hot->ref_count, 0u);
  EXPECT_GT(hot->size_bytes, 0u);
  EXPECT_EQ(srs.UsedBytes(), hot->size_bytes);

  auto evicted = srs.Evict(ChainId(8));
  ASSERT_TRUE(evicted.HasValue());
  EXPECT_TRUE(evicted->was_loaded);
  EXPECT_EQ(evicted->freed_bytes, hot->size_bytes);
  EXPECT_EQ(srs.UsedBytes(), 0u);
  EXPECT_EQ(Find(srs.Status(), ChainId(8))->tier, SrsTier::WARM);
  EXPECT_FALSE(srs.Evict(ChainId(8))->was_loaded);
  EXPECT_EQ(srs.Counters().loads, 1u);
  EXPECT_EQ(srs.Counters().evictions, 1u);

  EXPECT_EQ(srs.Preload("no-such-circuit").Code(), cuzk::ErrorCode::kNotFound);
  EXPECT_EQ(srs.Evict("no-such-circuit").Code(), cuzk::ErrorCode::kNotFound);
  auto missing = srs.Preload("porep-32g");
  EXPECT_EQ(missing.Code(), cuzk::ErrorCode::kNotFound);
  EXPECT_NE(
      missing.ErrorMessage().find("v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
                                  "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.params"),
      std::string::npos)
      << missing.ErrorMessage();
}

TEST_F(SrsTest, LeastRecentlyUsedUnreferencedEntryIsEvictedForRoom) {
  // room for two of the three similar entries (resident size ≈ file size, give or take padding)
  const uint64_t budget = FileSize(32) + FileSize(33) + FileSize(34) / 2;
  SrsManager srs(ManagerConfig(budget));
  // the LRU order is the order of uses (a use counter), not of clock readings: no waits needed
  ASSERT_TRUE(srs.Preload(ChainId(32)).HasValue());
  ASSERT_TRUE(srs.Preload(ChainId(33)).HasValue());
  ASSERT_TRUE(srs.Preload(ChainId(34)).HasValue()) << "needs 32 evicted";
  auto s = srs.Status();
  EXPECT_EQ(Find(s, ChainId(32))->tier, SrsTier::WARM);
  EXPECT_EQ(Find(s, ChainId(33))->tier, SrsTier::HOT);
  EXPECT_EQ(Find(s, ChainId(34))->tier, SrsTier::HOT);
  EXPECT_LE(srs.UsedBytes(), budget);

  // a lease pins 33 (the least recently used now): loading 32 again must evict 34 instead
  auto lease = srs.Acquire(ChainId(33));
  ASSERT_TRUE(lease.HasValue());
  EXPECT_TRUE(lease->was_loaded);
  EXPECT_EQ(Find(srs.Status(), ChainId(33))->ref_count, 1u);
  auto evict_held = srs.Evict(ChainId(33));
  EXPECT_EQ(evict_held.Code(), cuzk::ErrorCode::kFailedPrecondition);
  EXPECT_NE(evict_held.ErrorMessage().find("in use by 1 job"), std::string::npos);
  ASSERT_TRUE(srs.Preload(ChainId(32)).HasValue());
  s = srs.Status();
  EXPECT_EQ(Find(s, ChainId(33))->tier, SrsTier::HOT);
  EXPECT_EQ(Find(s, ChainId(34))->tier, SrsTier::WARM);

  // with 32 and 33 both leased there is no room for 34 now (retry later), and the lease's release
  // makes room again
  auto lease32 = srs.Acquire(ChainId(32));
  ASSERT_TRUE(lease32.HasValue());
  EXPECT_EQ(srs.Acquire(ChainId(34)).Code(), cuzk::ErrorCode::kUnavailable);
  lease32->lease.reset();
  EXPECT_EQ(Find(srs.Status(), ChainId(32))->ref_count, 0u);
  EXPECT_TRUE(srs.Acquire(ChainId(34)).HasValue());
}

TEST_F(SrsTest, RecentlyUsedEntriesAreNotEvictedBeforeTheirMinimumIdleTime) {
  auto cfg = ManagerConfig(FileSize(32) + FileSize(33) + FileSize(34) / 2);
  cfg.min_idle = std::chrono::hours(1);
  SrsManager srs(cfg);
  ASSERT_TRUE(srs.Preload(ChainId(32)).HasValue());
  ASSERT_TRUE(srs.Preload(ChainId(33)).HasValue());
  EXPECT_EQ(srs.Preload(ChainId(34)).Code(), cuzk::ErrorCode::kUnavailable);
  EXPECT_TRUE(srs.Evict(ChainId(32))->was_loaded); // an explicit eviction is not held back
  EXPECT_TRUE(srs.Preload(ChainId(34)).HasValue());
}

TEST_F(SrsTest, EnginePreloadsConfiguredEntriesAtStart) {
  EngineConfig c = SmallConfig(*dir_);
  c.srs_preload = {ChainId(8), "no-such-circuit"}; // a failing preload is logged, not fatal
  Engine engine(c);
  // loaded, and the preload's own lease released
  auto preloaded = [&] {
    const auto e = Find(engine.Status().srs, ChainId(8));
    return e->tier == SrsTier::HOT && e->ref_count == 0;
  };
  for (int i = 0; i < 500 && !preloaded(); i++) std::this_thread::sleep_for(10ms);
  EXPECT_EQ(Find(engine.Status().srs, ChainId(8))->tier, SrsTier::HOT);
  EXPECT_TRUE(engine.PreloadSrs(ChainId(8))->already_loaded);
  EXPECT_EQ(engine.EvictSrs(ChainId(8))->was_loaded, true);
  EXPECT_EQ(engine.EvictSrs("no-such-circuit").Code(), cuzk::ErrorCode::kNotFound);
}

TEST_F(SrsTest, EntryLargerThanTheBudgetIsRefused) {
  SrsManager srs(ManagerConfig(FileSize(8) / 2));
  auto r = srs.Preload(ChainId(8));
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kFailedPrecondition);
  EXPECT_NE(r.ErrorMessage().find("more than the SRS budget"), std::string::npos) << r.ErrorMessage();
}

TEST_F(SrsTest, CorruptFilesAndMismatchedVerifyingKeysAreErrors) {
  const std::filesystem::path dir(dir_->Path());
  {
    std::ofstream garbage(dir / "test-garbage.params", std::ios::binary);
    garbage << "not a parameter file";
  }
  std::filesystem::copy_file(dir / (ChainId(8) + ".params"), dir / "test-mixed.params",
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(dir / (ChainId(64) + ".vk"), dir / "test-mixed.vk",
                             std::filesystem::copy_options::overwrite_existing);
  auto cfg = ManagerConfig(0);
  cfg.files["garbage"] = "test-garbage";
  cfg.files["mixed"] = "test-mixed";
  SrsManager srs(cfg);
  auto garbage = srs.Preload("garbage");
  EXPECT_EQ(garbage.Code(), cuzk::ErrorCode::kInternal);
  auto mixed = srs.Preload("mixed");
  EXPECT_EQ(mixed.Code(), cuzk::ErrorCode::kInternal);
  EXPECT_NE(mixed.ErrorMessage().find("is not the verifying key of"), std::string::npos) << mixed.ErrorMessage();
  EXPECT_EQ(srs.UsedBytes(), 0u); // failed loads give their reservation back
  EXPECT_EQ(Find(srs.Status(), "garbage")->tier, SrsTier::COLD);
}

TEST_F(SrsTest, ConcurrentAcquirersShareOneLoad) {
  SrsManager srs(ManagerConfig(0));
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int i = 0; i < 4; i++)
    threads.emplace_back([&] {
      auto r = srs.Acquire(ChainId(64));
      ok += r.HasValue();
    });
  for (auto &t : threads) t.join();
  EXPECT_EQ(ok, 4);
  EXPECT_EQ(srs.Counters().loads, 1u);
  EXPECT_EQ(Find(srs.Status(), ChainId(64))->ref_count, 0u);
}

TEST_F(SrsTest, EngineJobWaitsForRoomInTheSrsBudgetThenCompletes) {
  EngineConfig c = SmallConfig(*dir_, 2);
  c.srs_budget_bytes = FileSize(64) + FileSize(64) / 10; // one entry at a time
  Engine engine(c);
  auto handler = std::make_shared<ChainHandler>();
  engine.RegisterHandler(ProofKind::POREP_SEAL_COMMIT, handler);
  ProofRequest holder = ChainRequest("holder", 64, 1);
  holder.sector_number = HOLD;
  ASSERT_TRUE(engine.Submit(holder).HasValue());
  handler->gate->AwaitWaiters(1); // holder leases test-chain-64 and waits in synthesis
  const ProofRequest waiter = ChainRequest("waiter", 32, 1);
  ASSERT_TRUE(engine.Submit(waiter).HasValue());
  EXPECT_EQ(engine.Await("waiter", 300ms)->status, ProofStatus::TIMEOUT); // parked, not failed
  const auto held = Find(engine.Status().srs, ChainId(64));
  ASSERT_TRUE(held);
  EXPECT_EQ(held->ref_count, 1u);
  handler->gate->Open();
  ExpectChainProofsVerify(engine.Await("holder", 0ms).Value(), holder);
  auto w = engine.Await("waiter", 0ms);
  ExpectChainProofsVerify(w.Value(), waiter);
  EXPECT_GT(w->timings.srs_load_ms, 0);
  const auto s = engine.Status();
  EXPECT_EQ(Find(s.srs, ChainId(64))->tier, SrsTier::WARM);
  EXPECT_EQ(Find(s.srs, ChainId(32))->tier, SrsTier::HOT);
}

} // namespace
} // namespace cuzk::engine::testing
