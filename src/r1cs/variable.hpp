// src/r1cs/variable.hpp — a variable of a rank-1 constraint system.
//
// As in bellperson, inputs and auxiliary (witness) variables live in two separate index spaces,
// because circuits allocate inputs in the middle of synthesis (inputize, pack_into_inputs) and
// the Groth16 parameters order them separately (ic for inputs, l for aux). Input 0 is the
// constant ONE in every constraint system of this layer.
#pragma once
#include <cstdint>

namespace cuzk::r1cs {

enum class VarKind : uint8_t { kInput, kAux };

struct Variable {
  uint32_t index = 0;
  VarKind kind = VarKind::kInput;

  static constexpr Variable One() { return {0, VarKind::kInput}; }
  static constexpr Variable Input(uint32_t i) { return {i, VarKind::kInput}; }
  static constexpr Variable Aux(uint32_t i) { return {i, VarKind::kAux}; }
  constexpr bool IsInput() const { return kind == VarKind::kInput; }
  constexpr bool IsAux() const { return kind == VarKind::kAux; }
  constexpr bool operator==(const Variable &) const = default;
};

} // namespace cuzk::r1cs
