// src/r1cs/linear_combination.hpp — Σ coeff·variable over Fr.
//
// Terms are merged per variable and kept sorted by index, inputs and aux apart, the way
// bellpepper-core's LinearCombination (an Indexer) does it: what a constraint means — and what
// the prover's density tracking sees — is the per-variable sum of coefficients, so (x, 1) and
// (x, −1) cancel to a zero-coefficient term that does not count as "x appears in A".
// Gadgets append variables mostly in increasing order; that case is an O(1) push, anything
// else a binary search and an insert. The first few terms live inline (SmallVector).
#pragma once
#include "ff/bls12_381.hpp"
#include "r1cs/small_vector.hpp"
#include "r1cs/variable.hpp"

#include <span>

namespace cuzk::r1cs {

using ff::Fr;

//! one (index, coefficient) entry of a linear combination; the kind is implied by the list
struct Term {
  uint32_t index;
  Fr coeff;
};

class LinearCombination {
public:
  using Terms = SmallVector<Term, 3>;

  LinearCombination() = default;
  //! the combination 1·v
  LinearCombination(Variable v) { Add(v, Fr::One()); }
  static LinearCombination Zero() { return {}; }

  //! adds c·v, merging with an existing term for v
  LinearCombination &Add(Variable v, const Fr &c) {
    Insert(v.IsInput() ? inputs_ : aux_, v.index, c);
    return *this;
  }
  LinearCombination &Add(Variable v) { return Add(v, Fr::One()); }
  LinearCombination &Sub(Variable v) { return Add(v, -Fr::One()); }
  //! adds c·other (bellperson's `lc + (coeff, &other)`)
  LinearCombination &AddScaled(const Fr &c, const LinearCombination &other) {
    for (const Term &t : other.inputs_) Insert(inputs_, t.index, c * t.coeff);
    for (const Term &t : other.aux_) Insert(aux_, t.index, c * t.coeff);
    return *this;
  }
  LinearCombination &operator+=(const LinearCombination &o) {
    for (const Term &t : o.inputs_) Insert(inputs_, t.index, t.coeff);
    for (const Term &t : o.aux_) Insert(aux_, t.index, t.coeff);
    return *this;
  }
  LinearCombination &operator-=(const LinearCombination &o) { return AddScaled(-Fr::One(), o); }
  LinearCombination &operator*=(const Fr &c) {
    for (Term &t : inputs_) t.coeff *= c;
    for (Term &t : aux_) t.coeff *= c;
    return *this;
  }

  //! removes every term, keeping the storage (a combination rebuilt in a loop allocates once)
  void Clear() {
    inputs_.clear();
    aux_.clear();
  }

  const Terms &Inputs() const { return inputs_; }
  const Terms &Aux() const { return aux_; }
  size_t Size() const { return inputs_.size() + aux_.size(); }
  bool Empty() const { return inputs_.empty() && aux_.empty(); }

  //! Σ coeff·value with the given assignments (ONE's value is inputs[0])
  Fr Evaluate(std::span<const Fr> inputs, std::span<const Fr> aux) const {
    Fr acc = Fr::Zero();
    for (const Term &t : inputs_) acc += Scale(inputs[t.index], t.coeff);
    for (const Term &t : aux_) acc += Scale(aux[t.index], t.coeff);
    return acc;
  }

private:
  static Fr Scale(const Fr &value, const Fr &coeff) { return coeff.IsOne() ? value : value * coeff; }

  static void Insert(Terms &terms, uint32_t index, const Fr &c) {
    if (terms.empty() || terms.back().index < index) {
      terms.push_back({index, c});
      return;
    }
    size_t lo = 0, hi = terms.size();
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (terms[mid].index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (lo < terms.size() && terms[lo].index == index)
      terms[lo].coeff += c;
    else
      terms.insert(lo, {index, c});
  }

  Terms inputs_;
  Terms aux_;
};

inline LinearCombination operator+(LinearCombination lc, Variable v) { return std::move(lc.Add(v)); }
inline LinearCombination operator-(LinearCombination lc, Variable v) { return std::move(lc.Sub(v)); }
inline LinearCombination operator+(LinearCombination a, const LinearCombination &b) { return std::move(a += b); }
inline LinearCombination operator-(LinearCombination a, const LinearCombination &b) { return std::move(a -= b); }
inline LinearCombination operator*(LinearCombination a, const Fr &c) { return std::move(a *= c); }

} // namespace cuzk::r1cs
