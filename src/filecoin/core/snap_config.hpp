// src/filecoin/core/snap_config.hpp — SnapDeals (EmptySectorUpdate) parameters per sector size
// (spec/post-snap-poseidon.md §4.1, storage-proofs-update constants.rs): partitions, challenges per
// partition, apex leaves, the allowed h values, tree_r's shape, and the registered update proofs of
// the gRPC API (spec/cuzk-api.md §2.3: 0–4 = StackedDrg 2KiB … 64GiB V1).
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/tree_shape.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cuzk::filecoin {

enum class RegisteredUpdateProof : uint8_t {
  k2KiBV1 = 0,
  k8MiBV1 = 1,
  k512MiBV1 = 2,
  k32GiBV1 = 3,
  k64GiBV1 = 4,
};

//! kInvalidArgument (naming the valid range) for ids other than 0–4.
Expected<RegisteredUpdateProof> RegisteredUpdateProofFromId(uint64_t id);
//! "StackedDrg2KiBV1" … "StackedDrg64GiBV1".
std::string_view UpdateProofName(RegisteredUpdateProof p);
uint64_t UpdateSectorSize(RegisteredUpdateProof p);

struct SnapConfig {
  uint64_t sector_nodes = 0;
  size_t partition_count = 0;
  size_t challenge_count = 0; //!< per partition
  size_t apex_leaf_count = 0;
  std::array<size_t, 6> hs{}; //!< the h values the circuit can select
  size_t h = 0;               //!< hs[3], the one used (spec §4.1)
  TreeShape tree_r_shape;

  size_t ChallengeBitLen() const; //!< log2(sector_nodes), TreeD's height
  size_t PartitionBitLen() const; //!< log2(partition_count)
  size_t ApexLeafBitLen() const;  //!< log2(apex_leaf_count)
  //! Random bits per challenge (the partition index fills the top bits).
  size_t ChallengeRandomBits() const { return ChallengeBitLen() - PartitionBitLen(); }
  //! ⌊254 / random bits⌋: challenges drawn from one digest.
  size_t ChallengesPerDigest() const { return 254 / ChallengeRandomBits(); }
  size_t DigestsPerPartition() const;
  //! 1 << (position of h in hs).
  uint64_t HSelect() const;
  //! The first public input: k | h_select << log2(partitions).
  uint64_t KAndHSelect(size_t k) const { return k | (HSelect() << PartitionBitLen()); }
  //! TreeD row of the apex leaves: log2(nodes) − log2(partitions) − log2(apex leaves).
  size_t ApexLeafHeight() const { return ChallengeBitLen() - PartitionBitLen() - ApexLeafBitLen(); }

  //! "empty_sector_update::PublicParams{ sector_nodes: N }".
  std::string Identifier() const;
  //! "v28-empty-sector-update-merkletree-poseidon_hasher-B-S-T-<sha256(Identifier()) hex>".
  std::string ParameterCacheId() const;
};

//! The parameters for a sector of `sector_nodes` nodes: the published sizes and upstream's test
//! sizes (1, 2, 4, 8, 16, 32 KiB, 8 and 16 MiB, 512 MiB, 32 and 64 GiB); kInvalidArgument otherwise.
Expected<SnapConfig> SnapConfigForNodes(uint64_t sector_nodes);
SnapConfig SnapConfigFor(RegisteredUpdateProof p);

} // namespace cuzk::filecoin
