// src/gadgets/boolean.cpp
#include "gadgets/boolean.hpp"

#include <string>

namespace cuzk::gadgets {

namespace {

Fr FrOfBit(bool b) { return b ? Fr::One() : Fr::Zero(); }

// Namespace name "bit i", formatted only for systems that keep names.
std::string BitName(const ConstraintSystem &cs, size_t i) {
  return cs.WantsNames() ? "bit " + std::to_string(i) : std::string();
}

} // namespace

AllocatedBit AllocatedBit::AllocBit(ConstraintSystem &cs, std::string_view name, bool value) {
  return AllocatedBit(cs.Alloc(name, [&] { return FrOfBit(value); }), value);
}

AllocatedBit AllocatedBit::Alloc(ConstraintSystem &cs, bool value) {
  AllocatedBit b = AllocBit(cs, "boolean", value);
  cs.Enforce(
      "boolean constraint",
      [&](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One()).Sub(b.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(b.Var())); }, [](LinearCombination lc) { return lc; });
  return b;
}

AllocatedBit AllocatedBit::AllocConditionally(ConstraintSystem &cs, bool value, const AllocatedBit &must_be_false) {
  AllocatedBit b = AllocBit(cs, "boolean", value);
  cs.Enforce(
      "boolean constraint",
      [&](LinearCombination lc) {
        return std::move(lc.Add(ConstraintSystem::One()).Sub(must_be_false.Var()).Sub(b.Var()));
      },
      [&](LinearCombination lc) { return std::move(lc.Add(b.Var())); }, [](LinearCombination lc) { return lc; });
  return b;
}

