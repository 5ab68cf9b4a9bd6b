// src/filecoin/porep/porep_vanilla_verify.cpp — VerifyChallengeProof and VerifyC1: vanilla verification
// of a C1, every path hashed and every label recomputed from the parent columns.
#include "filecoin/porep/porep_vanilla_verify.hpp"

#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/porep/labels.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "hash/poseidon.hpp"

#include <tbb/parallel_for.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::filecoin {
namespace {

Error Fail(const std::string &where, const std::string &what) {
  return MakeError(ErrorCode::kInvalidArgument, where + ": " + what);
}

bool IsZero(const Domain32 &d) {
  for (uint8_t b : d)
    if (b) return false;
  return true;
}

//! Fr of bytes the parser already checked (a shape-checked struct built in memory may not have
//! been): kNonCanonical names the field.
Expected<ff::Fr> FieldElement(const Domain32 &bytes, const std::string &where) {
  auto x = hash::FrFromBytesLE(bytes);
  if (!x) return MakeError(x.Code(), where + ": " + x.ErrorMessage());
  return *x;
}

//! A tree_c opening: the column belongs to `node`, hashes to the proof's leaf, and the path leads
//! from that leaf at `node` to comm_c.
Status VerifyColumn(const ColumnProof &cp, uint64_t node, const Domain32 &comm_c, const std::string &at) {
  if (cp.column.index != node) {
    return Fail(at + ".column.index",
                "expected node " + std::to_string(node) + ", found " + std::to_string(cp.column.index));
  }
  std::vector<ff::Fr> rows;
  rows.reserve(cp.column.rows.size());
  for (size_t l = 0; l < cp.column.rows.size(); l++) {
    auto x = FieldElement(cp.column.rows[l], at + ".column.rows[" + std::to_string(l) + "]");
    if (!x) return x.GetError();
    rows.push_back(*x);
  }
  auto column_hash = hash::PoseidonHashMerkle(rows);
  if (!column_hash) return Fail(at + ".column", column_hash.ErrorMessage());
  const MerkleProof &mp = cp.inclusion_proof;
  if (hash::FrToBytesLE(*column_hash) != mp.leaf)
    return Fail(at + ".inclusion_proof.leaf", "is not the Poseidon hash of the column's rows");
  if (mp.root != comm_c) return Fail(at + ".inclusion_proof.root", "is not comm_c (the partition's first c_x root)");
  if (uint64_t index = MerkleProofPathIndex(mp); index != node)
    return Fail(at + ".inclusion_proof",
                "path index " + std::to_string(index) + ", expected node " + std::to_string(node));
  if (auto s = VerifyPoseidonMerkleProof(mp); !s) return Fail(at + ".inclusion_proof", s.ErrorMessage());
  return Status::Ok();
}

//! The 37 labels layer `layer` of the challenged node hashes, taken from the parent columns the
//! circuit uses: DRG parents' row `layer`, then (layer ≥ 2) expander parents' row `layer − 1`,
//! the 6 or 14 repeated in order up to 37 (spec §2.5).
std::array<Domain32, LABEL_PARENTS> ParentLabels(const ReplicaColumnProof &r, size_t layer) {
  std::array<Domain32, GRAPH_PARENTS> base{};
  size_t n = 0;
  for (const ColumnProof &c : r.drg_parents) base[n++] = c.column.rows[layer - 1];
  if (layer > 1) {
    for (const ColumnProof &c : r.exp_parents) base[n++] = c.column.rows[layer - 2];
  }
  std::array<Domain32, LABEL_PARENTS> out;
  for (size_t j = 0; j < LABEL_PARENTS; j++) out[j] = base[j % n];
  return out;
}

Status VerifyLabelingProof(const LabelingProof &lp, size_t layer, uint64_t challenge,
                           const std::array<Domain32, LABEL_PARENTS> &expected, const std::string &at) {
  if (lp.layer_index != layer)
    return Fail(at + ".layer_index", "expected " + std::to_string(layer) + ", found " + std::to_string(lp.layer_index));
  if (lp.node != challenge)
    return Fail(at + ".node",
                "expected the challenge " + std::to_string(challenge) + ", found " + std::to_string(lp.node));
  for (size_t j = 0; j < LABEL_PARENTS; j++) {
    if (lp.parents[j] != expected[j]) {
      return Fail(at + ".parents[" + std::to_string(j) + "]",
                  "differs from the parent columns' row (the circuit hashes the columns' labels)");
    }
  }
  return Status::Ok();
}

} // namespace

