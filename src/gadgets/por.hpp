// src/gadgets/por.hpp — Merkle inclusion (proof of retrievability) in a circuit:
// rust-fil-proofs storage-proofs-core gadgets/por.rs (spec/porep.md §3.3,
// spec/post-snap-poseidon.md §3.3 and §4.5).
//
// A path is a list of levels, bottom-up: the base tree's levels, then the sub-tree level and the
// top-tree level when the tree has them (Filecoin's compound shapes, spec/post-snap-poseidon.md
// §1.2). Each level carries its own arity, so every shape — binary SHA tree_d, 8-ary tree_r,
// 8-8 and 8-8-2 compound trees, test shapes with arity 2 or 4 — is just a list of arities; this
// layer cannot see src/filecoin's TreeShape, whose TreeLevelArities gives that list.
//
// Per level: log2(arity) index bits (AllocatedBit, LSB first), the arity − 1 siblings
// (AllocatedNum, no constraint), insert (2 / 8 / 22), and the node hash: Poseidon (MerkleTree tag,
// 311 / 377 / 505 for arity 2 / 4 / 8) or the SHA-256 trunc254 node (45,379 for arity 2).
#pragma once
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::gadgets {

enum class MerkleHasher : uint8_t {
  kPoseidon, //!< filecoin-hashers PoseidonHasher: tree_r, tree_c and every kPoseidon test shape
  kSha256,   //!< filecoin-hashers Sha256Hasher: tree_d (comm_d, binary)
};

//! storage-proofs-core variables.rs Root: an existing number (Var) or a value the gadget
//! allocates itself (Val), with no constraint on it.
class PorRoot {
public:
  static PorRoot Var(const AllocatedNum &num) { return PorRoot(num, true); }
  static PorRoot Val(const Fr &value) { return PorRoot(AllocatedNum(Variable(), value), false); }

  //! the existing number, or a new aux variable ("num") holding the value
  AllocatedNum Allocated(ConstraintSystem &cs) const { return is_var_ ? num_ : AllocatedNum::Alloc(cs, num_.Value()); }

private:
  PorRoot(const AllocatedNum &num, bool is_var) : num_(num), is_var_(is_var) {}
  AllocatedNum num_;
  bool is_var_;
};

//! One level of an inclusion path (spec/post-snap-poseidon.md §1.2).
struct PorPathLevel {
  size_t arity = 0;
  uint32_t index = 0;       //!< the current node's position among the arity children
  std::vector<Fr> siblings; //!< the arity − 1 other children, in order
};

//! A path of the given arities (bottom-up) with zero values: the blank circuit of parameter
//! generation (AuthPath::blank). Counts do not depend on values.
std::vector<PorPathLevel> BlankPorPath(std::span<const size_t> arities);

//! The hash of one tree node over its children, in-circuit (hash_multi_leaf_circuit).
//! Poseidon: the legacy neptune circuit with the MerkleTree tag for children.size().
//! Sha256: each child's 255 bits (to_bits_le) padded with a constant false and reversed within
//! bytes — its 32-byte little-endian repr in SHA order — then SHA-256 with padding, the digest
//! re-reversed within bytes, and its first 254 bits packed (the trunc254 node of
//! spec/post-snap-poseidon.md §1.1): 45,379 constraints for tree_d's two children. Filecoin only
//! uses two; more are accepted as upstream does (its SHA-256 U4/U8 test trees).
//! Throws r1cs::SynthesisError for a child count the hasher does not take.
AllocatedNum MerkleNodeHashCircuit(ConstraintSystem &cs, MerkleHasher hasher, std::span<const AllocatedNum> children);

//! Throws the r1cs::SynthesisError PorCircuit throws for this path before it allocates anything (an
//! arity that is not a power of two or that the hasher does not take, a sibling count ≠ arity − 1,
//! an index ≥ arity); returns for a path it takes.
void CheckPorPath(MerkleHasher hasher, std::span<const PorPathLevel> path);

//! PorCircuit one level at a time, so that the node hashes of independent paths can be computed
//! together (gadgets/por_witness.hpp): the constructor checks the path and allocates the leaf value;
//! while !Done(), Prepare allocates the next level's index bits and siblings, inserts the current
//! node and returns the row, whose hash the caller allocates and passes to Hashed; Finish adds the
//! path input, the root and its equality. The same allocations and constraints as PorCircuit, in
//! the same order, but without the per-level namespaces (PorCircuit opens them around the calls).
class PorClimb {
public:
  //! Throws r1cs::SynthesisError as PorCircuit does for a path it refuses.
  PorClimb(ConstraintSystem &cs, MerkleHasher hasher, const PorRoot &value, std::span<const PorPathLevel> path);

  bool Done() const { return level_ == path_.size(); }
  std::vector<AllocatedNum> Prepare();
  void Hashed(const AllocatedNum &node);
  //! returns the computed root
  AllocatedNum Finish(const PorRoot &root, bool private_root);

private:
  ConstraintSystem &cs_;
  std::span<const PorPathLevel> path_;
  size_t level_ = 0;
  AllocatedNum cur_;
  std::vector<Boolean> path_bits_;
};

//! PoRCircuit::synthesize: the leaf `value`, then each level (index bits, siblings, insert,
//! hash), then one public input packing all index bits (the leaf index), the root (allocated if
//! a value), computed_root·1 = root, and — unless private_root — the root inputized.
//! Returns the computed root. Throws r1cs::SynthesisError for an arity that is not a power of two
//! or that the hasher does not take, a sibling count ≠ arity − 1 or an index ≥ arity.
AllocatedNum PorCircuit(ConstraintSystem &cs, MerkleHasher hasher, const PorRoot &value,
                        std::span<const PorPathLevel> path, const PorRoot &root, bool private_root);

//! por_no_challenge_input (SnapDeals): the index bits are the caller's (LSB first, log2(arity) per
//! level, all consumed), the siblings are already allocated (path_values[l].size() == arity − 1);
//! per level insert and hash, then computed_root·1 = root. No input is added.
void PorNoChallengeInput(ConstraintSystem &cs, MerkleHasher hasher, std::span<const AllocatedBit> challenge_bits,
                         const AllocatedNum &leaf, std::span<const std::vector<AllocatedNum>> path_values,
                         const AllocatedNum &root);

} // namespace cuzk::gadgets
