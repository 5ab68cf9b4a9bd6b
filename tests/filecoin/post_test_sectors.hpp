// tests/filecoin/post_test_sectors.hpp — "sealed" sectors for the PoSt and SnapDeals tests: a
// replica is a vector of Fr nodes and tree_r_last the Poseidon tree over it, which is exactly
// what sealing leaves behind; seeded so that every run sees the same sectors.
#pragma once
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "hash/poseidon.hpp"

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

namespace cuzk::test {

struct TestSector {
  uint64_t id = 0;
  std::vector<ff::Fr> replica;
  std::unique_ptr<filecoin::PoseidonTree> tree;
  ff::Fr comm_c;

  filecoin::PoStReplica Replica() const { return {id, tree.get(), comm_c}; }
  filecoin::PoStPublicSector Public() const {
    return {id, hash::FrToBytesLE(filecoin::PoStCommR(comm_c, tree->Root()))};
  }
};

inline TestSector MakeTestSector(uint64_t id, uint64_t nodes, const filecoin::TreeShape &shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  TestSector s;
  s.id = id;
  for (uint64_t i = 0; i < nodes; i++) s.replica.push_back(ff::Fr::Random(rng));
  s.tree = std::make_unique<filecoin::PoseidonTree>(filecoin::PoseidonTree::Build(shape, s.replica).value());
  s.comm_c = ff::Fr::Random(rng);
  return s;
}

} // namespace cuzk::test
