// src/filecoin/labels.cpp — the hot loop of sealing. One 1,248-byte buffer per layer is reused:
// its 64-byte prefix changes only in the node field, and the 37 parent slots are refilled from
// the 14 (or 6) parent labels. Parent labels are scattered across up to 2 × (sector size), so the
// rows of a few nodes ahead are prefetched to overlap the cache misses with the hashing.
#include "filecoin/labels.hpp"

#include "hash/sha256.hpp"

#include <cstring>
#include <string>

namespace cuzk::filecoin {

namespace {

//! How many nodes ahead the parents' cache lines are requested: enough to cover a DRAM miss
//! (~100 ns) behind ~1 µs of hashing per node, small enough to stay in L1.
constexpr uint64_t PREFETCH_DISTANCE = 4;

void WritePrefix(uint8_t *buf, const Digest32 &replica_id, uint32_t layer, uint64_t node) {
  std::memcpy(buf, replica_id.data(), 32);
  for (int i = 0; i < 4; i++) buf[32 + i] = uint8_t(layer >> (24 - 8 * i));
  for (int i = 0; i < 8; i++) buf[36 + i] = uint8_t(node >> (56 - 8 * i));
  std::memset(buf + 44, 0, LABEL_PREFIX_BYTES - 44);
}

void SetNode(uint8_t *buf, uint64_t node) {
  for (int i = 0; i < 8; i++) buf[36 + i] = uint8_t(node >> (56 - 8 * i));
}

//! Parent slot i of the 37 takes base parent i mod (6 or 14): layer 1 cycles its 6 DRG parents
//! (6·6 + P0), later layers all 14 (14 + 14 + the first 9).
inline size_t BaseParentCount(size_t layer) { return layer == 1 ? DRG_PARENTS : GRAPH_PARENTS; }

//! Address of base parent j of a node whose parent row is `row`.
inline const uint8_t *ParentLabel(const Labels &labels, std::span<const uint32_t, GRAPH_PARENTS> row, size_t layer,
                                  size_t j) {
  return j < DRG_PARENTS ? labels.Label(layer, row[j]) : labels.Label(layer - 1, row[j]);
}

} // namespace

Digest32 Labels::LabelBytes(size_t layer, uint64_t node) const {
  Digest32 d;
  std::memcpy(d.data(), Label(layer, node), 32);
  return d;
}

ff::Fr Labels::LabelFr(size_t layer, uint64_t node) const {
  // labels are trunc254 digests, below 2^254 < r, so always canonical
  return *ff::Fr::FromBytesLE(Label(layer, node));
}

Digest32 ComputeLabel(const Digest32 &replica_id, uint32_t layer, uint64_t node, std::span<const Digest32> parents) {
  std::vector<uint8_t> buf(LABEL_PREFIX_BYTES + parents.size() * 32);
  WritePrefix(buf.data(), replica_id, layer, node);
  for (size_t i = 0; i < parents.size(); i++)
    std::memcpy(buf.data() + LABEL_PREFIX_BYTES + 32 * i, parents[i].data(), 32);
  return hash::Sha256Trunc254(buf);
}

std::array<Digest32, LABEL_PARENTS> LabelParents(const Labels &labels, std::span<const uint32_t, GRAPH_PARENTS> row,
                                                 size_t layer) {
  std::array<Digest32, LABEL_PARENTS> out;
  const size_t base = BaseParentCount(layer);
  for (size_t i = 0; i < LABEL_PARENTS; i++) std::memcpy(out[i].data(), ParentLabel(labels, row, layer, i % base), 32);
  return out;
}

Result<Labels> GenerateLabels(const ParentsCache &parents, const Digest32 &replica_id, size_t layers) {
  if (layers == 0) return hash::MakeError(hash::ErrorCode::kBadArgument, "labelling needs at least one layer");
  const uint64_t nodes = parents.Nodes();
  Labels labels(layers, nodes);
  std::array<uint8_t, LABEL_INPUT_BYTES> buf;
  for (size_t layer = 1; layer <= layers; layer++) {
    WritePrefix(buf.data(), replica_id, uint32_t(layer), 0);
    // node 0 has no parents: its label hashes the prefix alone (create_label single.rs)
    hash::Digest32 d = hash::Sha256Trunc254(std::span<const uint8_t>(buf.data(), LABEL_PREFIX_BYTES));
    std::memcpy(labels.Label(layer, 0), d.data(), 32);
    const size_t base = BaseParentCount(layer);
    uint8_t *slots = buf.data() + LABEL_PREFIX_BYTES;
    for (uint64_t v = 1; v < nodes; v++) {
      if (v + PREFETCH_DISTANCE < nodes) {
        const auto ahead = parents.Row(v + PREFETCH_DISTANCE);
        for (size_t j = 0; j < base; j++) __builtin_prefetch(ParentLabel(labels, ahead, layer, j));
      }
      SetNode(buf.data(), v);
      const auto row = parents.Row(v);
      for (size_t j = 0; j < base; j++) std::memcpy(slots + 32 * j, ParentLabel(labels, row, layer, j), 32);
      // the cycle repeats the first `base` slots; copy them forward in one pass
      for (size_t i = base; i < LABEL_PARENTS; i++) std::memcpy(slots + 32 * i, slots + 32 * (i % base), 32);
      d = hash::Sha256Trunc254(buf);
      std::memcpy(labels.Label(layer, v), d.data(), 32);
    }
  }
  return labels;
}

} // namespace cuzk::filecoin
