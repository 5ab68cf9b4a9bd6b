// tests/filecoin/merkle/poseidon_tree_test.cpp — Poseidon trees with Filecoin's shapes: level arities of
// spec/post-snap-poseidon.md §1.2, the filecoin-hashers [1,0,0,1] root and test_path vector
// (spec/vectors.md §8), compound roots equal to hashing separately built base trees, the
// path_index convention, every proof verifying, tampering and bad input rejected.
#include "filecoin/merkle/poseidon_tree.hpp"
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace cuzk::filecoin;
using cuzk::hash::PoseidonHashMerkle;

namespace {

std::vector<Fr> Leaves(size_t n, uint64_t salt) {
  std::vector<Fr> v;
  for (size_t i = 0; i < n; i++) v.push_back(Fr::FromUint(i * 1000003 + salt));
  return v;
}

Fr RootOf(TreeShape shape, std::span<const Fr> leaves) { return PoseidonTree::Build(shape, leaves).Value().Root(); }

void ExpectAllProofsVerify(const PoseidonTree &t) {
  for (uint64_t i = 0; i < t.LeafCount(); i++) {
    auto p = t.Prove(i);
    ASSERT_TRUE(p.HasValue());
    EXPECT_EQ(p->LeafIndex(), i);
    EXPECT_EQ(p->path.size(), t.Arities().size());
    EXPECT_TRUE(VerifyPoseidonTreeProof(*p, t.Root())) << "leaf " << i;
  }
}

} // namespace

TEST(PoseidonTree, LevelAritiesOfFilecoinSizes) {
  using V = std::vector<size_t>;
  EXPECT_EQ(TreeLevelArities({8, 0, 0}, 1 << 6).Value(), V(2, 8));             // 2KiB
  EXPECT_EQ(TreeLevelArities({8, 0, 0}, 1 << 18).Value(), V(6, 8));            // 8MiB
  EXPECT_EQ(TreeLevelArities({8, 0, 0}, 1 << 24).Value(), V(8, 8));            // 512MiB
  EXPECT_EQ(TreeLevelArities({8, 8, 0}, uint64_t(1) << 30).Value(), V(10, 8)); // 32GiB: 9×8 + 1×8
  V g64(10, 8);
  g64.push_back(2);
  EXPECT_EQ(TreeLevelArities({8, 8, 2}, uint64_t(1) << 31).Value(), g64); // 64GiB
  EXPECT_EQ(TreeLevelArities({8, 2, 0}, 128).Value(), (V{8, 8, 2}));      // 4KiB-style 8-2
}

TEST(PoseidonTree, BadShapesAreErrors) {
  EXPECT_FALSE(TreeLevelArities({8, 0, 0}, 63).HasValue());
  EXPECT_FALSE(TreeLevelArities({8, 0, 0}, 1).HasValue()); // no level at all
  EXPECT_FALSE(TreeLevelArities({8, 0, 2}, 128).HasValue());
  EXPECT_FALSE(TreeLevelArities({3, 0, 0}, 9).HasValue());
  EXPECT_FALSE(TreeLevelArities({8, 8, 0}, 8).HasValue()); // one leaf per base tree
  EXPECT_FALSE(TreeLevelArities({8, 8, 2}, 120).HasValue());
  auto r = PoseidonTree::Build({8, 0, 0}, Leaves(24, 0));
  ASSERT_FALSE(r.HasValue());
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kInvalidArgument);
}

TEST(PoseidonTree, FilecoinHashersVectors) {
  // binary tree over [1, 0, 0, 1]
  const std::vector<Fr> leaves{Fr::One(), Fr::Zero(), Fr::Zero(), Fr::One()};
  auto t = PoseidonTree::Build({2, 0, 0}, leaves).Value();
  EXPECT_EQ(t.Root(),
            Fr::FromCanonical({0xefbb8be3e291e671, 0x77cc72b8cb2b5ad2, 0x30eb6385ae6b74ae, 0x1effebb7b26ad9eb}));
  ExpectAllProofsVerify(t);
  // test_path: 4 × Fr(1), the proof of leaf 0 has path indices [0, 0]
  auto ones = PoseidonTree::Build({2, 0, 0}, std::vector<Fr>(4, Fr::One())).Value();
  auto p = ones.Prove(0).Value();
  ASSERT_EQ(p.path.size(), 2u);
  EXPECT_EQ(p.path[0].index, 0u);
  EXPECT_EQ(p.path[1].index, 0u);
}

