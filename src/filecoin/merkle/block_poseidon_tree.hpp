// src/filecoin/merkle/block_poseidon_tree.hpp — a Poseidon Merkle tree (filecoin/merkle/poseidon_tree.hpp
// shapes) whose leaves are constant on aligned blocks of 2^k leaves, but for a few: the tree_r_last
// of a virtual SnapDeals replica, key + data·rho, where rho changes every 2^(log2(nodes) − h) nodes.
//
// It generalises filecoin/merkle/sparse_poseidon_tree.hpp (one block), which c1 owns and which this file
// leaves as it is. A node inside one block over default leaves depends only on its level and its
// block; a node spanning several blocks is one of at most (blocks) per level. Both kinds are
// computed once per (level, block or node), so building costs (blocks + non-default leaves) ×
// levels hashes. Root and proofs equal PoseidonTree's over the full leaves.
#pragma once
#include "filecoin/merkle/poseidon_tree.hpp"

#include <cstdint>
#include <map>
#include <span>
#include <unordered_map>
#include <vector>

namespace cuzk::filecoin {

class BlockPoseidonTree {
public:
  //! `leaves` leaves of `shape`: leaf i is block_values[i / (leaves / blocks)] unless it is in
  //! `values`. kInvalidArgument unless block_values.size() is a power of two dividing leaves, or for an
  //! index ≥ leaves; shape errors as TreeLevelArities.
  static Expected<BlockPoseidonTree> Build(const TreeShape &shape, uint64_t leaves, std::span<const Fr> block_values,
                                           const std::map<uint64_t, Fr> &values);

  const Fr &Root() const { return root_; }
  uint64_t LeafCount() const { return leaf_count_; }
  //! The node of level `level` (0 = leaves) at `index`.
  const Fr &Node(size_t level, uint64_t index) const;
  //! Same proof as PoseidonTree::Prove on the full tree; kInvalidArgument when index ≥ LeafCount().
  Expected<PoseidonTreeProof> Prove(uint64_t index) const;

private:
  //! The node over default leaves only (whether or not a stored node replaces it).
  const Fr &Plain(size_t level, uint64_t index) const;

  std::vector<size_t> arities_;
  std::vector<uint64_t> spans_;                          //!< leaves under one node of each level
  std::vector<std::vector<Fr>> plain_;                   //!< per level: by block, or by node once a node spans blocks
  std::vector<std::unordered_map<uint64_t, Fr>> levels_; //!< the nodes above a non-default leaf
  uint64_t leaf_count_ = 0;
  uint64_t block_ = 0; //!< leaves per block
  Fr root_;
};

} // namespace cuzk::filecoin
