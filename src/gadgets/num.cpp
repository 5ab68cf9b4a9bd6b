// src/gadgets/num.cpp
#include "gadgets/num.hpp"

#include <string>

namespace cuzk::gadgets {

namespace {

std::string IndexedName(const ConstraintSystem &cs, const char *prefix, size_t i) {
  return cs.WantsNames() ? prefix + std::to_string(i) : std::string();
}

// 0·0 = Σ2^i·bits[i] − x: the bits, LSB first, recompose x.
template <class Bits> void EnforceUnpacking(ConstraintSystem &cs, const Bits &bits, Variable x) {
  cs.Enforce(
      "unpacking constraint", [](LinearCombination lc) { return lc; }, [](LinearCombination lc) { return lc; },
      [&](LinearCombination lc) {
        Fr coeff = Fr::One();
        for (const AllocatedBit &bit : bits) {
          lc.Add(bit.Var(), coeff);
          coeff = coeff + coeff;
        }
        lc.Sub(x);
        return lc;
      });
}

// AND of all bits, left to right, each step a new bit (bellpepper's kary_and).
AllocatedBit KaryAnd(ConstraintSystem &cs, const std::vector<AllocatedBit> &v) {
  AllocatedBit cur = v.front();
  for (size_t i = 1; i < v.size(); i++) {
    r1cs::Namespace ns(cs, IndexedName(cs, "and ", i));
    cur = AllocatedBit::And(cs, cur, v[i]);
  }
  return cur;
}

} // namespace

AllocatedNum AllocatedNum::Alloc(ConstraintSystem &cs, const Fr &value) {
  return AllocatedNum(cs.Alloc("num", [&] { return value; }), value);
}

AllocatedNum AllocatedNum::AllocInput(ConstraintSystem &cs, const Fr &value) {
  return AllocatedNum(cs.AllocInput("input num", [&] { return value; }), value);
}

void AllocatedNum::Inputize(ConstraintSystem &cs) const {
  Variable input = cs.AllocInput("input variable", [&] { return value_; });
  cs.Enforce(
      "enforce input is correct", [&](LinearCombination lc) { return std::move(lc.Add(input)); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(variable_)); });
}

std::vector<Boolean> AllocatedNum::ToBitsLe(ConstraintSystem &cs) const {
  std::vector<AllocatedBit> bits = FieldIntoAllocatedBitsLe(cs, value_);
  EnforceUnpacking(cs, bits, variable_);
  return std::vector<Boolean>(bits.begin(), bits.end());
}

std::vector<Boolean> AllocatedNum::ToBitsLeStrict(ConstraintSystem &cs) const {
  // Walk r − 1 and the value from the most significant bit of the 256-bit representation down.
  const Fr::Repr a = value_.ToCanonical();
  const Fr::Repr r_minus_1 = (-Fr::One()).ToCanonical();
  auto bit = [](const Fr::Repr &x, size_t i) { return bool((x[i / 64] >> (i % 64)) & 1); };

  std::vector<AllocatedBit> result; // most significant first
  result.reserve(Fr::NUM_BITS);
  std::vector<AllocatedBit> current_run;
  AllocatedBit last_run;
  bool have_last_run = false;
  bool found_one = false;
  size_t i = 0;
  for (size_t pos = 64 * Fr::N; pos-- > 0;) {
    const bool b = bit(r_minus_1, pos);
    found_one |= b;
    if (!found_one) continue; // above r's bit length: the value's bit is zero too
    const bool a_bit = bit(a, pos);
    if (b) {
      // part of a run of ones of r − 1
      r1cs::Namespace ns(cs, IndexedName(cs, "bit ", i));
      AllocatedBit x = AllocatedBit::Alloc(cs, a_bit);
      current_run.push_back(x);
      result.push_back(x);
    } else {
      if (!current_run.empty()) {
        // a run of ones just ended: fold it (and the previous runs) into last_run
        if (have_last_run) current_run.push_back(last_run);
        r1cs::Namespace ns(cs, IndexedName(cs, "run ending at ", i));
        last_run = KaryAnd(cs, current_run);
        have_last_run = true;
        current_run.clear();
      }
      // if every higher bit equals r − 1's, this one must be zero
      r1cs::Namespace ns(cs, IndexedName(cs, "bit ", i));
      result.push_back(AllocatedBit::AllocConditionally(cs, a_bit, last_run));
    }
    i++;
  }
  // r − 1 is even, so the walk always ends in a run of zeros and no run is left open
  std::vector<AllocatedBit> le(result.rbegin(), result.rend());
  EnforceUnpacking(cs, le, variable_);
  return std::vector<Boolean>(le.begin(), le.end());
}

