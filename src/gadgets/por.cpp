// src/gadgets/por.cpp — PoR Merkle inclusion, in upstream's allocation and constraint order.
#include "gadgets/por.hpp"

#include "gadgets/insertion.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/poseidon_circuit.hpp"
#include "gadgets/sha256.hpp"
#include "hash/poseidon_constants.hpp"

#include <bit>
#include <cassert>
#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i, const char *suffix = "") {
  return cs.WantsNames() ? prefix + std::to_string(i) + suffix : std::string();
}

void CheckArity(MerkleHasher hasher, size_t arity) {
  if (arity < 2 || !std::has_single_bit(arity))
    throw r1cs::SynthesisError("PoR: tree arity " + std::to_string(arity) + " is not a power of two ≥ 2");
  if (hasher == MerkleHasher::kPoseidon && !hash::IsPoseidonArity(arity))
    throw r1cs::SynthesisError("PoR: arity " + std::to_string(arity) + " has no Poseidon constants");
}

// The 32-byte little-endian repr of each child in SHA-256's bit order, hashed, back to LE bit
// order, truncated to 254 bits and packed (filecoin-hashers Sha256Function::hash_multi_leaf_circuit).
AllocatedNum Sha256NodeCircuit(ConstraintSystem &cs, std::span<const AllocatedNum> children) {
  std::vector<Boolean> preimage;
  preimage.reserve(256 * children.size());
  for (size_t i = 0; i < children.size(); i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "", i, "_num_into_bits"));
    const std::vector<Boolean> bytes_in_sha_order = ReverseBitNumbering(children[i].ToBitsLe(cs));
    preimage.insert(preimage.end(), bytes_in_sha_order.begin(), bytes_in_sha_order.end());
  }
  std::vector<Boolean> digest;
  {
    r1cs::Namespace ns(cs, "hash");
    digest = Sha256(cs, preimage);
  }
  std::vector<Boolean> le = ReverseBitNumbering(std::move(digest));
  le.resize(MULTIPACK_CHUNK_BITS); // trunc254: the top two bits of the LE integer are dropped
  r1cs::Namespace ns(cs, "pack_le");
  return PackBits(cs, le);
}

} // namespace

std::vector<PorPathLevel> BlankPorPath(std::span<const size_t> arities) {
  std::vector<PorPathLevel> path;
  for (size_t arity : arities)
    path.push_back(PorPathLevel{arity, 0, std::vector<Fr>(arity > 0 ? arity - 1 : 0, Fr::Zero())});
  return path;
}

AllocatedNum MerkleNodeHashCircuit(ConstraintSystem &cs, MerkleHasher hasher, std::span<const AllocatedNum> children) {
  if (hasher == MerkleHasher::kPoseidon) return PoseidonHashMerkleCircuit(cs, children);
  if (children.empty()) throw r1cs::SynthesisError("SHA-256 node hash of no children");
  return Sha256NodeCircuit(cs, children);
}

void CheckPorPath(MerkleHasher hasher, std::span<const PorPathLevel> path) {
  for (const PorPathLevel &level : path) {
    CheckArity(hasher, level.arity);
    if (level.siblings.size() + 1 != level.arity || level.index >= level.arity)
      throw r1cs::SynthesisError("PoR: a path level of arity " + std::to_string(level.arity) + " has " +
                                 std::to_string(level.siblings.size()) + " siblings and index " +
                                 std::to_string(level.index));
  }
}

PorClimb::PorClimb(ConstraintSystem &cs, MerkleHasher hasher, const PorRoot &value, std::span<const PorPathLevel> path)
    : cs_(cs), path_(path) {
  CheckPorPath(hasher, path);
  r1cs::Namespace ns(cs, "value");
  cur_ = value.Allocated(cs);
}

