// src/filecoin/post/post_circuit.hpp — the FallbackPoSt circuit of WindowPoSt and WinningPoSt
// (rust-fil-proofs storage-proofs-post fallback/circuit.rs; spec/post-snap-poseidon.md §3.3),
// synthesised in upstream's sequential ("default") order, which fixes the R1CS of the published
// parameters. For each of the params.sector_count (pseudo-)sectors:
//   alloc comm_r_last, comm_c, comm_r; inputize comm_r; H = Poseidon2(comm_c, comm_r_last);
//   comm_r·1 = H; then per challenge a PoR (leaf allocated, index bits, siblings, insert, Poseidon
//   per level; the packed index bits as one public input; computed root·1 = comm_r_last).
// Public inputs (ONE first): per sector [comm_r, leaf index × challenge_count] (post_challenges.hpp
// FallbackPoStPublicInputs computes them verifier-side).
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/post_config.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "gadgets/por.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"

#include <vector>

namespace cuzk::filecoin {

//! One (pseudo-)sector's witness (circuit.rs `Sector`).
struct PoStSectorWitness {
  ff::Fr comm_r = ff::Fr::Zero();
  ff::Fr comm_c = ff::Fr::Zero();
  ff::Fr comm_r_last = ff::Fr::Zero();
  std::vector<ff::Fr> leafs;                             //!< one per challenge
  std::vector<std::vector<gadgets::PorPathLevel>> paths; //!< one per challenge, levels bottom-up
};

struct PoStCircuitInput {
  FallbackPoStParams params;
  std::vector<PoStSectorWitness> sectors; //!< exactly params.sector_count
};

//! Synthesises the partition circuit. Throws r1cs::SynthesisError for a witness of the wrong shape
//! (sector, challenge or level counts, arities); a well-formed wrong witness is unsatisfied instead.
void SynthesizePoStCircuit(r1cs::ConstraintSystem &cs, const PoStCircuitInput &input);

//! The same system as SynthesizePoStCircuit into an empty ProvingAssignment (same variables, constraints,
//! evaluations and densities, in the same order), with the sectors synthesised in parallel in
//! `chunks` groups and appended in order — upstream's synthesize_extendable, which the prover uses
//! for WindowPoSt: a 32GiB partition is 2349 independent sector sub-circuits. `pa` must be fresh.
void SynthesizePoStCircuitParallel(r1cs::ProvingAssignment &pa, const PoStCircuitInput &input, size_t chunks);

//! The circuit as an r1cs::Circuit (for groth16 setup and proving).
struct PoStCircuit {
  PoStCircuitInput input;
  void Synthesize(r1cs::ConstraintSystem &cs) const { SynthesizePoStCircuit(cs, input); }
};

//! The blank circuit of parameter generation (Sector::blank_circuit): zero values, params' shapes.
//! kInvalidArgument when the tree shape does not fit the sector size.
Expected<PoStCircuitInput> BlankPoStCircuitInput(const FallbackPoStParams &params);

//! The circuit input of an assembled partition (`FallbackPoStCompound::circuit`): sector i takes
//! partition.proofs[i] and the public comm_r of partition.sectors[i], the slots past the public
//! sectors (padding) the last public sector's. kInvalidArgument for counts or shapes that do not match
//! the params, kNonCanonical for a value ≥ r.
Expected<PoStCircuitInput> PoStCircuitInputFromPartition(const PoStPartition &partition);

} // namespace cuzk::filecoin
