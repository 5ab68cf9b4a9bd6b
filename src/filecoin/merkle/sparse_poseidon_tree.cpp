// src/filecoin/merkle/sparse_poseidon_tree.cpp — SparsePoseidonTree: level by level, the parents of
// the stored nodes are hashed in one PoseidonHashBatch each, with default children filled in.
#include "filecoin/merkle/sparse_poseidon_tree.hpp"

#include "filecoin/merkle/stored_nodes.hpp"
#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

Expected<SparsePoseidonTree> SparsePoseidonTree::Build(const TreeShape &shape, uint64_t leaves, const Fr &default_leaf,
                                                       const std::map<uint64_t, Fr> &values) {
  auto arities = TreeLevelArities(shape, leaves);
  if (!arities) return arities.GetError();
  if (!values.empty() && values.rbegin()->first >= leaves) {
    return MakeError(ErrorCode::kInvalidArgument, "sparse tree: leaf " + std::to_string(values.rbegin()->first) +
                                                      " ≥ " + std::to_string(leaves) + " leaves");
  }
  SparsePoseidonTree t;
  t.arities_ = std::move(arities).Value();
  t.leaf_count_ = leaves;
  t.defaults_.push_back(default_leaf);
  t.levels_.emplace_back(values.begin(), values.end());
  std::vector<uint64_t> indices;
  for (auto [i, v] : values) indices.push_back(i); // sorted: std::map
  for (size_t a : t.arities_) {
    const size_t level = t.levels_.size() - 1;
    std::vector<Fr> same(a, t.defaults_.back());
    auto up_default = hash::PoseidonHashMerkle(same);
    if (!up_default) return up_default.GetError();
    auto up = HashStoredParents(a, indices, [&](uint64_t j) -> const Fr & { return t.Node(level, j); });
    if (!up) return up.GetError();
    t.defaults_.push_back(*up_default);
    t.levels_.push_back(std::move(up).Value());
  }
  t.root_ = t.Node(t.levels_.size() - 1, 0);
  return t;
}

const Fr &SparsePoseidonTree::Node(size_t level, uint64_t index) const {
  const auto &stored = levels_[level];
  auto it = stored.find(index);
  return it == stored.end() ? defaults_[level] : it->second;
}

Expected<PoseidonTreeProof> SparsePoseidonTree::Prove(uint64_t index) const {
  if (index >= leaf_count_) {
    return MakeError(ErrorCode::kInvalidArgument,
                     "sparse tree: leaf " + std::to_string(index) + " ≥ " + std::to_string(leaf_count_));
  }
  return ProveStoredLeaf(arities_, index, [this](size_t l, uint64_t i) -> const Fr & { return Node(l, i); });
}

} // namespace cuzk::filecoin
