// src/filecoin/testing/seal.cpp — the steps run one after another, each parallel inside (TBB): tree_d and
// the parents cache are independent, but replica_id needs comm_d and labelling needs replica_id;
// tree_c needs every layer; tree_r_last needs the last one. Column hashes are formed in chunks so
// the node-major copy of the labels never exists whole (it would double the labels' memory).
#include "filecoin/testing/seal.hpp"

#include "filecoin/core/fr32.hpp"
#include "filecoin/core/replica_id.hpp"
#include "hash/poseidon.hpp"

#include <tbb/parallel_for.h>

#include <chrono>
#include <string>
#include <vector>

namespace cuzk::filecoin {

namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

//! Nodes per column-hash batch: large enough to keep both cores busy, small enough (a few MiB of
//! preimages) to stay out of the way of the labels.
constexpr uint64_t COLUMN_CHUNK = uint64_t(1) << 14;

Expected<PoseidonTree> BuildTreeC(const PorepConfig &config, const Labels &labels) {
  const size_t layers = config.layers;
  auto constants = hash::GetPoseidonConstants(layers);
  if (!constants) return constants.GetError();
  std::vector<ff::Fr> leaves(config.nodes);
  std::vector<ff::Fr> preimages;
  for (uint64_t start = 0; start < config.nodes; start += COLUMN_CHUNK) {
    const uint64_t n = std::min(COLUMN_CHUNK, config.nodes - start);
    preimages.resize(n * layers);
    tbb::parallel_for(uint64_t(0), n, [&](uint64_t i) {
      for (size_t l = 0; l < layers; l++) preimages[i * layers + l] = labels.LabelFr(l + 1, start + i);
    });
    auto s = hash::PoseidonHashBatch(layers, preimages, std::span<ff::Fr>(leaves.data() + start, n));
    if (!s) return s.GetError();
  }
  return PoseidonTree::Build(config.shape, leaves);
}

Expected<PoseidonTree> BuildTreeRLast(const PorepConfig &config, const Labels &labels,
                                      std::span<const uint8_t> padded_data) {
  std::vector<ff::Fr> replica(config.nodes);
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, config.nodes, 4096), [&](const tbb::blocked_range<uint64_t> &r) {
    for (uint64_t v = r.begin(); v != r.end(); v++) {
      // fr32 nodes are below 2^254 < r (checked by SealSector), so this is canonical
      const ff::Fr data = *ff::Fr::FromBytesLE(padded_data.data() + v * NODE_SIZE);
      replica[v] = EncodeNode(data, labels.LabelFr(config.layers, v));
    }
  });
  return PoseidonTree::Build(config.shape, replica);
}

} // namespace

ff::Fr EncodeNode(const ff::Fr &data, const ff::Fr &key) { return data + key; }

Expected<ff::Fr> ColumnHash(std::span<const ff::Fr> column) { return hash::PoseidonHashMerkle(column); }

Expected<Digest32> CommR(const Digest32 &comm_c, const Digest32 &comm_r_last) {
  auto c = hash::FrFromBytesLE(comm_c);
  if (!c) return c.GetError();
  auto r = hash::FrFromBytesLE(comm_r_last);
  if (!r) return r.GetError();
  const ff::Fr pair[2] = {*c, *r};
  auto h = hash::PoseidonHashMerkle(pair);
  if (!h) return h.GetError();
  return hash::FrToBytesLE(*h);
}

