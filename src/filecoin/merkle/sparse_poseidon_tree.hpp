// src/filecoin/merkle/sparse_poseidon_tree.hpp — a Poseidon Merkle tree with Filecoin's shapes
// (filecoin/merkle/poseidon_tree.hpp) in which all but a few leaves hold one default value.
//
// A subtree whose leaves are all default has a root that depends only on its height, so those
// roots are computed once per level; only the nodes above a non-default leaf are stored. Root and
// proofs equal those of the full tree with the default written into every other leaf, at a cost
// of (non-default leaves × levels) hashes: a 32GiB tree_c (2^30 leaves) with a few thousand real
// leaves builds in well under a second. This is what lets filecoin/testing/virtual_sector.hpp make a C1
// for a 32GiB or 64GiB sector without 32GiB of data.
#pragma once
#include "filecoin/merkle/poseidon_tree.hpp"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace cuzk::filecoin {

class SparsePoseidonTree {
public:
  //! `leaves` leaves of `shape` (errors as TreeLevelArities), every one `default_leaf` except
  //! those in `values` (kInvalidArgument for an index ≥ leaves). Each level hashes in parallel.
  static Expected<SparsePoseidonTree> Build(const TreeShape &shape, uint64_t leaves, const Fr &default_leaf,
                                            const std::map<uint64_t, Fr> &values);

  const Fr &Root() const { return root_; }
  uint64_t LeafCount() const { return leaf_count_; }
  //! The value of a node of level `level` (0 = leaves): stored, or that level's default.
  const Fr &Node(size_t level, uint64_t index) const;
  //! Same proof as PoseidonTree::Prove on the full tree; kInvalidArgument when index ≥ LeafCount().
  Expected<PoseidonTreeProof> Prove(uint64_t index) const;

private:
  std::vector<size_t> arities_;
  std::vector<Fr> defaults_;                             //!< defaults_[l]: a node of level l over default leaves
  std::vector<std::unordered_map<uint64_t, Fr>> levels_; //!< the nodes above a non-default leaf
  uint64_t leaf_count_ = 0;
  Fr root_;
};

} // namespace cuzk::filecoin
