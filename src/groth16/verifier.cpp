// src/groth16/verifier.cpp
#include "groth16/verifier.hpp"

#include "msm/msm.hpp"

namespace cuzk::groth16 {

namespace {

Status CheckInputCount(const VerifyingKey &vk, size_t count, size_t proof_index) {
  if (count + 1 != vk.ic.size())
    return InvalidArgument("proof " + std::to_string(proof_index) + ": " + std::to_string(count) +
                           " public inputs, the verifying key expects " + std::to_string(vk.ic.size() - 1));
  return {};
}

} // namespace

PreparedVerifyingKey PrepareVerifyingKey(const VerifyingKey &vk) {
  PreparedVerifyingKey p;
  p.vk = vk;
  p.alpha_beta = ec::Pairing(vk.alpha_g1, vk.beta_g2);
  p.neg_gamma_g2 = ec::G2Prepared::From(-vk.gamma_g2);
  p.neg_delta_g2 = ec::G2Prepared::From(-vk.delta_g2);
  return p;
}

Expected<bool> VerifyProof(const PreparedVerifyingKey &pvk, const Proof &proof, std::span<const Fr> public_inputs) {
  if (pvk.vk.ic.empty()) return InvalidArgument("verifying key has no ic points");
  if (auto s = CheckInputCount(pvk.vk, public_inputs.size(), 0); !s) return s.GetError();
  G1 acc = G1::FromAffine(pvk.vk.ic[0]);
  if (!public_inputs.empty()) acc += msm::Msm(std::span<const G1Affine>(pvk.vk.ic).subspan(1), public_inputs);
  const std::array<G1Affine, 3> g1{proof.a, acc.ToAffine(), proof.c};
  const std::array<ec::G2Prepared, 3> g2{ec::G2Prepared::From(proof.b), pvk.neg_gamma_g2, pvk.neg_delta_g2};
  return ec::FinalExponentiation(ec::MillerLoop(g1, g2)) == pvk.alpha_beta;
}

Expected<bool> VerifyProofsBatchWithWeights(const PreparedVerifyingKey &pvk, std::span<const Proof> proofs,
                                            std::span<const std::vector<Fr>> public_inputs,
                                            std::span<const Fr> weights) {
  if (proofs.empty()) return InvalidArgument("batch verification of no proofs");
  if (public_inputs.size() != proofs.size() || weights.size() != proofs.size())
    return InvalidArgument("batch verification: " + std::to_string(proofs.size()) + " proofs, " +
                           std::to_string(public_inputs.size()) + " input vectors, " + std::to_string(weights.size()) +
                           " weights");
  const VerifyingKey &vk = pvk.vk;
  if (vk.ic.empty()) return InvalidArgument("verifying key has no ic points");
  for (size_t j = 0; j < proofs.size(); j++) {
    if (auto s = CheckInputCount(vk, public_inputs[j].size(), j); !s) return s.GetError();
  }
  // Σ zⱼ·accⱼ = (Σ zⱼ)·ic₀ + Σᵢ icᵢ·(Σⱼ zⱼ·xⱼᵢ): one MSM over ic
  std::vector<Fr> ic_scalars(vk.ic.size(), Fr::Zero());
  std::vector<G1Affine> za(proofs.size());
  std::vector<G1Affine> cs(proofs.size());
  Fr z_sum = Fr::Zero();
  for (size_t j = 0; j < proofs.size(); j++) {
    const Fr &z = weights[j];
    z_sum += z;
    for (size_t i = 0; i < public_inputs[j].size(); i++) ic_scalars[i + 1] += z * public_inputs[j][i];
    za[j] = ec::MulWnaf(G1::FromAffine(proofs[j].a), z).ToAffine();
    cs[j] = proofs[j].c;
  }
  ic_scalars[0] = z_sum;
  const G1 acc = msm::Msm(std::span<const G1Affine>(vk.ic), std::span<const Fr>(ic_scalars));
  const G1 c_sum = msm::Msm(std::span<const G1Affine>(cs), std::span<const Fr>(weights));
  const G1 neg_alpha = ec::MulWnaf(G1::FromAffine(vk.alpha_g1), -z_sum);

  std::vector<G1Affine> g1(za);
  std::vector<G2Affine> g2;
  for (const Proof &p : proofs) g2.push_back(p.b);
  g1.push_back(acc.ToAffine());
  g2.push_back(-vk.gamma_g2);
  g1.push_back(c_sum.ToAffine());
  g2.push_back(-vk.delta_g2);
  g1.push_back(neg_alpha.ToAffine());
  g2.push_back(vk.beta_g2);
  return ec::PairingProductIsOne(g1, g2);
}

} // namespace cuzk::groth16
