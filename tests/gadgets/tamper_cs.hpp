// tests/gadgets/tamper_cs.hpp — a TestCS whose witness can be falsified: the value of chosen aux
// variables is replaced as they are allocated, so tests can show that a constraint catches a
// cheating prover (the gadgets themselves always compute honest values).
#pragma once
#include "r1cs/test_cs.hpp"

#include <map>

namespace cuzk::gadgets::test {

class TamperCS final : public r1cs::ConstraintSystem {
public:
  //! aux index → the value to assign instead of the honest one
  std::map<uint32_t, r1cs::Fr> overrides;
  r1cs::TestCS inner;

  bool WantsNames() const override { return true; }
  void PushNamespace(std::string_view name) override { inner.PushNamespace(name); }
  void PopNamespace() override { inner.PopNamespace(); }
  size_t NumInputs() const override { return inner.NumInputs(); }
  size_t NumAux() const override { return inner.NumAux(); }
  size_t NumConstraints() const override { return inner.NumConstraints(); }

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view name, r1cs::ValueFn value) override {
    if (kind == r1cs::VarKind::kInput) return inner.AllocInput(name, [&] { return value(); });
    auto it = overrides.find(uint32_t(inner.NumAux()));
    return inner.Alloc(name, [&] { return it == overrides.end() ? value() : it->second; });
  }
  void AddConstraint(std::string_view name, const r1cs::LinearCombination &a, const r1cs::LinearCombination &b,
                     const r1cs::LinearCombination &c) override {
    inner.Enforce(name, a, b, c);
  }
};

} // namespace cuzk::gadgets::test
