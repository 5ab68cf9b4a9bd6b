// tests/filecoin/merkle/sha_tree_test.cpp — tree_d: its root is comm_d (zero sectors give Z_i), every
// leaf's proof verifies, tampered proofs and out-of-range indices are rejected.
#include "filecoin/core/comm_d.hpp"
#include "filecoin/merkle/sha_tree.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace cuzk::filecoin;

namespace {

std::vector<uint8_t> RandomNodes(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> v(32 * n);
  for (auto &b : v) b = uint8_t(rng());
  for (size_t i = 0; i < n; i++) v[32 * i + 31] &= 0x3f; // fr32 nodes
  return v;
}

} // namespace

TEST(ShaTree, RootIsCommD) {
  for (size_t n : {1, 2, 8, 64, 1024}) {
    auto leaves = RandomNodes(n, n);
    auto t = ShaTree::Build(leaves);
    ASSERT_TRUE(t.HasValue()) << n;
    EXPECT_EQ(t->Root(), CommD(leaves).Value()) << n;
    EXPECT_EQ(t->LeafCount(), n);
  }
  auto zero = ShaTree::Build(std::vector<uint8_t>(2048));
  EXPECT_EQ(zero->Root(), ZeroCommitment(6).Value());
  EXPECT_EQ(zero->Height(), 6u);
}

TEST(ShaTree, EveryProofVerifies) {
  auto leaves = RandomNodes(64, 5);
  auto t = ShaTree::Build(leaves).Value();
  for (uint64_t i = 0; i < 64; i++) {
    auto p = t.Prove(i);
    ASSERT_TRUE(p.HasValue());
    EXPECT_EQ(p->siblings.size(), 6u);
    EXPECT_TRUE(std::equal(p->leaf.begin(), p->leaf.end(), leaves.begin() + 32 * i));
    EXPECT_TRUE(VerifyShaTreeProof(*p, t.Root())) << i;
  }
}

TEST(ShaTree, TamperedProofsFail) {
  auto t = ShaTree::Build(RandomNodes(16, 9)).Value();
  auto p = t.Prove(5).Value();
  auto bad_leaf = p;
  bad_leaf.leaf[0] ^= 1;
  EXPECT_FALSE(VerifyShaTreeProof(bad_leaf, t.Root()));
  auto bad_sibling = p;
  bad_sibling.siblings[2][3] ^= 1;
  EXPECT_FALSE(VerifyShaTreeProof(bad_sibling, t.Root()));
  auto bad_index = p;
  bad_index.index = 4;
  EXPECT_FALSE(VerifyShaTreeProof(bad_index, t.Root()));
  bad_index.index = 5 + 16; // same low bits, but outside a 16-leaf tree
  EXPECT_FALSE(VerifyShaTreeProof(bad_index, t.Root()));
}

TEST(ShaTree, BadInputIsAnError) {
  EXPECT_FALSE(ShaTree::Build(std::vector<uint8_t>(96)).HasValue());
  EXPECT_FALSE(ShaTree::Build({}).HasValue());
  auto t = ShaTree::Build(RandomNodes(8, 1)).Value();
  auto p = t.Prove(8);
  ASSERT_FALSE(p.HasValue());
  EXPECT_EQ(p.Code(), cuzk::ErrorCode::kInvalidArgument);
}
