// src/filecoin/testing/virtual_sector.cpp — VirtualSectorC1: challenges, labels of the challenged nodes,
// sparse tree_c / tree_r_last, then the vanilla proofs exactly as porep_prove writes them.
#include "filecoin/testing/virtual_sector.hpp"

#include "filecoin/core/comm_d.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/porep/labels.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "filecoin/porep/sdr_graph.hpp"
#include "filecoin/testing/seal.hpp"
#include "hash/poseidon.hpp"
#include "hash/sha256.hpp"

#include <array>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace cuzk::filecoin {
namespace {

Error InvalidArgument(const std::string &what) {
  return MakeError(ErrorCode::kInvalidArgument, "virtual sector: " + what);
}

//! Labels of the challenged nodes (computed) and of every other node (free).
class VirtualLabels {
public:
  VirtualLabels(const SdrGraph &graph, const Digest32 &replica_id, size_t layers, uint64_t label_seed,
                const std::set<uint64_t> &challenged)
      : layers_(layers), label_seed_(label_seed) {
    for (uint64_t c : challenged) computed_[c].resize(layers);
    // Layer by layer, nodes ascending: a DRG parent (< c, same layer) or an expander parent
    // (previous layer) that is challenged too is computed before it is needed.
    for (size_t layer = 1; layer <= layers; layer++) {
      for (uint64_t c : challenged)
        computed_[c][layer - 1] = ComputeLabel(replica_id, uint32_t(layer), c, Parents(graph, c, layer));
    }
  }

  const Digest32 &Label(uint64_t node, size_t layer) const {
    auto it = computed_.find(node);
    if (it != computed_.end()) return it->second[layer - 1];
    auto [free, inserted] = free_.try_emplace({node, layer});
    if (inserted) free->second = FreeLabel(node, layer);
    return free->second;
  }

  //! The 37 labels node c of `layer` hashes (DRG parents in `layer`, expander parents in
  //! `layer` − 1, the 6 or 14 repeated in order; spec §2.5).
  std::array<Digest32, LABEL_PARENTS> Parents(const SdrGraph &graph, uint64_t c, size_t layer) const {
    std::array<uint32_t, GRAPH_PARENTS> row{};
    graph.Parents(c, row);
    const size_t n = layer == 1 ? DRG_PARENTS : GRAPH_PARENTS;
    std::array<Digest32, LABEL_PARENTS> out;
    for (size_t j = 0; j < LABEL_PARENTS; j++) {
      const size_t p = j % n;
      out[j] = Label(row[p], p < DRG_PARENTS ? layer : layer - 1);
    }
    return out;
  }

  std::vector<Digest32> Column(uint64_t node) const {
    std::vector<Digest32> rows;
    for (size_t layer = 1; layer <= layers_; layer++) rows.push_back(Label(node, layer));
    return rows;
  }

private:
  //! trunc254(SHA256(tag ‖ label_seed ‖ node ‖ layer)): canonical, and unrelated to the graph.
  Digest32 FreeLabel(uint64_t node, size_t layer) const {
    static constexpr char TAG[] = "cuzk virtual sector free label";
    std::vector<uint8_t> in(TAG, TAG + sizeof(TAG) - 1);
    for (uint64_t v : {label_seed_, node, uint64_t(layer)}) {
      for (int i = 0; i < 8; i++) in.push_back(uint8_t(v >> (8 * i)));
    }
    return hash::Sha256Trunc254(in);
  }

  size_t layers_;
  uint64_t label_seed_;
  std::unordered_map<uint64_t, std::vector<Digest32>> computed_;
  mutable std::map<std::pair<uint64_t, size_t>, Digest32> free_; //!< memo: one node may be opened many times
};

Expected<Fr> ToFr(const Digest32 &bytes) { return hash::FrFromBytesLE(bytes); }

} // namespace

