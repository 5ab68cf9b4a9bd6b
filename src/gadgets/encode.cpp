// src/gadgets/encode.cpp
#include "gadgets/encode.hpp"

namespace cuzk::gadgets {

namespace {

// (x + y)·1 = z
void EnforceSum(ConstraintSystem &cs, std::string_view name, Variable x, Variable y, Variable z) {
  cs.Enforce(
      name, [&](LinearCombination lc) { return std::move(lc.Add(x).Add(y)); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(z)); });
}

} // namespace

AllocatedNum Encode(ConstraintSystem &cs, const AllocatedNum &key, const AllocatedNum &value) {
  r1cs::Namespace ns(cs, "encode_add");
  AllocatedNum sum;
  {
    r1cs::Namespace alloc_ns(cs, "add_num");
    sum = AllocatedNum::Alloc(cs, key.Value() + value.Value());
  }
  EnforceSum(cs, "sum constraint", key.Var(), value.Var(), sum.Var());
  return sum;
}

AllocatedNum Decode(ConstraintSystem &cs, const AllocatedNum &key, const AllocatedNum &value) {
  r1cs::Namespace ns(cs, "decode_sub");
  AllocatedNum difference;
  {
    r1cs::Namespace alloc_ns(cs, "sub_num");
    difference = AllocatedNum::Alloc(cs, value.Value() - key.Value());
  }
  EnforceSum(cs, "subtraction constraint", difference.Var(), key.Var(), value.Var());
  return difference;
}

} // namespace cuzk::gadgets