AllocatedNum AllocatedNum::Add(ConstraintSystem &cs, const AllocatedNum &other) const {
  const Fr value = value_ + other.value_;
  Variable sum = cs.Alloc("sum num", [&] { return value; });
  cs.Enforce(
      "addition constraint", [&](LinearCombination lc) { return std::move(lc.Add(variable_).Add(other.variable_)); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); },
      [&](LinearCombination lc) { return std::move(lc.Add(sum)); });
  return AllocatedNum(sum, value);
}

AllocatedNum AllocatedNum::Mul(ConstraintSystem &cs, const AllocatedNum &other) const {
  const Fr value = cs.WantsValues() ? value_ * other.value_ : Fr::Zero();
  Variable product = cs.Alloc("product num", [&] { return value; });
  cs.Enforce(
      "multiplication constraint", [&](LinearCombination lc) { return std::move(lc.Add(variable_)); },
      [&](LinearCombination lc) { return std::move(lc.Add(other.variable_)); },
      [&](LinearCombination lc) { return std::move(lc.Add(product)); });
  return AllocatedNum(product, value);
}

AllocatedNum AllocatedNum::Square(ConstraintSystem &cs) const {
  const Fr value = cs.WantsValues() ? value_ * value_ : Fr::Zero();
  Variable squared = cs.Alloc("squared num", [&] { return value; });
  cs.Enforce(
      "squaring constraint", [&](LinearCombination lc) { return std::move(lc.Add(variable_)); },
      [&](LinearCombination lc) { return std::move(lc.Add(variable_)); },
      [&](LinearCombination lc) { return std::move(lc.Add(squared)); });
  return AllocatedNum(squared, value);
}

void AllocatedNum::AssertNonzero(ConstraintSystem &cs) const {
  Variable inv = cs.Alloc("ephemeral inverse", [&] {
    if (value_.IsZero()) throw r1cs::SynthesisError("AllocatedNum::AssertNonzero: value is zero");
    return value_.Inverse();
  });
  cs.Enforce(
      "nonzero assertion constraint", [&](LinearCombination lc) { return std::move(lc.Add(variable_)); },
      [&](LinearCombination lc) { return std::move(lc.Add(inv)); },
      [](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One())); });
}

std::pair<AllocatedNum, AllocatedNum> AllocatedNum::ConditionallyReverse(ConstraintSystem &cs, const AllocatedNum &a,
                                                                         const AllocatedNum &b,
                                                                         const Boolean &condition) {
  const bool swap = condition.Value();
  AllocatedNum c;
  {
    r1cs::Namespace ns(cs, "conditional reversal result 1");
    c = Alloc(cs, swap ? b.value_ : a.value_);
  }
  cs.Enforce(
      "first conditional reversal",
      [&](LinearCombination lc) { return std::move(lc.Add(a.variable_).Sub(b.variable_)); },
      [&](LinearCombination) { return condition.Lc(); },
      [&](LinearCombination lc) { return std::move(lc.Add(a.variable_).Sub(c.variable_)); });
  AllocatedNum d;
  {
    r1cs::Namespace ns(cs, "conditional reversal result 2");
    d = Alloc(cs, swap ? a.value_ : b.value_);
  }
  cs.Enforce(
      "second conditional reversal",
      [&](LinearCombination lc) { return std::move(lc.Add(b.variable_).Sub(a.variable_)); },
      [&](LinearCombination) { return condition.Lc(); },
      [&](LinearCombination lc) { return std::move(lc.Add(b.variable_).Sub(d.variable_)); });
  return {c, d};
}

Num Num::AddBoolWithCoeff(const Boolean &bit, const Fr &coeff) && {
  if (bit.Value()) value_ += coeff;
  bit.AddTo(lc_, coeff);
  return std::move(*this);
}

Num Num::Add(const Num &other) const {
  Num r = *this;
  r.lc_ += other.lc_;
  r.value_ += other.value_;
  return r;
}

Num Num::Scale(const Fr &scalar) const {
  Num r = *this;
  r.lc_ *= scalar;
  r.value_ *= scalar;
  return r;
}

} // namespace cuzk::gadgets
