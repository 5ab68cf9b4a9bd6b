// src/gadgets/poseidon_witness.hpp — the legacy Poseidon circuit's witness, computed natively for an
// r1cs::WitnessCS (issue 19).
//
// Into a witness system the gadget (gadgets/poseidon_circuit.hpp) produces only its aux values:
// per S-box of a full or partial round the input (the mixed state element, allocated because it is a
// linear combination), l², l⁴ and l⁵ + key; in the first round l², l⁴, l⁵ for each preimage
// element; and the digest. This computes the optimised permutation (hash/poseidon.cpp's order of
// rounds and matrices) and writes those values in that order, counting one constraint per value as
// the gadget enforces, with no linear combination, namespace or callback on the way.
//
// Independent hashes (the challenges of a PoSt sector, each climbing its own Merkle path) can be
// written together: PoseidonWitnessValues takes a batch and, where the CPU has AVX-512 IFMA, runs
// eight permutations at once in vector registers (gadgets/poseidon_witness_ifma.hpp); the values
// are the same either way.
#pragma once
#include "gadgets/num.hpp"
#include "hash/poseidon_constants.hpp"
#include "r1cs/witness_cs.hpp"

#include <span>

namespace cuzk::gadgets {

//! PoseidonHashCircuit(w, preimage, constants, tag) for preimage.size() == constants.arity.
AllocatedNum PoseidonHashWitness(r1cs::WitnessCS &w, std::span<const AllocatedNum> preimage,
                                 const hash::PoseidonConstants &constants, const Fr &tag);

//! How many aux values (and constraints) one hash of these constants allocates:
//! 3(t − 1) + 4t·(R_F − 1) + 4·R_P + 1 for width t. The digest is the last of them.
size_t PoseidonWitnessSize(const hash::PoseidonConstants &constants);

//! One hash of a batch: its constants.arity preimage values, and where its
//! PoseidonWitnessSize(constants) values are written.
struct PoseidonWitnessJob {
  const Fr *preimage;
  Fr *aux;
};

//! Writes every job's values (what PoseidonHashWitness appends for that preimage). Jobs must not
//! overlap. Eight at a time with AVX-512 IFMA where the CPU has it (gadgets/poseidon_witness_ifma.hpp),
//! one at a time otherwise; the values are identical.
void PoseidonWitnessValues(const hash::PoseidonConstants &constants, const Fr &tag,
                           std::span<const PoseidonWitnessJob> jobs);

//! The one-at-a-time path: the reference the vector path is tested against.
void PoseidonWitnessValuesScalar(const hash::PoseidonConstants &constants, const Fr &tag, const Fr *preimage, Fr *aux);

} // namespace cuzk::gadgets
