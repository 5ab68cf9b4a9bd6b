// tests/oracle/dump_msm.cpp — seeded MSM cases Σ k_i·P_i (G1 and G2) for check.mjs / @noble/curves.
// Sizes straddle the Pippenger window changes; scalars include 0, 1 and r − 1, bases repeat.
#include "oracle_cases.hpp"

#include "msm/msm.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

template <class C> void MsmCases(CaseWriter &w, std::string_view name, std::mt19937_64 &rng, size_t max_n) {
  using J = ec::Jacobian<C>;
  const std::string g(name);
  for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(17), size_t(64), max_n}) {
    std::vector<J> points;
    std::vector<Fr> scalars;
    for (size_t i = 0; i < n; i++) {
      points.push_back(i % 9 == 4 ? points[i / 2] : J::Generator() * Fr::Random(rng));
      switch (rng() % 6) {
      case 0:
        scalars.push_back(Fr::Zero());
        break;
      case 1:
        scalars.push_back(Fr::One());
        break;
      case 2:
        scalars.push_back(-Fr::One());
        break;
      default:
        scalars.push_back(Fr::Random(rng));
      }
    }
    const auto bases = ec::BatchToAffine<C>(points);
    const J sum = msm::Msm(std::span<const ec::Affine<C>>(bases), std::span<const Fr>(scalars));
    // in: n, then the n bases (flattened affine), then the n scalars
    Strings in = {std::to_string(n)};
    for (const auto &b : bases) Flatten(in, b);
    for (const auto &k : scalars) Flatten(in, k);
    w.Emit(g + ".msm", in, Vals(sum));
  }
}

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  MsmCases<ec::G1Curve>(w, "g1", rng, 300);
  MsmCases<ec::G2Curve>(w, "g2", rng, 100);
  return 0;
}