std::vector<AllocatedNum> PorClimb::Prepare() {
  assert(!Done());
  const PorPathLevel &level = path_[level_];
  const size_t bit_count = size_t(std::countr_zero(level.arity));
  std::vector<Boolean> bits;
  for (size_t i = 0; i < bit_count; i++) {
    r1cs::Namespace bit_ns(cs_, IndexedName(cs_, "index bit ", i));
    bits.push_back(AllocatedBit::Alloc(cs_, (level.index >> i) & 1));
  }
  path_bits_.insert(path_bits_.end(), bits.begin(), bits.end());
  std::vector<AllocatedNum> siblings;
  for (size_t i = 0; i < level.siblings.size(); i++) {
    r1cs::Namespace el_ns(cs_, IndexedName(cs_, "path element ", i));
    siblings.push_back(AllocatedNum::Alloc(cs_, level.siblings[i]));
  }
  return Insert(cs_, cur_, bits, siblings);
}

void PorClimb::Hashed(const AllocatedNum &node) {
  assert(!Done());
  cur_ = node;
  level_++;
}

AllocatedNum PorClimb::Finish(const PorRoot &root, bool private_root) {
  assert(Done());
  {
    r1cs::Namespace ns(cs_, "path");
    PackIntoInputs(cs_, path_bits_);
  }
  AllocatedNum rt;
  {
    r1cs::Namespace ns(cs_, "root_value");
    rt = root.Allocated(cs_);
  }
  cs_.Enforce(
      "enforce root is correct", [&](LinearCombination lc) { return std::move(lc.Add(cur_.Var())); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(rt.Var())); });
  if (!private_root) {
    r1cs::Namespace ns(cs_, "root");
    rt.Inputize(cs_);
  }
  return cur_;
}

AllocatedNum PorCircuit(ConstraintSystem &cs, MerkleHasher hasher, const PorRoot &value,
                        std::span<const PorPathLevel> path, const PorRoot &root, bool private_root) {
  PorClimb climb(cs, hasher, value, path);
  for (size_t l = 0; !climb.Done(); l++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "merkle tree hash ", l));
    const std::vector<AllocatedNum> row = climb.Prepare();
    r1cs::Namespace hash_ns(cs, "computation of commitment hash");
    climb.Hashed(MerkleNodeHashCircuit(cs, hasher, row));
  }
  return climb.Finish(root, private_root);
}

void PorNoChallengeInput(ConstraintSystem &cs, MerkleHasher hasher, std::span<const AllocatedBit> challenge_bits,
                         const AllocatedNum &leaf, std::span<const std::vector<AllocatedNum>> path_values,
                         const AllocatedNum &root) {
  size_t needed_bits = 0;
  for (const auto &siblings : path_values) {
    CheckArity(hasher, siblings.size() + 1);
    needed_bits += size_t(std::countr_zero(siblings.size() + 1));
  }
  if (needed_bits != challenge_bits.size())
    throw r1cs::SynthesisError("PoR: " + std::to_string(challenge_bits.size()) + " challenge bits for a path of " +
                               std::to_string(needed_bits) + " index bits");
  AllocatedNum cur = leaf;
  size_t next_bit = 0;
  for (size_t height = 0; height < path_values.size(); height++) {
    const std::vector<AllocatedNum> &siblings = path_values[height];
    const size_t bit_count = size_t(std::countr_zero(siblings.size() + 1));
    std::vector<Boolean> bits;
    for (size_t i = 0; i < bit_count; i++) bits.push_back(Boolean::Is(challenge_bits[next_bit++]));
    std::vector<AllocatedNum> row;
    {
      r1cs::Namespace ns(cs, IndexedName(cs, "merkle proof insert (height=", height, ")"));
      row = Insert(cs, cur, bits, siblings);
    }
    r1cs::Namespace ns(cs, IndexedName(cs, "merkle proof hash (height=", height, ")"));
    cur = MerkleNodeHashCircuit(cs, hasher, row);
  }
  cs.Enforce(
      "calculated root == provided root", [&](LinearCombination lc) { return std::move(lc.Add(cur.Var())); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(root.Var())); });
}

} // namespace cuzk::gadgets
