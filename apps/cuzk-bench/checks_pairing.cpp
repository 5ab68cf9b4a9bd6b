// apps/cuzk-bench/checks_pairing.cpp — known answers of the pairing (src/ec/pairing.hpp):
// e(G1, G2) itself, bilinearity, non-degeneracy, multi-pairing and prepared G2 points.
#include "selftest.hpp"

#include "ec/ec.hpp"
#include "ec/pairing.hpp"
#include "ec/pairing_known_answers.hpp"

#include <array>
#include <random>

namespace cuzk::bench {

using ff::Fp;
using ff::Fp12;
using ff::Fr;

namespace {

constexpr const std::array<const char *, 12> &E_G1_G2 = ec::PAIRING_G1_G2_KNOWN_ANSWER;

std::array<Fp, 12> Coefficients(const Fp12 &f) {
  std::array<Fp, 12> c;
  size_t i = 0;
  for (const auto &half : {f.c0, f.c1}) {
    for (const auto &x : {half.c0, half.c1, half.c2}) {
      c[i++] = x.c0;
      c[i++] = x.c1;
    }
  }
  return c;
}

CheckResult GeneratorPairing() {
  const Fp12 e = ec::Pairing(ec::G1Affine::Generator(), ec::G2Affine::Generator());
  const auto c = Coefficients(e);
  for (size_t i = 0; i < c.size(); i++) {
    if (c[i].ToHex() != std::string("0x") + E_G1_G2[i]) {
      return {false, "coefficient " + std::to_string(i) + " of e(G1, G2) is " + c[i].ToHex()};
    }
  }
  return Expect(!e.IsOne(), "e(G1, G2) = 1");
}

CheckResult Bilinearity() {
  std::mt19937_64 rng(5);
  const Fr a = Fr::Random(rng), b = Fr::Random(rng);
  const auto p = ec::G1Affine::Generator();
  const auto q = ec::G2Affine::Generator();
  const auto ap = (ec::G1::Generator() * a).ToAffine();
  const auto bq = (ec::G2::Generator() * b).ToAffine();
  const Fp12 lhs = ec::Pairing(ap, bq);
  if (lhs != ec::Pairing(p, q).Pow((a * b).ToCanonical())) return {false, "e(aP, bQ) ≠ e(P, Q)^(ab)"};
  const auto abq = (ec::G2::Generator() * (a * b)).ToAffine();
  if (lhs != ec::Pairing(p, abq)) return {false, "e(aP, bQ) ≠ e(P, abQ)"};
  // e(aP, bQ)·e(−P, abQ) = 1, through one shared final exponentiation, affine and prepared
  const std::array<ec::G1Affine, 2> g1 = {ap, -p};
  const std::array<ec::G2Affine, 2> g2 = {bq, abq};
  if (!ec::PairingProductIsOne(g1, g2)) return {false, "e(aP, bQ)·e(−P, abQ) ≠ 1"};
  const std::array<ec::G2Prepared, 2> prepared = {ec::G2Prepared::From(bq), ec::G2Prepared::From(abq)};
  if (!ec::PairingProductIsOne(g1, prepared)) return {false, "prepared-G2 product ≠ 1"};
  return Expect(ec::Pairing(ec::G1Affine::Infinity(), q).IsOne(), "e(O, Q) ≠ 1");
}

} // namespace

std::vector<Check> PairingChecks() {
  return {
      {"ec", "e(G1, G2) equals @noble/curves' value", GeneratorPairing},
      {"ec", "bilinearity, multi-pairing, prepared G2, e(O, Q) = 1", Bilinearity},
  };
}

} // namespace cuzk::bench
