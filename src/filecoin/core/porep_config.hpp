// src/filecoin/core/porep_config.hpp — the per-sector-size PoRep parameters (spec/porep.md §1): nodes,
// layers, partitions, challenges per partition and the tree_c / tree_r_last shape, for the
// registered proofs and for the small test configurations upstream's tests use.
#pragma once
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/core/tree_shape.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace cuzk::filecoin {

inline constexpr size_t NODE_SIZE = 32;
//! storage-proofs-porep MAX_CHALLENGES_PER_PARTITION
inline constexpr size_t MAX_CHALLENGES_PER_PARTITION = 18;

struct PorepConfig {
  std::optional<RegisteredSealProof> proof; //!< unset for test configurations
  uint64_t sector_size = 0;                 //!< bytes = NODE_SIZE · nodes
  uint64_t nodes = 0;
  size_t layers = 0;
  size_t partitions = 0;
  size_t challenges_per_partition = 0;
  TreeShape shape;
  PorepId porep_id{};
  ApiVersion api_version = ApiVersion::kV1_1_0;
  PorepFeature feature = PorepFeature::kNone;

  size_t TotalChallenges() const { return partitions * challenges_per_partition; }
};

//! The production parameters of a registered proof (filecoin-proofs constants.rs/parameters.rs).
PorepConfig PorepConfigFor(RegisteredSealProof proof);

//! The tree_c / tree_r_last shape filecoin-proofs uses for a sector of `nodes` nodes: 8-0-0 for
//! 2KiB/8MiB/512MiB, 8-2-0 for 4KiB/16MiB/1GiB, 8-8-0 for 32GiB, 8-8-2 for 64GiB. kInvalidArgument for
//! other sizes.
Expected<TreeShape> TreeShapeForNodes(uint64_t nodes);

//! A test configuration, as upstream's tests build them (e.g. stacked_circuit.rs: 8·base-tree
//! nodes, 2 layers, 1 challenge). kInvalidArgument when nodes < 2 or the shape does not fit nodes.
Expected<PorepConfig> TestPorepConfig(uint64_t nodes, size_t layers, const TreeShape &shape, const PorepId &porep_id,
                                      ApiVersion api_version, size_t partitions = 1,
                                      size_t challenges_per_partition = 1, PorepFeature feature = PorepFeature::kNone);

} // namespace cuzk::filecoin
