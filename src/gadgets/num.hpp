// src/gadgets/num.hpp — field elements in a circuit: AllocatedNum (one variable) and Num (a
// linear combination with its value).
//
// Constraint-exact with bellpepper-core's gadgets/num.rs (spec/post-snap-poseidon.md §1.3): the
// same allocations and constraints in the same order. As in boolean.hpp, values are carried
// next to variables and are meaningful only when the constraint system wants values.
#pragma once
#include "gadgets/boolean.hpp"

#include <utility>
#include <vector>

namespace cuzk::gadgets {

//! An allocated field element.
class AllocatedNum {
public:
  AllocatedNum() = default;
  //! wraps an existing variable whose value is known (no allocation)
  AllocatedNum(Variable variable, const Fr &value) : variable_(variable), value_(value) {}
  //! the same, named (for gadgets that allocate the variable themselves)
  static AllocatedNum FromParts(Variable variable, const Fr &value) { return AllocatedNum(variable, value); }

  //! alloc x ("num")
  static AllocatedNum Alloc(ConstraintSystem &cs, const Fr &value);
  //! alloc_input x ("input num")
  static AllocatedNum AllocInput(ConstraintSystem &cs, const Fr &value);

  //! alloc_input i; i·1 = self
  void Inputize(ConstraintSystem &cs) const;

  //! non-strict decomposition: 255 allocated bits LSB first (each boolean-constrained), then
  //! 0·0 = Σ2^i·b_i − x; accepts the two representations of values below 2^255 − r
  std::vector<Boolean> ToBitsLe(ConstraintSystem &cs) const;
  //! strict decomposition: as ToBitsLe but the bits are also constrained to be ≤ r − 1, using
  //! the runs of ones of r − 1 (bellpepper to_bits_le_strict: each run is AND-ed, and a bit where
  //! r − 1 has a zero must be zero whenever all higher bits equal r − 1's)
  std::vector<Boolean> ToBitsLeStrict(ConstraintSystem &cs) const;

  //! alloc c; (a + b)·1 = c
  AllocatedNum Add(ConstraintSystem &cs, const AllocatedNum &other) const;
  //! alloc c; a·b = c
  AllocatedNum Mul(ConstraintSystem &cs, const AllocatedNum &other) const;
  //! alloc c; a·a = c
  AllocatedNum Square(ConstraintSystem &cs) const;
  //! alloc inv; a·inv = 1. Throws r1cs::SynthesisError when the value is zero (and values are kept)
  void AssertNonzero(ConstraintSystem &cs) const;

  //! (c, d) = condition ? (b, a) : (a, b), with c allocated and constrained first:
  //! (a − b)·condition = a − c, then (b − a)·condition = b − d
  static std::pair<AllocatedNum, AllocatedNum> ConditionallyReverse(ConstraintSystem &cs, const AllocatedNum &a,
                                                                    const AllocatedNum &b, const Boolean &condition);

  const Fr &Value() const { return value_; }
  Variable Var() const { return variable_; }

private:
  Variable variable_;
  Fr value_ = Fr::Zero();
};

//! A linear combination of variables and its value; adding to it is free.
class Num {
public:
  //! the empty combination, value 0
  Num() = default;
  //! 1·x
  Num(const AllocatedNum &x) : lc_(x.Var()), value_(x.Value()) {} // NOLINT: implicit as bellpepper's From

  static Num Zero() { return Num(); }

  const Fr &Value() const { return value_; }
  //! coeff·self
  LinearCombination Lc(const Fr &coeff = Fr::One()) const {
    LinearCombination lc;
    lc.AddScaled(coeff, lc_);
    return lc;
  }
  //! self + coeff·bit (the bit's terms over ONE)
  Num AddBoolWithCoeff(const Boolean &bit, const Fr &coeff) &&;
  Num AddBoolWithCoeff(const Boolean &bit, const Fr &coeff) const & { return Num(*this).AddBoolWithCoeff(bit, coeff); }
  //! self + other
  Num Add(const Num &other) const;
  //! scalar·self
  Num Scale(const Fr &scalar) const;

private:
  LinearCombination lc_;
  Fr value_ = Fr::Zero();
};

} // namespace cuzk::gadgets
