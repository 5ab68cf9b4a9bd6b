// src/gadgets/uint32.cpp
#include "gadgets/uint32.hpp"

#include <cassert>
#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i) {
  return cs.WantsNames() ? prefix + std::to_string(i) : std::string();
}

} // namespace

UInt32 UInt32::Constant(uint32_t value) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) r.bits_[i] = Boolean::Constant((value >> i) & 1);
  r.value_ = value;
  return r;
}

UInt32 UInt32::Alloc(ConstraintSystem &cs, uint32_t value) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "allocated bit ", i));
    r.bits_[i] = AllocatedBit::Alloc(cs, (value >> i) & 1);
  }
  r.value_ = value;
  return r;
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
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "xor of bit ", i));
    r.bits_[i] = Boolean::Xor(cs, bits_[i], other.bits_[i]);
  }
  r.value_ = value_ ^ other.value_;
  return r;
}

UInt32 UInt32::Sha256Ch(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "ch ", i));
    r.bits_[i] = Boolean::Sha256Ch(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
  }
  r.value_ = (a.value_ & b.value_) ^ (~a.value_ & c.value_);
  return r;
}

UInt32 UInt32::Sha256Maj(ConstraintSystem &cs, const UInt32 &a, const UInt32 &b, const UInt32 &c) {
  UInt32 r;
  for (size_t i = 0; i < 32; i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "maj ", i));
    r.bits_[i] = Boolean::Sha256Maj(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
  }
  r.value_ = (a.value_ & b.value_) ^ (a.value_ & c.value_) ^ (b.value_ & c.value_);
  return r;
}

UInt32 UInt32::AddMany(MultiEq &meq, std::span<const UInt32> operands) {
  assert(operands.size() >= 2 && operands.size() <= 10);
  ConstraintSystem &cs = meq.Cs();
  const bool build = cs.WantsConstraints();
  uint64_t max_value = uint64_t(operands.size()) * 0xffffffffull;
  uint64_t sum = 0;
  bool all_constants = true;
  LinearCombination lc;
  for (const UInt32 &op : operands) {
    sum += op.value_;
    Fr coeff = Fr::One();
    for (const Boolean &bit : op.bits_) {
      all_constants &= bit.IsConstant();
      if (build) {
        bit.AddTo(lc, coeff);
        coeff = coeff + coeff;
      }
    }
  }
  if (all_constants) return Constant(uint32_t(sum));

  UInt32 r;
  LinearCombination result_lc;
  Fr coeff = Fr::One();
  size_t i = 0;
  for (; max_value != 0; max_value >>= 1, i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "result bit ", i));
    AllocatedBit b = AllocatedBit::Alloc(cs, (sum >> i) & 1);
    if (build) {
      result_lc.Add(b.Var(), coeff);
      coeff = coeff + coeff;
    }
    if (i < 32) r.bits_[i] = b;
  }
  meq.EnforceEqual(i, lc, result_lc);
  r.value_ = uint32_t(sum);
  return r;
}

} // namespace cuzk::gadgets
