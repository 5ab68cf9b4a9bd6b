// src/filecoin/merkle/merkle_proof_ops.hpp — building, checking and verifying the serde-shaped
// MerkleProof of filecoin/merkle/merkle_proof.hpp (Single / Sub / Top, spec/post-snap-poseidon.md
// §1.2, §3.5) for both hashers: Poseidon trees (tree_r_last, tree_c) and the binary SHA-256 tree_d.
//
// A proof read from the wire is first checked against the shape the tree must have (kind, number
// of levels, siblings per level, index < arity), so that verification never hashes a malformed
// level and errors say exactly what is wrong.
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/merkle/sha_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::filecoin {

//! What a proof of one tree must look like: its kind and each level's arity, bottom-up; the last
//! level is `sub_proof` for kSub, the last two are `sub_proof`, `top_proof` for kTop.
struct MerkleProofShape {
  MerkleProofKind kind = MerkleProofKind::kSingle;
  std::vector<size_t> arities;

  size_t BaseLevels() const;
  //! Σ over levels of (8 + 32·(arity−1) + 8) + the enum tag, Vec lengths, root and leaf: the
  //! bincode size of every proof of this shape (2,484 bytes for 32GiB tree_r_last).
  size_t BincodeSize() const;
};

//! tree_r_last / tree_c of `leaves` leaves with shape (base, sub, top); errors as TreeLevelArities.
Expected<MerkleProofShape> PoseidonProofShape(const TreeShape &shape, uint64_t leaves);
//! tree_d: binary, kSingle, log2(leaves) levels. kInvalidArgument unless leaves is a power of two ≥ 2.
Expected<MerkleProofShape> ShaProofShape(uint64_t leaves);

//! The serde proof of a Poseidon tree proof (levels split into base/sub/top by `shape`'s kind).
MerkleProof ToMerkleProof(const PoseidonTreeProof &proof, const ff::Fr &root, MerkleProofKind kind);
//! The serde proof of a tree_d proof: one sibling per level, index = the index bit.
MerkleProof ToMerkleProof(const ShaTreeProof &proof, const Digest32 &root);

//! kInvalidArgument naming the first difference between proof and shape (kind, level count, number of
//! hashes at a level, index ≥ arity).
Status CheckMerkleProofShape(const MerkleProof &proof, const MerkleProofShape &shape);

//! path_index: Σ index_l · Π_{j<l} arity_j over base, sub, top levels (arity = hashes + 1).
uint64_t MerkleProofPathIndex(const MerkleProof &proof);

//! The root a Poseidon proof's path leads to from its leaf. kNonCanonical for an element ≥ r,
//! kBadArity / kInvalidArgument for a malformed level (check the shape first for clearer messages).
Expected<ff::Fr> PoseidonMerkleProofRoot(const MerkleProof &proof);
//! The root a SHA-256 (tree_d) proof's path leads to: trunc254(SHA256(left ‖ right)) per level.
//! kInvalidArgument for a level without exactly one sibling or with index > 1.
Expected<Domain32> ShaMerkleProofRoot(const MerkleProof &proof);

//! `verify()`: the path leads from leaf to the proof's own root. Ok or an error saying why not.
Status VerifyPoseidonMerkleProof(const MerkleProof &proof);
Status VerifyShaMerkleProof(const MerkleProof &proof);

} // namespace cuzk::filecoin
