// src/gadgets/poseidon_circuit.cpp — neptune's legacy Poseidon circuit (spec/post-snap-poseidon.md §2.7).
//
// The state is a vector of elements that are either allocated variables or "Nums" (a linear
// combination with its value). Mixing only builds linear combinations; an S-box first allocates
// its input when it is a Num (one constraint), then l², l⁴ and l⁵ (+ key), three constraints.
// Filecoin's published parameters fix this R1CS, so the order of allocations and constraints
// and every coefficient follows neptune's circuit exactly; only the bookkeeping is ours.
#include "gadgets/poseidon_circuit.hpp"

#include "gadgets/poseidon_witness.hpp"

#include <array>
#include <cassert>
#include <optional>
#include <string>
#include <vector>

namespace cuzk::gadgets {

namespace {

using hash::FrMatrix;

struct Elt {
  bool allocated = false;
  Variable var;         //!< when allocated
  LinearCombination lc; //!< when a Num (built only if the system keeps constraints)
  Fr value = Fr::Zero();

  //! the Num 0 with no terms, keeping the combination's storage: the state is rebuilt every round and its
  //! combinations grow to t + 57 terms, so fresh ones would cost ~0.8 heap allocations a constraint
  void Reset() {
    allocated = false;
    var = Variable();
    lc.Clear();
    value = Fr::Zero();
  }
  void SetAllocated(Variable v, const Fr &val) {
    Reset();
    allocated = true;
    var = v;
    value = val;
  }
};

//! The hash's state and its bookkeeping, reused by every hash a thread synthesises (a WindowPoSt partition hashes
//! millions of times): their vectors and combinations keep the capacity they grew to.
struct PoseidonScratch {
  std::vector<Elt> s, next;
  Elt first;
  std::vector<Variable> base_vars;    //!< outputs of the last first-half full round
  std::vector<Variable> partial_vars; //!< S-box outputs of the partial rounds so far
};

inline Fr Pow5(const Fr &x) {
  const Fr x2 = x.Square();
  return x2.Square() * x;
}

// In the partial rounds element 0 is rebuilt each round as Σ w_hat[i]·s_i, where every s_j
// (j ≥ 1) is the pre-sparse mix of the last first-half full round's outputs x plus one term per
// earlier partial round's S-box output a_k. Built literally (as neptune does) that costs
// t·(t + r) multiplications per round; but its coefficients are constants of the arity:
//   new_0(r) = Σ_i base[r][i]·x_i + Σ_{k<r} partial[r][k]·a_k + w_hat(r)[0]·a_r,
//   base[r][i] = Σ_{j≥1} w_hat(r)[j]·P[i][j],   partial[r][k] = Σ_{j≥1} w_hat(r)[j]·v_rest(k)[j−1].
// The same per-variable sums, so the same R1CS, with no multiplication during synthesis.
struct PartialRoundLcs {
  std::vector<std::vector<Fr>> base;    //!< R_P × t
  std::vector<std::vector<Fr>> partial; //!< row r has r entries
};

PartialRoundLcs ComputePartialRoundLcs(const hash::PoseidonConstants &c) {
  const size_t t = c.width;
  PartialRoundLcs p;
  for (size_t r = 0; r < c.partial_rounds; r++) {
    const std::vector<Fr> &w = c.sparse[r].w_hat;
    std::vector<Fr> base(t, Fr::Zero());
    for (size_t i = 0; i < t; i++)
      for (size_t j = 1; j < t; j++) base[i] += w[j] * c.pre_sparse.At(i, j);
    std::vector<Fr> partial(r, Fr::Zero());
    for (size_t k = 0; k < r; k++)
      for (size_t j = 1; j < t; j++) partial[k] += w[j] * c.sparse[k].v_rest[j - 1];
    p.base.push_back(std::move(base));
    p.partial.push_back(std::move(partial));
  }
  return p;
}

class LegacyPoseidon {
public:
  LegacyPoseidon(ConstraintSystem &cs, const hash::PoseidonConstants &c, PoseidonScratch &scratch)
      : cs_(cs), c_(c), t_(c.width), values_(cs.WantsValues()), lcs_(cs.WantsConstraints()), names_(cs.WantsNames()),
        keys_(c.compressed_round_constants.data()),
        partial_lcs_(lcs_ ? &hash::DerivedOncePerArity(c, local_lcs_, ComputePartialRoundLcs) : nullptr), s_(scratch.s),
        next_(scratch.next), first_(scratch.first), base_vars_(scratch.base_vars), partial_vars_(scratch.partial_vars) {
    base_vars_.clear();
    partial_vars_.clear();
  }

