// tests/filecoin/testing/virtual_partition_test.cpp — the partitions the benchmarks synthesise
// (filecoin/testing/virtual_partition.hpp), at 2KiB: the size names and their proofs, a PoRep C2 job,
// a WindowPoSt circuit cut to fewer sectors and a WinningPoSt one left whole, a SnapDeals partition
// whose public inputs are the update's.
#include "filecoin/testing/virtual_partition.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

TEST(VirtualPartition, ProductionSizes) {
  EXPECT_EQ(ProductionSizeIndex("2KiB"), 0u);
  EXPECT_EQ(ProductionSizeIndex("64GiB"), 4u);
  EXPECT_FALSE(ProductionSizeIndex("4KiB").has_value());
  EXPECT_EQ(ProductionSealProof(3), RegisteredSealProof::kStackedDrg32GiBV1_1);
  EXPECT_EQ(ProductionWindowPoStProof(1), RegisteredPoStProof::kWindow8MiBV1_2);
  EXPECT_EQ(ProductionWinningPoStProof(2), RegisteredPoStProof::kWinning512MiBV1);
  EXPECT_EQ(ProductionUpdateProof(4), RegisteredUpdateProof::k64GiBV1);
}

TEST(VirtualPartition, Porep2KiB) {
  const auto job = VirtualPorepC2Job(ProductionSealProof(0));
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  EXPECT_EQ(job->sector_id, 32u);
  EXPECT_EQ(job->partitions.size(), job->config.partitions);
}

TEST(VirtualPartition, WindowPoStCutToFewerSectors) {
  const PoStConfig config = PoStConfigFor(ProductionWindowPoStProof(0));
  ASSERT_EQ(config.sector_count, 2u);
  const auto made = MakeVirtualPoStPartition(config, 1);
  ASSERT_TRUE(made.HasValue()) << made.ErrorMessage();
  EXPECT_EQ(made->partition.params.sector_count, 2u); // the padded partition, as verified
  EXPECT_EQ(made->input.params.sector_count, 1u);
  EXPECT_EQ(made->input.sectors.size(), 1u);
}

TEST(VirtualPartition, WinningPoStWhole) {
  const PoStConfig config = PoStConfigFor(ProductionWinningPoStProof(0));
  const auto made = MakeVirtualPoStPartition(config, config.sector_count);
  ASSERT_TRUE(made.HasValue()) << made.ErrorMessage();
  EXPECT_EQ(made->input.params.sector_count, FallbackParamsOf(config).sector_count); // pseudo-sectors
  EXPECT_EQ(made->input.sectors.size(), made->input.params.sector_count);
}

TEST(VirtualPartition, Snap2KiB) {
  const SnapConfig config = SnapConfigFor(ProductionUpdateProof(0));
  const auto made = MakeVirtualSnapPartition(config, 0);
  ASSERT_TRUE(made.HasValue()) << made.ErrorMessage();
  EXPECT_TRUE(SnapCircuitPublicInputs(config, made->public_inputs).HasValue());
  EXPECT_FALSE(MakeVirtualSnapPartition(config, config.partition_count).HasValue());
}
