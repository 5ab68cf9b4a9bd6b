// tests/poly/domain_test.cpp — domain constants, twiddles, cache and Z(x).
#include "poly_test_util.hpp"

#include <gtest/gtest.h>

namespace cuzk::poly {
namespace {

TEST(Domain, OmegaHasExactOrderN) {
  for (unsigned k = 0; k <= 32; k++) {
    const Fr w = Fr::RootOfUnity().Pow(uint64_t(1) << (32 - k));
    Fr x = w;
    for (unsigned i = 0; i < k; i++) x = x.Square();
    EXPECT_EQ(x, Fr::One()) << k;
    if (k > 0) {
      Fr y = w;
      for (unsigned i = 0; i + 1 < k; i++) y = y.Square();
      EXPECT_EQ(y, -Fr::One()) << k; // order exactly 2^k
    }
  }
}

TEST(Domain, ConstantsAndTwiddles) {
  for (unsigned k : {0u, 1u, 2u, 5u, 13u}) {
    const Domain &d = Domain::Get(k);
    EXPECT_EQ(d.Size(), size_t(1) << k);
    EXPECT_EQ(d.LogSize(), k);
    EXPECT_EQ(d.Omega() * d.OmegaInv(), Fr::One());
    EXPECT_EQ(d.SizeInv() * Fr::FromUint(d.Size()), Fr::One());
    EXPECT_EQ(d.CosetGenerator(), Fr::FromUint(7));
    EXPECT_EQ(d.CosetGenerator() * d.CosetGeneratorInv(), Fr::One());
    ASSERT_EQ(d.Twiddles().size(), d.Size() / 2);
    Fr w = Fr::One();
    for (size_t i = 0; i < d.Twiddles().size(); i++) {
      EXPECT_EQ(d.Twiddles()[i], w) << k << " " << i;
      w *= d.Omega();
    }
  }
}

TEST(Domain, CacheAndSizing) {
  EXPECT_EQ(&Domain::Get(10), &Domain::Get(10));
  EXPECT_EQ(Domain::LogSizeFor(0), 0u);
  EXPECT_EQ(Domain::LogSizeFor(1), 0u);
  EXPECT_EQ(Domain::LogSizeFor(2), 1u);
  EXPECT_EQ(Domain::LogSizeFor(3), 2u);
  EXPECT_EQ(Domain::LogSizeFor(1024), 10u);
  EXPECT_EQ(Domain::LogSizeFor(1025), 11u);
  EXPECT_EQ(Domain::ForSize(1000).Size(), 1024u);
  EXPECT_THROW(Domain::Get(33), std::invalid_argument);
}

TEST(Domain, VanishingPolynomial) {
  const Domain &d = Domain::Get(6);
  for (size_t i = 0; i < d.Size(); i++) EXPECT_TRUE(d.EvaluateVanishing(d.Omega().Pow(uint64_t(i))).IsZero());
  const Fr x = Fr::FromUint(12345);
  EXPECT_EQ(d.EvaluateVanishing(x), x.Pow(uint64_t(64)) - Fr::One());
}

} // namespace
} // namespace cuzk::poly
