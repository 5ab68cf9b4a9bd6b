// src/filecoin/testing/porep_prove.cpp — proofs are read straight off the trees and labels the seal kept;
// partitions' challenges are independent, so they are proved in parallel.
#include "filecoin/testing/porep_prove.hpp"

#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"

#include <tbb/parallel_for.h>

#include <optional>
#include <string>

namespace cuzk::filecoin {

namespace {

MerkleProofKind KindOf(const TreeShape &shape) {
  if (shape.sub == 0) return MerkleProofKind::kSingle;
  return shape.top == 0 ? MerkleProofKind::kSub : MerkleProofKind::kTop;
}

Expected<ColumnProof> ProveColumn(const SealedSector &s, uint64_t node) {
  ColumnProof p;
  p.column.index = uint32_t(node);
  for (size_t l = 1; l <= s.config.layers; l++) p.column.rows.push_back(s.labels.LabelBytes(l, node));
  auto opening = s.tree_c.Prove(node);
  if (!opening) return opening.GetError();
  p.inclusion_proof = ToMerkleProof(*opening, s.tree_c.Root(), KindOf(s.config.shape));
  return p;
}

} // namespace

Expected<PorepChallengeProof> ProveChallenge(const SealedSector &s, const SdrGraph &graph, uint64_t challenge) {
  if (challenge == 0 || challenge >= s.config.nodes)
    return MakeError(ErrorCode::kInvalidArgument, "C1: challenge " + std::to_string(challenge) + " is outside 1.." +
                                                      std::to_string(s.config.nodes - 1));
  PorepChallengeProof p;
  auto d = s.tree_d.Prove(challenge);
  if (!d) return d.GetError();
  p.comm_d_proofs = ToMerkleProof(*d, s.comm_d);
  auto r = s.tree_r_last.Prove(challenge);
  if (!r) return r.GetError();
  p.comm_r_last_proof = ToMerkleProof(*r, s.tree_r_last.Root(), KindOf(s.config.shape));

  std::array<uint32_t, GRAPH_PARENTS> row;
  graph.Parents(challenge, row);
  auto c_x = ProveColumn(s, challenge);
  if (!c_x) return c_x.GetError();
  p.replica_column_proofs.c_x = std::move(c_x).Value();
  for (size_t j = 0; j < GRAPH_PARENTS; j++) {
    auto col = ProveColumn(s, row[j]);
    if (!col) return col.GetError();
    (j < DRG_PARENTS ? p.replica_column_proofs.drg_parents : p.replica_column_proofs.exp_parents)
        .push_back(std::move(col).Value());
  }

  for (size_t layer = 1; layer <= s.config.layers; layer++) {
    const auto parents = LabelParents(s.labels, row, layer);
    LabelingProof lp;
    lp.parents.assign(parents.begin(), parents.end());
    lp.layer_index = uint32_t(layer);
    lp.node = challenge;
    // prove_layers asserts each labelling proof before using it; a mismatch here is a broken seal
    if (ComputeLabel(s.replica_id, lp.layer_index, challenge, parents) != s.labels.LabelBytes(layer, challenge))
      return MakeError(ErrorCode::kInvalidArgument, "C1: the label of node " + std::to_string(challenge) +
                                                        " in layer " + std::to_string(layer) +
                                                        " does not match its parents");
    if (layer == s.config.layers) p.encoding_proof = lp;
    p.labeling_proofs.push_back(std::move(lp));
  }
  return p;
}

Expected<std::vector<PorepChallengeProof>> ProvePartition(const SealedSector &s, const SdrGraph &graph,
                                                          const Digest32 &seed, size_t partition) {
  const std::vector<uint64_t> challenges = PorepChallenges(s.config, s.replica_id, seed, s.comm_r, partition);
  std::vector<PorepChallengeProof> proofs;
  for (uint64_t c : challenges) {
    auto p = ProveChallenge(s, graph, c);
    if (!p) return p.GetError();
    proofs.push_back(std::move(p).Value());
  }
  return proofs;
}

Expected<SealCommitPhase1Output> SealCommitPhase1(const SealedSector &s, const Digest32 &seed) {
  if (!s.config.proof)
    return MakeError(ErrorCode::kInvalidArgument, "C1: a test configuration has no registered proof name");
  auto graph = SdrGraph::Create(s.config.nodes, s.config.porep_id, s.config.api_version);
  if (!graph) return graph.GetError();
  SealCommitPhase1Output out;
  out.registered_proof = std::string(GetSealProofInfo(*s.config.proof).name);
  out.vanilla_proofs.resize(s.config.partitions);
  std::vector<std::optional<Error>> errors(s.config.partitions); // one slot per task: no sharing
  tbb::parallel_for(size_t(0), s.config.partitions, [&](size_t k) {
    auto p = ProvePartition(s, *graph, seed, k);
    if (!p) {
      errors[k] = p.GetError();
      return;
    }
    out.vanilla_proofs[k] = std::move(p).Value();
  });
  for (const auto &e : errors)
    if (e) return *e;
  out.comm_r = s.comm_r;
  out.comm_d = s.comm_d;
  out.replica_id = s.replica_id;
  out.seed = seed;
  out.ticket = s.inputs.ticket;
  // as seal_commit_phase1 does: a C1 that would not verify (a fault in sealing, storage or this
  // code) is an error here, not minutes of proving later
  if (auto verified = VerifyC1(out, s.config); !verified)
    return MakeError(verified.Code(), "C1 self-check: " + verified.ErrorMessage());
  return out;
}

} // namespace cuzk::filecoin
