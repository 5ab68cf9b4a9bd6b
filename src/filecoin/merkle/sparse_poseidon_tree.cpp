// src/filecoin/merkle/sparse_poseidon_tree.cpp — SparsePoseidonTree: level by level, the parents of
// the stored nodes are hashed in one PoseidonHashBatch each, with default children filled in.
#include "filecoin/merkle/sparse_poseidon_tree.hpp"

#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

Result<SparsePoseidonTree> SparsePoseidonTree::Build(const TreeShape &shape, uint64_t leaves, const Fr &default_leaf,
                                                     const std::map<uint64_t, Fr> &values) {
  auto arities = TreeLevelArities(shape, leaves);
  if (!arities) return arities.error();
  if (!values.empty() && values.rbegin()->first >= leaves) {
    return hash::MakeError(hash::ErrorCode::kBadArgument, "sparse tree: leaf " +
                                                              std::to_string(values.rbegin()->first) + " ≥ " +
                                                              std::to_string(leaves) + " leaves");
  }
  SparsePoseidonTree t;
  t.arities_ = std::move(arities).value();
  t.leaf_count_ = leaves;
  t.defaults_.push_back(default_leaf);
  t.levels_.emplace_back(values.begin(), values.end());
  std::vector<uint64_t> indices;
  for (auto [i, v] : values) indices.push_back(i); // sorted: std::map
  for (size_t a : t.arities_) {
    const size_t level = t.levels_.size() - 1;
    std::vector<Fr> same(a, t.defaults_.back());
    auto up_default = hash::PoseidonHashMerkle(same);
    if (!up_default) return up_default.error();
    std::vector<uint64_t> parents;
    for (uint64_t i : indices) {
      if (parents.empty() || parents.back() != i / a) parents.push_back(i / a);
    }
    std::vector<Fr> preimages(parents.size() * a);
    for (size_t p = 0; p < parents.size(); p++) {
      for (size_t j = 0; j < a; j++) preimages[p * a + j] = t.Node(level, parents[p] * a + j);
    }
    std::vector<Fr> hashed(parents.size());
    if (auto s = hash::PoseidonHashBatch(a, preimages, hashed); !s) return s.error();
    std::unordered_map<uint64_t, Fr> up;
    up.reserve(parents.size());
    for (size_t p = 0; p < parents.size(); p++) up.emplace(parents[p], hashed[p]);
    t.defaults_.push_back(*up_default);
    t.levels_.push_back(std::move(up));
    indices = std::move(parents);
  }
  t.root_ = t.Node(t.levels_.size() - 1, 0);
  return t;
}

const Fr &SparsePoseidonTree::Node(size_t level, uint64_t index) const {
  const auto &stored = levels_[level];
  auto it = stored.find(index);
  return it == stored.end() ? defaults_[level] : it->second;
}

Result<PoseidonTreeProof> SparsePoseidonTree::Prove(uint64_t index) const {
  if (index >= leaf_count_) {
    return hash::MakeError(hash::ErrorCode::kBadArgument,
                           "sparse tree: leaf " + std::to_string(index) + " ≥ " + std::to_string(leaf_count_));
  }
  PoseidonTreeProof proof;
  proof.leaf = Node(0, index);
  for (size_t l = 0; l < arities_.size(); l++) {
    const size_t a = arities_[l];
    const uint64_t first = index / a * a;
    PoseidonPathLevel level{uint32_t(index - first), {}};
    for (size_t j = 0; j < a; j++) {
      if (first + j != index) level.siblings.push_back(Node(l, first + j));
    }
    proof.path.push_back(std::move(level));
    index /= a;
  }
  return proof;
}

} // namespace cuzk::filecoin
