// src/filecoin/core/tree_shape.cpp — the per-level arities a tree shape gives a number of leaves.
#include "filecoin/core/tree_shape.hpp"

#include <string>

namespace cuzk::filecoin {
namespace {

bool SupportedArity(size_t a) { return a == 2 || a == 4 || a == 8 || a == 16; }

} // namespace

Expected<std::vector<size_t>> TreeLevelArities(const TreeShape &shape, uint64_t leaves) {
  if (!SupportedArity(shape.base) || (shape.sub != 0 && !SupportedArity(shape.sub)) ||
      (shape.top != 0 && !SupportedArity(shape.top)))
    return InvalidArgument("tree shape " + std::to_string(shape.base) + "-" + std::to_string(shape.sub) + "-" +
                           std::to_string(shape.top) + ": arities must be 2, 4, 8 or 16 (0 for no sub/top level)");
  if (shape.top != 0 && shape.sub == 0) return InvalidArgument("tree shape: a top level needs a sub level");
  const uint64_t base_trees = (shape.sub ? shape.sub : 1) * (shape.top ? shape.top : 1);
  std::vector<size_t> arities;
  uint64_t per_base = leaves / base_trees;
  if (leaves == 0 || leaves % base_trees != 0)
    return InvalidArgument(std::to_string(leaves) + " leaves do not split into " + std::to_string(base_trees) +
                           " base trees");
  while (per_base > 1 && per_base % shape.base == 0) {
    arities.push_back(shape.base);
    per_base /= shape.base;
  }
  if (per_base != 1 || arities.empty())
    return InvalidArgument(std::to_string(leaves / base_trees) + " leaves per base tree is not a power (≥ 1) of " +
                           std::to_string(shape.base));
  if (shape.sub) arities.push_back(shape.sub);
  if (shape.top) arities.push_back(shape.top);
  return arities;
}

} // namespace cuzk::filecoin
