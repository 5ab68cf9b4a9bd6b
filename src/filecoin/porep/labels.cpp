// src/filecoin/porep/labels.cpp — the hot loop of sealing. Input buffers are reused: the 64-byte prefix
// changes only in the node field, and the 37 parent slots are refilled from the 14 (or 6) parent
// labels. Parent labels are scattered across up to 2 × (sector size), so their cache misses are
// either prefetched a few nodes ahead (kSingle) or taken by a gathering thread (kPipelined).
#include "filecoin/porep/labels.hpp"

#include "hash/sha256.hpp"

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

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

namespace {

void LabelLayerSingle(const ParentsCache &parents, Labels &labels, const Digest32 &replica_id, size_t layer) {
  std::array<uint8_t, LABEL_INPUT_BYTES> buf;
  WritePrefix(buf.data(), replica_id, uint32_t(layer), 0);
  const size_t base = BaseParentCount(layer);
  uint8_t *slots = buf.data() + LABEL_PREFIX_BYTES;
  const uint64_t nodes = parents.Nodes();
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
    const Digest32 d = hash::Sha256Trunc254(buf);
    std::memcpy(labels.Label(layer, v), d.data(), 32);
  }
}

//! Waits without burning a core the other tenants of a loaded machine need: a short spin, then
//! yields.
void Backoff(unsigned &spins) {
  if (++spins < 64) {
    __builtin_ia32_pause();
  } else {
    std::this_thread::yield();
  }
}

//! Copies base parent j into slot j and every later slot the cycle maps to it.
inline void FillCycled(uint8_t *slots, size_t base, size_t j, const uint8_t *label) {
  for (size_t i = j; i < LABEL_PARENTS; i += base) std::memcpy(slots + 32 * i, label, 32);
}

//! A DRG parent p of node v is gathered by the helper iff p + DEPTH ≤ v: the helper fills node v's
//! buffer only after the hasher has finished node v − DEPTH, so exactly those labels are final.
//! The rule needs no communication beyond the two progress counters.
inline bool HelperGathers(size_t j, uint32_t p, uint64_t v) {
  return j >= DRG_PARENTS || uint64_t(p) + LABEL_PIPELINE_DEPTH <= v;
}

void LabelLayerPipelined(const ParentsCache &parents, Labels &labels, const Digest32 &replica_id, size_t layer) {
  const uint64_t nodes = parents.Nodes();
  const size_t base = BaseParentCount(layer);
  std::vector<std::array<uint8_t, LABEL_INPUT_BYTES>> ring(LABEL_PIPELINE_DEPTH);
  for (auto &b : ring) WritePrefix(b.data(), replica_id, uint32_t(layer), 0);
  std::atomic<uint64_t> gathered{1}; // buffers of nodes < gathered are ready
  std::atomic<uint64_t> hashed{1};   // labels of nodes < hashed are written
  std::thread helper([&] {
    unsigned spins = 0;
    for (uint64_t v = 1; v < nodes; v++) {
      // node v reuses the buffer of v − DEPTH, which must be hashed first
      while (v >= hashed.load(std::memory_order_acquire) + LABEL_PIPELINE_DEPTH) Backoff(spins);
      spins = 0;
      uint8_t *buf = ring[v % LABEL_PIPELINE_DEPTH].data();
      SetNode(buf, v);
      const auto row = parents.Row(v);
      for (size_t j = 0; j < base; j++)
        if (HelperGathers(j, row[j], v))
          FillCycled(buf + LABEL_PREFIX_BYTES, base, j, ParentLabel(labels, row, layer, j));
      gathered.store(v + 1, std::memory_order_release);
    }
  });
  unsigned spins = 0;
  for (uint64_t v = 1; v < nodes; v++) {
    while (v >= gathered.load(std::memory_order_acquire)) Backoff(spins);
    spins = 0;
    uint8_t *buf = ring[v % LABEL_PIPELINE_DEPTH].data();
    const auto row = parents.Row(v);
    for (size_t j = 0; j < base; j++)
      if (!HelperGathers(j, row[j], v))
        FillCycled(buf + LABEL_PREFIX_BYTES, base, j, ParentLabel(labels, row, layer, j));
    const Digest32 d = hash::Sha256Trunc254(std::span<const uint8_t>(buf, LABEL_INPUT_BYTES));
    std::memcpy(labels.Label(layer, v), d.data(), 32);
    hashed.store(v + 1, std::memory_order_release);
  }
  helper.join();
}

} // namespace

Expected<Labels> GenerateLabels(const ParentsCache &parents, const Digest32 &replica_id, size_t layers,
                                LabelThreading threading) {
  if (layers == 0) return MakeError(ErrorCode::kInvalidArgument, "labelling needs at least one layer");
  Labels labels(layers, parents.Nodes());
  for (size_t layer = 1; layer <= layers; layer++) {
    // node 0 has no parents: its label hashes the prefix alone (create_label single.rs)
    uint8_t prefix[LABEL_PREFIX_BYTES];
    WritePrefix(prefix, replica_id, uint32_t(layer), 0);
    const Digest32 d = hash::Sha256Trunc254(prefix);
    std::memcpy(labels.Label(layer, 0), d.data(), 32);
    if (threading == LabelThreading::kPipelined)
      LabelLayerPipelined(parents, labels, replica_id, layer);
    else
      LabelLayerSingle(parents, labels, replica_id, layer);
  }
  return labels;
}

} // namespace cuzk::filecoin
