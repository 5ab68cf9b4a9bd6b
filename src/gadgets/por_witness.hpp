// src/gadgets/por_witness.hpp — Poseidon PoR paths written into witness systems together (issue 19).
//
// A WindowPoSt sector proves ten challenges, each a Merkle path of Poseidon node hashes, and each
// hash needs the one below it: one path is a chain of dependent permutations, but the paths are
// independent. Climbing them side by side (gadgets/por.hpp's PorClimb, one level of one path at a
// time) leaves several node hashes ready at once, and those are written as one batch
// (PoseidonWitnessValues: eight permutations at a time in vector registers where the CPU can). Each
// path is still synthesised into its own system exactly as PorCircuit would: same variables, values,
// inputs and constraint count.
#pragma once
#include "gadgets/por.hpp"
#include "r1cs/witness_cs.hpp"

#include <span>

namespace cuzk::gadgets {

//! One path of a batch: the system it is synthesised into and PorCircuit's arguments.
struct PorWitnessPath {
  r1cs::WitnessCS *system;
  PorRoot value;
  std::span<const PorPathLevel> path;
  PorRoot root;
};

//! PorCircuit(*p.system, MerkleHasher::kPoseidon, p.value, p.path, p.root, private_root) for every p,
//! the node hashes of all paths computed in batches. Every system must be distinct. Where any system's
//! native gadgets are off, each path is synthesised by PorCircuit itself (the per-variable reference). Throws the
//! r1cs::SynthesisError PorCircuit throws for the first path it refuses; the systems' contents are
//! then unspecified.
void PoseidonPorWitnesses(std::span<const PorWitnessPath> paths, bool private_root);

} // namespace cuzk::gadgets
