// src/filecoin/post/post_witness.hpp — the witness of one FallbackPoSt partition (WindowPoSt or
// WinningPoSt), parallel inside the partition (issue 19).
//
// The (pseudo-)sectors of a partition are independent sub-circuits, and so are the challenges of one
// sector once its comm_r_last is allocated (filecoin/post_circuit_parts.hpp). A partition of several
// sectors (WindowPoSt) makes each sector a part, a single sector (WinningPoSt) its prefix into w and
// each challenge a part (gadgets/witness_parts.hpp: written in place in w), on the threads the caller
// allows (a tbb::task_arena around the call limits them). Poseidon takes its native witness path
// (gadgets/poseidon_witness.hpp) unless w's native gadgets are off.
#pragma once
#include "filecoin/post/post_circuit.hpp"
#include "r1cs/witness_cs.hpp"

namespace cuzk::filecoin {

//! Fills w (a fresh WitnessCS) with exactly the input and aux assignments, and the constraint count,
//! that SynthesizePoStCircuit gives into any system, in the same order. Throws the
//! r1cs::SynthesisError generic synthesis throws first.
void WitnessPoStCircuit(r1cs::WitnessCS &w, const PoStCircuitInput &input);

} // namespace cuzk::filecoin
