// src/gadgets/poseidon_circuit.hpp — the Poseidon hash in-circuit: neptune's legacy circuit
// (`neptune::circuit::poseidon_hash`), the one every Filecoin circuit uses (spec/post-snap-poseidon.md §2.7).
//
// It encodes the optimised permutation (compressed round constants, pre-sparse and sparse
// matrices, src/hash/poseidon_constants.hpp), so its coefficients are those of neptune's
// preprocessing. Cost per hash: 3(t−1) + 4t·(R_F−1) + 4·R_P + 1 constraints, as many aux
// variables: 311 / 377 / 505 / 598 / 761 / 1009 / 1385 for arity 2 / 4 / 8 / 11 / 16 / 24 / 36.
#pragma once
#include "gadgets/num.hpp"
#include "hash/poseidon.hpp"
#include "r1cs/constraint_system.hpp"

#include <span>

namespace cuzk::gadgets {

//! Hash of `preimage` (already-allocated numbers, preimage.size() == constants.arity) under the
//! domain tag `tag`; returns the allocated digest. Throws r1cs::SynthesisError on an arity mismatch.
AllocatedNum PoseidonHashCircuit(r1cs::ConstraintSystem &cs, std::span<const AllocatedNum> preimage,
                                 const hash::PoseidonConstants &constants, const Fr &tag);

//! The MerkleTree-tagged hash (tag 2^arity − 1) with the cached constants for preimage.size():
//! a Filecoin tree node or column hash (filecoin-hashers' hash_multi_leaf_circuit / hash2_circuit).
AllocatedNum PoseidonHashMerkleCircuit(r1cs::ConstraintSystem &cs, std::span<const AllocatedNum> preimage);

} // namespace cuzk::gadgets
