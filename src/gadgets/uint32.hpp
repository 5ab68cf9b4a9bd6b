// src/gadgets/uint32.hpp — 32-bit words as 32 Booleans, least significant bit first.
//
// bellperson gadgets/uint32.rs, constraint for constraint: rotations and shifts only permute
// bits (free), xor / ch / maj go bit by bit through Boolean (free on constants), and AddMany
// allocates the bits of the full sum and hands the equality Σ operands = Σ result bits to a
// MultiEq, which packs several additions into one constraint.
#pragma once
#include "gadgets/boolean.hpp"
#include "gadgets/multieq.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace cuzk::gadgets {

class UInt32 {
public:
  //! the constant 0
  UInt32() { bits_.fill(Boolean::Constant(false)); }

  //! 32 constant bits
  static UInt32 Constant(uint32_t value);
  //! 32 allocated bits, LSB first ("allocated bit i"), each boolean-constrained
  static UInt32 Alloc(ConstraintSystem &cs, uint32_t value);
  //! from 32 bits, most significant first (how SHA-256 reads its message words)
  static UInt32 FromBitsBe(std::span<const Boolean> bits);
  //! from 32 bits, least significant first
  static UInt32 FromBits(std::span<const Boolean> bits);

  //! the bits, most significant first
  std::array<Boolean, 32> BitsBe() const;
  //! the bits, least significant first
  const std::array<Boolean, 32> &Bits() const { return bits_; }
  uint32_t Value() const { return value_; }

  //! rotate right by `by` (mod 32): a permutation of the bits
  UInt32 Rotr(size_t by) const;
  //! shift right by `by` (mod 32), filling with constant false
  UInt32 Shr(size_t by) const;
  //! bitwise xor ("xor of bit i")
  UInt32 Xor(ConstraintSystem &cs, const UInt32 &other) const;
  //! bitwise SHA-256 Ch ("ch i")
  static UInt32 Sha256Ch(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c);
  //! bitwise SHA-256 Maj ("maj i")
  static UInt32 Sha256Maj(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c);

  //! the sum of 2..10 operands modulo 2^32. All-constant operands give a constant. Otherwise the
  //! bitlen(n·(2^32 − 1)) bits of the full sum are allocated ("result bit i"), the equality of
  //! the two sums goes to meq, and the low 32 bits are the result.
  static UInt32 AddMany(MultiEq &meq, std::span<const UInt32> operands);

private:
  //! bit i = bit(i) for i = 0..31, each made in the namespace "<prefix>i", and the word's value
  template <class Bit> static UInt32 BitByBit(ConstraintSystem &cs, const char *prefix, uint32_t value, Bit bit);

  std::array<Boolean, 32> bits_; //!< least significant first
  uint32_t value_ = 0;
};

} // namespace cuzk::gadgets
