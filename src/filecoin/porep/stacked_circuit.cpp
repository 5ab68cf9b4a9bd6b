// src/filecoin/stacked_circuit.cpp — StackedCircuit::synthesize and Proof::synthesize, in
// upstream's allocation and constraint order (spec/porep.md §3.1, §3.2).
#include "filecoin/porep/stacked_circuit.hpp"

#include "filecoin/porep/stacked_circuit_parts.hpp"

#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/porep/label_circuit.hpp"
#include "filecoin/porep/porep_challenges.hpp"
#include "filecoin/porep/sdr_graph.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon_circuit.hpp"
#include "gadgets/uint64.hpp"
#include "hash/poseidon.hpp"

#include <bit>
#include <string>

namespace cuzk::filecoin {

namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using gadgets::MerkleHasher;
using gadgets::PorPathLevel;
using gadgets::PorRoot;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Namespace;

std::string Indexed(const ConstraintSystem &cs, const char *prefix, size_t i, const char *suffix = "") {
  return cs.WantsNames() ? prefix + std::to_string(i) + suffix : std::string();
}

// A 32-byte domain element as Fr; the circuit cannot take a non-canonical one.
Fr ToFr(const Domain32 &d, const char *what) {
  auto f = hash::FrFromBytesLE(d);
  if (!f) throw r1cs::SynthesisError(std::string("StackedCircuit: ") + what + ": " + f.ErrorMessage());
  return *f;
}

std::vector<PorPathLevel> CircuitPath(const MerkleProof &proof, const char *what) {
  std::vector<PorPathLevel> path;
  for (size_t l = 0; l < proof.LevelCount(); l++) {
    const PathElement &e = proof.Level(l);
    PorPathLevel level{e.hashes.size() + 1, uint32_t(e.index), {}};
    if (e.index > e.hashes.size())
      throw r1cs::SynthesisError(std::string("StackedCircuit: ") + what + ": level " + std::to_string(l) +
                                 " has index " + std::to_string(e.index) + " for arity " + std::to_string(level.arity));
    for (const Domain32 &h : e.hashes) level.siblings.push_back(ToFr(h, what));
    path.push_back(std::move(level));
  }
  return path;
}

// Column::hash then enforce_inclusion: the rows allocated, their Poseidon hash (arity = layers),
// and that hash's tree_c PoR against comm_c. Returns the rows (labels by layer).
std::vector<AllocatedNum> ColumnWithInclusion(ConstraintSystem &cs, const ColumnProof &proof, size_t layers,
                                              const AllocatedNum &comm_c, const std::string &name) {
  if (proof.column.rows.size() != layers)
    throw r1cs::SynthesisError("StackedCircuit: column of " + std::to_string(proof.column.rows.size()) + " rows for " +
                               std::to_string(layers) + " layers");
  std::vector<AllocatedNum> rows;
  AllocatedNum hash;
  {
    Namespace ns(cs, name.empty() ? name : name + "_num");
    for (size_t r = 0; r < layers; r++) {
      Namespace row_ns(cs, Indexed(cs, "column_num_row_", r));
      rows.push_back(AllocatedNum::Alloc(cs, ToFr(proof.column.rows[r], "column row")));
    }
    Namespace hash_ns(cs, "column_hash");
    hash = gadgets::PoseidonHashMerkleCircuit(cs, rows);
  }
  Namespace ns(cs, name.empty() ? name : name + "_inclusion");
  (void)gadgets::PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Var(hash),
                            CircuitPath(proof.inclusion_proof, "tree_c path"), PorRoot::Var(comm_c), true);
  return rows;
}

// alloc the number, then (when public) inputize it — circuits use the aux variable downstream
AllocatedNum AllocNum(ConstraintSystem &cs, const char *name, const Fr &value, bool inputize) {
  Namespace ns(cs, name);
  AllocatedNum num = AllocatedNum::Alloc(cs, value);
  if (inputize) {
    Namespace input_ns(cs, "input");
    num.Inputize(cs);
  }
  return num;
}

