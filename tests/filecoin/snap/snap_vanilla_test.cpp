// tests/filecoin/snap/snap_vanilla_test.cpp — SnapDeals on seeded sealed-like sectors: the replica
// update (comm_d_new equals comm_d of the data, comm_r_new = H(comm_c, new root), decoding gives the
// data back), vanilla partition proofs for 2KiB (8-0-0, one partition), 16KiB (8-8-0, two
// partitions, 128 apex leaves) and 32KiB (8-8-2), verification, and rejection of tampering.
#include "filecoin/core/comm_d.hpp"
#include "filecoin/snap/snap_encoding.hpp"
#include "filecoin/snap/snap_vanilla.hpp"
#include "hash/poseidon.hpp"

#include "filecoin/snap_test_update.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::test::MakeTestUpdate;

namespace {

void ExpectRejected(const cuzk::Status &s, const std::string &needle) {
  ASSERT_FALSE(s.IsOk()) << "expected rejection containing \"" << needle << "\"";
  EXPECT_NE(s.ErrorMessage().find(needle), std::string::npos) << s.ErrorMessage();
}

} // namespace

TEST(SnapVanilla, UpdateAndDecode) {
  auto t = MakeTestUpdate(64, 1);
  EXPECT_EQ(t.update.comm_d_new, CommD(t.data).Value());
  EXPECT_EQ(t.update.comm_r_old, PoStCommR(t.sector.comm_c, t.sector.tree->Root()));
  EXPECT_EQ(t.update.comm_r_new, PoStCommR(t.sector.comm_c, t.update.tree_r_new.Root()));
  EXPECT_NE(t.update.comm_r_new, t.update.comm_r_old);
  auto back = SnapDecodeSector(t.config, t.update.replica, t.sector.replica, t.update.comm_d_new, t.update.comm_r_old);
  ASSERT_TRUE(back.HasValue());
  EXPECT_EQ(*back, t.data);
  // the wrong comm_d gives other data
  Digest32 other = t.update.comm_d_new;
  other[0] ^= 1;
  EXPECT_NE(SnapDecodeSector(t.config, t.update.replica, t.sector.replica, other, t.update.comm_r_old).Value(), t.data);
  // bad inputs
  EXPECT_FALSE(
      SnapUpdateSector(t.config, t.sector.replica, *t.sector.tree, t.sector.comm_c, std::span(t.data).subspan(32))
          .HasValue());
  auto not_fr32 = t.data;
  std::fill(not_fr32.begin(), not_fr32.begin() + 32, 0xff);
  EXPECT_FALSE(SnapUpdateSector(t.config, t.sector.replica, *t.sector.tree, t.sector.comm_c, not_fr32).HasValue());
}

TEST(SnapVanilla, ProveAndVerifyEveryPartition) {
  for (uint64_t nodes : {uint64_t(64), uint64_t(512), uint64_t(1024)}) {
    auto t = MakeTestUpdate(nodes, 2);
    for (size_t k = 0; k < t.config.partition_count; k++) {
      auto proof = SnapProvePartition(t.config, k, t.sector.comm_c, *t.sector.tree, t.update);
      ASSERT_TRUE(proof.HasValue()) << proof.ErrorMessage();
      EXPECT_EQ(proof->apex_leafs.size(), t.config.apex_leaf_count);
      ASSERT_EQ(proof->challenge_proofs.size(), t.config.challenge_count);
      EXPECT_EQ(proof->challenge_proofs[0].proof_d_new.base.size(), t.config.ChallengeBitLen());
      auto s = SnapVerifyPartition(t.config, SnapPublicInputsOf(t.config, t.update, k), *proof);
      EXPECT_TRUE(s.IsOk()) << nodes << " k=" << k << ": " << (s.IsOk() ? "" : s.ErrorMessage());
      if (t.config.partition_count > 1) // another partition's challenges
        ExpectRejected(SnapVerifyPartition(t.config, SnapPublicInputsOf(t.config, t.update, k ^ 1), *proof),
                       "another node");
    }
  }
}

TEST(SnapVanilla, TamperingIsRejected) {
  auto t = MakeTestUpdate(64, 3);
  const auto good = SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update).Value();
  const SnapPublicInputs in = SnapPublicInputsOf(t.config, t.update, 0);
  ASSERT_TRUE(SnapVerifyPartition(t.config, in, good).IsOk());
  { // public inputs
    auto bad = in;
    bad.comm_r_new[0] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, bad, good), "comm_r_new");
    bad = in;
    bad.comm_r_old[0] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, bad, good), "comm_r_old");
    bad = in;
    bad.comm_d_new[0] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, bad, good), "comm_d_new");
    bad = in;
    bad.k = 1;
    ExpectRejected(SnapVerifyPartition(t.config, bad, good), "partition 1");
    bad = in;
    bad.h = 2;
    ExpectRejected(SnapVerifyPartition(t.config, bad, good), "h = 2");
  }
  { // proofs
    auto p = good;
    p.challenge_proofs[3].proof_r_new.leaf[0] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "challenge 3");
    p = good;
    p.challenge_proofs[5].proof_d_new.base[2].hashes[0][4] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "proof_d_new");
    p = good;
    p.apex_leafs[0][0] ^= 1;
    p.apex_leafs[1][0] ^= 1;
    p.apex_leafs[2][0] ^= 1;
    p.apex_leafs[3][0] ^= 1;
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "apex tree");
    p = good;
    p.apex_leafs.pop_back();
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "apex leaves");
    p = good;
    p.challenge_proofs.pop_back();
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "challenge proofs");
    p = good;
    p.challenge_proofs[1].proof_r_old.base.pop_back();
    ExpectRejected(SnapVerifyPartition(t.config, in, p), "base levels");
  }
  { // a replica encoded with the wrong rho: every tree consistent, the encoding check fails
    SnapUpdate wrong{
        SnapEncode(t.config, t.sector.replica, NodesFromBytes(t.data).Value(), t.update.phi + cuzk::ff::Fr::One())
            .Value(),
        {},
        ShaTree::Build(t.data).Value(),
        t.update.comm_r_old,
        {},
        t.update.comm_d_new,
        t.update.phi};
    wrong.tree_r_new = PoseidonTree::Build(t.config.tree_r_shape, wrong.replica).Value();
    wrong.comm_r_new = PoStCommR(t.sector.comm_c, wrong.tree_r_new.Root());
    const auto p = SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, wrong).Value();
    ExpectRejected(SnapVerifyPartition(t.config, SnapPublicInputsOf(t.config, wrong, 0), p), "wrong encoding");
  }
  EXPECT_FALSE(SnapProvePartition(t.config, 1, t.sector.comm_c, *t.sector.tree, t.update).HasValue());
}
