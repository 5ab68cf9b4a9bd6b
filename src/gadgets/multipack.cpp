// src/gadgets/multipack.cpp
#include "gadgets/multipack.hpp"

#include <algorithm>
#include <string>

namespace cuzk::gadgets {

namespace {

// Σ 2^k·bits[k] as a Num (coefficients doubled as bellpepper does, one bit at a time).
Num PackedNum(std::span<const Boolean> bits) {
  Num num;
  Fr coeff = Fr::One();
  for (const Boolean &bit : bits) {
    num = std::move(num).AddBoolWithCoeff(bit, coeff);
    coeff = coeff + coeff;
  }
  return num;
}

void EnforcePacking(ConstraintSystem &cs, std::string_view name, const Num &num, Variable x) {
  cs.Enforce(
      name, [&](LinearCombination) { return num.Lc(); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(x)); });
}

} // namespace

void PackIntoInputs(ConstraintSystem &cs, std::span<const Boolean> bits) {
  for (size_t start = 0, i = 0; start < bits.size(); start += MULTIPACK_CHUNK_BITS, i++) {
    const Num num = PackedNum(bits.subspan(start, std::min(MULTIPACK_CHUNK_BITS, bits.size() - start)));
    const bool names = cs.WantsNames();
    const Variable input =
        cs.AllocInput(names ? "input " + std::to_string(i) : std::string(), [&] { return num.Value(); });
    EnforcePacking(cs, names ? "packing constraint " + std::to_string(i) : std::string(), num, input);
  }
}

AllocatedNum PackBits(ConstraintSystem &cs, std::span<const Boolean> bits) {
  const Num num = PackedNum(bits.first(std::min(MULTIPACK_CHUNK_BITS, bits.size())));
  AllocatedNum x;
  {
    r1cs::Namespace ns(cs, "input");
    x = AllocatedNum::Alloc(cs, num.Value());
  }
  EnforcePacking(cs, "packing constraint", num, x.Var());
  return x;
}

std::vector<bool> BytesToBits(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(8 * bytes.size());
  for (uint8_t v : bytes)
    for (int i = 7; i >= 0; i--) bits.push_back((v >> i) & 1);
  return bits;
}

std::vector<bool> BytesToBitsLe(std::span<const uint8_t> bytes) {
  std::vector<bool> bits;
  bits.reserve(8 * bytes.size());
  for (uint8_t v : bytes)
    for (int i = 0; i < 8; i++) bits.push_back((v >> i) & 1);
  return bits;
}

std::vector<Boolean> BytesIntoBooleanVecBe(ConstraintSystem &cs, std::span<const uint8_t> bytes) {
  const std::vector<bool> values = BytesToBits(bytes);
  std::vector<Boolean> bits;
  bits.reserve(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    r1cs::Namespace ns(cs, cs.WantsNames() ? "bit " + std::to_string(i) : std::string());
    bits.push_back(AllocatedBit::Alloc(cs, values[i]));
  }
  return bits;
}

std::vector<Boolean> ReverseBitNumbering(std::vector<Boolean> bits) {
  while (bits.size() % 8 != 0) bits.push_back(Boolean::Constant(false));
  for (size_t i = 0; i < bits.size(); i += 8) std::reverse(bits.begin() + i, bits.begin() + i + 8);
  return bits;
}

std::vector<Fr> ComputeMultipacking(const std::vector<bool> &bits) {
  std::vector<Fr> result;
  for (size_t start = 0; start < bits.size(); start += MULTIPACK_CHUNK_BITS) {
    Fr cur = Fr::Zero(), coeff = Fr::One();
    for (size_t k = start; k < std::min(bits.size(), start + MULTIPACK_CHUNK_BITS); k++) {
      if (bits[k]) cur += coeff;
      coeff = coeff + coeff;
    }
    result.push_back(cur);
  }
  return result;
}

} // namespace cuzk::gadgets
