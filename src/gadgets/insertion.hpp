// src/gadgets/insertion.hpp — pick, select and insert (rust-fil-proofs
// storage-proofs-core/src/gadgets/insertion.rs; shapes in spec/post-snap-poseidon.md §1.3).
//
// A Merkle path level re-inserts the current node among its arity − 1 siblings at the position
// its index bits give; the hash input is the resulting row. Arities 2, 4 and 8 use upstream's
// hand-optimised selection networks (2 / 8 / 22 constraints); other sizes use the general one,
// size·(size − 1) picks. The R1CS is fixed by Filecoin's parameters: allocation and constraint
// order follow upstream exactly.
#pragma once
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"

#include <span>
#include <vector>

namespace cuzk::gadgets {

//! c = condition ? a : b: alloc c; (b − a)·condition = b − c
AllocatedNum Pick(ConstraintSystem &cs, const Boolean &condition, const AllocatedNum &a, const AllocatedNum &b);

//! from[index] with index = Σ bits[i]·2^i (LSB first); from.size() == 2^bits.size(). Consumes the
//! bits from the most significant down, halving the candidates each time: from.size() − 1 picks.
AllocatedNum Select(ConstraintSystem &cs, std::span<const AllocatedNum> from, std::span<const Boolean> bits);

//! elements with `element` inserted at position Σ bits[i]·2^i (LSB first);
//! elements.size() + 1 == 2^bits.size(). Arity 8 needs allocated, unnegated bits (Boolean::Is)
//! for its nor/and; anything else throws r1cs::SynthesisError, as upstream panics.
std::vector<AllocatedNum> Insert(ConstraintSystem &cs, const AllocatedNum &element, std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> elements);

} // namespace cuzk::gadgets
