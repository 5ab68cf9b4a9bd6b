// src/groth16/verifier.hpp — Groth16 verification: single proofs and randomized batches.
//
// A proof (A, B, C) for public inputs x (x₀ = 1 for ONE) is valid when
//   e(A, B) = e(α, β) · e(Σ icᵢ·xᵢ, γ) · e(C, δ)          (bellperson groth16/verifier.rs)
// checked as one product e(A, B)·e(acc, −γ)·e(C, −δ) = e(α, β) with γ and δ prepared once.
// A batch of proofs against one vk (bellperson's verify_proofs_batch) is checked with random
// 128-bit weights zⱼ as a single pairing product:
//   Π e(zⱼ·Aⱼ, Bⱼ) · e(Σ zⱼ·accⱼ, −γ) · e(Σ zⱼ·Cⱼ, −δ) · e(−(Σ zⱼ)·α, β) = 1,
// which accepts an invalid proof with probability about 2^−128.
#pragma once
#include "base/expected.hpp"
#include "ec/pairing.hpp"
#include "groth16/parameters.hpp"

#include <span>
#include <vector>

namespace cuzk::groth16 {

struct PreparedVerifyingKey {
  VerifyingKey vk;
  ff::Fp12 alpha_beta;         //!< e(α, β)
  ec::G2Prepared neg_gamma_g2; //!< −γ, lines precomputed
  ec::G2Prepared neg_delta_g2; //!< −δ, lines precomputed
};

PreparedVerifyingKey PrepareVerifyingKey(const VerifyingKey &vk);

//! true/false for a well-formed question; an error when the number of public inputs (ONE
//! excluded) is not vk.ic.size() − 1.
Expected<bool> VerifyProof(const PreparedVerifyingKey &pvk, const Proof &proof, std::span<const Fr> public_inputs);

//! Randomized batch verification; weights come from rng (a 64-bit generator). An empty batch is
//! an error; each proof's input count is checked.
template <class Rng>
Expected<bool> VerifyProofsBatch(const PreparedVerifyingKey &pvk, std::span<const Proof> proofs,
                                 std::span<const std::vector<Fr>> public_inputs, Rng &rng);

//! the non-template core of VerifyProofsBatch: weights[j] is zⱼ
Expected<bool> VerifyProofsBatchWithWeights(const PreparedVerifyingKey &pvk, std::span<const Proof> proofs,
                                            std::span<const std::vector<Fr>> public_inputs,
                                            std::span<const Fr> weights);

template <class Rng>
Expected<bool> VerifyProofsBatch(const PreparedVerifyingKey &pvk, std::span<const Proof> proofs,
                                 std::span<const std::vector<Fr>> public_inputs, Rng &rng) {
  std::vector<Fr> weights(proofs.size());
  for (Fr &z : weights) {
    do {
      ff::Limbs<4> v{uint64_t(rng()), uint64_t(rng()), 0, 0}; // 128 random bits
      z = Fr::FromCanonical(v);
    } while (z.IsZero());
  }
  return VerifyProofsBatchWithWeights(pvk, proofs, public_inputs, weights);
}

} // namespace cuzk::groth16
