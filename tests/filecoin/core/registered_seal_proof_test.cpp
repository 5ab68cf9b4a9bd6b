// tests/filecoin/core/registered_seal_proof_test.cpp — registered seal proofs, porep_id, prover_id and
// per-size parameters against spec/vectors.md §2 and spec/porep.md §1, §2.1.
#include "filecoin/core/porep_config.hpp"
#include "filecoin/core/registered_seal_proof.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::test::Hex;

TEST(RegisteredSealProof, PorepIdsOfAllTwenty) {
  // registry.rs test_porep_id: id as u64 LE ‖ nonce 0 ‖ 16 zero bytes
  for (uint64_t id = 0; id < REGISTERED_SEAL_PROOF_COUNT; id++) {
    const PorepId p = PorepIdOf(SealProofFromId(id).Value());
    char first[3];
    std::snprintf(first, sizeof first, "%02x", unsigned(id));
    EXPECT_EQ(Hex(p), std::string(first) + std::string(62, '0'));
  }
  EXPECT_EQ(Hex(PorepIdOf(RegisteredSealProof(3), 0x0102)).substr(0, 32), "03000000000000000201000000000000");
  EXPECT_FALSE(SealProofFromId(20).HasValue());
}

TEST(RegisteredSealProof, NamesVersionsAndFeatures) {
  for (uint64_t id = 0; id < REGISTERED_SEAL_PROOF_COUNT; id++) {
    const SealProofInfo &info = GetSealProofInfo(RegisteredSealProof(id));
    EXPECT_EQ(SealProofFromName(info.name).Value(), info.proof);
    // legacy ⇔ id ≤ 4 ⇔ ApiVersion 1.0.0; Synthetic and NI are 1.2.0
    EXPECT_EQ(id <= MAX_LEGACY_POREP_REGISTERED_PROOF_ID, info.api_version == ApiVersion::kV1_0_0);
    if (id >= 10) {
      EXPECT_EQ(info.api_version, ApiVersion::kV1_2_0);
    }
    EXPECT_EQ(info.feature, id >= 15   ? PorepFeature::kNonInteractive
                            : id >= 10 ? PorepFeature::kSynthetic
                                       : PorepFeature::kNone);
    // the vanilla variant is the size's V1 name
    EXPECT_EQ(info.vanilla_name, GetSealProofInfo(RegisteredSealProof(id % 5)).name);
    EXPECT_EQ(info.sector_size, GetSealProofInfo(RegisteredSealProof(id % 5)).sector_size);
  }
  EXPECT_EQ(GetSealProofInfo(RegisteredSealProof(13)).name, "StackedDrg32GiBV1_1_Feat_SyntheticPoRep");
  EXPECT_EQ(GetSealProofInfo(RegisteredSealProof(19)).name, "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep");
  EXPECT_FALSE(SealProofFromName("StackedDrg1KiBV1").HasValue());
}

TEST(RegisteredSealProof, ProverIdIsLeb128OfTheActorId) {
  // spec/vectors.md §6.2: actor 3751 → a7 1d
  EXPECT_EQ(Hex(ProverIdFromActorId(3751)), "a71d" + std::string(60, '0'));
  EXPECT_EQ(Hex(ProverIdFromActorId(0)), std::string(64, '0'));
  EXPECT_EQ(Hex(ProverIdFromActorId(127)), "7f" + std::string(62, '0'));
  EXPECT_EQ(Hex(ProverIdFromActorId(128)), "8001" + std::string(60, '0'));
  EXPECT_EQ(Hex(ProverIdFromActorId(UINT64_MAX)), "ffffffffffffffffff01" + std::string(44, '0'));
}

TEST(PorepConfig, ParametersPerSize) {
  struct Row {
    RegisteredSealProof proof;
    uint64_t nodes;
    size_t layers, partitions, per_partition;
    TreeShape shape;
  };
  const Row rows[] = {
      {RegisteredSealProof::kStackedDrg2KiBV1_1, 64, 2, 1, 2, {8, 0, 0}},
      {RegisteredSealProof::kStackedDrg8MiBV1_1, 1 << 18, 2, 1, 2, {8, 0, 0}},
      {RegisteredSealProof::kStackedDrg512MiBV1, 1 << 24, 2, 1, 2, {8, 0, 0}},
      {RegisteredSealProof::kStackedDrg32GiBV1_1, 1 << 30, 11, 10, 18, {8, 8, 0}},
      {RegisteredSealProof::kStackedDrg64GiBV1_1_Feat_SyntheticPoRep, uint64_t(1) << 31, 11, 10, 18, {8, 8, 2}},
      {RegisteredSealProof::kStackedDrg2KiBV1_2_Feat_NonInteractivePoRep, 64, 2, 13, 2, {8, 0, 0}},
      {RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep, 1 << 30, 11, 126, 18, {8, 8, 0}},
  };
  for (const Row &r : rows) {
    const PorepConfig c = PorepConfigFor(r.proof);
    const auto name = GetSealProofInfo(r.proof).name;
    EXPECT_EQ(c.nodes, r.nodes) << name;
    EXPECT_EQ(c.sector_size, r.nodes * 32) << name;
    EXPECT_EQ(c.layers, r.layers) << name;
    EXPECT_EQ(c.partitions, r.partitions) << name;
    EXPECT_EQ(c.challenges_per_partition, r.per_partition) << name;
    EXPECT_EQ(c.shape.base, r.shape.base);
    EXPECT_EQ(c.shape.sub, r.shape.sub);
    EXPECT_EQ(c.shape.top, r.shape.top);
    EXPECT_EQ(c.porep_id, PorepIdOf(r.proof));
  }
  EXPECT_EQ(TreeShapeForNodes(128).Value().sub, 2u); // 4KiB: 8-2-0 (constants.rs)
  EXPECT_FALSE(TreeShapeForNodes(100).HasValue());
}

TEST(PorepConfig, TestConfigurationsOfStackedCircuitRs) {
  // stacked_circuit.rs: nodes = 8·base-tree count, 2 layers, 1 challenge
  PorepId id;
  id.fill(44);
  EXPECT_TRUE(TestPorepConfig(8, 2, {2, 0, 0}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_TRUE(TestPorepConfig(8, 2, {8, 0, 0}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_TRUE(TestPorepConfig(32, 2, {8, 4, 0}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_TRUE(TestPorepConfig(64, 2, {8, 4, 2}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_FALSE(TestPorepConfig(48, 2, {8, 0, 0}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_FALSE(TestPorepConfig(1, 2, {2, 0, 0}, id, ApiVersion::kV1_1_0).HasValue());
  EXPECT_FALSE(TestPorepConfig(8, 0, {8, 0, 0}, id, ApiVersion::kV1_1_0).HasValue());
}
