// apps/cuzk-bench/checks_msm.cpp — src/msm's Pippenger against the naive sum Σ k_i·P_i, with the
// inputs that break bucket methods: n = 0 and 1, zero and one scalars, repeated and opposite
// bases, infinity, and r − 1.
#include "selftest.hpp"

#include "msm/msm.hpp"

#include <random>

namespace cuzk::bench {

using ff::Fr;

namespace {

template <class C> CheckResult AgainstNaive(size_t n) {
  using J = ec::Jacobian<C>;
  std::mt19937_64 rng(n);
  std::vector<J> points;
  std::vector<Fr> scalars;
  J walk = J::Generator() * Fr::Random(rng);
  for (size_t i = 0; i < n; i++) {
    switch (i % 7) {
    case 2:
      points.push_back(points[i - 1]);
      break; // a repeated base
    case 4:
      points.push_back(-points[i - 2]);
      break; // the opposite of an earlier base
    case 5:
      points.push_back(J::Infinity());
      break;
    default:
      points.push_back(walk = walk.Double() + J::Generator());
    }
    switch (i % 5) {
    case 0:
      scalars.push_back(Fr::Zero());
      break;
    case 1:
      scalars.push_back(Fr::One());
      break;
    case 3:
      scalars.push_back(-Fr::One());
      break;
    default:
      scalars.push_back(Fr::Random(rng));
    }
  }
  const auto bases = ec::BatchToAffine<C>(points);
  J naive = J::Infinity();
  for (size_t i = 0; i < n; i++) naive += points[i] * scalars[i];
  const J fast = msm::Msm(std::span<const ec::Affine<C>>(bases), std::span<const Fr>(scalars));
  return Expect(fast == naive, std::string(C::NAME) + " MSM of " + std::to_string(n) + " points ≠ naive sum");
}

CheckResult G1Sizes() {
  for (size_t n : {0, 1, 2, 37, 300}) {
    if (auto r = AgainstNaive<ec::G1Curve>(n); !r.ok) return r;
  }
  return {};
}

CheckResult G2Sizes() {
  for (size_t n : {0, 1, 40}) {
    if (auto r = AgainstNaive<ec::G2Curve>(n); !r.ok) return r;
  }
  return {};
}

} // namespace

std::vector<Check> MsmChecks() {
  return {
      {"msm", "G1 Pippenger = naive sum (n = 0, 1, 2, 37, 300; edge scalars/bases)", G1Sizes},
      {"msm", "G2 Pippenger = naive sum (n = 0, 1, 40)", G2Sizes},
  };
}

} // namespace cuzk::bench
