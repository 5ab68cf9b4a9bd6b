// src/filecoin/merkle/poseidon_tree.cpp — one vector per level; a level of arity a over n nodes is one
// PoseidonHashBatch call (the children of parent i are exactly nodes [a·i, a·(i+1))).
#include "filecoin/merkle/poseidon_tree.hpp"

#include "hash/poseidon.hpp"

#include <string>

namespace cuzk::filecoin {

namespace {

bool SupportedArity(size_t a) { return a == 2 || a == 4 || a == 8 || a == 16; }

} // namespace

uint64_t PoseidonTreeProof::LeafIndex() const {
  uint64_t index = 0, scale = 1;
  for (const PoseidonPathLevel &l : path) {
    index += l.index * scale;
    scale *= l.siblings.size() + 1;
  }
  return index;
}

Expected<PoseidonTree> PoseidonTree::Build(const TreeShape &shape, std::span<const Fr> leaves) {
  auto arities = TreeLevelArities(shape, leaves.size());
  if (!arities) return arities.GetError();
  PoseidonTree t;
  t.arities_ = std::move(arities).Value();
  t.levels_.emplace_back(leaves.begin(), leaves.end());
  for (size_t a : t.arities_) {
    const std::vector<Fr> &children = t.levels_.back();
    std::vector<Fr> parents(children.size() / a);
    auto s = hash::PoseidonHashBatch(a, children, parents);
    if (!s) return s.GetError();
    t.levels_.push_back(std::move(parents));
  }
  return t;
}

Expected<PoseidonTreeProof> PoseidonTree::Prove(uint64_t index) const {
  if (index >= LeafCount())
    return InvalidArgument("poseidon tree proof: leaf index " + std::to_string(index) + " out of range (" +
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

Expected<Fr> PoseidonTreeProofRoot(const PoseidonTreeProof &proof) {
  Fr cur = proof.leaf;
  std::vector<Fr> preimage;
  for (size_t l = 0; l < proof.path.size(); l++) {
    const PoseidonPathLevel &level = proof.path[l];
    const size_t a = level.siblings.size() + 1;
    if (!SupportedArity(a))
      return MakeError(ErrorCode::kBadArity, "poseidon tree proof: level " + std::to_string(l) + " has " +
                                                 std::to_string(level.siblings.size()) + " siblings");
    if (level.index >= a)
      return InvalidArgument("poseidon tree proof: level " + std::to_string(l) + " index " +
                             std::to_string(level.index) + " ≥ arity " + std::to_string(a));
    preimage.assign(level.siblings.begin(), level.siblings.end());
    preimage.insert(preimage.begin() + level.index, cur); // the node goes back at its position
    auto h = hash::PoseidonHashMerkle(preimage);
    if (!h) return h.GetError();
    cur = *h;
  }
  return cur;
}

bool VerifyPoseidonTreeProof(const PoseidonTreeProof &proof, const Fr &root) {
  auto r = PoseidonTreeProofRoot(proof);
  return r.HasValue() && *r == root;
}

} // namespace cuzk::filecoin
