// tests/oracle/dump_ec.cpp — seeded curve cases (G1, G2 arithmetic) for check.mjs / @noble/curves.
#include "oracle_cases.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

constexpr int CASES = 16;

std::vector<Fr> Scalars(std::mt19937_64 &rng) {
  std::vector<Fr> v = {Fr::Zero(), Fr::One(), Fr::FromUint(2), -Fr::One()};
  for (int i = 0; i < CASES; i++) v.push_back(Fr::Random(rng));
  return v;
}

template <class C> void CurveCases(CaseWriter &w, std::string_view name, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  const std::string g(name);
  const J gen = J::Generator();
  auto ks = Scalars(rng);
  for (size_t i = 0; i < ks.size(); i++) {
    const Fr &k = ks[i];
    const J p = gen * k;
    w.Emit(g + ".mul_gen", Vals(k), Vals(p));
    w.Emit(g + ".dbl", Vals(p), Vals(p.Double()));

    // the special cases of addition: distinct points, equal points, opposite points, infinity
    const Fr &other = ks[(i * 5 + 1) % ks.size()];
    for (const J &q : {gen * other, p, -p, J::Infinity()}) {
      w.Emit(g + ".add", Vals(p, q), Vals(p + q));
      // mixed addition takes q affine and p in a Jacobian form with Z ≠ 1
      w.Emit(g + ".add", Vals(p, q), Vals(p.Double().AddMixed(q.ToAffine()) - p));
    }

    const Fr s = Fr::Random(rng);
    w.Emit(g + ".mul", Vals(p, s), Vals(p * s));
  }
}

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  CurveCases<ec::G1Curve>(w, "g1", rng);
  CurveCases<ec::G2Curve>(w, "g2", rng);
  return 0;
}