  AllocatedNum Hash(std::span<const AllocatedNum> preimage, const Fr &tag) {
    assert(preimage.size() == c_.arity);
    s_.resize(t_);
    SetConstantNum(s_[0], tag);
    for (size_t i = 0; i < c_.arity; i++)
      s_[i + 1].SetAllocated(preimage[i].Var(), values_ ? preimage[i].Value() : Fr::Zero());
    FirstRound();
    for (unsigned r = 1; r < hash::POSEIDON_HALF_FULL_ROUNDS; r++) {
      r1cs::Namespace ns(cs_, Name("initial full round", r));
      FullRound(false);
    }
    for (unsigned r = 0; r < c_.partial_rounds; r++) {
      r1cs::Namespace ns(cs_, Name("partial round", r));
      SBox(s_[0], keys_++, "solitary quintic s-box");
      Mix();
    }
    for (unsigned r = 0; r + 1 < hash::POSEIDON_HALF_FULL_ROUNDS; r++) {
      r1cs::Namespace ns(cs_, Name("final full round", r));
      FullRound(false);
    }
    {
      r1cs::Namespace ns(cs_, "terminal full round");
      FullRound(true);
    }
    assert(keys_ == c_.compressed_round_constants.data() + c_.compressed_round_constants.size());
    r1cs::Namespace ns(cs_, "hash result");
    const Variable out = EnsureAllocated(s_[1]);
    return AllocatedNum(out, values_ ? s_[1].value : Fr::Zero());
  }

private:
  std::string Name(const char *what, unsigned i) const {
    return names_ ? std::string(what) + " " + std::to_string(i) : std::string();
  }

  //! neptune's Elt::num_from_fr: e becomes the Num v·ONE (the term is kept even when v is zero)
  void SetConstantNum(Elt &e, const Fr &v) const {
    e.Reset();
    e.value = v;
    if (lcs_) e.lc.Add(Variable::One(), v);
  }

  Variable AllocValue(std::string_view name, const Fr &value) {
    return cs_.Alloc(name, [&] { return value; });
  }

  //! A Num gets its own variable and the constraint LC·1 = v; an allocated element is returned.
  Variable EnsureAllocated(const Elt &e) {
    if (e.allocated) return e.var;
    const Variable v = AllocValue("allocate for Elt::Num", e.value);
    if (lcs_)
      cs_.Enforce("enforce num allocation preserves lc", e.lc, LinearCombination(Variable::One()),
                  LinearCombination(v));
    else
      cs_.Enforce("enforce num allocation preserves lc", {}, {}, {});
    return v;
  }

  Variable Square(Variable l, const Fr &l_value, Fr &out_value, std::string_view name) {
    if (values_) out_value = l_value.Square();
    const Variable r = AllocValue(name, out_value);
    if (lcs_)
      cs_.Enforce("squaring constraint", LinearCombination(l), LinearCombination(l), LinearCombination(r));
    else
      cs_.Enforce("squaring constraint", {}, {}, {});
    return r;
  }