// a path of the given arities with zero values
std::vector<PathElement> BlankLevels(std::span<const size_t> arities) {
  std::vector<PathElement> levels;
  for (size_t arity : arities) levels.push_back(PathElement{std::vector<Domain32>(arity - 1, Domain32{}), 0});
  return levels;
}

MerkleProof BlankProof(std::span<const size_t> arities, const TreeShape &shape) {
  MerkleProof p;
  // serde's Single / Sub / Top: the sub and top levels are the last one or two
  const size_t extra = shape.top ? 2 : shape.sub ? 1 : 0;
  std::vector<PathElement> levels = BlankLevels(arities);
  p.kind = shape.top ? MerkleProofKind::kTop : shape.sub ? MerkleProofKind::kSub : MerkleProofKind::kSingle;
  p.base.assign(levels.begin(), levels.end() - extra);
  if (shape.sub) p.sub.assign(levels.end() - extra, levels.end() - extra + 1);
  if (shape.top) p.top.assign(levels.end() - 1, levels.end());
  return p;
}

} // namespace

StackedPrefix SynthesizeStackedPrefix(ConstraintSystem &cs, const StackedCircuitInput &input) {
  if (input.layers == 0) throw r1cs::SynthesisError("StackedCircuit: no layers");
  StackedPrefix prefix;
  const AllocatedNum replica_id = AllocNum(cs, "replica_id", input.replica_id, true);
  {
    Namespace ns(cs, "replica_id_bits");
    prefix.replica_bits = gadgets::ReverseBitNumbering(replica_id.ToBitsLe(cs));
  }
  prefix.comm_d = AllocNum(cs, "comm_d", input.comm_d, true);
  const AllocatedNum comm_r = AllocNum(cs, "comm_r", input.comm_r, true);
  prefix.comm_r_last = AllocNum(cs, "comm_r_last", input.comm_r_last, false);
  prefix.comm_c = AllocNum(cs, "comm_c", input.comm_c, false);
  {
    // comm_r = H(comm_c, comm_r_last)
    AllocatedNum h;
    {
      Namespace ns(cs, "H_comm_c_comm_r_last");
      const AllocatedNum pre[2] = {prefix.comm_c, prefix.comm_r_last};
      h = gadgets::PoseidonHashMerkleCircuit(cs, pre);
    }
    cs.Enforce(
        "enforce comm_r is correct", [&](LinearCombination lc) { return std::move(lc.Add(comm_r.Var())); },
        [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
        [&](LinearCombination lc) { return std::move(lc.Add(h.Var())); });
  }
  return prefix;
}

StackedChallengeHead SynthesizeStackedChallengeHead(ConstraintSystem &cs, const StackedCircuitInput &input, size_t i,
                                                    const StackedPrefix &prefix) {
  const PorepChallengeProof &proof = input.proofs[i];
  const auto &columns = proof.replica_column_proofs;
  if (columns.drg_parents.size() != DRG_PARENTS || columns.exp_parents.size() != EXPANDER_PARENTS)
    throw r1cs::SynthesisError("StackedCircuit: a challenge needs 6 DRG and 8 expander parent columns, got " +
                               std::to_string(columns.drg_parents.size()) + " and " +
                               std::to_string(columns.exp_parents.size()));
  StackedChallengeHead head;
  {
    Namespace ns(cs, "data_leaf");
    head.data_leaf = AllocatedNum::Alloc(cs, ToFr(proof.comm_d_proofs.leaf, "data leaf"));
  }
  {
    Namespace ns(cs, "comm_d_inclusion");
    (void)gadgets::PorCircuit(cs, MerkleHasher::kSha256, PorRoot::Var(head.data_leaf),
                              CircuitPath(proof.comm_d_proofs, "tree_d path"), PorRoot::Var(prefix.comm_d), true);
  }
  for (size_t p = 0; p < DRG_PARENTS; p++)
    head.drg.push_back(
        ColumnWithInclusion(cs, columns.drg_parents[p], input.layers, prefix.comm_c, Indexed(cs, "drg_parent_", p)));
  for (size_t p = 0; p < EXPANDER_PARENTS; p++)
    head.exp.push_back(
        ColumnWithInclusion(cs, columns.exp_parents[p], input.layers, prefix.comm_c, Indexed(cs, "exp_parent_", p)));
  {
    Namespace ns(cs, "challenge");
    // the challenged node: the tree_d path's index bits, low level first (spec §3.6)
    head.challenge = gadgets::UInt64::Alloc(cs, MerkleProofPathIndex(proof.comm_d_proofs));
  }
  {
    Namespace ns(cs, "challenge input");
    head.challenge.PackIntoInput(cs);
  }
  return head;
}

AllocatedNum SynthesizeStackedLabel(ConstraintSystem &cs, const StackedPrefix &prefix, const StackedChallengeHead &head,
                                    size_t layer) {
  Namespace ns(cs, Indexed(cs, "labeling_", layer));
  std::vector<AllocatedNum> drg_values, exp_values;
  for (const auto &col : head.drg) drg_values.push_back(col[layer - 1]);
  // expander parents come from the previous layer, so layer 1 has none
  if (layer > 1)
    for (const auto &col : head.exp) exp_values.push_back(col[layer - 2]);
  return LayerLabelCircuit(cs, prefix.replica_bits, drg_values, exp_values, uint32_t(layer), head.challenge);
}

void SynthesizeStackedChallengeTail(ConstraintSystem &cs, const StackedCircuitInput &input, size_t i,
                                    const StackedPrefix &prefix, const StackedChallengeHead &head,
                                    std::span<const AllocatedNum> labels) {
  const PorepChallengeProof &proof = input.proofs[i];
  {
    // the replica node is the last layer's label (the key) plus the data node
    AllocatedNum encoded;
    {
      Namespace ns(cs, "encode_node");
      encoded = labels.back().Add(cs, head.data_leaf);
    }
    Namespace ns(cs, "comm_r_last_data_inclusion");
    (void)gadgets::PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Var(encoded),
                              CircuitPath(proof.comm_r_last_proof, "tree_r_last path"),
                              PorRoot::Var(prefix.comm_r_last), true);
  }
  AllocatedNum column_hash;
  {
    Namespace ns(cs, "c_x_column_hash");
    column_hash = gadgets::PoseidonHashMerkleCircuit(cs, labels);
  }
  Namespace ns(cs, "c_x_inclusion");
  (void)gadgets::PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Var(column_hash),
                            CircuitPath(proof.replica_column_proofs.c_x.inclusion_proof, "tree_c path"),
                            PorRoot::Var(prefix.comm_c), true);
}

