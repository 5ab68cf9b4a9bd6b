// src/filecoin/porep/porep_vanilla_shape.cpp — C1PorepConfig, CheckC1Shape and CheckC1ReplicaId of
// filecoin/porep/porep_vanilla_verify.hpp: everything that is checked without hashing a path.
#include "filecoin/core/replica_id.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/porep/labels.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"

#include <string>

namespace cuzk::filecoin {
namespace {

Error ShapeError(const std::string &where, const std::string &what) {
  return MakeError(ErrorCode::kInvalidArgument, "C1: " + where + ": " + what);
}

std::string Count(size_t expected, size_t found, const char *what) {
  return "expected " + std::to_string(expected) + " " + what + ", found " + std::to_string(found);
}

class ShapeChecker {
public:
  ShapeChecker(const PorepConfig &config, MerkleProofShape tree_d, MerkleProofShape tree_rc)
      : config_(config), tree_d_(std::move(tree_d)), tree_rc_(std::move(tree_rc)) {}

  Status Proof(const PorepChallengeProof &p, const std::string &at) const {
    if (auto s = Merkle(p.comm_d_proofs, tree_d_, at + ".comm_d_proofs"); !s) return s;
    if (auto s = Merkle(p.comm_r_last_proof, tree_rc_, at + ".comm_r_last_proof"); !s) return s;
    const ReplicaColumnProof &r = p.replica_column_proofs;
    const std::string rcp = at + ".replica_column_proofs";
    if (auto s = Column(r.c_x, rcp + ".c_x"); !s) return s;
    if (r.drg_parents.size() != DRG_PARENTS)
      return ShapeError(rcp + ".drg_parents", Count(DRG_PARENTS, r.drg_parents.size(), "columns"));
    if (r.exp_parents.size() != EXPANDER_PARENTS)
      return ShapeError(rcp + ".exp_parents", Count(EXPANDER_PARENTS, r.exp_parents.size(), "columns"));
    for (size_t j = 0; j < r.drg_parents.size(); j++) {
      if (auto s = Column(r.drg_parents[j], rcp + ".drg_parents[" + std::to_string(j) + "]"); !s) return s;
    }
    for (size_t j = 0; j < r.exp_parents.size(); j++) {
      if (auto s = Column(r.exp_parents[j], rcp + ".exp_parents[" + std::to_string(j) + "]"); !s) return s;
    }
    if (p.labeling_proofs.size() != config_.layers)
      return ShapeError(at + ".labeling_proofs",
                        Count(config_.layers, p.labeling_proofs.size(), "proofs (one a layer)"));
    for (size_t l = 0; l < p.labeling_proofs.size(); l++) {
      if (auto s = Labeling(p.labeling_proofs[l], at + ".labeling_proofs[" + std::to_string(l) + "]"); !s) return s;
    }
    return Labeling(p.encoding_proof, at + ".encoding_proof");
  }

private:
  const PorepConfig &config_;
  MerkleProofShape tree_d_;
  MerkleProofShape tree_rc_;

  static Status Merkle(const MerkleProof &mp, const MerkleProofShape &shape, const std::string &at) {
    auto s = CheckMerkleProofShape(mp, shape);
    if (!s) return ShapeError(at, s.ErrorMessage());
    return Status::Ok();
  }

  Status Column(const ColumnProof &cp, const std::string &at) const {
    if (cp.column.rows.size() != config_.layers)
      return ShapeError(at + ".column.rows", Count(config_.layers, cp.column.rows.size(), "rows (one a layer)"));
    return Merkle(cp.inclusion_proof, tree_rc_, at + ".inclusion_proof");
  }

  static Status Labeling(const LabelingProof &lp, const std::string &at) {
    if (lp.parents.size() != LABEL_PARENTS)
      return ShapeError(at + ".parents", Count(LABEL_PARENTS, lp.parents.size(), "parent labels"));
    return Status::Ok();
  }
};

} // namespace

Expected<PorepConfig> C1PorepConfig(const SealCommitPhase1Output &c1) {
  auto proof = SealProofFromName(c1.registered_proof);
  if (!proof) return ShapeError("registered_proof", proof.ErrorMessage());
  return PorepConfigFor(*proof);
}

Status CheckC1Shape(const SealCommitPhase1Output &c1, const PorepConfig &config) {
  auto tree_d = ShaProofShape(config.nodes);
  if (!tree_d) return tree_d.GetError();
  auto tree_rc = PoseidonProofShape(config.shape, config.nodes);
  if (!tree_rc) return tree_rc.GetError();
  if (c1.vanilla_proofs.size() != config.partitions)
    return ShapeError("vanilla_proofs", Count(config.partitions, c1.vanilla_proofs.size(), "partitions"));
  ShapeChecker checker(config, std::move(tree_d).Value(), std::move(tree_rc).Value());
  for (size_t k = 0; k < c1.vanilla_proofs.size(); k++) {
    const auto &partition = c1.vanilla_proofs[k];
    const std::string at = "vanilla_proofs[" + std::to_string(k) + "]";
    if (partition.size() != config.challenges_per_partition)
      return ShapeError(at, Count(config.challenges_per_partition, partition.size(), "challenge proofs"));
    for (size_t i = 0; i < partition.size(); i++) {
      if (auto s = checker.Proof(partition[i], at + "[" + std::to_string(i) + "]"); !s) return s;
    }
  }
  return Status::Ok();
}

Status CheckC1ReplicaId(const SealCommitPhase1Output &c1, const PorepConfig &config, const Digest32 &prover_id,
                        uint64_t sector_id) {
  const Digest32 expected = ReplicaId(prover_id, sector_id, c1.ticket, c1.comm_d, config.porep_id);
  if (expected != c1.replica_id) {
    return ShapeError("replica_id", "does not match the prover id, sector " + std::to_string(sector_id) +
                                        ", ticket, comm_d and porep_id (spec/porep.md §2.1)");
  }
  return Status::Ok();
}

} // namespace cuzk::filecoin
