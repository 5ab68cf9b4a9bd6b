// src/filecoin/merkle/merkle_proof.hpp — a Merkle inclusion proof as the vanilla proofs of PoRep,
// PoSt and SnapDeals carry it (storage-proofs-core `MerkleProof`, spec/porep.md §5): bytes, not
// field elements, so that a parser can hold and then reject a non-canonical 32-byte value.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::filecoin {

//! A hasher domain element as serde writes it (`[u8;32]`): the Fr LE repr for Poseidon, the
//! trimmed digest (top two bits clear) for SHA-256 (spec/post-snap-poseidon.md §1.1).
using Domain32 = std::array<uint8_t, 32>;

//! One level of a Merkle path (`PathElement`): the arity − 1 siblings in order with the node itself
//! left out, and the node's position among the arity children.
struct PathElement {
  std::vector<Domain32> hashes;
  uint64_t index = 0;

  bool operator==(const PathElement &) const = default;
};

//! Which `ProofData` variant a proof is: a single tree (tree_d, and tree_c/tree_r up to 512MiB),
//! base trees under one sub level (32GiB), or under sub and top levels (64GiB).
enum class MerkleProofKind : uint8_t { kSingle, kSub, kTop };

//! `MerkleProof { data: Single | Sub | Top }`. For kSingle the whole path is in `base` (serde's
//! `path`); kSub adds `sub` (`sub_proof`, one level); kTop adds `top` (`top_proof`, one level).
struct MerkleProof {
  MerkleProofKind kind = MerkleProofKind::kSingle;
  Domain32 root{};
  Domain32 leaf{};
  std::vector<PathElement> base;
  std::vector<PathElement> sub; //!< empty for kSingle
  std::vector<PathElement> top; //!< empty unless kTop

  //! Levels bottom-up: base, then sub, then top.
  size_t LevelCount() const { return base.size() + sub.size() + top.size(); }
  const PathElement &Level(size_t i) const {
    if (i < base.size()) return base[i];
    i -= base.size();
    return i < sub.size() ? sub[i] : top[i - sub.size()];
  }

  bool operator==(const MerkleProof &) const = default;
};

} // namespace cuzk::filecoin
