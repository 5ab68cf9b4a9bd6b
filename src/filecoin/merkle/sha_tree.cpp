// src/filecoin/merkle/sha_tree.cpp — levels are stored back to back in one buffer, so level l starts at
// node offset Σ_{j<l} n/2^j and a proof is one read per level.
#include "filecoin/merkle/sha_tree.hpp"

#include <bit>
#include <cstring>
#include <string>

namespace cuzk::filecoin {

namespace {

Digest32 NodeAt(const std::vector<uint8_t> &nodes, uint64_t i) {
  Digest32 d;
  std::memcpy(d.data(), nodes.data() + 32 * i, 32);
  return d;
}

} // namespace

Expected<ShaTree> ShaTree::Build(std::span<const uint8_t> leaves) {
  if (leaves.size() < 32 || leaves.size() % 32 != 0 || !std::has_single_bit(leaves.size() / 32))
    return MakeError(ErrorCode::kBadLength,
                     "tree_d: " + std::to_string(leaves.size()) + " bytes of leaves is not 32·2^k bytes");
  ShaTree t;
  t.leaf_count_ = leaves.size() / 32;
  t.height_ = size_t(std::countr_zero(t.leaf_count_));
  t.nodes_.resize(32 * (2 * t.leaf_count_ - 1));
  std::memcpy(t.nodes_.data(), leaves.data(), leaves.size());
  uint64_t offset = 0;
  for (uint64_t n = t.leaf_count_; n > 1; n /= 2) {
    // children [offset, offset+n) and parents [offset+n, offset+n+n/2) are disjoint ranges
    std::span<const uint8_t> children(t.nodes_.data() + 32 * offset, 32 * n);
    std::span<uint8_t> parents(t.nodes_.data() + 32 * (offset + n), 16 * n);
    (void)hash::Sha256NodeBatch(children, parents);
    offset += n;
  }
  t.root_ = NodeAt(t.nodes_, offset);
  return t;
}

Expected<ShaTreeProof> ShaTree::Prove(uint64_t index) const {
  if (index >= leaf_count_)
    return MakeError(ErrorCode::kInvalidArgument, "tree_d proof: leaf index " + std::to_string(index) +
                                                      " out of range (" + std::to_string(leaf_count_) + " leaves)");
  ShaTreeProof p{NodeAt(nodes_, index), index, {}};
  uint64_t offset = 0, i = index;
  for (uint64_t n = leaf_count_; n > 1; n /= 2, i /= 2) {
    p.siblings.push_back(NodeAt(nodes_, offset + (i ^ 1)));
    offset += n;
  }
  return p;
}

Digest32 ShaTreeProofRoot(const ShaTreeProof &proof) {
  Digest32 cur = proof.leaf;
  uint64_t i = proof.index;
  for (const Digest32 &s : proof.siblings) {
    cur = (i & 1) ? hash::Sha256Node(s, cur) : hash::Sha256Node(cur, s);
    i >>= 1;
  }
  return cur;
}

bool VerifyShaTreeProof(const ShaTreeProof &proof, const Digest32 &root) {
  // an index with bits above the path length would name a leaf outside this tree
  if (proof.siblings.size() < 64 && (proof.index >> proof.siblings.size()) != 0) return false;
  return ShaTreeProofRoot(proof) == root;
}

} // namespace cuzk::filecoin
