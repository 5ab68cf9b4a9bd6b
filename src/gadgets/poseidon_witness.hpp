// src/gadgets/poseidon_witness.hpp — the legacy Poseidon circuit's witness, computed natively for an
// r1cs::WitnessCS (issue 19).
//
// Into a witness system the gadget (gadgets/poseidon_circuit.hpp) produces only its aux values:
// per S-box of a full or partial round the input (the mixed state element, allocated because it is a
// linear combination), l², l⁴ and l⁵ + key; in the first round l², l⁴, l⁵ for each preimage
// element; and the digest. This computes the optimised permutation (hash/poseidon.cpp's order of
// rounds and matrices) and appends those values in that order, counting one constraint per value as
// the gadget enforces, with no linear combination, namespace or callback on the way.
#pragma once
#include "gadgets/num.hpp"
#include "hash/poseidon_constants.hpp"
#include "r1cs/witness_cs.hpp"

#include <span>

namespace cuzk::gadgets {

//! PoseidonHashCircuit(w, preimage, constants, tag) for preimage.size() == constants.arity.
AllocatedNum PoseidonHashWitness(r1cs::WitnessCS &w, std::span<const AllocatedNum> preimage,
                                 const hash::PoseidonConstants &constants, const Fr &tag);

} // namespace cuzk::gadgets
