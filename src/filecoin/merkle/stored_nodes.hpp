// src/filecoin/merkle/stored_nodes.hpp — what the sparse and block Poseidon trees share. Both store
// only the nodes above their non-default leaves and know every other node by a rule (one default per
// level; one value per block), so building a level and proving a leaf are the same walk over a node
// lookup. Internal to filecoin/merkle.
#pragma once
#include "filecoin/merkle/poseidon_tree.hpp"
#include "hash/poseidon.hpp"

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace cuzk::filecoin {

//! One level up: the parents of `indices` (sorted, distinct nodes of one level), each hashed over its
//! `arity` children read through child(j), all in one PoseidonHashBatch. `indices` becomes the
//! parents' (again sorted and distinct), ready for the next level.
template <class ChildOf>
Expected<std::unordered_map<uint64_t, Fr>> HashStoredParents(size_t arity, std::vector<uint64_t> &indices,
                                                             const ChildOf &child) {
  std::vector<uint64_t> parents;
  for (uint64_t i : indices)
    if (parents.empty() || parents.back() != i / arity) parents.push_back(i / arity);
  std::vector<Fr> preimages(parents.size() * arity);
  for (size_t p = 0; p < parents.size(); p++)
    for (size_t j = 0; j < arity; j++) preimages[p * arity + j] = child(parents[p] * arity + j);
  std::vector<Fr> hashed(parents.size());
  if (auto s = hash::PoseidonHashBatch(arity, preimages, hashed); !s) return s.GetError();
  std::unordered_map<uint64_t, Fr> up;
  up.reserve(parents.size());
  for (size_t p = 0; p < parents.size(); p++) up.emplace(parents[p], hashed[p]);
  indices = std::move(parents);
  return up;
}

//! PoseidonTree::Prove's proof of leaf `index` (< the leaf count) in a tree of `arities`, bottom-up,
//! its nodes read through node(level, index).
template <class NodeOf>
PoseidonTreeProof ProveStoredLeaf(std::span<const size_t> arities, uint64_t index, const NodeOf &node) {
  PoseidonTreeProof proof;
  proof.leaf = node(0, index);
  for (size_t l = 0; l < arities.size(); l++) {
    const size_t a = arities[l];
    const uint64_t first = index / a * a;
    PoseidonPathLevel level{uint32_t(index - first), {}};
    for (size_t j = 0; j < a; j++)
      if (first + j != index) level.siblings.push_back(node(l, first + j));
    proof.path.push_back(std::move(level));
    index /= a;
  }
  return proof;
}

} // namespace cuzk::filecoin
