// src/filecoin/snap/snap_witness.hpp — the witness of one SnapDeals partition (EmptySectorUpdateCircuit),
// parallel inside the partition (issue 19).
//
// After the prefix (k_and_h_select, commitments, the apex tree, the challenge bits; filecoin/
// snap_circuit_parts.hpp) a partition's challenges are independent sub-circuits: the prefix goes into
// w and each challenge is a part (gadgets/witness_parts.hpp: written in place in w), on the threads
// the caller allows (a tbb::task_arena around the call limits them). SHA-256 and Poseidon take their
// native witness paths (gadgets/sha256_witness.hpp, poseidon_witness.hpp) unless w's native gadgets
// are off.
#pragma once
#include "filecoin/snap/snap_circuit.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::filecoin {

//! Fills w (a fresh WitnessCS) with exactly the input and aux assignments, and the constraint count,
//! that SynthesizeSnapCircuit gives into any system, in the same order. Throws the
//! r1cs::SynthesisError generic synthesis throws first.
void WitnessSnapCircuit(r1cs::WitnessCS &w, const SnapCircuitInput &input);

} // namespace cuzk::filecoin
