// src/filecoin/merkle/block_poseidon_tree.cpp — BlockPoseidonTree: the per-block default nodes level by
// level, then the stored nodes above the non-default leaves, each level in one PoseidonHashBatch.
#include "filecoin/merkle/block_poseidon_tree.hpp"

#include "filecoin/merkle/stored_nodes.hpp"
#include "hash/poseidon.hpp"

#include <bit>
#include <string>

namespace cuzk::filecoin {
namespace {} // namespace

Expected<BlockPoseidonTree> BlockPoseidonTree::Build(const TreeShape &shape, uint64_t leaves,
                                                     std::span<const Fr> block_values,
                                                     const std::map<uint64_t, Fr> &values) {
  auto arities = TreeLevelArities(shape, leaves);
  if (!arities) return arities.GetError();
  const uint64_t blocks = block_values.size();
  if (blocks == 0 || !std::has_single_bit(blocks) || leaves % blocks != 0)
    return InvalidArgument("block tree: " + std::to_string(blocks) + " blocks do not divide " + std::to_string(leaves) +
                           " leaves");
  if (!values.empty() && values.rbegin()->first >= leaves)
    return InvalidArgument("block tree: leaf " + std::to_string(values.rbegin()->first) + " ≥ " +
                           std::to_string(leaves) + " leaves");
  BlockPoseidonTree t;
  t.arities_ = std::move(arities).Value();
  t.leaf_count_ = leaves;
  t.block_ = leaves / blocks;
  t.spans_.push_back(1);
  t.plain_.emplace_back(block_values.begin(), block_values.end());
  for (size_t l = 0; l < t.arities_.size(); l++) {
    const size_t a = t.arities_[l];
    const uint64_t span = t.spans_[l] * a;
    // Within a block, one node per block stands for all; past that, every node of the level.
    const uint64_t count = span <= t.block_ ? blocks : leaves / span;
    const uint64_t stride = span <= t.block_ ? t.block_ / span : 1; // nodes of this level per entry
    std::vector<Fr> preimages(count * a);
    for (uint64_t e = 0; e < count; e++)
      for (size_t j = 0; j < a; j++) preimages[e * a + j] = t.Plain(l, e * stride * a + j);
    std::vector<Fr> hashed(count);
    if (auto s = hash::PoseidonHashBatch(a, preimages, hashed); !s) return s.GetError();
    t.spans_.push_back(span);
    t.plain_.push_back(std::move(hashed));
  }

  t.levels_.emplace_back(values.begin(), values.end());
  std::vector<uint64_t> indices;
  for (const auto &[i, v] : values) indices.push_back(i); // sorted: std::map
  for (size_t l = 0; l < t.arities_.size(); l++) {
    auto up = HashStoredParents(t.arities_[l], indices, [&](uint64_t j) -> const Fr & { return t.Node(l, j); });
    if (!up) return up.GetError();
    t.levels_.push_back(std::move(up).Value());
  }
  t.root_ = t.Node(t.arities_.size(), 0);
  return t;
}

const Fr &BlockPoseidonTree::Plain(size_t level, uint64_t index) const {
  const uint64_t span = spans_[level];
  return plain_[level][span <= block_ ? index * span / block_ : index];
}

const Fr &BlockPoseidonTree::Node(size_t level, uint64_t index) const {
  if (level < levels_.size()) {
    const auto &stored = levels_[level];
    if (auto it = stored.find(index); it != stored.end()) return it->second;
  }
  return Plain(level, index);
}

Expected<PoseidonTreeProof> BlockPoseidonTree::Prove(uint64_t index) const {
  if (index >= leaf_count_)
    return InvalidArgument("block tree: leaf " + std::to_string(index) + " ≥ " + std::to_string(leaf_count_));
  return ProveStoredLeaf(arities_, index, [this](size_t l, uint64_t i) -> const Fr & { return Node(l, i); });
}

} // namespace cuzk::filecoin
