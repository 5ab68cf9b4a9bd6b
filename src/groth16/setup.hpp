// src/groth16/setup.hpp — a local, insecure Groth16 setup for tests and test parameters.
//
// Whoever knows the secrets (τ, α, β, γ, δ) can forge proofs: parameters made here are for tests
// only (DESIGN.md "Test parameters"). The real Filecoin parameters come from an MPC.
// The R1CS is the circuit's plus bellperson's appended input_i·0 = 0 per input (spec/porep.md §6),
// evaluated at τ through the Lagrange basis of the smallest domain holding constraints + inputs.
// a/b_g1/b_g2 keep the variables with a non-zero coefficient somewhere in A / B — the same rule the
// prover's density tracking applies (bellperson filters the points at infinity instead, which is
// the same set except with negligible probability).
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"
#include "r1cs/constraint_system.hpp"
#include "r1cs/recording_cs.hpp"

namespace cuzk::groth16 {

//! The secrets of a setup. Named after what they are: anyone holding them can forge proofs.
struct ToxicWaste {
  Fr tau, alpha, beta, gamma, delta;

  template <class Rng> static ToxicWaste Random(Rng &rng) {
    auto nonzero = [&] {
      for (;;) {
        Fr x = Fr::Random(rng);
        if (!x.IsZero()) return x;
      }
    };
    ToxicWaste t;
    t.tau = nonzero();
    t.alpha = nonzero();
    t.beta = nonzero();
    t.gamma = nonzero();
    t.delta = nonzero();
    return t;
  }
};

//! Parameters for the recorded R1CS. Fails on a variable that is in no constraint (its l point
//! would be the identity: bellperson's UnconstrainedVariable) or a τ inside the domain.
Expected<Parameters> GenerateParametersForShape(const r1cs::RecordingCS &shape, const ToxicWaste &secrets);

template <r1cs::Circuit C> Expected<Parameters> GenerateParameters(const C &circuit, const ToxicWaste &secrets) {
  r1cs::RecordingCS shape;
  try {
    circuit.Synthesize(shape);
  } catch (const r1cs::SynthesisError &e) {
    return Error{std::string("synthesis failed: ") + e.what()};
  }
  return GenerateParametersForShape(shape, secrets);
}

//! Random secrets from rng (a 64-bit generator), then GenerateParameters.
template <r1cs::Circuit C, class Rng> Expected<Parameters> GenerateParameters(const C &circuit, Rng &rng) {
  return GenerateParameters(circuit, ToxicWaste::Random(rng));
}

} // namespace cuzk::groth16
