// tests/oracle/dump_groth16_sim.cpp — Groth16 proofs *simulated* with the trapdoor, to exercise the
// snarkjs/noble verification harness (groth16_check.mjs, snarkjs_json.hpp) before and beside the
// real prover. With every key element a known multiple of a generator, any A = a·G1, B = b·G2 and
//   c = (a·b − α·β − Σ x_i·ic_i·γ) / δ
// satisfy e(A, B) = e(α, β)·e(Σ x_i IC_i, γ)·e(C, δ): a valid proof for the verifier, no circuit
// needed. Tampered copies (changed input, C off by G1, A negated, swapped public inputs) must fail.
#include "oracle_cases.hpp"
#include "snarkjs_json.hpp"

#include <iostream>

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

ec::G1Affine G1Of(const Fr &k) { return (ec::G1::Generator() * k).ToAffine(); }
ec::G2Affine G2Of(const Fr &k) { return (ec::G2::Generator() * k).ToAffine(); }

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  for (size_t n_public : {size_t(1), size_t(3)}) {
    const Fr alpha = Fr::Random(rng), beta = Fr::Random(rng), gamma = Fr::Random(rng), delta = Fr::Random(rng);
    std::vector<Fr> ic(n_public + 1), x(n_public);
    for (auto &k : ic) k = Fr::Random(rng);
    for (auto &k : x) k = Fr::Random(rng);
    Fr acc = ic[0];
    for (size_t i = 0; i < n_public; i++) acc += x[i] * ic[i + 1];
    const Fr a = Fr::Random(rng), b = Fr::Random(rng);
    const Fr c = (a * b - alpha * beta - acc * gamma) * delta.Inverse();

    SnarkjsVk vk{G1Of(alpha), G2Of(beta), G2Of(gamma), G2Of(delta), {}};
    for (const auto &k : ic) vk.ic.push_back(G1Of(k));
    const SnarkjsProof proof{G1Of(a), G2Of(b), G1Of(c)};
    const std::string tag = std::to_string(n_public) + " public";

    std::cout << SnarkjsCase("simulated, " + tag, vk, x, proof, true) << "\n";
    auto wrong_input = x;
    wrong_input[0] += Fr::One();
    std::cout << SnarkjsCase("input + 1, " + tag, vk, wrong_input, proof, false) << "\n";
    std::cout << SnarkjsCase("C + G1, " + tag, vk, x, {proof.a, proof.b, G1Of(c + Fr::One())}, false) << "\n";
    std::cout << SnarkjsCase("A negated, " + tag, vk, x, {-proof.a, proof.b, proof.c}, false) << "\n";
    if (n_public > 1) {
      auto swapped = x;
      std::swap(swapped[0], swapped[1]);
      std::cout << SnarkjsCase("inputs swapped, " + tag, vk, swapped, proof, false) << "\n";
    }
  }
  return 0;
}
