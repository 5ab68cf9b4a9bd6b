// src/filecoin/core/snap_config.cpp — the size rules of storage-proofs-update constants.rs (spec §4.1).
#include "filecoin/core/snap_config.hpp"

#include "base/hex.hpp"
#include "hash/sha256.hpp"

#include <bit>

namespace cuzk::filecoin {

namespace {

constexpr uint64_t KIB_NODES = 1024 / 32;

struct SizeRow {
  uint64_t nodes;
  TreeShape shape;
};

// validate_tree_r_shape: the allowed sizes and tree_r's shape for each.
constexpr SizeRow SIZES[] = {
    {1 * KIB_NODES, {8, 4, 0}},     {2 * KIB_NODES, {8, 0, 0}},     {4 * KIB_NODES, {8, 2, 0}},
    {8 * KIB_NODES, {8, 4, 0}},     {16 * KIB_NODES, {8, 8, 0}},    {32 * KIB_NODES, {8, 8, 2}},
    {uint64_t(1) << 18, {8, 0, 0}}, {uint64_t(1) << 19, {8, 2, 0}}, {uint64_t(1) << 24, {8, 0, 0}},
    {uint64_t(1) << 30, {8, 8, 0}}, {uint64_t(1) << 31, {8, 8, 2}},
};

} // namespace

Expected<RegisteredUpdateProof> RegisteredUpdateProofFromId(uint64_t id) {
  if (id > 4)
    return MakeError(ErrorCode::kInvalidArgument,
                     "registered update proof " + std::to_string(id) + " is unknown (valid: 0-4)");
  return static_cast<RegisteredUpdateProof>(id);
}

std::string_view UpdateProofName(RegisteredUpdateProof p) {
  static constexpr std::string_view NAMES[] = {"StackedDrg2KiBV1", "StackedDrg8MiBV1", "StackedDrg512MiBV1",
                                               "StackedDrg32GiBV1", "StackedDrg64GiBV1"};
  return NAMES[static_cast<size_t>(p)];
}

uint64_t UpdateSectorSize(RegisteredUpdateProof p) {
  static constexpr uint64_t SIZES_BYTES[] = {uint64_t(2) << 10, uint64_t(8) << 20, uint64_t(512) << 20,
                                             uint64_t(32) << 30, uint64_t(64) << 30};
  return SIZES_BYTES[static_cast<size_t>(p)];
}

size_t SnapConfig::ChallengeBitLen() const { return std::countr_zero(sector_nodes); }
size_t SnapConfig::PartitionBitLen() const { return std::countr_zero(partition_count); }
size_t SnapConfig::ApexLeafBitLen() const { return std::countr_zero(apex_leaf_count); }

size_t SnapConfig::DigestsPerPartition() const {
  return (challenge_count + ChallengesPerDigest() - 1) / ChallengesPerDigest();
}

uint64_t SnapConfig::HSelect() const {
  for (size_t i = 0; i < hs.size(); i++)
    if (hs[i] == h) return uint64_t(1) << i;
  return 0; // unreachable for configs made by SnapConfigForNodes
}

std::string SnapConfig::Identifier() const {
  return "empty_sector_update::PublicParams{ sector_nodes: " + std::to_string(sector_nodes) + " }";
}

std::string SnapConfig::ParameterCacheId() const {
  const std::string id = Identifier();
  return "v28-empty-sector-update-merkletree-poseidon_hasher-" + std::to_string(tree_r_shape.base) + "-" +
         std::to_string(tree_r_shape.sub) + "-" + std::to_string(tree_r_shape.top) + "-" +
         base::Hex(hash::Sha256({reinterpret_cast<const uint8_t *>(id.data()), id.size()}));
}

Expected<SnapConfig> SnapConfigForNodes(uint64_t sector_nodes) {
  for (const SizeRow &row : SIZES) {
    if (row.nodes != sector_nodes) continue;
    SnapConfig c;
    c.sector_nodes = sector_nodes;
    c.partition_count = sector_nodes <= 8 * KIB_NODES    ? 1
                        : sector_nodes <= 32 * KIB_NODES ? 2
                        : sector_nodes <= (1u << 19)     ? 4
                                                         : 16;
    c.challenge_count = sector_nodes <= (1u << 19) ? 10 : 86;
    c.apex_leaf_count = sector_nodes <= 8 * KIB_NODES ? 8 : 128;
    if (sector_nodes <= 32 * KIB_NODES)
      c.hs = {1, 1, 1, 1, 1, 1};
    else
      c.hs = {7, 8, 9, 10, 11, 12};
    c.h = c.hs[3];
    c.tree_r_shape = row.shape;
    return c;
  }
  return MakeError(ErrorCode::kInvalidArgument,
                   "SnapDeals: " + std::to_string(sector_nodes) + " nodes is not an allowed sector size");
}

SnapConfig SnapConfigFor(RegisteredUpdateProof p) { return SnapConfigForNodes(UpdateSectorSize(p) / 32).Value(); }

} // namespace cuzk::filecoin
