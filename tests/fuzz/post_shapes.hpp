// tests/fuzz/post_shapes.hpp — the four PoSt configurations the post target decodes against, one
// per Merkle proof kind and type, small enough that seeds come from real trees (tests/fuzz/seeds.cpp).
#pragma once
#include "filecoin/core/post_config.hpp"
#include "filecoin/core/tree_shape.hpp"

namespace cuzk::fuzz {

//! 0: WindowPoSt 2KiB V1_2, 1: WinningPoSt 2KiB, 2: a 16KiB WindowPoSt (8-8-0, Sub), 3: a 32KiB
//! WindowPoSt (8-8-2, Top); the shapes of tests/filecoin/post_test_sectors.hpp's PoStTestSizeConfig.
inline filecoin::PoStConfig PoStShape(unsigned index) {
  using filecoin::RegisteredPoStProof;
  if (index == 1) return filecoin::PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  filecoin::PoStConfig c = filecoin::PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  if (index == 2) {
    c.sector_size = 16 << 10;
    c.tree_shape = {8, 8, 0};
  } else if (index == 3) {
    c.sector_size = 32 << 10;
    c.tree_shape = {8, 8, 2};
  }
  return c;
}

} // namespace cuzk::fuzz