Status VerifyChallengeProof(const PorepChallengeProof &proof, const ChallengeContext &ctx) {
  const uint64_t c = ctx.challenge;
  const PorepConfig &config = *ctx.config;
  if (c == 0 || c >= config.nodes) return Fail("challenge", std::to_string(c) + " is not in 1..nodes−1");

  // tree_d: the data node at c, under comm_d
  const MerkleProof &d = proof.comm_d_proofs;
  if (d.root != ctx.comm_d) return Fail("comm_d_proofs.root", "is not comm_d");
  if (uint64_t index = MerkleProofPathIndex(d); index != c)
    return Fail("comm_d_proofs",
                "path index " + std::to_string(index) + ", expected the challenge " + std::to_string(c));
  if (auto s = VerifyShaMerkleProof(d); !s) return Fail("comm_d_proofs", s.ErrorMessage());

  // tree_c: the challenged column and its 14 parents' columns
  const ReplicaColumnProof &r = proof.replica_column_proofs;
  std::array<uint32_t, GRAPH_PARENTS> parents{};
  ctx.graph->Parents(c, parents);
  if (auto s = VerifyColumn(r.c_x, c, ctx.comm_c, "replica_column_proofs.c_x"); !s) return s;
  for (size_t j = 0; j < DRG_PARENTS; j++) {
    const std::string at = "replica_column_proofs.drg_parents[" + std::to_string(j) + "]";
    if (auto s = VerifyColumn(r.drg_parents[j], parents[j], ctx.comm_c, at); !s) return s;
  }
  for (size_t j = 0; j < EXPANDER_PARENTS; j++) {
    const std::string at = "replica_column_proofs.exp_parents[" + std::to_string(j) + "]";
    if (auto s = VerifyColumn(r.exp_parents[j], parents[DRG_PARENTS + j], ctx.comm_c, at); !s) return s;
  }

  // tree_r_last: the replica node at c, under comm_r_last
  const MerkleProof &rl = proof.comm_r_last_proof;
  if (rl.root != ctx.comm_r_last) return Fail("comm_r_last_proof.root", "is not comm_r_last (the partition's first)");
  if (uint64_t index = MerkleProofPathIndex(rl); index != c)
    return Fail("comm_r_last_proof",
                "path index " + std::to_string(index) + ", expected the challenge " + std::to_string(c));
  if (auto s = VerifyPoseidonMerkleProof(rl); !s) return Fail("comm_r_last_proof", s.ErrorMessage());

  // labels: each layer's label recomputed from the parent columns equals the challenged column's row
  const size_t layers = config.layers;
  for (size_t layer = 1; layer <= layers; layer++) {
    const auto expected = ParentLabels(r, layer);
    const std::string at = "labeling_proofs[" + std::to_string(layer - 1) + "]";
    if (auto s = VerifyLabelingProof(proof.labeling_proofs[layer - 1], layer, c, expected, at); !s) return s;
    const Digest32 label = ComputeLabel(ctx.replica_id, uint32_t(layer), c, expected);
    if (label != r.c_x.column.rows[layer - 1]) {
      return Fail("replica_column_proofs.c_x.column.rows[" + std::to_string(layer - 1) + "]",
                  "is not the layer-" + std::to_string(layer) + " label recomputed from the parent columns");
    }
  }

  // encoding: replica = label_L + data (in Fr)
  const auto last = ParentLabels(r, layers);
  if (auto s = VerifyLabelingProof(proof.encoding_proof, layers, c, last, "encoding_proof"); !s) return s;
  auto key = FieldElement(r.c_x.column.rows[layers - 1], "replica_column_proofs.c_x.column.rows");
  if (!key) return key.GetError();
  auto data = FieldElement(d.leaf, "comm_d_proofs.leaf");
  if (!data) return data.GetError();
  if (hash::FrToBytesLE(*key + *data) != rl.leaf)
    return Fail("comm_r_last_proof.leaf", "is not the encoding label_" + std::to_string(layers) + " + data node");
  return Status::Ok();
}

