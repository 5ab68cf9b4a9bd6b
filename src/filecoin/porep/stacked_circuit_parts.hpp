// src/filecoin/porep/stacked_circuit_parts.hpp — the PoRep partition circuit cut where its challenges
// become independent: the top-level prefix (spec/porep.md §3.1), then one sub-circuit per challenge
// (§3.2) that reads nothing of the others, only the prefix's numbers and replica_id bits.
// SynthesizeStackedCircuit is SynthesizeStackedPrefix followed by SynthesizeStackedChallenge for each
// challenge in order. A challenge is itself a head (data leaf and its tree_d PoR, the 14 parent
// columns and their tree_c PoRs, the challenge as a u64 input), one label per layer, each reading only
// the head's column rows, and a tail reading the labels (encoding and its tree_r_last PoR, the
// challenged column's hash and its tree_c PoR). The parallel witness (filecoin/porep_witness.hpp)
// synthesises challenges, or labels, into systems of their own.
#pragma once
#include "filecoin/porep/stacked_circuit.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"
#include "gadgets/uint64.hpp"

#include <span>

#include <vector>

namespace cuzk::filecoin {

//! What every challenge of a partition reads from the prefix.
struct StackedPrefix {
  gadgets::AllocatedNum comm_d;
  gadgets::AllocatedNum comm_c;
  gadgets::AllocatedNum comm_r_last;
  std::vector<gadgets::Boolean> replica_bits; //!< replica_id's bits in SHA-256 order
};

//! replica_id, comm_d, comm_r (inputized), comm_r_last, comm_c, comm_r = H(comm_c, comm_r_last).
//! Throws r1cs::SynthesisError for an input with no layers.
StackedPrefix SynthesizeStackedPrefix(r1cs::ConstraintSystem &cs, const StackedCircuitInput &input);

//! What a challenge's labels and tail read from its head.
struct StackedChallengeHead {
  gadgets::AllocatedNum data_leaf;
  std::vector<std::vector<gadgets::AllocatedNum>> drg; //!< 6 DRG parent columns, rows by layer
  std::vector<std::vector<gadgets::AllocatedNum>> exp; //!< 8 expander parent columns, rows by layer
  gadgets::UInt64 challenge;
};

//! The head of challenge i. Throws r1cs::SynthesisError for parent columns of the wrong count or
//! height, a non-canonical value or a path level the circuit cannot take.
StackedChallengeHead SynthesizeStackedChallengeHead(r1cs::ConstraintSystem &cs, const StackedCircuitInput &input,
                                                    size_t i, const StackedPrefix &prefix);

//! The label of layer 1..layers (namespace "labeling_layer").
gadgets::AllocatedNum SynthesizeStackedLabel(r1cs::ConstraintSystem &cs, const StackedPrefix &prefix,
                                             const StackedChallengeHead &head, size_t layer);

//! The tail of challenge i over its labels (layer 1 first). Throws r1cs::SynthesisError as the head.
void SynthesizeStackedChallengeTail(r1cs::ConstraintSystem &cs, const StackedCircuitInput &input, size_t i,
                                    const StackedPrefix &prefix, const StackedChallengeHead &head,
                                    std::span<const gadgets::AllocatedNum> labels);

//! Challenge `i` of the partition (namespace "challenge_i"): head, labels, tail. Throws r1cs::SynthesisError for a
//! proof the circuit cannot take, as SynthesizeStackedCircuit does.
void SynthesizeStackedChallenge(r1cs::ConstraintSystem &cs, const StackedCircuitInput &input, size_t i,
                                const StackedPrefix &prefix);

} // namespace cuzk::filecoin
