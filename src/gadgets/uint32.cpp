// src/gadgets/uint32.cpp
#include "gadgets/uint32.hpp"

#include <bit>
#include <cassert>
#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i) {
  return cs.WantsNames() ? prefix + std::to_string(i) : std::string();
}

} // namespace

template <class Bit> UInt32 UInt32::BitByBit(ConstraintSystem &cs, const char *prefix, uint32_t value, Bit bit) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, prefix, i));
    r.bits_[i] = bit(i);
  }
  r.value_ = value;
  return r;
}

UInt32 UInt32::Constant(uint32_t value) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) r.bits_[i] = Boolean::Constant((value >> i) & 1);
  r.value_ = value;
  return r;
}

UInt32 UInt32::Alloc(ConstraintSystem &cs, uint32_t value) {
  return BitByBit(cs, "allocated bit ", value,
                  [&](size_t i) -> Boolean { return AllocatedBit::Alloc(cs, (value >> i) & 1); });
}

UInt32 UInt32::FromBitsBe(std::span<const Boolean> bits) {
  assert(bits.size() == 32);
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r.bits_[31 - i] = bits[i];
    r.value_ = (r.value_ << 1) | uint32_t(bits[i].Value());
  }
  return r;
}

UInt32 UInt32::FromBits(std::span<const Boolean> bits) {
  assert(bits.size() == 32);
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r.bits_[i] = bits[i];
    r.value_ |= uint32_t(bits[i].Value()) << i;
  }
  return r;
}

std::array<Boolean, 32> UInt32::BitsBe() const {
  std::array<Boolean, 32> be;
  for (size_t i = 0; i < 32; i++) be[i] = bits_[31 - i];
  return be;
}

UInt32 UInt32::Rotr(size_t by) const {
  by %= 32;
  UInt32 r;
  for (size_t i = 0; i < 32; i++) r.bits_[i] = bits_[(i + by) % 32];
  r.value_ = by ? (value_ >> by) | (value_ << (32 - by)) : value_;
  return r;
}

UInt32 UInt32::Shr(size_t by) const {
  by %= 32;
  UInt32 r; // constant false fill
  for (size_t i = 0; i + by < 32; i++) r.bits_[i] = bits_[i + by];
  r.value_ = value_ >> by;
  return r;
}

UInt32 UInt32::Xor(ConstraintSystem &cs, const UInt32 &other) const {
  return BitByBit(cs, "xor of bit ", value_ ^ other.value_,
                  [&](size_t i) { return Boolean::Xor(cs, bits_[i], other.bits_[i]); });
}

UInt32 UInt32::Sha256Ch(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c) {
  return BitByBit(cs, "ch ", (a.value_ & b.value_) ^ (~a.value_ & c.value_),
                  [&](size_t i) { return Boolean::Sha256Ch(cs, a.bits_[i], b.bits_[i], c.bits_[i]); });
}

UInt32 UInt32::Sha256Maj(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c) {
  return BitByBit(cs, "maj ", (a.value_ & b.value_) ^ (a.value_ & c.value_) ^ (b.value_ & c.value_),
                  [&](size_t i) { return Boolean::Sha256Maj(cs, a.bits_[i], b.bits_[i], c.bits_[i]); });
}

UInt32 UInt32::AddMany(MultiEq &meq, std::span<const UInt32> operands) {
  assert(operands.size() >= 2 && operands.size() <= 10);
  ConstraintSystem &cs = meq.Cs();
  uint64_t sum = 0;
  bool all_constants = true;
  for (const UInt32 &op : operands) {
    sum += op.value_;
    for (const Boolean &bit : op.bits_) all_constants &= bit.IsConstant();
  }
  if (all_constants) return Constant(uint32_t(sum));

  // the bits of the full sum: bitlen(n·(2^32 − 1)) of them
  const size_t num_bits = std::bit_width(uint64_t(operands.size()) * 0xffffffffull);
  static_assert(std::bit_width(uint64_t(10) * 0xffffffffull) <= 36); // at most 10 operands
  std::array<AllocatedBit, 36> bits;
  for (size_t i = 0; i < num_bits; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "result bit ", i));
    bits[i] = AllocatedBit::Alloc(cs, (sum >> i) & 1);
  }
  // Σ 2^j·operand bit j = Σ 2^i·result bit i, shifted into the MultiEq's pending equality; the
  // terms carry 2^(offset + j) directly (doubling from the offset, no multiplications)
  const Fr scale = meq.BeginEqual(num_bits);
  if (cs.WantsConstraints()) {
    for (const UInt32 &op : operands) {
      Fr coeff = scale;
      for (const Boolean &bit : op.bits_) {
        switch (bit.GetKind()) {
        case Boolean::Kind::kConstant:
          if (bit.Value()) meq.AddLhs(ConstraintSystem::One(), coeff);
          break;
        case Boolean::Kind::kIs:
          meq.AddLhs(bit.Bit().Var(), coeff);
          break;
        case Boolean::Kind::kNot:
          meq.AddLhs(ConstraintSystem::One(), coeff);
          meq.AddLhs(bit.Bit().Var(), -coeff);
          break;
        }
        coeff = coeff + coeff;
      }
    }
    Fr coeff = scale;
    for (size_t i = 0; i < num_bits; i++) {
      meq.AddRhs(bits[i].Var(), coeff);
      coeff = coeff + coeff;
    }
  }
  UInt32 r;
  for (size_t i = 0; i < 32; i++) r.bits_[i] = bits[i];
  r.value_ = uint32_t(sum);
  return r;
}

} // namespace cuzk::gadgets
