// tests/filecoin/snap/bincode_snap_test.cpp — bincode of the SnapDeals PartitionProof: exact sizes
// (32GiB: 86 challenges of two 2,484-byte tree_r proofs and one 1,516-byte tree_d proof), round
// trips of generated proofs that still verify, and decoding errors.
#include "filecoin/snap/snap_bincode.hpp"

#include "filecoin/snap_test_update.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;

TEST(SnapBincode, Sizes) {
  const auto g32 = SnapConfigFor(RegisteredUpdateProof::k32GiBV1);
  const auto r = PoseidonProofShape(g32.tree_r_shape, g32.sector_nodes).Value();
  const auto d = ShaProofShape(g32.sector_nodes).Value();
  EXPECT_EQ(r.BincodeSize(), 2484u);
  EXPECT_EQ(d.BincodeSize(), 4 + 64 + 8 + 30 * (8 + 32 + 8));
  SnapPartitionProof p;
  p.apex_leafs.resize(128);
  MerkleProof rp;
  rp.kind = MerkleProofKind::kSub;
  rp.base.assign(9, PathElement{std::vector<Domain32>(7), 0});
  rp.sub.assign(1, PathElement{std::vector<Domain32>(7), 0});
  MerkleProof dp;
  dp.base.assign(30, PathElement{std::vector<Domain32>(1), 0});
  p.challenge_proofs.assign(86, SnapChallengeProof{rp, dp, rp});
  const auto bytes = EncodeSnapPartitionProof(p);
  EXPECT_EQ(bytes.size(), 32 + 8 + 128 * 32 + 8 + 86 * (2 * 2484 + 1516));
  auto back = DecodeSnapPartitionProof(bytes, g32);
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  EXPECT_EQ(EncodeSnapPartitionProof(*back), bytes);
}

TEST(SnapBincode, GeneratedProofsRoundTripAndVerify) {
  for (uint64_t nodes : {uint64_t(64), uint64_t(512)}) {
    auto t = cuzk::test::MakeTestUpdate(nodes, 5);
    for (size_t k = 0; k < t.config.partition_count; k++) {
      const auto proof = SnapProvePartition(t.config, k, t.sector.comm_c, *t.sector.tree, t.update).Value();
      const auto bytes = EncodeSnapPartitionProof(proof);
      auto back = DecodeSnapPartitionProof(bytes, t.config);
      ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
      EXPECT_EQ(EncodeSnapPartitionProof(*back), bytes);
      EXPECT_TRUE(SnapVerifyPartition(t.config, SnapPublicInputsOf(t.config, t.update, k), *back).IsOk());
    }
  }
}

TEST(SnapBincode, DecodingErrors) {
  auto t = cuzk::test::MakeTestUpdate(64, 6);
  const auto bytes =
      EncodeSnapPartitionProof(SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update).Value());
  // another sector size's shape
  EXPECT_FALSE(DecodeSnapPartitionProof(bytes, SnapConfigForNodes(512).Value()).HasValue());
  auto b = bytes;
  b[32] = 9; // apex_leafs length 9 instead of 8
  auto e = DecodeSnapPartitionProof(b, t.config);
  ASSERT_FALSE(e.HasValue());
  EXPECT_NE(e.ErrorMessage().find("apex_leafs"), std::string::npos) << e.ErrorMessage();
  b = bytes;
  b.pop_back();
  e = DecodeSnapPartitionProof(b, t.config);
  ASSERT_FALSE(e.HasValue());
  EXPECT_EQ(e.Code(), cuzk::ErrorCode::kBadLength);
  b = bytes;
  b[32 + 8 + 8 * 32 + 8] = 2; // challenge_proofs[0].proof_r_old variant Top for an 8-0-0 tree
  e = DecodeSnapPartitionProof(b, t.config);
  ASSERT_FALSE(e.HasValue());
  EXPECT_NE(e.ErrorMessage().find("challenge_proofs[0].proof_r_old.data"), std::string::npos) << e.ErrorMessage();
}
