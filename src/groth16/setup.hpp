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
#include "groth16/fixed_base_multiplier.hpp"
#include "groth16/parameters.hpp"
#include "groth16/parameters_sink.hpp"
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

//! Seconds of each phase of a setup, and the size of each query.
struct SetupTimings {
  double columns_s = 0; //!< Lagrange coefficients at τ and A_i(τ), B_i(τ), C_i(τ) from the matrices
  double scalars_s = 0; //!< every query's scalars
  double vk_s = 0, ic_s = 0, h_s = 0, l_s = 0, a_s = 0, b_g1_s = 0, b_g2_s = 0; //!< multiplications
  double sink_s = 0;                                      //!< inside the sink (writing, for a file)
  size_t ic = 0, h = 0, l = 0, a = 0, b_g1 = 0, b_g2 = 0; //!< points
};

//! Parameters for the recorded R1CS, handed to sink section by section (the .params order), each
//! query's scalars freed once its points are made. multiplier: nullptr = CpuFixedBaseMultiplier.
//! Fails on a variable that is in no constraint (its l point would be the identity: bellperson's
//! UnconstrainedVariable), a τ inside the domain, or a failing multiplier or sink.
Status GenerateParametersStreaming(const r1cs::RecordingCS &shape, const ToxicWaste &secrets, ParametersSink &sink,
                                   const FixedBaseMultiplier *multiplier = nullptr, SetupTimings *timings = nullptr);

//! The same, collected in memory.
Expected<Parameters> GenerateParametersForShape(const r1cs::RecordingCS &shape, const ToxicWaste &secrets,
                                                const FixedBaseMultiplier *multiplier = nullptr,
                                                SetupTimings *timings = nullptr);

template <r1cs::Circuit C> Expected<Parameters> GenerateParameters(const C &circuit, const ToxicWaste &secrets) {
  r1cs::RecordingCS shape;
  try {
    circuit.Synthesize(shape);
  } catch (const r1cs::SynthesisError &e) {
    return MakeError(ErrorCode::kInternal, std::string("synthesis failed: ") + e.what());
  }
  return GenerateParametersForShape(shape, secrets);
}

//! Random secrets from rng (a 64-bit generator), then GenerateParameters.
template <r1cs::Circuit C, class Rng> Expected<Parameters> GenerateParameters(const C &circuit, Rng &rng) {
  return GenerateParameters(circuit, ToxicWaste::Random(rng));
}

} // namespace cuzk::groth16
