// tests/filecoin/post/post_vanilla_test.cpp — WindowPoSt and WinningPoSt vanilla proofs from seeded
// "sealed" sectors (replica nodes → tree_r_last with the real Poseidon tree): generation, partition
// assembly (padding of the last partition, winning unrolling), verification, and rejection of wrong
// randomness, a sector outside the set, a corrupted path, wrong counts and non-canonical values.
// Sub (8-8-0) and Top (8-8-2) shaped trees are covered with the 16KiB/32KiB test sizes.
#include "filecoin/post/post_vanilla.hpp"

#include "filecoin/post_test_sectors.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace cuzk::filecoin;
using cuzk::test::MakeTestSector;
using cuzk::test::PoStTestSizeConfig;
using cuzk::test::TestSector;

namespace {

Digest32 Randomness(uint8_t salt) { return cuzk::test::StepFr32(13, salt); }

std::vector<TestSector> Sectors(const PoStConfig &cfg, size_t n, uint64_t seed) {
  std::vector<TestSector> v;
  for (size_t i = 0; i < n; i++) v.push_back(MakeTestSector(100 + 7 * i, cfg.SectorNodes(), cfg.tree_shape, seed + i));
  return v;
}

std::vector<PoStReplica> Replicas(const std::vector<TestSector> &s) {
  std::vector<PoStReplica> r;
  for (const TestSector &t : s) r.push_back(t.Replica());
  return r;
}

void ExpectRejected(const cuzk::Status &s, const std::string &needle) {
  ASSERT_FALSE(s.IsOk()) << "expected rejection containing \"" << needle << "\"";
  EXPECT_NE(s.ErrorMessage().find(needle), std::string::npos) << s.ErrorMessage();
}

} // namespace

TEST(PoStVanilla, Window2KiBTwoPartitionsWithPadding) {
  for (auto proof : {RegisteredPoStProof::kWindow2KiBV1_2, RegisteredPoStProof::kWindow2KiBV1}) {
    const PoStConfig cfg = PoStConfigFor(proof);
    const auto sectors = Sectors(cfg, 3, 1);
    const Digest32 r = Randomness(1);
    auto vanilla = GenerateFallbackVanillaProofs(cfg, r, Replicas(sectors)).Value();
    ASSERT_EQ(vanilla.size(), 3u);
    for (size_t i = 0; i < 3; i++) {
      EXPECT_EQ(vanilla[i].sector_id, sectors[i].id);
      EXPECT_EQ(vanilla[i].comm_r, sectors[i].Public().comm_r);
      ASSERT_EQ(vanilla[i].sectors.size(), 1u);
      EXPECT_EQ(vanilla[i].sectors[0].inclusion_proofs.size(), 10u);
      EXPECT_EQ(vanilla[i].sectors[0].inclusion_proofs[0].kind, MerkleProofKind::kSingle);
    }
    ASSERT_EQ(PoStPartitionCount(cfg, 3), 2u);
    // partition 0: sectors 0, 1; partition 1: sector 2, padded with a copy of its proof
    auto p0 = PoStPartitionFromVanilla(cfg, std::span(vanilla).subspan(0, 2), 0).Value();
    auto p1 = PoStPartitionFromVanilla(cfg, std::span(vanilla).subspan(2, 1), 1).Value();
    EXPECT_EQ(p1.sectors.size(), 1u);
    ASSERT_EQ(p1.proofs.size(), 2u);
    EXPECT_EQ(p1.proofs[1].inclusion_proofs[3].leaf, p1.proofs[0].inclusion_proofs[3].leaf);
    EXPECT_TRUE(VerifyPoStPartition(p0, r).IsOk()) << ProofsApiName(proof);
    auto s1 = VerifyPoStPartition(p1, r);
    EXPECT_TRUE(s1.IsOk()) << ProofsApiName(proof) << ": " << (s1.IsOk() ? "" : s1.ErrorMessage());
    // V1 numbers challenges by global position, V1_2 does not: partition 1 verified as k = 0
    p1.k = 0;
    EXPECT_EQ(VerifyPoStPartition(p1, r).IsOk(), proof == RegisteredPoStProof::kWindow2KiBV1_2);
  }
}

