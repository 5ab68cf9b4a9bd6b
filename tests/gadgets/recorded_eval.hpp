// tests/gadgets/recorded_eval.hpp — checks a recorded R1CS (RecordingCS) against an assignment,
// so gadget tests can falsify a witness after synthesis and see the constraints reject it.
#pragma once
#include "r1cs/recording_cs.hpp"

#include <optional>
#include <span>
#include <vector>

namespace cuzk::test {

//! row r of a recorded matrix evaluated with the assignment
inline ff::Fr EvalRow(const r1cs::SparseMatrix &m, size_t r, std::span<const ff::Fr> inputs,
                      std::span<const ff::Fr> aux) {
  ff::Fr acc = ff::Fr::Zero();
  for (uint64_t k = m.row_start[r]; k < m.row_start[r + 1]; k++) {
    const r1cs::Variable v = r1cs::Column::Unpack(m.columns[k]);
    acc += m.values[k] * (v.IsAux() ? aux[v.index] : inputs[v.index]);
  }
  return acc;
}

//! index of the first constraint with A·w ∘ B·w ≠ C·w, or nullopt when all hold
inline std::optional<size_t> FirstUnsatisfied(const r1cs::RecordingCS &rec, std::span<const ff::Fr> inputs,
                                              std::span<const ff::Fr> aux) {
  for (size_t r = 0; r < rec.NumConstraints(); r++)
    if (EvalRow(rec.a, r, inputs, aux) * EvalRow(rec.b, r, inputs, aux) != EvalRow(rec.c, r, inputs, aux)) return r;
  return std::nullopt;
}

} // namespace cuzk::test