  // The first round adds the pre keys inside the S-box: (x + k0)², its square, then
  // (x + k0)·l⁴ = l5 − k1. The tag element is constant and folded into a Num for free.
  void FirstRound() {
    r1cs::Namespace ns(cs_, "first round");
    const Fr *pre = keys_;
    const Fr *post = keys_ + t_;
    keys_ += 2 * t_;
    SetConstantNum(s_[0], Pow5(s_[0].value + pre[0]) + post[0]);
    for (size_t i = 1; i < t_; i++) {
      r1cs::Namespace box(cs_, Name("quintic s-box", unsigned(i)));
      Elt &e = s_[i];
      assert(e.allocated); // preimages are always allocated (spec §6 item 3)
      const Variable x = e.var;
      const Fr shifted = values_ ? e.value + pre[i] : Fr::Zero();
      LinearCombination x_plus_k;
      if (lcs_) x_plus_k.Add(x).Add(Variable::One(), pre[i]);
      Fr l2_value = values_ ? shifted.Square() : Fr::Zero();
      const Variable l2 = AllocValue("squared sum", l2_value);
      if (lcs_)
        cs_.Enforce("squared sum constraint", x_plus_k, x_plus_k, LinearCombination(l2));
      else
        cs_.Enforce("squared sum constraint", {}, {}, {});
      Fr l4_value;
      const Variable l4 = Square(l2, l2_value, l4_value, "l^4");
      const Fr l5_value = values_ ? shifted * l4_value + post[i] : Fr::Zero();
      const Variable l5 = AllocValue("mul_sum", l5_value);
      if (lcs_) {
        LinearCombination rhs(l5);
        rhs.Add(Variable::One(), -post[i]);
        cs_.Enforce("mul sum constraint pre-post-add", x_plus_k, LinearCombination(l4), rhs);
      } else {
        cs_.Enforce("mul sum constraint pre-post-add", {}, {}, {});
      }
      e.SetAllocated(l5, l5_value);
    }
    Mix();
  }

  void FullRound(bool terminal) {
    for (size_t i = 0; i < t_; i++) {
      r1cs::Namespace box(cs_, Name("quintic s-box", unsigned(i)));
      SBox(s_[i], terminal ? nullptr : keys_ + i, nullptr);
    }
    if (!terminal) keys_ += t_;
    if (terminal) {
      // neptune mixes the whole state; only element 1 is ever read, and mixing creates no constraints
      MixDenseColumn(c_.mds, 1, first_);
      std::swap(s_[1], first_);
      return;
    }
    Mix();
  }

  // l = input (allocated if a Num); l² = l·l; l⁴ = l²·l²; l·l⁴ = l5 − key (no key in the last round)
  void SBox(Elt &e, const Fr *key, const char *ns_name) {
    std::optional<r1cs::Namespace> ns;
    if (ns_name) ns.emplace(cs_, ns_name);
    Variable l;
    {
      r1cs::Namespace in(cs_, "S-box input");
      l = EnsureAllocated(e);
    }
    const Fr l_value = e.value;
    Fr l2_value, l4_value;
    const Variable l2 = Square(l, l_value, l2_value, "l^2");
    const Variable l4 = Square(l2, l2_value, l4_value, "l^4");
    Fr l5_value = Fr::Zero();
    if (values_) {
      l5_value = l4_value * l_value;
      if (key) l5_value += *key;
    }
    const Variable l5 = AllocValue("mul_sum", l5_value);
    if (lcs_) {
      LinearCombination rhs(l5);
      if (key) rhs.Add(Variable::One(), -*key);
      cs_.Enforce(key ? "mul sum constraint post-add" : "mul sum constraint", LinearCombination(l),
                  LinearCombination(l4), rhs);
    } else {
      cs_.Enforce("mul sum constraint", {}, {}, {});
    }
    e.SetAllocated(l5, l5_value);
  }

  // adds coeff·e to the Num acc (neptune's scale then add)
  void Accumulate(Elt &acc, const Elt &e, const Fr &coeff) const {
    if (values_) acc.value += coeff * e.value;
    if (!lcs_) return;
    if (e.allocated)
      acc.lc.Add(e.var, coeff);
    else
      acc.lc.AddScaled(coeff, e.lc);
  }

  void MixDenseColumn(const FrMatrix &m, size_t j, Elt &out) const {
    out.Reset();
    for (size_t i = 0; i < t_; i++) Accumulate(out, s_[i], m.At(i, j));
  }

