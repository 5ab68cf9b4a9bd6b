// src/r1cs/constraint_system.hpp — the interface circuits are synthesised into.
//
// The bellperson model: a circuit allocates auxiliary variables (Alloc) and inputs (AllocInput)
// with callbacks that compute their values, and enforces constraints A·B = C over linear
// combinations. Every implementation numbers variables the same way: ONE is input 0, allocated
// by the system's constructor, and each Alloc/AllocInput takes the next index of its space.
// Implementations differ only in what they keep (values, constraint evaluations, the matrices,
// names), and say so through Wants*() so gadgets can skip work nobody needs.
#pragma once
#include "r1cs/function_ref.hpp"
#include "r1cs/linear_combination.hpp"

#include <concepts>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cuzk::r1cs {

//! Synthesis failed: a value callback could not produce its value, or a circuit detected an
//! inconsistency. Aborts the synthesis of one circuit (never the process).
class SynthesisError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

//! Called for a variable's value; only systems that keep values call it.
using ValueFn = FunctionRef<Fr()>;

class ConstraintSystem {
public:
  virtual ~ConstraintSystem() = default;

  static constexpr Variable One() { return Variable::One(); }

  //! a new auxiliary (private) variable whose value value() computes
  template <class F> Variable Alloc(std::string_view name, F &&value) {
    return AllocVariable(VarKind::kAux, name, value);
  }
  //! a new public input whose value value() computes
  template <class F> Variable AllocInput(std::string_view name, F &&value) {
    return AllocVariable(VarKind::kInput, name, value);
  }

  //! enforces a·b = c
  void Enforce(std::string_view name, const LinearCombination &a, const LinearCombination &b,
               const LinearCombination &c) {
    AddConstraint(name, a, b, c);
  }

  //! bellperson-style: each builder maps an empty LinearCombination to the constraint's side;
  //! builders are not called by systems that do not keep constraints.
  template <class FA, class FB, class FC>
  requires std::invocable<FA, LinearCombination> && std::invocable<FB, LinearCombination> &&
      std::invocable<FC, LinearCombination>
  void Enforce(std::string_view name, FA &&a, FB &&b, FC &&c) {
    if (!WantsConstraints()) {
      AddConstraint(name, {}, {}, {}); // still counted, with nothing built
      return;
    }
    AddConstraint(name, a(LinearCombination()), b(LinearCombination()), c(LinearCombination()));
  }

  //! namespaces only matter to systems that keep names (the test system); use Namespace below
  virtual void PushNamespace(std::string_view name) {}
  virtual void PopNamespace() {}

  //! whether names are used at all: gadgets may skip formatting them when false
  virtual bool WantsNames() const { return false; }
  //! whether constraints are used at all (false for the witness-only system)
  virtual bool WantsConstraints() const { return true; }
  //! whether value callbacks are called (false when recording the shape for setup)
  virtual bool WantsValues() const { return true; }

  //! whether another system of the same type can be appended to this one (parallel synthesis);
  //! extensible systems provide Extend(const Self &)
  virtual bool IsExtensible() const { return false; }

  virtual size_t NumInputs() const = 0; //!< including ONE
  virtual size_t NumAux() const = 0;
  virtual size_t NumConstraints() const = 0;

protected:
  virtual Variable AllocVariable(VarKind kind, std::string_view name, ValueFn value) = 0;
  virtual void AddConstraint(std::string_view name, const LinearCombination &a, const LinearCombination &b,
                             const LinearCombination &c) = 0;
};

//! RAII namespace: pushes on construction, pops on destruction.
class Namespace {
public:
  Namespace(ConstraintSystem &cs, std::string_view name) : cs_(cs) { cs_.PushNamespace(name); }
  ~Namespace() { cs_.PopNamespace(); }
  Namespace(const Namespace &) = delete;
  Namespace &operator=(const Namespace &) = delete;

private:
  ConstraintSystem &cs_;
};

//! A circuit: anything that synthesises itself into a constraint system.
template <class C>
concept Circuit = requires(const C &circuit, ConstraintSystem &cs) {
  circuit.Synthesize(cs);
};

//! Run-time polymorphic circuit, for callers that hold circuits of different types.
class CircuitInterface {
public:
  virtual ~CircuitInterface() = default;
  virtual void Synthesize(ConstraintSystem &cs) const = 0;
};

} // namespace cuzk::r1cs
