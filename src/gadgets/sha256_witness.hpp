// src/gadgets/sha256_witness.hpp — the SHA-256 compression gadget's witness, computed natively on
// whole words for an r1cs::WitnessCS (issue 19).
//
// Into a witness system the gadget (gadgets/sha256.hpp) produces nothing but aux values: the bits
// that xor, ch, maj and AddMany allocate, in allocation order. Which bits allocate depends only on
// which bits are constants and which are negations (bellpepper's fast paths), never on values; so
// each 32-bit word is carried as its value with a constant mask and a negation mask, the masks
// decide the allocations of all 32 bits at once, and the compression runs as native integer
// arithmetic while the allocated bits are appended in the gadget's order. The constraints the
// gadget would enforce are counted, and the result's bits carry the variables the gadget gives them.
// Equality with the gadget (same aux vector, same count, same result) is tests/gadgets'
// sha256_witness_test.
#pragma once
#include "gadgets/uint32.hpp"
#include "r1cs/witness_cs.hpp"

#include <array>
#include <span>

namespace cuzk::gadgets {

//! The most aux variables one compression allocates: per schedule word two σ (64 xor bits each) and a
//! 4-operand sum (34 bits); per round two sums (35), two Σ, ch (32) and maj (64); 8 final sums.
inline constexpr size_t SHA256_COMPRESSION_MAX_AUX = 48 * (64 + 64 + 34) + 64 * (35 + 64 + 32 + 35 + 64 + 64) + 8 * 35;

//! Sha256CompressionFunction(w, input, current_hash_value), without a per-variable callback.
std::array<UInt32, 8> Sha256CompressionWitness(r1cs::WitnessCS &w, std::span<const Boolean> input,
                                               std::span<const UInt32, 8> current_hash_value);

} // namespace cuzk::gadgets
