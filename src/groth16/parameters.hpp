// src/groth16/parameters.hpp — the Groth16 structured reference string, bellperson's layout.
//
// For a QAP over the domain of size n with per-variable polynomials A_i, B_i, C_i and secrets
// τ, α, β, γ, δ (Groth 2016, §3.2, and bellperson groth16/generator.rs):
//   vk.ic[i] = [(β·A_i(τ) + α·B_i(τ) + C_i(τ))/γ]₁      for inputs i (ONE is input 0)
//   l[j]     = [(β·A_j(τ) + α·B_j(τ) + C_j(τ))/δ]₁      for aux j
//   h[i]     = [τ^i·Z(τ)/δ]₁                            for i < n − 1
//   a, b_g1, b_g2: [A_i(τ)]₁, [B_i(τ)]₁, [B_i(τ)]₂ for the variables that occur (density):
//   inputs first, then aux, in index order.
#pragma once
#include "ec/ec.hpp"

#include <vector>

namespace cuzk::groth16 {

using ec::G1;
using ec::G1Affine;
using ec::G2;
using ec::G2Affine;
using ff::Fr;

struct VerifyingKey {
  G1Affine alpha_g1, beta_g1;
  G2Affine beta_g2, gamma_g2;
  G1Affine delta_g1;
  G2Affine delta_g2;
  std::vector<G1Affine> ic; //!< one per input, ONE included

  size_t NumInputs() const { return ic.size(); }
  bool operator==(const VerifyingKey &) const = default;
};

struct Parameters {
  VerifyingKey vk;
  std::vector<G1Affine> h;
  std::vector<G1Affine> l;
  std::vector<G1Affine> a;
  std::vector<G1Affine> b_g1;
  std::vector<G2Affine> b_g2;

  bool operator==(const Parameters &) const = default;
};

//! A Groth16 proof (A ∈ G1, B ∈ G2, C ∈ G1).
struct Proof {
  G1Affine a;
  G2Affine b;
  G1Affine c;
  bool operator==(const Proof &) const = default;
};

} // namespace cuzk::groth16
