// tests/poly/quotient_test.cpp — H = (A·B − C)/Z for a "satisfied" system (c = a∘b on the
// domain), checked at a random point through the Lagrange basis.
#include "poly_test_util.hpp"

#include <gtest/gtest.h>

namespace cuzk::poly {
namespace {

TEST(Quotient, ComputeHSatisfiesDivisionIdentity) {
  for (unsigned k : {1u, 4u, 11u, 16u}) {
    const Domain &d = Domain::Get(k);
    const size_t n = d.Size();
    auto a = testing::RandomVector(n, 900 + k), b = testing::RandomVector(n, 1000 + k);
    std::vector<Fr> c(n);
    for (size_t i = 0; i < n; i++) c[i] = a[i] * b[i];
    const Fr tau = Fr::FromUint(0x5eed0000 + k);
    const auto l = EvaluateLagrangeCoefficients(d, tau);
    Fr at = Fr::Zero(), bt = Fr::Zero(), ct = Fr::Zero();
    for (size_t i = 0; i < n; i++) {
      at += a[i] * l[i];
      bt += b[i] * l[i];
      ct += c[i] * l[i];
    }
    ComputeH(d, a, b, c);
    EXPECT_TRUE(a[n - 1].IsZero()) << "deg H ≤ n − 2, k=" << k;
    EXPECT_EQ(testing::EvaluatePoly(a, tau) * d.EvaluateVanishing(tau), at * bt - ct) << "k=" << k;
  }
}

TEST(Quotient, DivideByVanishingOnCoset) {
  const Domain &d = Domain::Get(4);
  std::vector<Fr> v(d.Size(), Fr::One());
  DivideByVanishingOnCoset(d, v);
  const Fr z = Fr::FromUint(7).Pow(uint64_t(16)) - Fr::One();
  for (const Fr &x : v) EXPECT_EQ(x * z, Fr::One());
}

} // namespace
} // namespace cuzk::poly
