// src/filecoin/merkle/sparse_sha_tree.cpp — SparseShaTree: level by level, only the parents of stored
// nodes are hashed, with default siblings filled in.
#include "filecoin/merkle/sparse_sha_tree.hpp"

#include <bit>
#include <string>

namespace cuzk::filecoin {

Expected<SparseShaTree> SparseShaTree::Build(uint64_t leaves, const Digest32 &default_leaf,
                                             const std::map<uint64_t, Digest32> &values) {
  if (leaves < 2 || !std::has_single_bit(leaves))
    return MakeError(ErrorCode::kInvalidArgument,
                     "sparse tree_d: " + std::to_string(leaves) + " leaves is not a power of two ≥ 2");
  if (!values.empty() && values.rbegin()->first >= leaves)
    return MakeError(ErrorCode::kInvalidArgument, "sparse tree_d: leaf " + std::to_string(values.rbegin()->first) +
                                                      " ≥ " + std::to_string(leaves) + " leaves");
  SparseShaTree t;
  t.leaf_count_ = leaves;
  t.defaults_.push_back(default_leaf);
  t.levels_.emplace_back(values.begin(), values.end());
  const size_t height = size_t(std::countr_zero(leaves));
  for (size_t level = 0; level < height; level++) {
    std::unordered_map<uint64_t, Digest32> up;
    for (const auto &[i, node] : t.levels_[level]) {
      const uint64_t parent = i / 2;
      if (up.count(parent)) continue;
      up.emplace(parent, hash::Sha256Node(t.Node(level, 2 * parent), t.Node(level, 2 * parent + 1)));
    }
    t.defaults_.push_back(hash::Sha256Node(t.defaults_[level], t.defaults_[level]));
    t.levels_.push_back(std::move(up));
  }
  t.root_ = t.Node(height, 0);
  return t;
}

const Digest32 &SparseShaTree::Node(size_t level, uint64_t index) const {
  const auto &stored = levels_[level];
  auto it = stored.find(index);
  return it == stored.end() ? defaults_[level] : it->second;
}

Expected<ShaTreeProof> SparseShaTree::Prove(uint64_t index) const {
  if (index >= leaf_count_)
    return MakeError(ErrorCode::kInvalidArgument,
                     "sparse tree_d: leaf " + std::to_string(index) + " ≥ " + std::to_string(leaf_count_));
  ShaTreeProof proof{Node(0, index), index, {}};
  for (size_t l = 0; l + 1 < defaults_.size(); l++) {
    proof.siblings.push_back(Node(l, index ^ 1));
    index /= 2;
  }
  return proof;
}

} // namespace cuzk::filecoin
