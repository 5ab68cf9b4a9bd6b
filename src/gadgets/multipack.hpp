// src/gadgets/multipack.hpp — bits packed into field elements (bellperson gadgets/multipack.rs).
//
// A chunk of at most 254 bits (Fr's CAPACITY), least significant first, is the integer
// Σ 2^k·bit_k; it always fits in Fr, so one constraint (Σ 2^k·bit_k)·1 = x binds it. Circuits
// use this to expose bit strings as few public inputs (PoR path indices, challenges) and to turn
// a SHA-256 digest back into a field element (pack_bits).
#pragma once
#include "gadgets/num.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::gadgets {

//! bits per packed element: Fr's CAPACITY
inline constexpr size_t MULTIPACK_CHUNK_BITS = 254;

//! For each chunk of 254 bits: alloc_input x ("input i"); (Σ 2^k·bit_k)·1 = x ("packing
//! constraint i"). No bits, no inputs.
void PackIntoInputs(ConstraintSystem &cs, std::span<const Boolean> bits);

//! The first 254 bits (or fewer) as one allocated number: namespace "input", alloc x ("num");
//! (Σ 2^k·bit_k)·1 = x ("packing constraint"). One constraint even for no bits.
AllocatedNum PackBits(ConstraintSystem &cs, std::span<const Boolean> bits);

//! bytes as bits, most significant bit of each byte first (SHA-256's order)
std::vector<bool> BytesToBits(std::span<const uint8_t> bytes);
//! bytes as bits, least significant bit of each byte first
std::vector<bool> BytesToBitsLe(std::span<const uint8_t> bytes);
//! Allocates one bit per bit of bytes, most significant bit of each byte first ("bit i"; the
//! shape of storage-proofs-core util::bytes_into_boolean_vec_be).
std::vector<Boolean> BytesIntoBooleanVecBe(ConstraintSystem &cs, std::span<const uint8_t> bytes);
//! Reverses the bit order inside each byte, after padding to whole bytes with constant false
//! (storage-proofs-core util::reverse_bit_numbering): LE bits of a field element become the
//! SHA-256 input order of its 32-byte little-endian representation, and back.
std::vector<Boolean> ReverseBitNumbering(std::vector<Boolean> bits);

//! the values PackIntoInputs gives the inputs for these bit values (what a verifier computes)
std::vector<Fr> ComputeMultipacking(const std::vector<bool> &bits);

} // namespace cuzk::gadgets
