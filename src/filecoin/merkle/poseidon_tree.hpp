// src/filecoin/merkle/poseidon_tree.hpp — tree_r / tree_c: Poseidon Merkle trees with Filecoin's shapes
// (base arity, sub arity, top arity; spec/post-snap-poseidon.md §1.2), with inclusion proofs.
//
// A compound tree is the same thing as one tree whose levels have mixed arities: base tree b
// covers the contiguous leaves [b·B, (b+1)·B), the sub level hashes `sub` base roots in order and
// the top level hashes `top` sub roots. So the tree is stored as levels with arities
// [base, …, base, sub, top] (bottom-up, a zero arity left out), and a leaf index is the
// mixed-radix number of the per-level positions, low level first — Filecoin's path_index.
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/core/tree_shape.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::filecoin {

using ff::Fr;

//! One level of a path: the node's position among its `arity` siblings and the arity − 1 others,
//! in order, the node itself left out.
struct PoseidonPathLevel {
  uint32_t index;
  std::vector<Fr> siblings;
};

struct PoseidonTreeProof {
  Fr leaf;
  std::vector<PoseidonPathLevel> path; //!< bottom-up
  //! The leaf index the path encodes: Σ index_l · Π_{j<l} arity_j.
  uint64_t LeafIndex() const;
};

class PoseidonTree {
public:
  //! Builds every level in parallel (PoseidonHashBatch); errors as TreeLevelArities.
  static Expected<PoseidonTree> Build(const TreeShape &shape, std::span<const Fr> leaves);

  const Fr &Root() const { return levels_.back().front(); }
  uint64_t LeafCount() const { return levels_.front().size(); }
  const std::vector<size_t> &Arities() const { return arities_; }
  //! kInvalidArgument when index ≥ LeafCount().
  Expected<PoseidonTreeProof> Prove(uint64_t index) const;

private:
  std::vector<size_t> arities_;
  std::vector<std::vector<Fr>> levels_; //!< levels_[0] = leaves, levels_.back() = {root}
};

//! The root a proof leads to; kBadArity / kInvalidArgument for a path level whose arity is not
//! supported or whose index is ≥ its arity.
Expected<Fr> PoseidonTreeProofRoot(const PoseidonTreeProof &proof);
//! True when the proof is well formed and leads to root.
bool VerifyPoseidonTreeProof(const PoseidonTreeProof &proof, const Fr &root);

} // namespace cuzk::filecoin
