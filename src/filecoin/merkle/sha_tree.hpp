// src/filecoin/merkle/sha_tree.hpp — tree_d: the binary trunc254 SHA-256 Merkle tree over 32-byte nodes
// (leaves are not hashed; spec/post-snap-poseidon.md §1.1), with inclusion proofs. Its root is
// comm_d (filecoin/core/comm_d.hpp computes the root alone, without keeping the levels).
#pragma once
#include "base/expected.hpp"
#include "hash/sha256.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

using hash::Digest32;

//! A leaf, its index and its siblings bottom-up: at level l the node is the right child when bit l
//! of the index is set.
struct ShaTreeProof {
  Digest32 leaf;
  uint64_t index;
  std::vector<Digest32> siblings;
};

class ShaTree {
public:
  //! leaves: 32·2^k bytes (kBadLength otherwise). Each level is hashed in parallel.
  static Expected<ShaTree> Build(std::span<const uint8_t> leaves);

  const Digest32 &Root() const { return root_; }
  uint64_t LeafCount() const { return leaf_count_; }
  size_t Height() const { return height_; }
  //! kInvalidArgument when index ≥ LeafCount().
  Expected<ShaTreeProof> Prove(uint64_t index) const;

private:
  std::vector<uint8_t> nodes_; //!< every level, leaves first, 32 bytes a node
  uint64_t leaf_count_ = 0;
  size_t height_ = 0;
  Digest32 root_{};
};

//! The root a proof leads to (the index bits pick left/right at each level).
Digest32 ShaTreeProofRoot(const ShaTreeProof &proof);
//! True when the proof leads to root and its index fits in its number of levels.
bool VerifyShaTreeProof(const ShaTreeProof &proof, const Digest32 &root);

} // namespace cuzk::filecoin
