// tests/common/counting_cs.hpp — constraint systems for tests of circuits too large to keep (counts
// alone: r1cs::ShapeCS): CountingInputsCS (counts, keeps the public inputs' values) and
// StreamingCheckCS, which checks every constraint as it is enforced while keeping only the inputs,
// a pinned prefix of the auxiliary values and a sliding window of the most recent ones. A
// production partition (125M constraints for WindowPoSt 32GiB) then needs a few hundred MB
// instead of the 4GB a full assignment would take. A constraint that reaches an auxiliary value
// outside both is reported as a failure ("evicted"), never silently passed: the sizes bound what
// the check can see, not what it accepts. It can also compare every value allocated with a witness
// made another way (ExpectWitness: a fast generator's), so one generic synthesis checks both.
#pragma once
#include "r1cs/constraint_system.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cuzk::test {

// Keeps only the public inputs' values (no constraints): what the circuit exposes.
class CountingInputsCS final : public r1cs::ConstraintSystem {
public:
  bool WantsConstraints() const override { return false; }
  size_t NumInputs() const override { return inputs.size() + 1; }
  size_t NumAux() const override { return aux_; }
  size_t NumConstraints() const override { return constraints_; }
  std::vector<r1cs::Fr> inputs; //!< ONE left out

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view, r1cs::ValueFn value) override {
    if (kind == r1cs::VarKind::kInput) {
      inputs.push_back(value());
      return r1cs::Variable::Input(uint32_t(inputs.size()));
    }
    return r1cs::Variable::Aux(uint32_t(aux_++));
  }
  void AddConstraint(std::string_view, const r1cs::LinearCombination &, const r1cs::LinearCombination &,
                     const r1cs::LinearCombination &) override {
    constraints_++;
  }

private:
  size_t aux_ = 0, constraints_ = 0;
};

// Checks a·b = c for every constraint as it is enforced. Keeps every input value, the first
// `pinned` auxiliary values for good (circuits allocate their commitments and challenge bits first
// and use them to the end) and the last `window` ones in a ring. Only the first failure is kept,
// with the constraint's number and name (no namespace path: that needs names from every gadget,
// which at this size costs more than the check).
class StreamingCheckCS final : public r1cs::ConstraintSystem {
public:
  explicit StreamingCheckCS(size_t window = size_t(1) << 22, size_t pinned = size_t(1) << 20)
      : window_(window), pinned_limit_(pinned), ring_(window) {
    inputs.push_back(r1cs::Fr::One());
  }

  size_t NumInputs() const override { return inputs.size(); }
  size_t NumAux() const override { return aux_; }
  size_t NumConstraints() const override { return constraints_; }

  bool IsSatisfied() const { return !failure_; }
  //! "constraint N (name): …" of the first constraint that failed or reached an evicted value
  const std::optional<std::string> &FirstFailure() const { return failure_; }
  //! the largest distance (in auxiliary indices) a constraint reached back past the pinned prefix
  size_t MaxReach() const { return max_reach_; }

  //! Compares each input (ONE included) and aux value allocated from now on with these, which must
  //! outlive the synthesis; the first difference, or a value past their end, is kept.
  void ExpectWitness(std::span<const r1cs::Fr> inputs, std::span<const r1cs::Fr> aux) {
    expected_inputs_ = inputs;
    expected_aux_ = aux;
    expecting_ = true;
  }
  //! "aux N differs from the witness" (or input N, or past its end), or nullopt
  const std::optional<std::string> &FirstDifference() const { return difference_; }

  std::vector<r1cs::Fr> inputs; //!< ONE first

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view, r1cs::ValueFn value) override {
    if (kind == r1cs::VarKind::kInput) {
      inputs.push_back(value());
      if (expecting_) Compare("input", inputs.size() - 1, inputs.back(), expected_inputs_);
      return r1cs::Variable::Input(uint32_t(inputs.size() - 1));
    }
    const r1cs::Fr v = value();
    if (expecting_) Compare("aux", aux_, v, expected_aux_);
    if (aux_ < pinned_limit_) pinned_.push_back(v);
    ring_[aux_ % window_] = v;
    return r1cs::Variable::Aux(uint32_t(aux_++));
  }

  void AddConstraint(std::string_view name, const r1cs::LinearCombination &a, const r1cs::LinearCombination &b,
                     const r1cs::LinearCombination &c) override {
    const size_t n = constraints_++;
    if (failure_) return;
    std::optional<uint32_t> evicted;
    const r1cs::Fr va = Evaluate(a, evicted), vb = Evaluate(b, evicted), vc = Evaluate(c, evicted);
    if (evicted) {
      Fail(n, name, "reaches auxiliary " + std::to_string(*evicted) + ", outside the kept window");
    } else if (va * vb != vc) {
      Fail(n, name, "a·b ≠ c");
    }
  }

private:
  static r1cs::Fr Scale(const r1cs::Fr &v, const r1cs::Fr &coeff) { return coeff.IsOne() ? v : v * coeff; }

  r1cs::Fr Evaluate(const r1cs::LinearCombination &lc, std::optional<uint32_t> &evicted) {
    r1cs::Fr acc = r1cs::Fr::Zero();
    for (const r1cs::Term &t : lc.Inputs()) acc += Scale(inputs.at(t.index), t.coeff);
    for (const r1cs::Term &t : lc.Aux()) {
      if (t.index < pinned_.size()) {
        acc += Scale(pinned_[t.index], t.coeff);
        continue;
      }
      const size_t reach = aux_ - t.index;
      if (t.index >= aux_ || reach > window_) {
        evicted = t.index;
        continue;
      }
      if (reach > max_reach_) max_reach_ = reach;
      acc += Scale(ring_[t.index % window_], t.coeff);
    }
    return acc;
  }

  void Compare(const char *what, size_t i, const r1cs::Fr &v, std::span<const r1cs::Fr> expected) {
    if (difference_) return;
    if (i >= expected.size())
      difference_ =
          std::string(what) + " " + std::to_string(i) + " is past the witness's " + std::to_string(expected.size());
    else if (expected[i] != v)
      difference_ = std::string(what) + " " + std::to_string(i) + " differs from the witness";
  }

  void Fail(size_t n, std::string_view name, const std::string &why) {
    failure_ = "constraint " + std::to_string(n) + " (" + std::string(name) + "): " + why;
  }

  size_t window_, pinned_limit_;
  std::vector<r1cs::Fr> ring_, pinned_;
  size_t aux_ = 0, constraints_ = 0, max_reach_ = 0;
  std::optional<std::string> failure_;
  bool expecting_ = false;
  std::span<const r1cs::Fr> expected_inputs_, expected_aux_;
  std::optional<std::string> difference_;
};

} // namespace cuzk::test