Expected<SealCommitPhase1Output> VirtualSectorC1(const PorepConfig &config, const VirtualSectorInputs &inputs) {
  if (!config.proof) return InvalidArgument("a test configuration has no registered proof name for the C1");
  if (config.feature != PorepFeature::kNone)
    return InvalidArgument(std::string(GetSealProofInfo(*config.proof).name) +
                           " is not supported: its challenges are derived from comm_r, which here depends on the "
                           "challenged nodes (only they hold real columns), so no sparse sector passes verification; "
                           "the interactive proof of the size has the same circuit and parameters");
  if (inputs.seed == Digest32{}) return InvalidArgument("the seed must not be zero");
  if (!std::has_single_bit(config.nodes)) return InvalidArgument("nodes must be a power of two");
  const size_t depth = size_t(std::countr_zero(config.nodes));

  // tree_d: the zero tree
  std::vector<Digest32> zeros;
  for (size_t l = 0; l <= depth; l++) zeros.push_back(*ZeroCommitment(l));
  const Digest32 comm_d = zeros[depth];
  const Digest32 replica_id = ReplicaId(inputs.prover_id, inputs.sector_id, inputs.ticket, comm_d, config.porep_id);

  auto graph = SdrGraph::Create(config.nodes, config.porep_id, config.api_version);
  if (!graph) return graph.GetError();
  std::vector<std::vector<uint64_t>> challenges;
  std::set<uint64_t> challenged;
  for (size_t k = 0; k < config.partitions; k++) {
    challenges.push_back(PorepChallenges(config, replica_id, inputs.seed, Digest32{}, k));
    challenged.insert(challenges.back().begin(), challenges.back().end());
  }
  const VirtualLabels labels(*graph, replica_id, config.layers, inputs.label_seed, challenged);

  // tree_c: the columns of the challenged nodes and their parents; tree_r_last: the replica nodes
  // label_L + data = label_L of the challenged nodes (the data is zero)
  std::map<uint64_t, Fr> column_hashes, replica_nodes;
  for (uint64_t c : challenged) {
    std::array<uint32_t, GRAPH_PARENTS> row{};
    graph->Parents(c, row);
    std::vector<uint64_t> opened = {c};
    opened.insert(opened.end(), row.begin(), row.end());
    for (uint64_t v : opened) {
      if (column_hashes.count(v)) continue;
      std::vector<Fr> column;
      for (const Digest32 &label : labels.Column(v)) column.push_back(*ToFr(label));
      auto h = hash::PoseidonHashMerkle(column);
      if (!h) return h.GetError();
      column_hashes.emplace(v, *h);
    }
    replica_nodes.emplace(c, EncodeNode(Fr::Zero(), *ToFr(labels.Label(c, config.layers))));
  }
  auto tree_c = SparsePoseidonTree::Build(config.shape, config.nodes, Fr::Zero(), column_hashes);
  if (!tree_c) return tree_c.GetError();
  auto tree_r = SparsePoseidonTree::Build(config.shape, config.nodes, Fr::Zero(), replica_nodes);
  if (!tree_r) return tree_r.GetError();
  const Digest32 comm_c = hash::FrToBytesLE(tree_c->Root());
  const Digest32 comm_r_last = hash::FrToBytesLE(tree_r->Root());
  auto comm_r = CommR(comm_c, comm_r_last);
  if (!comm_r) return comm_r.GetError();
  auto rc_shape = PoseidonProofShape(config.shape, config.nodes);
  if (!rc_shape) return rc_shape.GetError();
  const MerkleProofKind kind = rc_shape->kind;

  auto column_proof = [&](uint64_t v) {
    ColumnProof cp;
    cp.column.index = uint32_t(v);
    cp.column.rows = labels.Column(v);
    cp.inclusion_proof = ToMerkleProof(*tree_c->Prove(v), tree_c->Root(), kind);
    return cp;
  };
  auto challenge_proof = [&](uint64_t c) {
    PorepChallengeProof p;
    p.comm_d_proofs.root = comm_d;
    p.comm_d_proofs.leaf = zeros[0];
    for (size_t l = 0; l < depth; l++) p.comm_d_proofs.base.push_back({{zeros[l]}, (c >> l) & 1});
    p.comm_r_last_proof = ToMerkleProof(*tree_r->Prove(c), tree_r->Root(), kind);
    std::array<uint32_t, GRAPH_PARENTS> row{};
    graph->Parents(c, row);
    p.replica_column_proofs.c_x = column_proof(c);
    for (size_t j = 0; j < DRG_PARENTS; j++) p.replica_column_proofs.drg_parents.push_back(column_proof(row[j]));
    for (size_t j = DRG_PARENTS; j < GRAPH_PARENTS; j++)
      p.replica_column_proofs.exp_parents.push_back(column_proof(row[j]));
    for (size_t layer = 1; layer <= config.layers; layer++) {
      const auto parents = labels.Parents(*graph, c, layer);
      p.labeling_proofs.push_back({{parents.begin(), parents.end()}, uint32_t(layer), c});
    }
    p.encoding_proof = p.labeling_proofs.back();
    return p;
  };

  SealCommitPhase1Output c1;
  c1.registered_proof = std::string(GetSealProofInfo(*config.proof).name);
  // sequential: the free-label memo is not thread-safe, and this is milliseconds even for 64GiB
  for (const auto &partition : challenges) {
    auto &proofs = c1.vanilla_proofs.emplace_back();
    for (uint64_t c : partition) proofs.push_back(challenge_proof(c));
  }
  c1.comm_r = *comm_r;
  c1.comm_d = comm_d;
  c1.replica_id = replica_id;
  c1.seed = inputs.seed;
  c1.ticket = inputs.ticket;
  return c1;
}

} // namespace cuzk::filecoin
