// src/filecoin/snap/snap_circuit.hpp — the SnapDeals partition circuit (rust-fil-proofs
// storage-proofs-update circuit.rs `EmptySectorUpdateCircuit` and gadgets.rs;
// spec/post-snap-poseidon.md §4.3–§4.5).
//
// Filecoin's published parameters fix its R1CS, so synthesis follows upstream's order exactly:
//  k_and_h_select (inputized, split into partition and h_select bits), the packed partition,
//  comm_r_old / comm_d_new / comm_r_new (inputized), phi = P2_GEN(comm_d_new, comm_r_old), the
//  private comm_c, root_r_old, root_r_new, apex leaves and partition path, comm_r = H(comm_c, root)
//  for old and new, the apex tree and its tree_d path to comm_d_new, the challenge bits drawn from
//  P2_GEN(comm_r_new, digest index), and per challenge: its high bits (h selected by h_select),
//  rho, leaf_r_new = leaf_r_old + leaf_d_new·rho, the tree_r PoRs of the old and new replica, the
//  apex leaf selected by the challenge, and the tree_d PoR from the data leaf up to that apex leaf.
// Inputs (with ONE at 0): k_and_h_select, comm_r_old, comm_d_new, comm_r_new (§4.4).
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/snap_config.hpp"
#include "filecoin/snap/snap_vanilla.hpp"
#include "r1cs/constraint_system.hpp"

#include <vector>

namespace cuzk::filecoin {

//! One challenge's witness (circuit.rs ChallengeProof): leaves and siblings, no indices (the
//! challenge bits are computed in-circuit). leaf_r_new is not part of it: the circuit derives it
//! from the encoding relation.
struct SnapChallengeWitness {
  ff::Fr leaf_r_old = ff::Fr::Zero();
  std::vector<std::vector<ff::Fr>> path_r_old; //!< per tree_r level bottom-up, arity − 1 siblings
  ff::Fr leaf_d_new = ff::Fr::Zero();
  std::vector<ff::Fr> path_d_new; //!< one sibling per tree_d level, log2(nodes) levels
  std::vector<std::vector<ff::Fr>> path_r_new;
};

//! Everything one partition circuit is synthesised from.
struct SnapCircuitInput {
  SnapConfig config;
  // public (§4.4)
  ff::Fr k_and_h_select = ff::Fr::Zero();
  ff::Fr comm_r_old = ff::Fr::Zero();
  ff::Fr comm_d_new = ff::Fr::Zero();
  ff::Fr comm_r_new = ff::Fr::Zero();
  // private
  ff::Fr comm_c = ff::Fr::Zero();
  ff::Fr root_r_old = ff::Fr::Zero();
  ff::Fr root_r_new = ff::Fr::Zero();
  std::vector<ff::Fr> apex_leafs;               //!< config.apex_leaf_count nodes of tree_d row ApexLeafHeight()
  std::vector<SnapChallengeWitness> challenges; //!< config.challenge_count
};

//! Synthesises the partition circuit. The partition path is challenge 0's tree_d siblings above
//! the apex tree. Throws r1cs::SynthesisError for an input of the wrong shape (counts of apex
//! leaves, challenges, path levels or siblings; challenges whose partition paths differ); a witness
//! that is well formed but wrong gives an unsatisfied system instead. Like upstream, the circuit
//! does not constrain h_select to be one-hot nor k < partitions: the verifier's public input does.
void SynthesizeSnapCircuit(r1cs::ConstraintSystem &cs, const SnapCircuitInput &input);

//! The circuit as an r1cs::Circuit (for groth16 setup and proving).
struct SnapCircuit {
  SnapCircuitInput input;
  void Synthesize(r1cs::ConstraintSystem &cs) const { SynthesizeSnapCircuit(cs, input); }
};

//! The blank circuit of parameter generation (EmptySectorUpdateCircuit::blank): zero values with
//! config's shapes. Counts and shapes do not depend on values. kInvalidArgument for a config whose
//! tree_r shape does not fit its node count.
Expected<SnapCircuitInput> BlankSnapCircuitInput(const SnapConfig &config);

//! The verifier's public inputs of partition inputs.k (circuit.rs PublicInputs::new + to_vec):
//! [k | h_select << log2(partitions), comm_r_old, comm_d_new, comm_r_new] with h_select =
//! 1 << (position of inputs.h in config.hs). kInvalidArgument for k ≥ partitions or an h the size does
//! not allow, kNonCanonical for a commitment ≥ r.
Expected<std::vector<ff::Fr>> SnapCircuitPublicInputs(const SnapConfig &config, const SnapPublicInputs &inputs);

//! The circuit input of a vanilla partition proof (PrivateInputs::new): root_r_old / root_r_new from
//! challenge 0's proofs, leaves and siblings of every challenge. kInvalidArgument for a proof whose
//! counts or shapes do not match config (checked as vanilla verification does) or whose challenges
//! do not share one partition path; errors of SnapCircuitPublicInputs; kNonCanonical for a value ≥ r.
Expected<SnapCircuitInput> SnapCircuitInputFromProof(const SnapConfig &config, const SnapPublicInputs &inputs,
                                                     const SnapPartitionProof &proof);

} // namespace cuzk::filecoin
