// src/filecoin/merkle/merkle_proof_ops.cpp — the Poseidon path is recomputed level by level with the
// MerkleTree tag of the level's arity; Filecoin's Poseidon hasher ignores the level height.
#include "filecoin/merkle/merkle_proof_ops.hpp"

#include "hash/poseidon.hpp"
#include "hash/sha256.hpp"

#include <bit>
#include <string>

namespace cuzk::filecoin {

namespace {

const char *KindName(MerkleProofKind k) {
  switch (k) {
  case MerkleProofKind::kSingle:
    return "Single";
  case MerkleProofKind::kSub:
    return "Sub";
  case MerkleProofKind::kTop:
    return "Top";
  }
  return "?";
}

size_t ExtraLevels(MerkleProofKind k) { return k == MerkleProofKind::kTop ? 2 : k == MerkleProofKind::kSub ? 1 : 0; }

PathElement ToElement(const PoseidonPathLevel &level) {
  PathElement e;
  e.index = level.index;
  for (const ff::Fr &s : level.siblings) e.hashes.push_back(hash::FrToBytesLE(s));
  return e;
}

} // namespace

size_t MerkleProofShape::BaseLevels() const { return arities.size() - ExtraLevels(kind); }

size_t MerkleProofShape::BincodeSize() const {
  size_t size = 4 + 32 + 32 + 8 * (1 + ExtraLevels(kind)); // tag, root, leaf, one Vec length per path
  for (size_t a : arities) size += 8 + 32 * (a - 1) + 8;   // hashes length, hashes, index
  return size;
}

Expected<MerkleProofShape> PoseidonProofShape(const TreeShape &shape, uint64_t leaves) {
  auto arities = TreeLevelArities(shape, leaves);
  if (!arities) return arities.GetError();
  MerkleProofShape s;
  s.kind = shape.top ? MerkleProofKind::kTop : shape.sub ? MerkleProofKind::kSub : MerkleProofKind::kSingle;
  s.arities = std::move(arities).Value();
  return s;
}

Expected<MerkleProofShape> ShaProofShape(uint64_t leaves) {
  if (leaves < 2 || !std::has_single_bit(leaves))
    return InvalidArgument("tree_d of " + std::to_string(leaves) + " leaves: not a power of two ≥ 2");
  MerkleProofShape s;
  s.arities.assign(std::countr_zero(leaves), 2);
  return s;
}

MerkleProof ToMerkleProof(const PoseidonTreeProof &proof, const ff::Fr &root, MerkleProofKind kind) {
  MerkleProof m;
  m.kind = kind;
  m.root = hash::FrToBytesLE(root);
  m.leaf = hash::FrToBytesLE(proof.leaf);
  const size_t extra = ExtraLevels(kind);
  const size_t base = proof.path.size() >= extra ? proof.path.size() - extra : 0;
  for (size_t l = 0; l < proof.path.size(); l++) {
    PathElement e = ToElement(proof.path[l]);
    if (l < base)
      m.base.push_back(std::move(e));
    else if (l == base)
      m.sub.push_back(std::move(e));
    else
      m.top.push_back(std::move(e));
  }
  return m;
}

MerkleProof ToMerkleProof(const ShaTreeProof &proof, const Digest32 &root) {
  MerkleProof m;
  m.root = root;
  m.leaf = proof.leaf;
  for (size_t l = 0; l < proof.siblings.size(); l++) m.base.push_back({{proof.siblings[l]}, (proof.index >> l) & 1});
  return m;
}

Status CheckMerkleProofShape(const MerkleProof &proof, const MerkleProofShape &shape) {
  if (proof.kind != shape.kind)
    return InvalidArgument(std::string("merkle proof is ") + KindName(proof.kind) + ", expected " +
                           KindName(shape.kind));
  const size_t extra = ExtraLevels(shape.kind);
  if (proof.sub.size() != (extra >= 1 ? 1u : 0u) || proof.top.size() != (extra == 2 ? 1u : 0u))
    return InvalidArgument("merkle proof: sub/top paths must hold exactly one level each for its kind");
  if (proof.base.size() != shape.BaseLevels())
    return InvalidArgument("merkle proof: " + std::to_string(proof.base.size()) + " base levels, expected " +
                           std::to_string(shape.BaseLevels()));
  for (size_t l = 0; l < shape.arities.size(); l++) {
    const PathElement &e = proof.Level(l);
    const size_t a = shape.arities[l];
    if (e.hashes.size() != a - 1)
      return InvalidArgument("merkle proof level " + std::to_string(l) + ": " + std::to_string(e.hashes.size()) +
                             " sibling hashes, arity " + std::to_string(a) + " needs " + std::to_string(a - 1));
    if (e.index >= a)
      return InvalidArgument("merkle proof level " + std::to_string(l) + ": index " + std::to_string(e.index) +
                             " ≥ arity " + std::to_string(a));
  }
  return Status::Ok();
}

uint64_t MerkleProofPathIndex(const MerkleProof &proof) {
  uint64_t index = 0, scale = 1;
  for (size_t l = 0; l < proof.LevelCount(); l++) {
    const PathElement &e = proof.Level(l);
    index += e.index * scale;
    scale *= e.hashes.size() + 1;
  }
  return index;
}

Expected<ff::Fr> PoseidonMerkleProofRoot(const MerkleProof &proof) {
  PoseidonTreeProof p;
  auto leaf = hash::FrFromBytesLE(proof.leaf);
  if (!leaf) return MakeError(leaf.Code(), "merkle proof leaf: " + leaf.ErrorMessage());
  p.leaf = *leaf;
  for (size_t l = 0; l < proof.LevelCount(); l++) {
    const PathElement &e = proof.Level(l);
    if (e.index > UINT32_MAX) return InvalidArgument("merkle proof level " + std::to_string(l) + ": index too large");
    PoseidonPathLevel level{uint32_t(e.index), {}};
    for (const Domain32 &h : e.hashes) {
      auto x = hash::FrFromBytesLE(h);
      if (!x) return MakeError(x.Code(), "merkle proof level " + std::to_string(l) + ": " + x.ErrorMessage());
      level.siblings.push_back(*x);
    }
    p.path.push_back(std::move(level));
  }
  return PoseidonTreeProofRoot(p);
}

Expected<Domain32> ShaMerkleProofRoot(const MerkleProof &proof) {
  Domain32 cur = proof.leaf;
  for (size_t l = 0; l < proof.LevelCount(); l++) {
    const PathElement &e = proof.Level(l);
    if (e.hashes.size() != 1 || e.index > 1)
      return InvalidArgument("tree_d proof level " + std::to_string(l) + ": needs one sibling and index 0 or 1");
    cur = e.index ? hash::Sha256Node(e.hashes[0], cur) : hash::Sha256Node(cur, e.hashes[0]);
  }
  return cur;
}

Status VerifyPoseidonMerkleProof(const MerkleProof &proof) {
  auto root = PoseidonMerkleProofRoot(proof);
  if (!root) return root.GetError();
  if (hash::FrToBytesLE(*root) != proof.root) return InvalidArgument("merkle proof: path does not lead to its root");
  return Status::Ok();
}

Status VerifyShaMerkleProof(const MerkleProof &proof) {
  auto root = ShaMerkleProofRoot(proof);
  if (!root) return root.GetError();
  if (*root != proof.root) return InvalidArgument("tree_d proof: path does not lead to its root");
  return Status::Ok();
}

} // namespace cuzk::filecoin