void SynthesizeStackedChallenge(ConstraintSystem &cs, const StackedCircuitInput &input, size_t i,
                                const StackedPrefix &prefix) {
  Namespace ns(cs, Indexed(cs, "challenge_", i));
  const StackedChallengeHead head = SynthesizeStackedChallengeHead(cs, input, i, prefix);
  std::vector<AllocatedNum> labels;
  for (size_t layer = 1; layer <= input.layers; layer++)
    labels.push_back(SynthesizeStackedLabel(cs, prefix, head, layer));
  SynthesizeStackedChallengeTail(cs, input, i, prefix, head, labels);
}

void SynthesizeStackedCircuit(ConstraintSystem &cs, const StackedCircuitInput &input) {
  const StackedPrefix prefix = SynthesizeStackedPrefix(cs, input);
  for (size_t i = 0; i < input.proofs.size(); i++) SynthesizeStackedChallenge(cs, input, i, prefix);
}

void StackedCircuit::Synthesize(ConstraintSystem &cs) const { SynthesizeStackedCircuit(cs, input); }

Expected<std::vector<Fr>> StackedPublicInputs(const PorepConfig &config, const SdrGraph &graph,
                                              const Digest32 &replica_id, const Digest32 &comm_d,
                                              const Digest32 &comm_r, const Digest32 &seed, size_t partition) {
  if (graph.Nodes() != config.nodes)
    return MakeError(ErrorCode::kInvalidArgument, "StackedPublicInputs: graph of " + std::to_string(graph.Nodes()) +
                                                      " nodes for a sector of " + std::to_string(config.nodes));
  if (partition >= config.partitions)
    return MakeError(ErrorCode::kInvalidArgument, "StackedPublicInputs: partition " + std::to_string(partition) +
                                                      " of " + std::to_string(config.partitions));
  std::vector<Fr> inputs;
  const std::pair<const char *, const Digest32 *> commitments[] = {
      {"replica_id", &replica_id}, {"comm_d", &comm_d}, {"comm_r", &comm_r}};
  for (const auto &[name, bytes] : commitments) {
    auto f = hash::FrFromBytesLE(*bytes);
    if (!f) return MakeError(f.Code(), std::string("StackedPublicInputs: ") + name + ": " + f.ErrorMessage());
    inputs.push_back(*f);
  }
  for (uint64_t c : PorepChallenges(config, replica_id, seed, comm_r, partition)) {
    uint32_t parents[GRAPH_PARENTS];
    graph.Parents(c, parents); // the 6 DRG parents, then the 8 expander parents
    inputs.push_back(Fr::FromUint(c));
    for (uint32_t p : parents) inputs.push_back(Fr::FromUint(p));
    inputs.insert(inputs.end(), 3, Fr::FromUint(c));
  }
  return inputs;
}

