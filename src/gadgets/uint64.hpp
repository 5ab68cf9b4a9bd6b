// src/gadgets/uint64.hpp — 64-bit words as 64 Booleans, least significant first
// (rust-fil-proofs storage-proofs-core gadgets/uint64.rs). The PoRep circuit allocates each
// challenge as one (64 boolean constraints), exposes it with PackIntoInput and feeds its
// big-endian bits to the label hash.
#pragma once
#include "gadgets/boolean.hpp"

#include <array>
#include <cstdint>
#include <span>

namespace cuzk::gadgets {

class UInt64 {
public:
  //! the constant 0
  UInt64() { bits_.fill(Boolean::Constant(false)); }

  //! 64 constant bits
  static UInt64 Constant(uint64_t value);
  //! 64 allocated bits, LSB first ("allocated bit i"), each boolean-constrained
  static UInt64 Alloc(ConstraintSystem &cs, uint64_t value);
  //! from 64 bits, most significant first
  static UInt64 FromBitsBe(std::span<const Boolean> bits);
  //! from 64 bits, least significant first
  static UInt64 FromBits(std::span<const Boolean> bits);

  //! the bits, most significant first
  std::array<Boolean, 64> BitsBe() const;
  //! the bits, least significant first
  const std::array<Boolean, 64> &BitsLe() const { return bits_; }
  uint64_t Value() const { return value_; }

  //! one public input equal to the value (multipack over the 64 LE bits: 1 input, 1 constraint)
  void PackIntoInput(ConstraintSystem &cs) const;

private:
  std::array<Boolean, 64> bits_; //!< least significant first
  uint64_t value_ = 0;
};

} // namespace cuzk::gadgets