TEST(PoStVanilla, Winning2KiB) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const auto sectors = Sectors(cfg, 3, 20);
  const Digest32 r = Randomness(2), prover{};
  const uint64_t chosen = WinningPoStSectorChallenges(cfg, r, prover, sectors.size()).Value()[0];
  ASSERT_LT(chosen, 3u);
  const PoStReplica replica[] = {sectors[chosen].Replica()};
  auto vanilla = GenerateFallbackVanillaProofs(cfg, r, replica).Value();
  ASSERT_EQ(vanilla.size(), 1u);
  ASSERT_EQ(vanilla[0].sectors[0].inclusion_proofs.size(), 66u);
  auto part = PoStPartitionFromVanilla(cfg, vanilla).Value();
  EXPECT_EQ(part.params.sector_count, 66u);
  EXPECT_EQ(part.params.challenge_count, 1u);
  ASSERT_EQ(part.proofs.size(), 66u);
  ASSERT_EQ(part.sectors.size(), 66u);
  EXPECT_TRUE(VerifyPoStPartition(part, r).IsOk());
  // the challenges are bound to the randomness
  ExpectRejected(VerifyPoStPartition(part, Randomness(3)), "challenged leaf");
  // a vanilla proof of a different sector
  const PoStReplica other[] = {sectors[(chosen + 1) % 3].Replica()};
  auto wrong = GenerateFallbackVanillaProofs(cfg, r, other).Value();
  wrong[0].sector_id = sectors[chosen].id;
  wrong[0].comm_r = sectors[chosen].Public().comm_r;
  ExpectRejected(VerifyPoStPartition(PoStPartitionFromVanilla(cfg, wrong).Value(), r), "!= comm_r");
  // shape errors
  EXPECT_FALSE(PoStPartitionFromVanilla(cfg, {}).HasValue());
  auto two = vanilla;
  two.push_back(vanilla[0]);
  EXPECT_FALSE(PoStPartitionFromVanilla(cfg, two).HasValue());
  auto short_proof = vanilla;
  short_proof[0].sectors[0].inclusion_proofs.pop_back();
  EXPECT_FALSE(PoStPartitionFromVanilla(cfg, short_proof).HasValue());
}