Status VerifyC1(const SealCommitPhase1Output &c1) {
  auto config = C1PorepConfig(c1);
  if (!config) return config.GetError();
  return VerifyC1(c1, *config);
}

Status VerifyC1Request(const C1Request &request, uint64_t miner_id) {
  auto config = C1PorepConfig(request.c1);
  if (!config) return config.GetError();
  if (auto s = VerifyC1(request.c1, *config); !s) return s;
  return CheckC1ReplicaId(request.c1, *config, ProverIdFromActorId(miner_id), uint64_t(request.sector_num));
}

Status VerifyC1(const SealCommitPhase1Output &c1, const PorepConfig &config) {
  if (auto s = CheckC1Shape(c1, config); !s) return s;
  if (IsZero(c1.comm_d)) return Fail("C1: comm_d", "is zero");
  if (IsZero(c1.comm_r)) return Fail("C1: comm_r", "is zero");
  if (config.feature != PorepFeature::kNonInteractive && IsZero(c1.seed))
    return Fail("C1: seed", "is zero: C1 ran without the interactive seed (synthetic generation), C2 needs it");
  auto graph = SdrGraph::Create(config.nodes, config.porep_id, config.api_version);
  if (!graph) return graph.GetError();
  auto comm_r = FieldElement(c1.comm_r, "C1: comm_r");
  if (!comm_r) return comm_r.GetError();

  // Partition-level checks, and the work list of challenge proofs with their contexts.
  struct Item {
    size_t k, i;
    ChallengeContext ctx;
  };
  std::vector<Item> items;
  for (size_t k = 0; k < c1.vanilla_proofs.size(); k++) {
    const auto &partition = c1.vanilla_proofs[k];
    const std::string at = "C1: vanilla_proofs[" + std::to_string(k) + "]";
    const Domain32 comm_c = partition[0].replica_column_proofs.c_x.inclusion_proof.root;
    const Domain32 comm_r_last = partition[0].comm_r_last_proof.root;
    auto fc = FieldElement(comm_c, at + "[0].replica_column_proofs.c_x.inclusion_proof.root");
    if (!fc) return fc.GetError();
    auto fr = FieldElement(comm_r_last, at + "[0].comm_r_last_proof.root");
    if (!fr) return fr.GetError();
    const std::array<ff::Fr, 2> pair = {*fc, *fr};
    if (*hash::PoseidonHashMerkle(pair) != *comm_r)
      return Fail(at, "comm_r is not Poseidon(comm_c, comm_r_last) of its first proof's roots");
    const std::vector<uint64_t> challenges = PorepChallenges(config, c1.replica_id, c1.seed, c1.comm_r, k);
    if (challenges.size() != partition.size()) {
      return Fail(at, "expected " + std::to_string(challenges.size()) + " challenge proofs, found " +
                          std::to_string(partition.size()));
    }
    for (size_t i = 0; i < partition.size(); i++) {
      items.push_back({k, i, {&config, &*graph, c1.replica_id, c1.comm_d, comm_c, comm_r_last, challenges[i]}});
    }
  }

  std::vector<std::optional<Error>> errors(items.size());
  tbb::parallel_for(size_t(0), items.size(), [&](size_t n) {
    const Item &item = items[n];
    auto s = VerifyChallengeProof(c1.vanilla_proofs[item.k][item.i], item.ctx);
    if (!s) errors[n] = s.GetError();
  });
  for (size_t n = 0; n < items.size(); n++) {
    if (errors[n]) {
      const Item &item = items[n];
      return MakeError(errors[n]->code, "C1: vanilla_proofs[" + std::to_string(item.k) + "][" + std::to_string(item.i) +
                                            "] (challenge " + std::to_string(item.ctx.challenge) +
                                            "): " + errors[n]->message);
    }
  }
  return Status::Ok();
}

} // namespace cuzk::filecoin
