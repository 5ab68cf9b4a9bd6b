// src/filecoin/merkle/sparse_sha_tree.hpp — tree_d (filecoin/merkle/sha_tree.hpp: binary, trunc254 SHA-256)
// over a sector in which all but a few leaves hold one default value; the SHA-256 counterpart of
// filecoin/merkle/sparse_poseidon_tree.hpp, kept separate because the two trees share no code but the
// idea: a subtree of default leaves has a root that depends only on its height (the zero
// commitments when the default is zero), so only the nodes above a non-default leaf are stored.
// Root and proofs equal those of ShaTree over the full data, at (non-default leaves × height)
// hashes: what filecoin/testing/virtual_snap.hpp needs for a 32GiB tree_d.
#pragma once
#include "filecoin/merkle/sha_tree.hpp"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <vector>

namespace cuzk::filecoin {

class SparseShaTree {
public:
  //! `leaves` (a power of two ≥ 2) leaves, every one `default_leaf` except those in `values`.
  //! kInvalidArgument for another leaf count or an index ≥ leaves.
  static Expected<SparseShaTree> Build(uint64_t leaves, const Digest32 &default_leaf,
                                       const std::map<uint64_t, Digest32> &values);

  const Digest32 &Root() const { return root_; }
  uint64_t LeafCount() const { return leaf_count_; }
  size_t Height() const { return defaults_.size() - 1; }
  //! The node of level `level` (0 = leaves): stored, or that level's default.
  const Digest32 &Node(size_t level, uint64_t index) const;
  //! Same proof as ShaTree::Prove on the full tree; kInvalidArgument when index ≥ LeafCount().
  Expected<ShaTreeProof> Prove(uint64_t index) const;

private:
  std::vector<Digest32> defaults_;                             //!< defaults_[l]: a node of level l over default leaves
  std::vector<std::unordered_map<uint64_t, Digest32>> levels_; //!< the nodes above a non-default leaf
  uint64_t leaf_count_ = 0;
  Digest32 root_{};
};

} // namespace cuzk::filecoin