AllocatedBit AllocatedBit::Xor(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b) {
  AllocatedBit c = AllocBit(cs, "xor result", a.Value() != b.Value());
  cs.Enforce(
      "xor constraint", [&](LinearCombination lc) { return std::move(lc.Add(a.Var()).Add(a.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(b.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(a.Var()).Add(b.Var()).Sub(c.Var())); });
  return c;
}

AllocatedBit AllocatedBit::And(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b) {
  AllocatedBit c = AllocBit(cs, "and result", a.Value() && b.Value());
  cs.Enforce(
      "and constraint", [&](LinearCombination lc) { return std::move(lc.Add(a.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(b.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(c.Var())); });
  return c;
}

AllocatedBit AllocatedBit::AndNot(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b) {
  AllocatedBit c = AllocBit(cs, "and not result", a.Value() && !b.Value());
  cs.Enforce(
      "and not constraint", [&](LinearCombination lc) { return std::move(lc.Add(a.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One()).Sub(b.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(c.Var())); });
  return c;
}

AllocatedBit AllocatedBit::Nor(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b) {
  AllocatedBit c = AllocBit(cs, "nor result", !a.Value() && !b.Value());
  cs.Enforce(
      "nor constraint", [&](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One()).Sub(a.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(ConstraintSystem::One()).Sub(b.Var())); },
      [&](LinearCombination lc) { return std::move(lc.Add(c.Var())); });
  return c;
}

void Boolean::AddTo(LinearCombination &lc, const Fr &coeff) const {
  switch (kind_) {
  case Kind::kConstant:
    if (constant_) lc.Add(ConstraintSystem::One(), coeff);
    return;
  case Kind::kIs:
    lc.Add(bit_.Var(), coeff);
    return;
  case Kind::kNot:
    lc.Add(ConstraintSystem::One(), coeff);
    lc.Add(bit_.Var(), -coeff);
    return;
  }
}

Boolean Boolean::Xor(ConstraintSystem &cs, const Boolean &a, const Boolean &b) {
  // The match arms of bellpepper, in its order.
  if (a.kind_ == Kind::kConstant && !a.constant_) return b;
  if (b.kind_ == Kind::kConstant && !b.constant_) return a;
  if (a.kind_ == Kind::kConstant) return b.Not(); // a is true
  if (b.kind_ == Kind::kConstant) return a.Not(); // b is true
  if (a.kind_ == Kind::kIs && b.kind_ == Kind::kNot) return Xor(cs, a, b.Not()).Not();
  if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs) return Xor(cs, b, a.Not()).Not();
  // Is⊕Is, or Not⊕Not (¬x ⊕ ¬y = x ⊕ y)
  return Is(AllocatedBit::Xor(cs, a.bit_, b.bit_));
}

Boolean Boolean::And(ConstraintSystem &cs, const Boolean &a, const Boolean &b) {
  if ((a.kind_ == Kind::kConstant && !a.constant_) || (b.kind_ == Kind::kConstant && !b.constant_)) {
    return Constant(false);
  }
  if (a.kind_ == Kind::kConstant) return b; // a is true
  if (b.kind_ == Kind::kConstant) return a; // b is true
  if (a.kind_ == Kind::kIs && b.kind_ == Kind::kNot) return Is(AllocatedBit::AndNot(cs, a.bit_, b.bit_));
  if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs) return Is(AllocatedBit::AndNot(cs, b.bit_, a.bit_));
  if (a.kind_ == Kind::kNot) return Is(AllocatedBit::Nor(cs, a.bit_, b.bit_));
  return Is(AllocatedBit::And(cs, a.bit_, b.bit_));
}

Boolean Boolean::Or(ConstraintSystem &cs, const Boolean &a, const Boolean &b) {
  r1cs::Namespace ns(cs, "not and (not a) (not b)");
  return And(cs, a.Not(), b.Not()).Not();
}

Boolean Boolean::Sha256Ch(ConstraintSystem &cs, const Boolean &a, const Boolean &b, const Boolean &c) {
  const bool value = (a.Value() && b.Value()) != (!a.Value() && c.Value());
  const bool ac = a.IsConstant(), bc = b.IsConstant(), cc = c.IsConstant();
  // bellpepper's fast paths, in its order (the first matching arm wins)
  if (ac && bc && cc) return Constant(value);
  if (ac && !a.constant_) return c;                   // ¬a ∧ c
  if (bc && !b.constant_) return And(cs, a.Not(), c); // ¬a ∧ c
  if (cc && !c.constant_) return And(cs, a, b);       // a ∧ b
  if (cc) return And(cs, a, b.Not()).Not();           // (a ∧ b) ⊕ ¬a = ¬(a ∧ ¬b)
  if (bc) return And(cs, a.Not(), c.Not()).Not();     // a ⊕ (¬a ∧ c) = ¬(¬a ∧ ¬c)
  // a constant true, or nothing constant: one new bit
  Variable ch = cs.Alloc("ch", [&] { return FrOfBit(value); });
  // a·(b − c) = ch − c
  cs.Enforce(
      "ch computation",
      [&](LinearCombination) {
        LinearCombination lc = b.Lc();
        c.AddTo(lc, -Fr::One());
        return lc;
      },
      [&](LinearCombination) { return a.Lc(); },
      [&](LinearCombination lc) {
        lc.Add(ch);
        c.AddTo(lc, -Fr::One());
        return lc;
      });
  return Is(AllocatedBit(ch, value));
}

Boolean Boolean::Sha256Maj(ConstraintSystem &cs, const Boolean &a, const Boolean &b, const Boolean &c) {
  const bool av = a.Value(), bv = b.Value(), cv = c.Value();
  const bool value = ((av && bv) != (av && cv)) != (bv && cv);
  const bool ac = a.IsConstant(), bc = b.IsConstant(), cc = c.IsConstant();
  if (ac && bc && cc) return Constant(value);
  if (ac && !a.constant_) return And(cs, b, c);
  if (bc && !b.constant_) return And(cs, a, c);
  if (cc && !c.constant_) return And(cs, a, b);
  if (cc) return And(cs, a.Not(), b.Not()).Not(); // a ∨ b
  if (bc) return And(cs, a.Not(), c.Not()).Not(); // a ∨ c
  if (ac) return And(cs, b.Not(), c.Not()).Not(); // b ∨ c
  // maj is allocated before b∧c (variable order matters)
  Variable maj = cs.Alloc("maj", [&] { return FrOfBit(value); });
  Boolean bc_and;
  {
    r1cs::Namespace ns(cs, "b and c");
    bc_and = And(cs, b, c);
  }
  // Maj = a·(b + c − 2bc) + bc, enforced as (2bc − b − c)·a = bc − maj
  cs.Enforce(
      "maj computation",
      [&](LinearCombination) {
        LinearCombination lc = bc_and.Lc();
        bc_and.AddTo(lc);
        b.AddTo(lc, -Fr::One());
        c.AddTo(lc, -Fr::One());
        return lc;
      },
      [&](LinearCombination) { return a.Lc(); },
      [&](LinearCombination) {
        LinearCombination lc = bc_and.Lc();
        lc.Sub(maj);
        return lc;
      });
  return Is(AllocatedBit(maj, value));
}

void Boolean::EnforceEqual(ConstraintSystem &cs, const Boolean &a, const Boolean &b) {
  if (a.IsConstant() && b.IsConstant()) {
    if (a.constant_ != b.constant_) throw r1cs::SynthesisError("Boolean::EnforceEqual: two different constants");
    return;
  }
  auto empty = [](LinearCombination lc) { return lc; };
  const Boolean *constant = a.IsConstant() ? &a : (b.IsConstant() ? &b : nullptr);
  if (constant && constant->constant_) {
    const Boolean &x = constant == &a ? b : a;
    cs.Enforce("enforce equal to one", empty, empty, [&](LinearCombination lc) {
      lc.Add(ConstraintSystem::One());
      x.AddTo(lc, -Fr::One());
      return lc;
    });
    return;
  }
  if (constant) {
    const Boolean &x = constant == &a ? b : a;
    cs.Enforce("enforce equal to zero", empty, empty, [&](LinearCombination) { return x.Lc(); });
    return;
  }
  cs.Enforce("enforce equal", empty, empty, [&](LinearCombination) {
    LinearCombination lc = a.Lc();
    b.AddTo(lc, -Fr::One());
    return lc;
  });
}

std::vector<Boolean> U64IntoBooleanVecLe(ConstraintSystem &cs, uint64_t value) {
  std::vector<Boolean> bits;
  bits.reserve(64);
  for (size_t i = 0; i < 64; i++) {
    r1cs::Namespace ns(cs, BitName(cs, i));
    bits.push_back(AllocatedBit::Alloc(cs, (value >> i) & 1));
  }
  return bits;
}

std::vector<AllocatedBit> FieldIntoAllocatedBitsLe(ConstraintSystem &cs, const Fr &value) {
  const Fr::Repr canonical = value.ToCanonical();
  std::vector<AllocatedBit> bits;
  bits.reserve(Fr::NUM_BITS);
  for (size_t i = 0; i < Fr::NUM_BITS; i++) {
    r1cs::Namespace ns(cs, BitName(cs, i));
    bits.push_back(AllocatedBit::Alloc(cs, (canonical[i / 64] >> (i % 64)) & 1));
  }
  return bits;
}

std::vector<Boolean> FieldIntoBooleanVecLe(ConstraintSystem &cs, const Fr &value) {
  std::vector<AllocatedBit> bits = FieldIntoAllocatedBitsLe(cs, value);
  return std::vector<Boolean>(bits.begin(), bits.end());
}

} // namespace cuzk::gadgets
