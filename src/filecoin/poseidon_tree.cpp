// src/filecoin/poseidon_tree.cpp — one vector per level; a level of arity a over n nodes is one
// PoseidonHashBatch call (the children of parent i are exactly nodes [a·i, a·(i+1))).
#include "filecoin/poseidon_tree.hpp"

#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

namespace {

bool SupportedArity(size_t a) { return a == 2 || a == 4 || a == 8 || a == 16; }

hash::Error BadArgument(std::string message) {
  return hash::MakeError(hash::ErrorCode::kBadArgument, std::move(message));
}

} // namespace

Result<std::vector<size_t>> TreeLevelArities(const TreeShape &shape, uint64_t leaves) {
  if (!SupportedArity(shape.base) || (shape.sub != 0 && !SupportedArity(shape.sub)) ||
      (shape.top != 0 && !SupportedArity(shape.top)))
    return BadArgument("tree shape " + std::to_string(shape.base) + "-" + std::to_string(shape.sub) + "-" +
                       std::to_string(shape.top) + ": arities must be 2, 4, 8 or 16 (0 for no sub/top level)");
  if (shape.top != 0 && shape.sub == 0) return BadArgument("tree shape: a top level needs a sub level");
  const uint64_t base_trees = (shape.sub ? shape.sub : 1) * (shape.top ? shape.top : 1);
  std::vector<size_t> arities;
  uint64_t per_base = leaves / base_trees;
  if (leaves == 0 || leaves % base_trees != 0)
    return BadArgument(std::to_string(leaves) + " leaves do not split into " + std::to_string(base_trees) +
                       " base trees");
  while (per_base > 1 && per_base % shape.base == 0) {
    arities.push_back(shape.base);
    per_base /= shape.base;
  }
  if (per_base != 1 || arities.empty())
    return BadArgument(std::to_string(leaves / base_trees) + " leaves per base tree is not a power (≥ 1) of " +
                       std::to_string(shape.base));
  if (shape.sub) arities.push_back(shape.sub);
  if (shape.top) arities.push_back(shape.top);
  return arities;
}

uint64_t PoseidonTreeProof::LeafIndex() const {
  uint64_t index = 0, scale = 1;
  for (const PoseidonPathLevel &l : path) {
    index += l.index * scale;
    scale *= l.siblings.size() + 1;
  }
  return index;
}

Result<PoseidonTree> PoseidonTree::Build(const TreeShape &shape, std::span<const Fr> leaves) {
  auto arities = TreeLevelArities(shape, leaves.size());
  if (!arities) return arities.error();
  PoseidonTree t;
  t.arities_ = std::move(arities).value();
  t.levels_.emplace_back(leaves.begin(), leaves.end());
  for (size_t a : t.arities_) {
    const std::vector<Fr> &children = t.levels_.back();
    std::vector<Fr> parents(children.size() / a);
    auto s = hash::PoseidonHashBatch(a, children, parents);
    if (!s) return s.error();
    t.levels_.push_back(std::move(parents));
  }
  return t;
}

Result<PoseidonTreeProof> PoseidonTree::Prove(uint64_t index) const {
  if (index >= LeafCount())
    return BadArgument("poseidon tree proof: leaf index " + std::to_string(index) + " out of range (" +
                       std::to_string(LeafCount()) + " leaves)");
  PoseidonTreeProof p{levels_[0][index], {}};
  for (size_t l = 0; l < arities_.size(); l++) {
    const size_t a = arities_[l];
    PoseidonPathLevel level{uint32_t(index % a), {}};
    const uint64_t first = index - index % a;
    for (uint64_t j = first; j < first + a; j++)
      if (j != index) level.siblings.push_back(levels_[l][j]);
    p.path.push_back(std::move(level));
    index /= a;
  }
  return p;
}

Result<Fr> PoseidonTreeProofRoot(const PoseidonTreeProof &proof) {
  Fr cur = proof.leaf;
  std::vector<Fr> preimage;
  for (size_t l = 0; l < proof.path.size(); l++) {
    const PoseidonPathLevel &level = proof.path[l];
    const size_t a = level.siblings.size() + 1;
    if (!SupportedArity(a))
      return hash::MakeError(hash::ErrorCode::kBadArity, "poseidon tree proof: level " + std::to_string(l) + " has " +
                                                             std::to_string(level.siblings.size()) + " siblings");
    if (level.index >= a)
      return BadArgument("poseidon tree proof: level " + std::to_string(l) + " index " + std::to_string(level.index) +
                         " ≥ arity " + std::to_string(a));
    preimage.assign(level.siblings.begin(), level.siblings.end());
    preimage.insert(preimage.begin() + level.index, cur); // the node goes back at its position
    auto h = hash::PoseidonHashMerkle(preimage);
    if (!h) return h.error();
    cur = *h;
  }
  return cur;
}

bool VerifyPoseidonTreeProof(const PoseidonTreeProof &proof, const Fr &root) {
  auto r = PoseidonTreeProofRoot(proof);
  return r.ok() && *r == root;
}

} // namespace cuzk::filecoin
