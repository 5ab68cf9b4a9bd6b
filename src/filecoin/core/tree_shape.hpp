// src/filecoin/core/tree_shape.hpp — the shape of a Filecoin Poseidon tree (base, sub, top arity;
// spec/post-snap-poseidon.md §1.2): what a sector size fixes and what the trees of
// filecoin/merkle are built to.
#pragma once
#include "base/expected.hpp"
#include "ff/bls12_381.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cuzk::filecoin {

using ff::Fr;

//! (base, sub, top): (8,0,0) up to 512MiB, (8,8,0) for 32GiB, (8,8,2) for 64GiB. Arities are
//! 2, 4, 8 or 16; sub = 0 means a single base tree, top ≠ 0 needs sub ≠ 0.
struct TreeShape {
  size_t base = 8;
  size_t sub = 0;
  size_t top = 0;
};

//! The arity of each level, bottom-up, for `leaves` leaves. kInvalidArgument for an unsupported
//! arity or a leaf count that is not (#base trees)·base^k with k ≥ 1.
Expected<std::vector<size_t>> TreeLevelArities(const TreeShape &shape, uint64_t leaves);

} // namespace cuzk::filecoin