Expected<StackedCircuitInput> BlankStackedCircuitInput(const PorepConfig &config) {
  if (config.nodes < 2 || !std::has_single_bit(config.nodes))
    return MakeError(ErrorCode::kInvalidArgument,
                     "StackedCircuit: " + std::to_string(config.nodes) + " nodes is not a power of two ≥ 2");
  auto arities = TreeLevelArities(config.shape, config.nodes);
  if (!arities) return arities.GetError();
  const std::vector<size_t> tree_d(size_t(std::countr_zero(config.nodes)), 2);

  ColumnProof column;
  column.column.rows.assign(config.layers, Domain32{});
  column.inclusion_proof = BlankProof(*arities, config.shape);

  PorepChallengeProof proof;
  proof.comm_d_proofs = BlankProof(tree_d, TreeShape{2, 0, 0});
  proof.comm_r_last_proof = BlankProof(*arities, config.shape);
  proof.replica_column_proofs.c_x = column;
  proof.replica_column_proofs.drg_parents.assign(DRG_PARENTS, column);
  proof.replica_column_proofs.exp_parents.assign(EXPANDER_PARENTS, column);

  StackedCircuitInput input;
  input.layers = config.layers;
  input.replica_id = input.comm_d = input.comm_r = input.comm_r_last = input.comm_c = Fr::Zero();
  input.proofs.assign(config.challenges_per_partition, proof);
  return input;
}

Expected<StackedCircuitInput> StackedCircuitInputFromC1(const SealCommitPhase1Output &c1, size_t partition,
                                                        size_t layers) {
  if (partition >= c1.vanilla_proofs.size() || c1.vanilla_proofs[partition].empty())
    return MakeError(ErrorCode::kInvalidArgument, "StackedCircuit: C1 output has no partition " +
                                                      std::to_string(partition) + " (it has " +
                                                      std::to_string(c1.vanilla_proofs.size()) + ")");
  const std::vector<PorepChallengeProof> &proofs = c1.vanilla_proofs[partition];
  StackedCircuitInput input;
  input.layers = layers;
  const std::pair<Fr *, const Domain32 *> fields[] = {
      {&input.replica_id, &c1.replica_id},
      {&input.comm_d, &c1.comm_d},
      {&input.comm_r, &c1.comm_r},
      {&input.comm_r_last, &proofs.front().comm_r_last_proof.root},
      {&input.comm_c, &proofs.front().replica_column_proofs.c_x.inclusion_proof.root},
  };
  const char *names[] = {"replica_id", "comm_d", "comm_r", "comm_r_last", "comm_c"};
  for (size_t i = 0; i < 5; i++) {
    auto f = hash::FrFromBytesLE(*fields[i].second);
    if (!f) return MakeError(f.Code(), std::string("StackedCircuit: ") + names[i] + ": " + f.ErrorMessage());
    *fields[i].first = *f;
  }
  input.proofs = proofs;
  return input;
}

} // namespace cuzk::filecoin
