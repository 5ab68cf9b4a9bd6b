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

// The outside anchor for every domain (and so for the NTTs, whose reference is d.Omega()): the
// 2^32-th root of unity bellperson's EvaluationDomain starts from, blstrs' Scalar::ROOT_OF_UNITY
// (filecoin-project/blstrs, src/scalar.rs, `const ROOT_OF_UNITY`: little-endian Montgomery limbs,
// R = 2^256 as ours). Its canonical value is GENERATOR^t (7^t, r − 1 = t·2^32) in bellman and
// zkcrypto's bls12_381 alike. bellperson takes the domain of size 2^k as ROOT_OF_UNITY squared
// 32 − k times, so Omega() must be that power.
TEST(Domain, RootOfUnityIsBellpersonsConstant) {
  constexpr ff::Limbs<4> BLSTRS_ROOT_OF_UNITY_MONTGOMERY = {0xb9b58d8c5f0e466a, 0x5b1b4c801819d7ec, 0x0af53ae352a31e64,
                                                            0x5bf3adda19e9b27b};
  const Fr root = Fr::FromMontgomery(BLSTRS_ROOT_OF_UNITY_MONTGOMERY);
  EXPECT_EQ(root.ToHex(), "0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
  EXPECT_EQ(Fr::RootOfUnity(), root);
  Fr omega = root; // ROOT_OF_UNITY^(2^(32 - k)), from k = 32 down
  for (unsigned k = 32; k-- > 0;) {
    omega = omega.Square();
    if (k > 20) continue; // Domain::Get(k) builds 2^(k-1) twiddles: the small domains only
    const Domain &d = Domain::Get(k);
    EXPECT_EQ(d.Omega(), omega) << "k=" << k;
    EXPECT_EQ(d.Omega() * d.OmegaInv(), Fr::One()) << "k=" << k;
    if (k >= 1) { // ω^(n/2) = −1
      EXPECT_EQ(d.Twiddles()[d.Size() / 2 - 1] * d.Omega(), -Fr::One()) << "k=" << k;
    }
  }
  EXPECT_EQ(omega, Fr::One()); // k = 0
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
