// tests/engine/units_test.cpp — the engine's small parts: official parameter names (against every
// published hash prefix), queue order and key uniqueness, the memory budget, kind names and
// default priorities.
#include "engine/engine.hpp"
#include "engine/memory_budget.hpp"
#include "engine/priority_queue.hpp"

#include <gtest/gtest.h>

namespace cuzk::engine {
namespace {

TEST(ParamNames, EveryOfficialNameCarriesThePublishedHash) {
  // spec/porep.md §1 (full names) and spec/vectors.md §9 (prefixes)
  EXPECT_EQ(SrsFileStem("porep-2k"), "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
                                     "032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f");
  EXPECT_EQ(SrsFileStem("porep-8m"), "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
                                     "ecd683648512ab1765faa2a5f14bab48f676e633467f0aa8aad4b55dcb0652bb");
  EXPECT_EQ(SrsFileStem("porep-512m"),
            "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-"
            "6babf46ce344ae495d558e7770a585b2382d54f225af8ed0397b8be7c3fcd472");
  EXPECT_EQ(SrsFileStem("porep-32g"), "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
                                      "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820");
  EXPECT_EQ(SrsFileStem("porep-64g"), "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-2-sha256_hasher-"
                                      "96f1b4a04c5c51e4759bbf224bbc2ef5a42c7100f16ec0637123f16a845ddfb2");
  const struct {
    const char *id, *prefix;
  } prefixes[] = {
      {"winning-2k", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-3ea05428"},
      {"winning-8m", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-50c7368d"},
      {"winning-512m", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-7d739b8c"},
      {"winning-32g", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-559e581f"},
      {"winning-64g", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-2-b6209862"},
      {"wpost-2k", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-0170db1f"},
      {"wpost-8m", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-5294475d"},
      {"wpost-512m", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-0-0-0cfb4f17"},
      {"wpost-32g", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-0377ded6"},
      {"wpost-64g", "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-2-2627e400"},
      {"snap-2k", "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-fb9e095b"},
      {"snap-8m", "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-92180959"},
      {"snap-512m", "v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-61fa69f3"},
      {"snap-32g", "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-3b7f44a9"},
      {"snap-64g", "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-2-102e1444"},
  };
  for (const auto &p : prefixes) {
    const std::string stem = SrsFileStem(p.id);
    EXPECT_EQ(stem.rfind(p.prefix, 0), 0u) << p.id << ": " << stem;
    EXPECT_EQ(stem.size(), std::string(p.prefix).size() - 8 + 64) << p.id; // a full SHA-256 in hex
  }
  EXPECT_TRUE(SrsFileStem("porep-4g").empty());
  EXPECT_EQ(KnownCircuitIds().size(), 20u);
  for (const std::string &id : KnownCircuitIds()) EXPECT_FALSE(SrsFileStem(id).empty()) << id;
}

TEST(PriorityQueue, HigherPriorityFirstThenSubmissionOrderThenPartition) {
  PriorityQueue<int> q;
  EXPECT_TRUE(q.Push({Priority::NORMAL, 1, 0}, 10));
  EXPECT_TRUE(q.Push({Priority::NORMAL, 1, 1}, 11));
  EXPECT_TRUE(q.Push({Priority::LOW, 0, 0}, 0));
  EXPECT_TRUE(q.Push({Priority::NORMAL, 2, -1}, 20));
  EXPECT_TRUE(q.Push({Priority::CRITICAL, 5, -1}, 50));
  EXPECT_TRUE(q.Push({Priority::HIGH, 4, 0}, 40));
  // keys are unique: the same (priority, job, partition) twice is refused, never overwritten
  EXPECT_FALSE(q.Push({Priority::NORMAL, 1, 0}, 99));
  std::vector<int> order;
  while (auto item = q.Pop()) order.push_back(item->second);
  EXPECT_EQ(order, (std::vector<int>{50, 40, 10, 11, 20, 0}));
}

TEST(PriorityQueue, RemoveJobTakesOnlyThatJob) {
  PriorityQueue<int> q;
  for (int p = 0; p < 3; p++) {
    q.Push({Priority::NORMAL, 7, p}, p);
    q.Push({Priority::NORMAL, 8, p}, 10 + p);
  }
  auto removed = q.RemoveJob(7);
  ASSERT_EQ(removed.size(), 3u);
  EXPECT_EQ(removed[0].second, 0);
  EXPECT_EQ(q.Size(), 3u);
  EXPECT_EQ(q.Top()->second, 10);
  EXPECT_TRUE(q.RemoveJob(7).empty());
}

TEST(MemoryBudget, ReservationsAreBoundedAndReturned) {
  MemoryBudget budget(100);
  int released = 0;
  budget.SetOnRelease([&] { released++; });
  EXPECT_TRUE(budget.TryAcquire(60));
  EXPECT_FALSE(budget.TryAcquire(41));
  EXPECT_EQ(budget.Used(), 60u);
  {
    MemoryReservation r(&budget, 60);
    MemoryReservation moved = std::move(r);
    EXPECT_EQ(r.Bytes(), 0u);
    EXPECT_EQ(moved.Bytes(), 60u);
  } // released once, by the moved-to reservation
  EXPECT_EQ(budget.Used(), 0u);
  EXPECT_EQ(released, 1);
  EXPECT_TRUE(budget.TryAcquire(100));
  EXPECT_FALSE(budget.TryAcquire(UINT64_MAX)); // no wrap-around
  EXPECT_FALSE(budget.CanEverFit(101));
  MemoryBudget unlimited(0);
  EXPECT_TRUE(unlimited.TryAcquire(uint64_t(1) << 62));
  EXPECT_TRUE(unlimited.CanEverFit(UINT64_MAX));
}

TEST(Estimate, GrowsWithEveryTermAndIncludesSlack) {
  EXPECT_EQ(EstimatePartitionBytes(1, 0, 0), 6 * 32 + 6 * 32 / 4);
  EXPECT_GT(EstimatePartitionBytes(1 << 10, 5, 2), EstimatePartitionBytes(1 << 10, 4, 2));
  EXPECT_GT(EstimatePartitionBytes(1 << 10, 4, 3), EstimatePartitionBytes(1 << 10, 4, 2));
  // PoRep 32 GiB: domain 2^27, 130,169,893 aux, 328 inputs → about 34 GiB on the CPU path
  const uint64_t porep = EstimatePartitionBytes(uint64_t(1) << 27, 130169893, 328);
  EXPECT_GT(porep, uint64_t(30) << 30);
  EXPECT_LT(porep, uint64_t(40) << 30);
}

TEST(Names, KindsPrioritiesAndDefaults) {
  EXPECT_EQ(ProofKindName(ProofKind::POREP_SEAL_COMMIT), "porep-c2");
  EXPECT_EQ(ProofKindName(ProofKind::SNAP_DEALS_UPDATE), "snap-update");
  EXPECT_EQ(ProofKindName(ProofKind::WINDOW_POST_PARTITION), "window-post");
  EXPECT_EQ(ProofKindName(ProofKind::WINNING_POST), "winning-post");
  EXPECT_EQ(ProofKindLabel(ProofKind::WINNING_POST), "winning_post");
  EXPECT_EQ(ProofKindLabel(ProofKind(42)), "unknown");
  EXPECT_EQ(EffectivePriority(ProofKind::WINNING_POST, Priority::UNSPECIFIED), Priority::CRITICAL);
  EXPECT_EQ(EffectivePriority(ProofKind::WINDOW_POST_PARTITION, Priority::UNSPECIFIED), Priority::HIGH);
  EXPECT_EQ(EffectivePriority(ProofKind::POREP_SEAL_COMMIT, Priority::UNSPECIFIED), Priority::NORMAL);
  EXPECT_EQ(EffectivePriority(ProofKind::POREP_SEAL_COMMIT, Priority(17)), Priority::NORMAL);
  EXPECT_EQ(EffectivePriority(ProofKind::WINNING_POST, Priority::LOW), Priority::LOW); // explicit wins
  EXPECT_EQ(ProofStatusName(ProofStatus::TIMEOUT), "TIMEOUT");
  EXPECT_EQ(SrsTierName(SrsTier::WARM), "warm");
}

} // namespace
} // namespace cuzk::engine
