// src/filecoin/porep/porep_witness.hpp — the witness of one PoRep partition (StackedCircuit), parallel
// inside the partition (issue 19).
//
// After the prefix (spec/porep.md §3.1) a partition's challenges are independent, and inside a
// challenge so are its labels once the parent columns are allocated (filecoin/stacked_circuit_parts.hpp).
// So the prefix goes into w, and each challenge's head, each of its labels and its tail are parts
// (gadgets/witness_parts.hpp) written in place in w, on the threads the caller allows (a
// tbb::task_arena around the call limits them). SHA-256 and Poseidon take their native witness paths
// (gadgets/sha256_witness.hpp, poseidon_witness.hpp) unless w's native gadgets are off.
#pragma once
#include "filecoin/porep/stacked_circuit.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::filecoin {

//! Fills w (a fresh WitnessCS) with exactly the input and aux assignments, and the constraint count,
//! that SynthesizeStackedCircuit gives into any system, in the same order. Throws the
//! r1cs::SynthesisError generic synthesis throws first.
void WitnessStackedCircuit(r1cs::WitnessCS &w, const StackedCircuitInput &input);

} // namespace cuzk::filecoin
