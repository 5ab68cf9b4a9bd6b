// tests/oracle/dump_pairing.cpp — seeded pairing cases for check.mjs / @noble/curves: e(aG1, bG2)
// and multi-pairings as all 12 Fp12 coefficients (GT values compare exactly: spec/oracles.md).
#include "oracle_cases.hpp"

#include "ec/pairing.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

constexpr int CASES = 6;

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  // e(G1, G2) itself, then random multiples (including infinity on either side)
  w.Emit("pairing", Vals(Fr::One(), Fr::One()),
         Vals(ec::Pairing(ec::G1Affine::Generator(), ec::G2Affine::Generator())));
  for (int i = 0; i < CASES; i++) {
    const Fr a = i == 1 ? Fr::Zero() : Fr::Random(rng);
    const Fr b = i == 2 ? Fr::Zero() : Fr::Random(rng);
    const auto p = (ec::G1::Generator() * a).ToAffine();
    const auto q = (ec::G2::Generator() * b).ToAffine();
    w.Emit("pairing", Vals(a, b), Vals(ec::Pairing(p, q)));
  }
  // Π e(a_i G1, b_i G2) over three pairs with one final exponentiation
  for (int i = 0; i < CASES / 2; i++) {
    std::vector<ec::G1Affine> g1;
    std::vector<ec::G2Affine> g2;
    Strings in;
    for (int j = 0; j < 3; j++) {
      const Fr a = Fr::Random(rng), b = Fr::Random(rng);
      g1.push_back((ec::G1::Generator() * a).ToAffine());
      g2.push_back((ec::G2::Generator() * b).ToAffine());
      Flatten(in, a);
      Flatten(in, b);
    }
    w.Emit("multi_pairing", in, Vals(ec::MultiPairing(g1, g2)));
  }
  return 0;
}
