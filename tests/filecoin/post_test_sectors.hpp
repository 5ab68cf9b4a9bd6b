// tests/filecoin/post_test_sectors.hpp — "sealed" sectors for the PoSt and SnapDeals tests: a
// replica is a vector of Fr nodes and tree_r_last the Poseidon tree over it, which is exactly
// what sealing leaves behind; seeded so that every run sees the same sectors. Also the test sector
// sizes that give the small tests the production tree shapes.
#pragma once
#include "filecoin/core/post_config.hpp"
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
  s.tree = std::make_unique<filecoin::PoseidonTree>(filecoin::PoseidonTree::Build(shape, s.replica).Value());
  s.comm_c = ff::Fr::Random(rng);
  return s;
}

//! A WindowPoSt 2KiB configuration of another sector size, for tree shapes the registered small
//! sizes lack: 16KiB is 8-8-0 (shaped like 32GiB), 32KiB 8-8-2 (like 64GiB); other sizes take their
//! registered shape.
inline filecoin::PoStConfig PoStTestSizeConfig(uint64_t sector_size) {
  filecoin::PoStConfig c = filecoin::PoStConfigFor(filecoin::RegisteredPoStProof::kWindow2KiBV1_2);
  c.sector_size = sector_size;
  c.tree_shape = sector_size == (16 << 10)   ? filecoin::TreeShape{8, 8, 0}
                 : sector_size == (32 << 10) ? filecoin::TreeShape{8, 8, 2}
                                             : filecoin::TreeShapeForNodes(sector_size / 32).Value();
  return c;
}

} // namespace cuzk::test
