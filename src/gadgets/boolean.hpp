// src/gadgets/boolean.hpp — bits in a circuit: AllocatedBit and Boolean (constant / is / not).
//
// Constraint-exact with bellpepper-core's gadgets/boolean.rs (spec/post-snap-poseidon.md §1.3):
// the same variables are allocated and the same constraints enforced, in the same order, with
// the same per-variable coefficients. Filecoin's published parameters fix that R1CS, so every
// shortcut here is bellpepper's shortcut: operations on constants are free, negation is free
// (Boolean::Not wraps the bit), and sha256 ch/maj have the same constant fast paths
// (spec/porep.md §3.4 — they change the label gadget's count).
//
// Values. A gadget carries its value next to its variable. The value is meaningful only when the
// constraint system wants values (WantsValues()); blank circuits (parameter generation, shape
// recording) synthesise with arbitrary values and nobody reads them. Constant-ness never depends
// on a value, so counts and shapes are the same either way.
#pragma once
#include "r1cs/constraint_system.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::gadgets {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

//! A variable constrained to be 0 or 1.
class AllocatedBit {
public:
  AllocatedBit() = default;

  //! alloc b; (1 − b)·b = 0
  static AllocatedBit Alloc(ConstraintSystem &cs, bool value);
  //! alloc b; (1 − must_be_false − b)·b = 0: b is boolean, and must be 0 when must_be_false is 1
  static AllocatedBit AllocConditionally(ConstraintSystem &cs, bool value, const AllocatedBit &must_be_false);
  //! alloc c; (2a)·b = a + b − c
  static AllocatedBit Xor(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b);
  //! alloc c; a·b = c
  static AllocatedBit And(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b);
  //! a ∧ ¬b: alloc c; a·(1 − b) = c
  static AllocatedBit AndNot(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b);
  //! ¬a ∧ ¬b: alloc c; (1 − a)·(1 − b) = c
  static AllocatedBit Nor(ConstraintSystem &cs, const AllocatedBit &a, const AllocatedBit &b);

  //! wraps a variable a gadget allocated and boolean-constrained itself (no allocation): the native
  //! witness paths, which append values without going through Alloc
  static AllocatedBit FromParts(Variable variable, bool value) { return AllocatedBit(variable, value); }

  bool Value() const { return value_; }
  Variable Var() const { return variable_; }

private:
  friend class Boolean; // ch/maj allocate their result bit directly, as bellpepper does
  AllocatedBit(Variable variable, bool value) : variable_(variable), value_(value) {}
  static AllocatedBit AllocBit(ConstraintSystem &cs, std::string_view name, bool value);

  Variable variable_;
  bool value_ = false;
};

//! A bit that is a constant, an allocated bit, or the negation of one.
class Boolean {
public:
  enum class Kind : uint8_t { kConstant, kIs, kNot };

  //! the constant false
  Boolean() = default;
  //! Is(bit)
  Boolean(const AllocatedBit &bit) : bit_(bit), kind_(Kind::kIs) {} // NOLINT: implicit as bellpepper's From
  static Boolean Constant(bool value) { return Boolean(AllocatedBit(), Kind::kConstant, value); }
  static Boolean Is(const AllocatedBit &bit) { return Boolean(bit, Kind::kIs, false); }
  static Boolean NotOf(const AllocatedBit &bit) { return Boolean(bit, Kind::kNot, false); }

  Kind GetKind() const { return kind_; }
  bool IsConstant() const { return kind_ == Kind::kConstant; }
  //! the allocated bit of an Is or Not boolean (meaningless for a constant)
  const AllocatedBit &Bit() const { return bit_; }

  bool Value() const {
    switch (kind_) {
    case Kind::kConstant:
      return constant_;
    case Kind::kIs:
      return bit_.Value();
    case Kind::kNot:
      return !bit_.Value();
    }
    return false;
  }

  //! coeff·self over ONE: constant true → coeff·ONE; Is → coeff·b; Not → coeff·ONE − coeff·b
  LinearCombination Lc(const Fr &coeff = Fr::One()) const {
    LinearCombination lc;
    AddTo(lc, coeff);
    return lc;
  }
  //! lc += coeff·self (same terms as Lc, without a temporary)
  void AddTo(LinearCombination &lc, const Fr &coeff = Fr::One()) const;

  Boolean Not() const {
    switch (kind_) {
    case Kind::kConstant:
      return Constant(!constant_);
    case Kind::kIs:
      return NotOf(bit_);
    case Kind::kNot:
      return Is(bit_);
    }
    return *this;
  }

  //! a ⊕ b; free when either is constant; Is⊕Not becomes ¬(Is⊕Is)
  static Boolean Xor(ConstraintSystem &cs, const Boolean &a, const Boolean &b);
  //! a ∧ b; free when either is constant; uses and / and_not / nor by kind
  static Boolean And(ConstraintSystem &cs, const Boolean &a, const Boolean &b);
  //! a ∨ b = ¬(¬a ∧ ¬b)
  static Boolean Or(ConstraintSystem &cs, const Boolean &a, const Boolean &b);
  //! SHA-256 Ch(a, b, c) = (a ∧ b) ⊕ (¬a ∧ c), with bellpepper's constant fast paths
  static Boolean Sha256Ch(ConstraintSystem &cs, const Boolean &a, const Boolean &b, const Boolean &c);
  //! SHA-256 Maj(a, b, c) = (a ∧ b) ⊕ (a ∧ c) ⊕ (b ∧ c), with bellpepper's constant fast paths
  static Boolean Sha256Maj(ConstraintSystem &cs, const Boolean &a, const Boolean &b, const Boolean &c);
  //! constrains a = b (0·0 = a − b, or against ONE/0 for a constant side); two different
  //! constants throw r1cs::SynthesisError (bellpepper's Unsatisfiable)
  static void EnforceEqual(ConstraintSystem &cs, const Boolean &a, const Boolean &b);

private:
  Boolean(const AllocatedBit &bit, Kind kind, bool constant) : bit_(bit), kind_(kind), constant_(constant) {}

  AllocatedBit bit_;
  Kind kind_ = Kind::kConstant;
  bool constant_ = false;
};

//! 64 allocated bits of value, least significant first (bellpepper u64_into_boolean_vec_le)
std::vector<Boolean> U64IntoBooleanVecLe(ConstraintSystem &cs, uint64_t value);
//! Fr::NUM_BITS (255) allocated bits of value's canonical integer, least significant first
//! (bellpepper field_into_allocated_bits_le); no constraint ties them to any variable
std::vector<AllocatedBit> FieldIntoAllocatedBitsLe(ConstraintSystem &cs, const Fr &value);
//! FieldIntoAllocatedBitsLe as Booleans
std::vector<Boolean> FieldIntoBooleanVecLe(ConstraintSystem &cs, const Fr &value);

} // namespace cuzk::gadgets