TEST(PoseidonTree, SingleBaseTrees) {
  auto l8 = Leaves(8, 1);
  auto t8 = PoseidonTree::Build({8, 0, 0}, l8).Value();
  EXPECT_EQ(t8.Root(), PoseidonHashMerkle(l8).Value());
  ExpectAllProofsVerify(t8);
  auto l64 = Leaves(64, 2);
  std::vector<Fr> mids;
  for (size_t i = 0; i < 8; i++) mids.push_back(PoseidonHashMerkle(std::span<const Fr>(l64).subspan(8 * i, 8)).Value());
  auto t64 = PoseidonTree::Build({8, 0, 0}, l64).Value();
  EXPECT_EQ(t64.Root(), PoseidonHashMerkle(mids).Value());
  ExpectAllProofsVerify(t64);
}

TEST(PoseidonTree, CompoundRootsHashBaseRoots) {
  // 8-2: two base trees of 64 leaves; 8-8: eight base trees of 8; 8-8-2: two sub trees of 8-8
  auto l128 = Leaves(128, 3);
  std::span<const Fr> s128(l128);
  const Fr b0 = RootOf({8, 0, 0}, s128.first(64)), b1 = RootOf({8, 0, 0}, s128.subspan(64));
  auto t82 = PoseidonTree::Build({8, 2, 0}, l128).Value();
  EXPECT_EQ(t82.Root(), PoseidonHashMerkle(std::vector<Fr>{b0, b1}).Value());
  ExpectAllProofsVerify(t82);

  auto l64 = Leaves(64, 4);
  std::vector<Fr> base_roots;
  for (size_t b = 0; b < 8; b++) base_roots.push_back(RootOf({8, 0, 0}, std::span<const Fr>(l64).subspan(8 * b, 8)));
  auto t88 = PoseidonTree::Build({8, 8, 0}, l64).Value();
  EXPECT_EQ(t88.Root(), PoseidonHashMerkle(base_roots).Value());
  ExpectAllProofsVerify(t88);

  std::span<const Fr> s(l128);
  const Fr sub0 = RootOf({8, 8, 0}, s.first(64)), sub1 = RootOf({8, 8, 0}, s.subspan(64));
  auto t882 = PoseidonTree::Build({8, 8, 2}, l128).Value();
  EXPECT_EQ(t882.Arities(), (std::vector<size_t>{8, 8, 2}));
  EXPECT_EQ(t882.Root(), PoseidonHashMerkle(std::vector<Fr>{sub0, sub1}).Value());
  ExpectAllProofsVerify(t882);
}

TEST(PoseidonTree, PathIndexConvention) {
  // 8-8-2 with 8 leaves per base tree: path_index = base_index + sub_index·8 + top_index·64
  auto t = PoseidonTree::Build({8, 8, 2}, Leaves(128, 5)).Value();
  const uint64_t base_index = 5, sub_index = 3, top_index = 1;
  auto p = t.Prove(base_index + sub_index * 8 + top_index * 64).Value();
  ASSERT_EQ(p.path.size(), 3u);
  EXPECT_EQ(p.path[0].index, base_index);
  EXPECT_EQ(p.path[1].index, sub_index);
  EXPECT_EQ(p.path[2].index, top_index);
  EXPECT_EQ(p.path[0].siblings.size(), 7u);
  EXPECT_EQ(p.path[1].siblings.size(), 7u);
  EXPECT_EQ(p.path[2].siblings.size(), 1u);
}

TEST(PoseidonTree, TamperedAndMalformedProofsFail) {
  auto t = PoseidonTree::Build({8, 2, 0}, Leaves(16, 6)).Value();
  auto p = t.Prove(11).Value();
  ASSERT_TRUE(VerifyPoseidonTreeProof(p, t.Root()));
  auto bad_leaf = p;
  bad_leaf.leaf = bad_leaf.leaf + Fr::One();
  EXPECT_FALSE(VerifyPoseidonTreeProof(bad_leaf, t.Root()));
  auto bad_sibling = p;
  bad_sibling.path[0].siblings[4] = Fr::Zero();
  EXPECT_FALSE(VerifyPoseidonTreeProof(bad_sibling, t.Root()));
  auto bad_index = p;
  bad_index.path[0].index = 2;
  EXPECT_FALSE(VerifyPoseidonTreeProof(bad_index, t.Root()));
  auto out_of_range = p;
  out_of_range.path[1].index = 2; // a binary level has positions 0 and 1 only
  EXPECT_FALSE(PoseidonTreeProofRoot(out_of_range).HasValue());
  auto bad_arity = p;
  bad_arity.path[0].siblings.pop_back(); // 6 siblings: arity 7
  auto r = PoseidonTreeProofRoot(bad_arity);
  ASSERT_FALSE(r.HasValue());
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kBadArity);
  EXPECT_FALSE(t.Prove(16).HasValue());
}