TEST(PoStVanilla, TamperingIsRejectedWithAClearError) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const auto sectors = Sectors(cfg, 2, 40);
  const Digest32 r = Randomness(4);
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, r, Replicas(sectors)).Value();
  const auto good = PoStPartitionFromVanilla(cfg, vanilla).Value();
  ASSERT_TRUE(VerifyPoStPartition(good, r).IsOk());

  ExpectRejected(VerifyPoStPartition(good, Randomness(5)), "challenged leaf");
  { // a sector that is not in the set: its public comm_r differs
    auto p = good;
    p.sectors[1].comm_r = MakeTestSector(999, 64, cfg.tree_shape, 77).Public().comm_r;
    ExpectRejected(VerifyPoStPartition(p, r), "!= comm_r");
  }
  { // same sector, another id: challenges no longer match
    auto p = good;
    p.sectors[0].id += 1;
    ExpectRejected(VerifyPoStPartition(p, r), "challenged leaf");
  }
  { // corrupted inclusion path (a sibling changed, still canonical)
    auto p = good;
    p.proofs[1].inclusion_proofs[4].base[1].hashes[2][0] ^= 1;
    ExpectRejected(VerifyPoStPartition(p, r), "does not lead to its root");
  }
  { // corrupted leaf
    auto p = good;
    p.proofs[0].inclusion_proofs[0].leaf[5] ^= 0x10;
    ExpectRejected(VerifyPoStPartition(p, r), "does not lead to its root");
  }
  { // non-canonical sibling
    auto p = good;
    p.proofs[0].inclusion_proofs[2].base[0].hashes[0].fill(0xff);
    auto s = VerifyPoStPartition(p, r);
    ASSERT_FALSE(s.IsOk());
    EXPECT_EQ(s.Code(), cuzk::ErrorCode::kNonCanonical);
  }
  { // a missing path level / wrong arity / index out of range
    auto p = good;
    p.proofs[0].inclusion_proofs[1].base.pop_back();
    ExpectRejected(VerifyPoStPartition(p, r), "base levels");
    p = good;
    p.proofs[0].inclusion_proofs[1].base[0].hashes.pop_back();
    ExpectRejected(VerifyPoStPartition(p, r), "sibling hashes");
    p = good;
    p.proofs[0].inclusion_proofs[1].base[0].index = 8;
    ExpectRejected(VerifyPoStPartition(p, r), "index 8");
  }
  { // one inclusion proof into another tree's root
    auto p = good;
    p.proofs[0].inclusion_proofs[3] = p.proofs[1].inclusion_proofs[3];
    ExpectRejected(VerifyPoStPartition(p, r), "root != comm_r_last");
  }
  { // counts
    auto p = good;
    p.proofs.pop_back();
    ExpectRejected(VerifyPoStPartition(p, r), "sector proofs");
    p = good;
    p.proofs[0].inclusion_proofs.pop_back();
    ExpectRejected(VerifyPoStPartition(p, r), "inclusion proofs");
  }
  Digest32 bad{};
  bad.fill(0xff);
  EXPECT_EQ(VerifyPoStPartition(good, bad).Code(), cuzk::ErrorCode::kNonCanonical);
}

TEST(PoStVanilla, SubAndTopShapedTrees) {
  // 16KiB: 8-8-0 (like 32GiB), 32KiB: 8-8-2 (like 64GiB)
  for (uint64_t size : {uint64_t(16) << 10, uint64_t(32) << 10}) {
    const PoStConfig cfg = PoStTestSizeConfig(size);
    const auto sectors = Sectors(cfg, 2, 60);
    const Digest32 r = Randomness(6);
    auto vanilla = GenerateFallbackVanillaProofs(cfg, r, Replicas(sectors)).Value();
    const MerkleProof &m = vanilla[0].sectors[0].inclusion_proofs[0];
    const bool top = cfg.tree_shape.top != 0;
    EXPECT_EQ(m.kind, top ? MerkleProofKind::kTop : MerkleProofKind::kSub);
    EXPECT_EQ(m.base.size(), top ? 2u : 2u); // 512 / 8 = 64 = 8^2 leaves per base tree; 1024 / 16 = 64
    EXPECT_EQ(m.sub.size(), 1u);
    EXPECT_EQ(m.top.size(), top ? 1u : 0u);
    auto part = PoStPartitionFromVanilla(cfg, vanilla).Value();
    EXPECT_TRUE(VerifyPoStPartition(part, r).IsOk()) << size;
    part.proofs[1].inclusion_proofs[0].sub[0].hashes[6][1] ^= 2;
    ExpectRejected(VerifyPoStPartition(part, r), "does not lead to its root");
  }
}

TEST(PoStVanilla, GenerationErrors) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const auto s = MakeTestSector(1, 64, cfg.tree_shape, 5);
  const uint64_t out_of_range[] = {64};
  EXPECT_FALSE(GenerateSingleVanillaProof(cfg, s.Replica(), out_of_range).HasValue());
  EXPECT_FALSE(GenerateSingleVanillaProof(cfg, s.Replica(), {}).HasValue());
  const auto big = MakeTestSector(2, 512, {8, 0, 0}, 6); // 16KiB of nodes for a 2KiB config
  const uint64_t c[] = {1};
  EXPECT_FALSE(GenerateSingleVanillaProof(cfg, big.Replica(), c).HasValue());
  PoStReplica none{3, nullptr, cuzk::ff::Fr::One()};
  EXPECT_FALSE(GenerateSingleVanillaProof(cfg, none, c).HasValue());
}
