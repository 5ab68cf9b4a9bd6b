// tests/filecoin/core/snap_config_test.cpp — SnapDeals parameters per size (spec/post-snap-poseidon.md
// §4.1, §4.4), registered update proofs and parameter file names (spec/vectors.md §9).
#include "filecoin/core/snap_config.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;

TEST(SnapConfig, PublishedSizes) {
  struct Row {
    RegisteredUpdateProof proof;
    uint64_t nodes;
    size_t partitions, challenges, apex, h;
    uint64_t k_and_h_select_k0;
    TreeShape shape;
    const char *hash_prefix;
  };
  const Row rows[] = {
      {RegisteredUpdateProof::k2KiBV1, 1 << 6, 1, 10, 8, 1, 1, {8, 0, 0}, "fb9e095b"},
      {RegisteredUpdateProof::k8MiBV1, 1 << 18, 4, 10, 128, 10, 32, {8, 0, 0}, "92180959"},
      {RegisteredUpdateProof::k512MiBV1, 1 << 24, 16, 86, 128, 10, 128, {8, 0, 0}, "61fa69f3"},
      {RegisteredUpdateProof::k32GiBV1, uint64_t(1) << 30, 16, 86, 128, 10, 128, {8, 8, 0}, "3b7f44a9"},
      {RegisteredUpdateProof::k64GiBV1, uint64_t(1) << 31, 16, 86, 128, 10, 128, {8, 8, 2}, "102e1444"},
  };
  for (const Row &r : rows) {
    const SnapConfig c = SnapConfigFor(r.proof);
    SCOPED_TRACE(std::string(UpdateProofName(r.proof)));
    EXPECT_EQ(c.sector_nodes, r.nodes);
    EXPECT_EQ(c.partition_count, r.partitions);
    EXPECT_EQ(c.challenge_count, r.challenges);
    EXPECT_EQ(c.apex_leaf_count, r.apex);
    EXPECT_EQ(c.h, r.h);
    EXPECT_EQ(c.KAndHSelect(0), r.k_and_h_select_k0);
    EXPECT_EQ(c.KAndHSelect(r.partitions - 1), r.k_and_h_select_k0 + r.partitions - 1);
    EXPECT_EQ(c.tree_r_shape.sub, r.shape.sub);
    EXPECT_EQ(c.tree_r_shape.top, r.shape.top);
    const std::string prefix = "v28-empty-sector-update-merkletree-poseidon_hasher-" + std::to_string(r.shape.base) +
                               "-" + std::to_string(r.shape.sub) + "-" + std::to_string(r.shape.top) + "-" +
                               r.hash_prefix;
    EXPECT_EQ(c.ParameterCacheId().substr(0, prefix.size()), prefix);
  }
  const SnapConfig g32 = SnapConfigFor(RegisteredUpdateProof::k32GiBV1);
  EXPECT_EQ(g32.ChallengeRandomBits(), 26u);
  EXPECT_EQ(g32.ChallengesPerDigest(), 9u);
  EXPECT_EQ(g32.DigestsPerPartition(), 10u);
  EXPECT_EQ(g32.ApexLeafHeight(), 19u);
  EXPECT_EQ(g32.Identifier(), "empty_sector_update::PublicParams{ sector_nodes: 1073741824 }");
  EXPECT_EQ(UpdateProofName(RegisteredUpdateProof::k32GiBV1), "StackedDrg32GiBV1");
  EXPECT_EQ(UpdateSectorSize(RegisteredUpdateProof::k64GiBV1), uint64_t(64) << 30);
}

TEST(SnapConfig, TestSizesAndErrors) {
  // 1KiB: 8-4-0, 4KiB 8-2-0, 16KiB 2 partitions and 128 apex leaves, 16MiB 4 partitions
  EXPECT_EQ(SnapConfigForNodes(32).Value().tree_r_shape.sub, 4u);
  EXPECT_EQ(SnapConfigForNodes(128).Value().tree_r_shape.sub, 2u);
  const auto k16 = SnapConfigForNodes(512).Value();
  EXPECT_EQ(k16.partition_count, 2u);
  EXPECT_EQ(k16.apex_leaf_count, 128u);
  EXPECT_EQ(k16.ApexLeafHeight(), 1u);
  EXPECT_EQ(k16.KAndHSelect(1), 3u);
  EXPECT_EQ(SnapConfigForNodes(1 << 19).Value().partition_count, 4u);
  EXPECT_FALSE(SnapConfigForNodes(1 << 20).HasValue());
  EXPECT_FALSE(SnapConfigForNodes(0).HasValue());
  EXPECT_EQ(RegisteredUpdateProofFromId(3).Value(), RegisteredUpdateProof::k32GiBV1);
  auto bad = RegisteredUpdateProofFromId(5);
  ASSERT_FALSE(bad.HasValue());
  EXPECT_NE(bad.ErrorMessage().find("0-4"), std::string::npos);
}
