// src/gadgets/sha256.hpp — SHA-256 in a circuit (FIPS 180-4), constraint-exact with bellperson
// gadgets/sha256.rs.
//
// Bits are Booleans in SHA-256's order: each byte most significant bit first, words big-endian.
// The message schedule and the rounds are UInt32 gadgets; every modular addition is one
// UInt32::AddMany, and the additions of one compression function share a MultiEq. As upstream,
// the next e and a are kept as deferred sums and only added when used, so each round costs
// two AddMany calls of 6 and 7 operands rather than several of two.
// Counts (bellperson tests): 25,840 constraints per compression of 512 allocated bits,
// 44,874 for sha256 of 512 allocated bits (the padding block is constant).
#pragma once
#include "gadgets/uint32.hpp"

#include <array>
#include <span>
#include <vector>

namespace cuzk::gadgets {

//! the initial hash value H(0), as constants
std::array<UInt32, 8> Sha256Iv();

//! One compression: 512 message bits and the current state → the next state.
std::array<UInt32, 8> Sha256CompressionFunction(ConstraintSystem &cs, std::span<const Boolean> input,
                                                std::span<const UInt32, 8> current_hash_value);

//! One compression of 512 bits from the IV, no padding; 256 digest bits.
std::vector<Boolean> Sha256BlockNoPadding(ConstraintSystem &cs, std::span<const Boolean> input);

//! SHA-256 of a whole number of bytes: standard padding as constant bits, one compression per
//! 512-bit block (namespace "block i"); 256 digest bits.
std::vector<Boolean> Sha256(ConstraintSystem &cs, std::span<const Boolean> input);

} // namespace cuzk::gadgets
