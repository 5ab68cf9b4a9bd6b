// src/filecoin/core/porep_config.cpp — the constants of filecoin-proofs constants.rs and
// parameters.rs::select_challenges, as tabulated in spec/porep.md §1.
#include "filecoin/core/porep_config.hpp"

#include <string>

namespace cuzk::filecoin {

namespace {

//! Minimum challenge counts (constants.rs): interactive/synthetic and non-interactive.
constexpr size_t MIN_CHALLENGES_SMALL = 2;
constexpr size_t MIN_CHALLENGES_LARGE = 176;
constexpr size_t MIN_NI_CHALLENGES_SMALL = 26;
constexpr size_t MIN_NI_CHALLENGES_LARGE = 2253;
constexpr size_t PARTITIONS_SMALL = 1;
constexpr size_t PARTITIONS_LARGE = 10;

size_t CeilDiv(size_t a, size_t b) { return (a + b - 1) / b; }

} // namespace

Expected<TreeShape> TreeShapeForNodes(uint64_t nodes) {
  switch (nodes * NODE_SIZE) {
  case SECTOR_SIZE_2KIB:
  case SECTOR_SIZE_8MIB:
  case SECTOR_SIZE_512MIB:
    return TreeShape{8, 0, 0};
  case uint64_t(4) << 10:
  case uint64_t(16) << 20:
  case uint64_t(1) << 30:
    return TreeShape{8, 2, 0};
  case SECTOR_SIZE_32GIB:
    return TreeShape{8, 8, 0};
  case SECTOR_SIZE_64GIB:
    return TreeShape{8, 8, 2};
  default:
    return InvalidArgument("no filecoin-proofs tree shape for a sector of " + std::to_string(nodes) + " nodes");
  }
}

PorepConfig PorepConfigFor(RegisteredSealProof proof) {
  const SealProofInfo &info = GetSealProofInfo(proof);
  const bool large = info.sector_size >= SECTOR_SIZE_32GIB;
  PorepConfig c;
  c.proof = proof;
  c.sector_size = info.sector_size;
  c.nodes = info.sector_size / NODE_SIZE;
  c.layers = large ? 11 : 2;
  c.shape = TreeShapeForNodes(c.nodes).Value();
  c.porep_id = PorepIdOf(proof);
  c.api_version = info.api_version;
  c.feature = info.feature;
  // select_challenges: partitions are fixed; each gets ceil(min / partitions), at most 18.
  if (info.feature == PorepFeature::kNonInteractive) {
    const size_t min = large ? MIN_NI_CHALLENGES_LARGE : MIN_NI_CHALLENGES_SMALL;
    c.challenges_per_partition = large ? MAX_CHALLENGES_PER_PARTITION : MIN_CHALLENGES_SMALL;
    c.partitions = CeilDiv(min, c.challenges_per_partition);
  } else {
    const size_t min = large ? MIN_CHALLENGES_LARGE : MIN_CHALLENGES_SMALL;
    c.partitions = large ? PARTITIONS_LARGE : PARTITIONS_SMALL;
    c.challenges_per_partition = CeilDiv(min, c.partitions);
  }
  return c;
}

Expected<PorepConfig> TestPorepConfig(uint64_t nodes, size_t layers, const TreeShape &shape, const PorepId &porep_id,
                                      ApiVersion api_version, size_t partitions, size_t challenges_per_partition,
                                      PorepFeature feature) {
  if (nodes < 2) return InvalidArgument("a PoRep graph needs at least 2 nodes, got " + std::to_string(nodes));
  if (nodes > (uint64_t(1) << 32)) return InvalidArgument("parent indices are u32: at most 2^32 nodes");
  if (layers < 1) return InvalidArgument("a PoRep needs at least one layer");
  if (partitions < 1 || challenges_per_partition < 1) return InvalidArgument("partitions and challenges must be ≥ 1");
  auto arities = TreeLevelArities(shape, nodes);
  if (!arities) return arities.GetError();
  PorepConfig c;
  c.sector_size = nodes * NODE_SIZE;
  c.nodes = nodes;
  c.layers = layers;
  c.partitions = partitions;
  c.challenges_per_partition = challenges_per_partition;
  c.shape = shape;
  c.porep_id = porep_id;
  c.api_version = api_version;
  c.feature = feature;
  return c;
}

} // namespace cuzk::filecoin
