// tests/filecoin/c1_sealed_fixture.hpp — a real C1 for the vanilla verification tests: a small
// sector sealed by filecoin/seal.hpp, opened at the challenges of every partition the way
// storage-proofs-porep prove_layers does (tree_d / tree_c / tree_r_last proofs, 15 columns,
// labelling proofs from filecoin/labels.hpp's LabelParents). Every value is real, so VerifyC1 must
// accept it and each corruption a test makes is the only thing wrong.
#pragma once
#include "filecoin/merkle_proof_ops.hpp"
#include "filecoin/parents_cache.hpp"
#include "filecoin/porep_challenges.hpp"
#include "filecoin/porep_vanilla_proof.hpp"
#include "filecoin/seal.hpp"

#include <random>
#include <stdexcept>

namespace cuzk::test {

struct SealedC1 {
  filecoin::SealedSector sector;
  filecoin::SealCommitPhase1Output c1;
};

template <class T> T Must(filecoin::Result<T> r) {
  if (!r.ok()) throw std::runtime_error(r.error().message);
  return std::move(r).value();
}

inline filecoin::MerkleProofKind KindOf(const filecoin::TreeShape &shape) {
  return shape.top   ? filecoin::MerkleProofKind::kTop
         : shape.sub ? filecoin::MerkleProofKind::kSub
                     : filecoin::MerkleProofKind::kSingle;
}

inline filecoin::ColumnProof OpenColumn(const filecoin::SealedSector &s, uint64_t node) {
  filecoin::ColumnProof cp;
  cp.column.index = uint32_t(node);
  for (size_t l = 1; l <= s.config.layers; l++) cp.column.rows.push_back(s.labels.LabelBytes(l, node));
  cp.inclusion_proof = filecoin::ToMerkleProof(Must(s.tree_c.Prove(node)), s.tree_c.Root(), KindOf(s.config.shape));
  return cp;
}

inline filecoin::PorepChallengeProof OpenChallenge(const filecoin::SealedSector &s, const filecoin::SdrGraph &graph,
                                                   uint64_t c) {
  using namespace filecoin;
  PorepChallengeProof p;
  p.comm_d_proofs = ToMerkleProof(Must(s.tree_d.Prove(c)), s.tree_d.Root());
  p.comm_r_last_proof = ToMerkleProof(Must(s.tree_r_last.Prove(c)), s.tree_r_last.Root(), KindOf(s.config.shape));
  std::array<uint32_t, GRAPH_PARENTS> parents{};
  graph.Parents(c, parents);
  p.replica_column_proofs.c_x = OpenColumn(s, c);
  for (size_t j = 0; j < DRG_PARENTS; j++) p.replica_column_proofs.drg_parents.push_back(OpenColumn(s, parents[j]));
  for (size_t j = 0; j < EXPANDER_PARENTS; j++) {
    p.replica_column_proofs.exp_parents.push_back(OpenColumn(s, parents[DRG_PARENTS + j]));
  }
  for (size_t l = 1; l <= s.config.layers; l++) {
    auto row = LabelParents(s.labels, std::span<const uint32_t, GRAPH_PARENTS>(parents), l);
    p.labeling_proofs.push_back(LabelingProof{{row.begin(), row.end()}, uint32_t(l), c});
  }
  p.encoding_proof = p.labeling_proofs.back();
  return p;
}

//! Seals seeded random data with `config` and writes the C1 for `seed` (the interactive
//! randomness; synthetic and non-interactive proofs use comm_r too).
inline SealedC1 MakeSealedC1(const filecoin::PorepConfig &config, uint64_t data_seed, const filecoin::Digest32 &seed) {
  using namespace filecoin;
  std::mt19937_64 rng(data_seed);
  std::vector<uint8_t> payload(config.sector_size * 127 / 128);
  for (auto &b : payload) b = uint8_t(rng());
  SealInputs inputs;
  inputs.prover_id = ProverIdFromActorId(1000 + data_seed);
  inputs.sector_id = 4242 + data_seed;
  for (size_t i = 0; i < 32; i++) inputs.ticket[i] = uint8_t(rng());
  inputs.ticket[31] &= 0x3f;
  SealedC1 out{Must(SealUnpadded(config, payload, inputs)), {}};
  const SealedSector &s = out.sector;
  const SdrGraph graph = Must(SdrGraph::Create(config.nodes, config.porep_id, config.api_version));

  SealCommitPhase1Output &c1 = out.c1;
  c1.registered_proof = std::string(GetSealProofInfo(*config.proof).name);
  c1.comm_r = s.comm_r;
  c1.comm_d = s.comm_d;
  c1.replica_id = s.replica_id;
  c1.seed = seed;
  c1.ticket = inputs.ticket;
  for (size_t k = 0; k < config.partitions; k++) {
    auto &partition = c1.vanilla_proofs.emplace_back();
    for (uint64_t c : PorepChallenges(config, s.replica_id, seed, s.comm_r, k))
      partition.push_back(OpenChallenge(s, graph, c));
  }
  return out;
}

} // namespace cuzk::test
