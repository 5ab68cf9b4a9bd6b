// tests/poly/lagrange_test.cpp — L_i(τ): partition of unity, interpolation, points of the domain.
#include "poly_test_util.hpp"

#include <gtest/gtest.h>

namespace cuzk::poly {
namespace {

TEST(Lagrange, SumToOneAndInterpolate) {
  for (unsigned k : {0u, 1u, 4u, 10u, 14u}) {
    const Domain &d = Domain::Get(k);
    const Fr tau = Fr::FromHex("123456789abcdef0fedcba9876543210deadbeef");
    const auto l = EvaluateLagrangeCoefficients(d, tau);
    ASSERT_EQ(l.size(), d.Size());
    Fr sum = Fr::Zero();
    for (const Fr &x : l) sum += x;
    EXPECT_EQ(sum, Fr::One()) << "k=" << k;

    // Σ p(ω^i)·L_i(τ) = p(τ) for deg p < n
    const auto coeffs = testing::RandomVector(d.Size(), 800 + k);
    auto evals = coeffs;
    Ntt(d, evals);
    Fr acc = Fr::Zero();
    for (size_t i = 0; i < d.Size(); i++) acc += evals[i] * l[i];
    EXPECT_EQ(acc, testing::EvaluatePoly(coeffs, tau)) << "k=" << k;
  }
}

TEST(Lagrange, MatchesProductFormulaOnSmallDomain) {
  const Domain &d = Domain::Get(3);
  const Fr tau = Fr::FromUint(1000003);
  const auto l = EvaluateLagrangeCoefficients(d, tau);
  for (size_t i = 0; i < d.Size(); i++) {
    Fr num = Fr::One(), den = Fr::One();
    const Fr wi = d.Omega().Pow(uint64_t(i));
    for (size_t j = 0; j < d.Size(); j++) {
      if (j == i) continue;
      const Fr wj = d.Omega().Pow(uint64_t(j));
      num *= tau - wj;
      den *= wi - wj;
    }
    EXPECT_EQ(l[i], num * den.Inverse()) << i;
  }
}

TEST(Lagrange, PointOfTheDomainGivesIndicator) {
  const Domain &d = Domain::Get(5);
  const auto l = EvaluateLagrangeCoefficients(d, d.Omega().Pow(uint64_t(19)));
  for (size_t i = 0; i < d.Size(); i++) EXPECT_EQ(l[i], i == 19 ? Fr::One() : Fr::Zero()) << i;
}

} // namespace
} // namespace cuzk::poly
