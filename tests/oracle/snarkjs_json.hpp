// tests/oracle/snarkjs_json.hpp — Groth16 keys and proofs in snarkjs's bls12381 JSON, for
// groth16_check.mjs (spec/oracles.md §1): every value a decimal string of the canonical integer;
// G1 [x, y, "1"], G2 [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]], infinity with z = 0.
#pragma once
#include "ec/ec.hpp"

#include <string>
#include <vector>

namespace cuzk::oracle {

//! decimal digits of a little-endian limb array (repeated division by 10^19)
template <size_t N> std::string Decimal(ff::Limbs<N> v) {
  constexpr uint64_t CHUNK = 10000000000000000000ull; // 10^19, the largest power of ten in 64 bits
  std::vector<uint64_t> chunks;
  while (!ff::big::IsZero(v)) {
    unsigned __int128 rem = 0;
    for (size_t i = N; i-- > 0;) {
      unsigned __int128 cur = (rem << 64) | v[i];
      v[i] = uint64_t(cur / CHUNK);
      rem = cur % CHUNK;
    }
    chunks.push_back(uint64_t(rem));
  }
  if (chunks.empty()) return "0";
  std::string s = std::to_string(chunks.back());
  for (size_t i = chunks.size() - 1; i-- > 0;) {
    std::string part = std::to_string(chunks[i]);
    s += std::string(19 - part.size(), '0') + part;
  }
  return s;
}

template <class P, class W> std::string Decimal(const ff::Mont<P, W> &x) { return Decimal(x.ToCanonical()); }

// GCC 12 reports std::string's operator+ chains below as overlapping memcpy (-Wrestrict, GCC bug
// 105329, fixed in 13): a false positive inside the standard library, silenced here only.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
inline std::string Quote(const std::string &s) { return "\"" + s + "\""; }

inline std::string SnarkjsG1(const ec::G1Affine &p) {
  if (p.IsInfinity()) return R"(["0","1","0"])";
  return "[" + Quote(Decimal(p.x)) + "," + Quote(Decimal(p.y)) + R"(,"1"])";
}

inline std::string SnarkjsG2(const ec::G2Affine &p) {
  auto fp2 = [](const ff::Fp2 &v) { return "[" + Quote(Decimal(v.c0)) + "," + Quote(Decimal(v.c1)) + "]"; };
  if (p.IsInfinity()) return R"([["0","0"],["1","0"],["0","0"]])";
  return "[" + fp2(p.x) + "," + fp2(p.y) + R"(,["1","0"]])";
}

struct SnarkjsVk {
  ec::G1Affine alpha;
  ec::G2Affine beta, gamma, delta;
  std::vector<ec::G1Affine> ic; //!< one per public input, plus IC_0 for the constant ONE
};

struct SnarkjsProof {
  ec::G1Affine a;
  ec::G2Affine b;
  ec::G1Affine c;
};

//! one line of groth16_check.mjs's input; `valid` is what both verifiers must answer
inline std::string SnarkjsCase(const std::string &name, const SnarkjsVk &vk, const std::vector<ff::Fr> &inputs,
                               const SnarkjsProof &proof, bool valid) {
  std::string s = "{\"name\":" + Quote(name) + ",\"vk\":{\"protocol\":\"groth16\",\"curve\":\"bls12381\",\"nPublic\":" +
                  std::to_string(vk.ic.size() - 1) + ",\"vk_alpha_1\":" + SnarkjsG1(vk.alpha) +
                  ",\"vk_beta_2\":" + SnarkjsG2(vk.beta) + ",\"vk_gamma_2\":" + SnarkjsG2(vk.gamma) +
                  ",\"vk_delta_2\":" + SnarkjsG2(vk.delta) + ",\"IC\":[";
  for (size_t i = 0; i < vk.ic.size(); i++) s += (i ? "," : "") + SnarkjsG1(vk.ic[i]);
  s += "]},\"public\":[";
  for (size_t i = 0; i < inputs.size(); i++) s += (i ? "," : "") + Quote(Decimal(inputs[i]));
  s += "],\"proof\":{\"protocol\":\"groth16\",\"curve\":\"bls12381\",\"pi_a\":" + SnarkjsG1(proof.a) +
       ",\"pi_b\":" + SnarkjsG2(proof.b) + ",\"pi_c\":" + SnarkjsG1(proof.c) +
       "},\"valid\":" + (valid ? "true" : "false") + "}";
  return s;
}
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#pragma GCC diagnostic pop
#endif

} // namespace cuzk::oracle
