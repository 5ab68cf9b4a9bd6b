// src/filecoin/porep/stacked_circuit.hpp — the SDR PoRep partition circuit (rust-fil-proofs
// storage-proofs-porep stacked/circuit/{proof,params}.rs `StackedCircuit`; spec/porep.md §3).
//
// Filecoin's published parameters fix its R1CS, so the synthesis order is upstream's:
//  top level (§3.1): replica_id (inputized, then its bits in SHA order), comm_d and comm_r
//  (inputized), comm_r_last, comm_c, comm_r·1 = Poseidon2(comm_c, comm_r_last);
//  per challenge (§3.2): the data leaf and its tree_d PoR (SHA-256), the 6 DRG and 8 expander
//  parent columns (rows, Poseidon column hash, tree_c PoR), the challenge as a UInt64 input,
//  one label per layer (filecoin/porep/label_circuit.hpp), encoding (last label + data leaf) with its
//  tree_r_last PoR, and the challenged column's hash with its tree_c PoR.
// Inputs (with ONE at 0): replica_id, comm_d, comm_r, then 18 per challenge (§3.6).
#pragma once
#include "filecoin/core/porep_config.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"
#include "filecoin/porep/sdr_graph.hpp"
#include "r1cs/constraint_system.hpp"

#include <vector>

namespace cuzk::filecoin {

//! Everything one partition circuit is synthesised from.
struct StackedCircuitInput {
  size_t layers = 0;
  Fr replica_id;                           //!< public
  Fr comm_d;                               //!< public
  Fr comm_r;                               //!< public
  Fr comm_r_last;                          //!< private: root of tree_r_last
  Fr comm_c;                               //!< private: root of tree_c
  std::vector<PorepChallengeProof> proofs; //!< one per challenge of the partition, in order
};

//! The circuit as an r1cs::Circuit (for groth16 setup and proving).
struct StackedCircuit {
  StackedCircuitInput input;
  void Synthesize(r1cs::ConstraintSystem &cs) const;
};

//! Synthesises the partition circuit. Throws r1cs::SynthesisError for a proof the circuit cannot
//! take (a non-canonical field element, a column that is not `layers` rows, parents missing, a
//! path level whose arity is not a power of two); a proof that is well formed but wrong gives an
//! unsatisfied system instead.
void SynthesizeStackedCircuit(r1cs::ConstraintSystem &cs, const StackedCircuitInput &input);

//! The blank circuit of parameter generation (StackedCompound::blank_circuit): zero values with
//! config's shapes — challenges_per_partition challenges, a binary tree_d path of log2(nodes)
//! levels, tree_c / tree_r_last paths with TreeLevelArities(config.shape, nodes), columns of
//! config.layers rows. Counts and shapes do not depend on values. kInvalidArgument for a config
//! whose node count is not a power of two or does not fit its shape.
Expected<StackedCircuitInput> BlankStackedCircuitInput(const PorepConfig &config);

//! The circuit input of partition k of a C1 output: its public values, its challenges' proofs,
//! comm_r_last and comm_c taken from the first proof's tree_r_last and c_x tree_c roots (as
//! StackedCompound::circuit does). kInvalidArgument for a partition out of range or an empty one,
//! kNonCanonical for a commitment that is not a field element.
Expected<StackedCircuitInput> StackedCircuitInputFromC1(const SealCommitPhase1Output &c1, size_t partition,
                                                        size_t layers);

//! The verifier's public inputs of partition k (StackedCompound::generate_public_inputs, spec
//! §3.6), ONE not included: replica_id, comm_d, comm_r, then for each challenge c of the partition
//! (PorepChallenges: interactive from the seed, NI from comm_r, synthetic from both) c, its 6 DRG
//! and 8 expander parents in the graph, and c three more times (u64 input, tree_r, tree_c).
//! kNonCanonical for a commitment that is not a field element, kInvalidArgument for a graph whose node
//! count is not config's or a partition out of range.
Expected<std::vector<Fr>> StackedPublicInputs(const PorepConfig &config, const SdrGraph &graph,
                                              const Digest32 &replica_id, const Digest32 &comm_d,
                                              const Digest32 &comm_r, const Digest32 &seed, size_t partition);

} // namespace cuzk::filecoin