  // The mix after round r: M, except P after the last first-half full round and the sparse
  // matrices in the partial rounds (neptune's round counter, incremented after each mix).
  void Mix() {
    const unsigned hf = hash::POSEIDON_HALF_FULL_ROUNDS;
    if (round_ + 1 == hf) {
      // the partial rounds' linear combinations are written over these outputs (all allocated)
      base_vars_.clear();
      for (const Elt &e : s_) {
        assert(e.allocated);
        base_vars_.push_back(e.var);
      }
      MixDense(c_.pre_sparse);
    } else if (round_ + 1 > hf && round_ < hf + c_.partial_rounds) {
      MixSparse(c_.sparse[round_ - hf]);
    } else {
      MixDense(c_.mds);
    }
    round_++;
  }

  void MixDense(const FrMatrix &m) {
    next_.resize(t_);
    for (size_t j = 0; j < t_; j++) MixDenseColumn(m, j, next_[j]);
    s_.swap(next_);
  }

  // new_0 = Σ w_hat[i]·s_i; new_j = s_j + v_rest[j−1]·s_0 (s_j is a Num here, s_0 allocated).
  // new_0's combination comes from the precomputed closed form (PartialRoundLcs).
  void MixSparse(const hash::PoseidonSparseMatrix &m) {
    const size_t r = round_ - hash::POSEIDON_HALF_FULL_ROUNDS;
    assert(s_[0].allocated);
    Elt &first = first_;
    first.Reset();
    if (values_) {
      first.value = m.w_hat[0] * s_[0].value;
      for (size_t i = 1; i < t_; i++) first.value += m.w_hat[i] * s_[i].value;
    }
    if (lcs_) {
      partial_vars_.push_back(s_[0].var);
      const std::vector<Fr> &base = partial_lcs_->base[r];
      const std::vector<Fr> &partial = partial_lcs_->partial[r];
      for (size_t i = 0; i < t_; i++) first.lc.Add(base_vars_[i], base[i]);
      for (size_t k = 0; k < r; k++) first.lc.Add(partial_vars_[k], partial[k]);
      first.lc.Add(s_[0].var, m.w_hat[0]);
    }
    for (size_t j = 1; j < t_; j++) {
      assert(!s_[j].allocated);
      Accumulate(s_[j], s_[0], m.v_rest[j - 1]);
    }
    std::swap(s_[0], first); // first_ keeps the old element's storage for the next round
  }

  ConstraintSystem &cs_;
  const hash::PoseidonConstants &c_;
  const size_t t_;
  const bool values_;
  const bool lcs_;
  const bool names_;
  const Fr *keys_;
  std::optional<PartialRoundLcs> local_lcs_;
  const PartialRoundLcs *partial_lcs_;
  unsigned round_ = 0;
  std::vector<Elt> &s_;
  std::vector<Elt> &next_;
  Elt &first_; //!< the element being built by MixSparse and the terminal round
  std::vector<Variable> &base_vars_;
  std::vector<Variable> &partial_vars_;
};

} // namespace

AllocatedNum PoseidonHashCircuit(ConstraintSystem &cs, std::span<const AllocatedNum> preimage,
                                 const hash::PoseidonConstants &constants, const Fr &tag) {
  if (preimage.size() != constants.arity)
    throw r1cs::SynthesisError("Poseidon circuit: preimage of " + std::to_string(preimage.size()) +
                               " elements for arity " + std::to_string(constants.arity));
  if (r1cs::WitnessCS *witness = r1cs::NativeWitness(cs))
    return PoseidonHashWitness(*witness, preimage, constants, tag);
  thread_local PoseidonScratch scratch; // Hash does not re-enter: it calls no gadget that hashes
  return LegacyPoseidon(cs, constants, scratch).Hash(preimage, tag);
}

AllocatedNum PoseidonHashMerkleCircuit(ConstraintSystem &cs, std::span<const AllocatedNum> preimage) {
  auto constants = hash::GetPoseidonConstants(preimage.size());
  if (!constants)
    throw r1cs::SynthesisError("Poseidon circuit: no constants for arity " + std::to_string(preimage.size()));
  return PoseidonHashCircuit(cs, preimage, **constants, hash::MerkleTreeTag(preimage.size()));
}

} // namespace cuzk::gadgets
