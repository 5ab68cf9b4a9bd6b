// src/gadgets/uint64.cpp
#include "gadgets/uint64.hpp"

#include "gadgets/multipack.hpp"

#include <cassert>
#include <string>

namespace cuzk::gadgets {

UInt64 UInt64::Constant(uint64_t value) {
  UInt64 r;
  for (size_t i = 0; i < 64; i++) r.bits_[i] = Boolean::Constant((value >> i) & 1);
  r.value_ = value;
  return r;
}

UInt64 UInt64::Alloc(ConstraintSystem &cs, uint64_t value) {
  UInt64 r;
  for (size_t i = 0; i < 64; i++) {
    r1cs::Namespace ns(cs, cs.WantsNames() ? "allocated bit " + std::to_string(i) : std::string());
    r.bits_[i] = AllocatedBit::Alloc(cs, (value >> i) & 1);
  }
  r.value_ = value;
  return r;
}

UInt64 UInt64::FromBitsBe(std::span<const Boolean> bits) {
  assert(bits.size() == 64);
  UInt64 r;
  for (size_t i = 0; i < 64; i++) {
    r.bits_[63 - i] = bits[i];
    r.value_ = (r.value_ << 1) | uint64_t(bits[i].Value());
  }
  return r;
}

UInt64 UInt64::FromBits(std::span<const Boolean> bits) {
  assert(bits.size() == 64);
  UInt64 r;
  for (size_t i = 0; i < 64; i++) {
    r.bits_[i] = bits[i];
    r.value_ |= uint64_t(bits[i].Value()) << i;
  }
  return r;
}

std::array<Boolean, 64> UInt64::BitsBe() const {
  std::array<Boolean, 64> be;
  for (size_t i = 0; i < 64; i++) be[i] = bits_[63 - i];
  return be;
}

void UInt64::PackIntoInput(ConstraintSystem &cs) const { PackIntoInputs(cs, bits_); }

} // namespace cuzk::gadgets
