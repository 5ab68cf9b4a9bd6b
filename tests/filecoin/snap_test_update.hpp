// tests/filecoin/snap_test_update.hpp — a sealed-like sector (post_test_sectors.hpp) updated with
// seeded fr32-shaped data (each node's top two bits clear), for the SnapDeals tests.
#pragma once
#include "filecoin/snap/snap_vanilla.hpp"

#include "post_test_sectors.hpp"

#include <random>
#include <vector>

namespace cuzk::test {

inline std::vector<uint8_t> Fr32Data(uint64_t nodes, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> data(nodes * 32);
  for (auto &b : data) b = uint8_t(rng());
  for (uint64_t i = 0; i < nodes; i++) data[32 * i + 31] &= 0x3f;
  return data;
}

struct TestUpdate {
  filecoin::SnapConfig config;
  TestSector sector;
  std::vector<uint8_t> data;
  filecoin::SnapUpdate update;
};

inline TestUpdate MakeTestUpdate(uint64_t nodes, uint64_t seed) {
  auto config = filecoin::SnapConfigForNodes(nodes).Value();
  TestSector sector = MakeTestSector(9, nodes, config.tree_r_shape, seed);
  auto data = Fr32Data(nodes, seed + 1000);
  auto update = filecoin::SnapUpdateSector(config, sector.replica, *sector.tree, sector.comm_c, data).Value();
  return {config, std::move(sector), std::move(data), std::move(update)};
}

} // namespace cuzk::test
