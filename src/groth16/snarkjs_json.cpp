// src/groth16/snarkjs_json.cpp
#include "groth16/snarkjs_json.hpp"

#include "ec/pairing.hpp"

#include <algorithm>
#include <fstream>

namespace cuzk::groth16 {

template <size_t N> std::string ToDecimal(const ff::Limbs<N> &v) {
  // repeated division by 10^19 (the largest power of ten in a 64-bit word)
  constexpr uint64_t CHUNK = 10000000000000000000ull;
  ff::Limbs<N> q = v;
  std::string out;
  while (!ff::big::IsZero(q)) {
    unsigned __int128 rem = 0;
    for (size_t i = N; i-- > 0;) {
      unsigned __int128 cur = (rem << 64) | q[i];
      q[i] = uint64_t(cur / CHUNK);
      rem = cur % CHUNK;
    }
    uint64_t r = uint64_t(rem);
    for (int d = 0; d < 19; d++) {
      out.push_back(char('0' + r % 10));
      r /= 10;
    }
  }
  while (out.size() > 1 && out.back() == '0') out.pop_back();
  if (out.empty()) out.push_back('0');
  std::reverse(out.begin(), out.end());
  return out;
}

template std::string ToDecimal<4>(const ff::Limbs<4> &);
template std::string ToDecimal<6>(const ff::Limbs<6> &);

namespace {

std::string Q(const std::string &s) {
  std::string out(1, '"');
  out += s;
  out += '"';
  return out;
}
// "[a,b,...]"; appended piece by piece (GCC 12 warns falsely on chains of literal + string&&)
std::string List(std::initializer_list<std::string> items) {
  std::string out(1, '[');
  for (const std::string &i : items) {
    if (out.size() > 1) out += ',';
    out += i;
  }
  out += ']';
  return out;
}
std::string Dec(const ff::Fp &x) { return Q(ToDecimal(x.ToCanonical())); }
std::string Dec(const Fr &x) { return Q(ToDecimal(x.ToCanonical())); }
std::string Dec(const ff::Fp2 &x) { return List({Dec(x.c0), Dec(x.c1)}); }

std::string Point(const G1Affine &p) {
  if (p.IsInfinity()) return List({Q("0"), Q("1"), Q("0")});
  return List({Dec(p.x), Dec(p.y), Q("1")});
}
std::string Point(const G2Affine &p) {
  if (p.IsInfinity()) return List({List({Q("0"), Q("0")}), List({Q("1"), Q("0")}), List({Q("0"), Q("0")})});
  return List({Dec(p.x), Dec(p.y), List({Q("1"), Q("0")})});
}
std::string Fp6Json(const ff::Fp6 &x) { return List({Dec(x.c0), Dec(x.c1), Dec(x.c2)}); }

Status WriteText(const std::string &path, const std::string &text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return MakeError(ErrorCode::kInternal, path + ": cannot create");
  f << text;
  f.close();
  if (!f) return MakeError(ErrorCode::kInternal, path + ": write failed");
  return {};
}

} // namespace

std::string SnarkjsVerifyingKeyJson(const VerifyingKey &vk) {
  const ff::Fp12 ab = ec::Pairing(vk.alpha_g1, vk.beta_g2);
  std::string s = "{\n";
  s += " \"protocol\": \"groth16\",\n \"curve\": \"bls12381\",\n";
  s += " \"nPublic\": " + std::to_string(vk.ic.empty() ? 0 : vk.ic.size() - 1) + ",\n";
  s += " \"vk_alpha_1\": " + Point(vk.alpha_g1) + ",\n";
  s += " \"vk_beta_2\": " + Point(vk.beta_g2) + ",\n";
  s += " \"vk_gamma_2\": " + Point(vk.gamma_g2) + ",\n";
  s += " \"vk_delta_2\": " + Point(vk.delta_g2) + ",\n";
  s += " \"vk_alphabeta_12\": [" + Fp6Json(ab.c0) + "," + Fp6Json(ab.c1) + "],\n";
  s += " \"IC\": [";
  for (size_t i = 0; i < vk.ic.size(); i++) {
    s += i ? ",\n  " : "\n  ";
    s += Point(vk.ic[i]);
  }
  s += "\n ]\n}\n";
  return s;
}

std::string SnarkjsProofJson(const Proof &proof) {
  return "{\n \"pi_a\": " + Point(proof.a) + ",\n \"pi_b\": " + Point(proof.b) + ",\n \"pi_c\": " + Point(proof.c) +
         ",\n \"protocol\": \"groth16\",\n \"curve\": \"bls12381\"\n}\n";
}

std::string SnarkjsPublicJson(std::span<const Fr> inputs) {
  std::string s = "[";
  for (size_t i = 0; i < inputs.size(); i++) {
    if (i) s += ',';
    s += Dec(inputs[i]);
  }
  return s + "]\n";
}

Status WriteSnarkjsFiles(const std::string &dir, const VerifyingKey &vk, const Proof &proof,
                         std::span<const Fr> public_inputs) {
  if (auto s = WriteText(dir + "/vk.json", SnarkjsVerifyingKeyJson(vk)); !s) return s;
  if (auto s = WriteText(dir + "/proof.json", SnarkjsProofJson(proof)); !s) return s;
  return WriteText(dir + "/public.json", SnarkjsPublicJson(public_inputs));
}

} // namespace cuzk::groth16
