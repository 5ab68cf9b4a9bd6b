// src/pce/evaluate.hpp — synthesis from a pre-compiled circuit: a = A·w, b = B·w, c = C·w.
//
// The witness w (inputs and aux, from r1cs::WitnessCS or a circuit's own witness generator) is
// all a partition needs besides the recorded matrices. The result is a ProvingAssignment equal,
// element for element, to synthesising the circuit into one (the tests hold it to that), so
// every prover backend takes it unchanged.
#pragma once
#include "base/expected.hpp"
#include "pce/pre_compiled.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include <span>

namespace cuzk::pce {

//! out[r] = Σ coeff·w over row r of m, for every row (out has m.rows elements). Multi-threaded
//! over blocks (oneTBB; limit it with a task_arena around the call).
void EvaluateMatrix(const MatrixView &m, std::span<const Fr> coefficients, std::span<const Fr> inputs,
                    std::span<const Fr> aux, Fr *out);

//! a, b, c (pce.NumConstraints() elements each) from the witness: the three matrices in one
//! parallel loop over their blocks. The witness must have pce's input and aux counts.
void EvaluateAll(const PreCompiledCircuit &pce, std::span<const Fr> inputs, std::span<const Fr> aux, Fr *a, Fr *b,
                 Fr *c);

//! An Error naming the difference when the witness's input, aux or constraint count is not pce's.
Status CheckWitness(const PreCompiledCircuit &pce, const r1cs::WitnessCS &witness);

//! Fills `out` (a freshly constructed ProvingAssignment) from the witness: a, b, c evaluated, the
//! densities taken from the recording, the assignments moved out of `witness`. An Error naming the
//! difference when the witness's input or aux count is not the circuit's (a witness of another
//! shape), never a wrong assignment.
Status Evaluate(const PreCompiledCircuit &pce, r1cs::WitnessCS &&witness, r1cs::ProvingAssignment &out);

} // namespace cuzk::pce