namespace {

Status CheckSealInput(const PorepConfig &config, std::span<const uint8_t> padded_data) {
  if (padded_data.size() != config.sector_size)
    return MakeError(ErrorCode::kBadLength, "seal: " + std::to_string(padded_data.size()) +
                                                " bytes of data for a sector of " + std::to_string(config.sector_size));
  for (uint64_t v = 0; v < config.nodes; v++)
    if (padded_data[v * NODE_SIZE + 31] & 0xc0)
      return MakeError(ErrorCode::kNonCanonical,
                       "seal: data node " + std::to_string(v) + " has a top bit set (not fr32-padded)");
  if (!hash::IsPoseidonArity(config.layers))
    return MakeError(ErrorCode::kBadArity,
                     "seal: no Poseidon column hash for " + std::to_string(config.layers) + " layers");
  return Status::Ok();
}

//! tree_d, comm_d and replica_id: everything before labelling.
Expected<SealedSector> StartSeal(const PorepConfig &config, std::span<const uint8_t> padded_data,
                                 const SealInputs &inputs) {
  SealedSector s;
  s.config = config;
  s.inputs = inputs;
  const auto t0 = Clock::now();
  auto tree_d = ShaTree::Build(padded_data);
  if (!tree_d) return tree_d.GetError();
  s.tree_d = std::move(tree_d).Value();
  s.comm_d = s.tree_d.Root();
  s.replica_id = ReplicaId(inputs.prover_id, inputs.sector_id, inputs.ticket, s.comm_d, config.porep_id);
  s.timings.tree_d_ms = MsSince(t0);
  return s;
}

//! tree_c, the encoding, tree_r_last and comm_r: everything after labelling.
Status FinishSeal(SealedSector &s, std::span<const uint8_t> padded_data) {
  auto t0 = Clock::now();
  auto tree_c = BuildTreeC(s.config, s.labels);
  if (!tree_c) return tree_c.GetError();
  s.tree_c = std::move(tree_c).Value();
  s.comm_c = hash::FrToBytesLE(s.tree_c.Root());
  s.timings.tree_c_ms = MsSince(t0);

  t0 = Clock::now();
  auto tree_r = BuildTreeRLast(s.config, s.labels, padded_data);
  if (!tree_r) return tree_r.GetError();
  s.tree_r_last = std::move(tree_r).Value();
  s.comm_r_last = hash::FrToBytesLE(s.tree_r_last.Root());
  s.timings.tree_r_last_ms = MsSince(t0);

  auto comm_r = CommR(s.comm_c, s.comm_r_last);
  if (!comm_r) return comm_r.GetError();
  s.comm_r = *comm_r;
  return Status::Ok();
}

} // namespace

Expected<SealedSector> SealSector(const PorepConfig &config, const ParentsCache &parents,
                                  std::span<const uint8_t> padded_data, const SealInputs &inputs) {
  if (auto st = CheckSealInput(config, padded_data); !st) return st.GetError();
  if (parents.Nodes() != config.nodes)
    return MakeError(ErrorCode::kInvalidArgument, "seal: parents cache of " + std::to_string(parents.Nodes()) +
                                                      " nodes for a sector of " + std::to_string(config.nodes));
  auto started = StartSeal(config, padded_data, inputs);
  if (!started) return started.GetError();
  SealedSector &s = started.Value();
  const auto t0 = Clock::now();
  auto labels = GenerateLabels(parents, s.replica_id, config.layers);
  if (!labels) return labels.GetError();
  s.labels = std::move(labels).Value();
  s.timings.labels_ms = MsSince(t0);
  if (auto st = FinishSeal(s, padded_data); !st) return st.GetError();
  return std::move(s);
}

Expected<SealedSector> SealFromLabels(const PorepConfig &config, std::span<const uint8_t> padded_data,
                                      const SealInputs &inputs, Labels labels) {
  if (auto st = CheckSealInput(config, padded_data); !st) return st.GetError();
  if (labels.Layers() != config.layers || labels.Nodes() != config.nodes)
    return MakeError(ErrorCode::kInvalidArgument, "seal: labels of " + std::to_string(labels.Layers()) + " layers × " +
                                                      std::to_string(labels.Nodes()) +
                                                      " nodes for a configuration of " + std::to_string(config.layers) +
                                                      " × " + std::to_string(config.nodes));
  auto started = StartSeal(config, padded_data, inputs);
  if (!started) return started.GetError();
  SealedSector &s = started.Value();
  s.labels = std::move(labels);
  if (auto st = FinishSeal(s, padded_data); !st) return st.GetError();
  return std::move(s);
}

Expected<SealedSector> SealUnpadded(const PorepConfig &config, std::span<const uint8_t> unpadded,
                                    const SealInputs &inputs) {
  if (unpadded.size() > Fr32UnpaddedCapacity(config.sector_size))
    return MakeError(ErrorCode::kBadLength, "seal: " + std::to_string(unpadded.size()) +
                                                " bytes do not fit a sector of " + std::to_string(config.sector_size) +
                                                " padded bytes");
  std::vector<uint8_t> padded(config.sector_size, 0);
  auto s = Fr32PadInto(unpadded, std::span<uint8_t>(padded.data(), Fr32PaddedSize(unpadded.size())));
  if (!s) return s.GetError();
  auto graph = SdrGraph::Create(config.nodes, config.porep_id, config.api_version);
  if (!graph) return graph.GetError();
  return SealSector(config, ParentsCache::Build(*graph), padded, inputs);
}

} // namespace cuzk::filecoin
