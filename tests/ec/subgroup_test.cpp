// tests/ec/subgroup_test.cpp — the endomorphisms φ, ψ and the fast subgroup checks against [r]P = O.
#include "ec/ec.hpp"
#include "ec/test_points.hpp"

#include "common/curves.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ec;
using namespace cuzk::ec::test;
using cuzk::ff::Fp;
using cuzk::ff::Fp2;
using cuzk::ff::Fr;
using cuzk::ff::Limbs;

namespace {

//! x² = 0xd201000000010000² as a 128-bit integer
Limbs<2> SeedSquared() {
  const unsigned __int128 x2 = (unsigned __int128)cuzk::ff::BLS_X * cuzk::ff::BLS_X;
  return {uint64_t(x2), uint64_t(x2 >> 64)};
}

TEST(Endomorphism, BetaIsAPrimitiveCubeRootOfUnity) {
  const Fp &b = G1Beta();
  EXPECT_FALSE(b.IsOne());
  EXPECT_TRUE((b.Square() * b).IsOne());
  EXPECT_TRUE((b.Square() + b + Fp::One()).IsZero());
}

TEST(Endomorphism, PhiIsMinusSeedSquaredOnG1) {
  std::mt19937_64 rng(21);
  for (int i = 0; i < 5; i++) {
    const G1 p = G1::Generator() * Fr::Random(rng);
    EXPECT_EQ(Phi(p), -p.MulLimbs(SeedSquared()));
    EXPECT_EQ(Phi(p.ToAffine()), Phi(p).ToAffine());
  }
  EXPECT_TRUE(Phi(G1::Infinity()).IsInfinity());
  EXPECT_TRUE(Phi(G1Affine::Infinity()).IsInfinity());
}

TEST(Endomorphism, PsiIsTheSeedOnG2) {
  std::mt19937_64 rng(22);
  for (int i = 0; i < 5; i++) {
    const G2 p = G2::Generator() * Fr::Random(rng);
    // x < 0: [x]P = −[|x|]P
    EXPECT_EQ(Psi(p), -MulBySeedAbs(p));
    EXPECT_EQ(Psi(p.ToAffine()), Psi(p).ToAffine());
  }
  EXPECT_TRUE(Psi(G2::Infinity()).IsInfinity());
}

TEST(Endomorphism, PsiKeepsPointsOnTheTwist) {
  // ψ is an endomorphism of E'(Fp2) as a whole, also off the subgroup
  std::mt19937_64 rng(23);
  for (int i = 0; i < 5; i++) {
    const G2Affine p = RandomCurvePoint<G2Curve>(rng);
    EXPECT_TRUE(Psi(p).IsOnCurve());
    // and it is a group homomorphism
    const G2Affine q = RandomCurvePoint<G2Curve>(rng);
    EXPECT_EQ(Psi(G2::FromAffine(p) + G2::FromAffine(q)), Psi(G2::FromAffine(p)) + Psi(G2::FromAffine(q)));
  }
}

TEST(Endomorphism, PsiCoefficientsFromXi) {
  // c_x³ = ξ^{−(p−1)} and c_y² = ξ^{−(p−1)}: both come from the same power of ξ
  const Fp2 xi{Fp::One(), Fp::One()};
  const Fp2 xi_p_minus_1 = xi.Frobenius(1) * xi.Inverse(); // ξ^p / ξ
  EXPECT_EQ(G2PsiCoeffX().Square() * G2PsiCoeffX() * xi_p_minus_1, Fp2::One());
  EXPECT_EQ(G2PsiCoeffY().Square() * xi_p_minus_1, Fp2::One());
}

template <class C> class SubgroupTest : public ::testing::Test {};
TYPED_TEST_SUITE(SubgroupTest, cuzk::test::Curves);

TYPED_TEST(SubgroupTest, FastEqualsSlowOnSubgroupPoints) {
  using C = TypeParam;
  std::mt19937_64 rng(24);
  for (int i = 0; i < 12; i++) {
    const Affine<C> p = RandomSubgroupPoint<C>(rng);
    EXPECT_TRUE(IsInSubgroupSlow(p));
    EXPECT_TRUE(IsInSubgroup(p));
    EXPECT_TRUE(IsInSubgroup(Jacobian<C>::FromAffine(p).Double())); // non-trivial Z
  }
  EXPECT_TRUE(IsInSubgroup(Affine<C>::Generator()));
}

TYPED_TEST(SubgroupTest, FastEqualsSlowOutsideTheSubgroup) {
  using C = TypeParam;
  std::mt19937_64 rng(25);
  for (int i = 0; i < 12; i++) {
    const Affine<C> p = RandomCurvePoint<C>(rng);
    ASSERT_TRUE(p.IsOnCurve());
    EXPECT_FALSE(IsInSubgroupSlow(p));
    EXPECT_FALSE(IsInSubgroup(p));
    // a subgroup point plus a non-subgroup point is outside as well
    const Jacobian<C> q = Jacobian<C>::FromAffine(p) + Jacobian<C>::Generator() * Fr::Random(rng);
    EXPECT_EQ(IsInSubgroup(q), IsInSubgroupSlow(q));
    EXPECT_FALSE(IsInSubgroup(q));
  }
}

TYPED_TEST(SubgroupTest, InfinityIsAMember) {
  using C = TypeParam;
  EXPECT_TRUE(IsInSubgroup(Affine<C>::Infinity()));
  EXPECT_TRUE(IsInSubgroup(Jacobian<C>::Infinity()));
  EXPECT_TRUE(IsInSubgroupSlow(Affine<C>::Infinity()));
}

TEST(Subgroup, G1SmallOrderPoints) {
  // (0, ±2) have order 3; φ fixes them while [−x²] = [2] maps them to their negatives
  for (const Fp y : {Fp::FromUint(2), -Fp::FromUint(2)}) {
    const G1Affine p{Fp::Zero(), y};
    ASSERT_TRUE(p.IsOnCurve());
    EXPECT_FALSE(IsInSubgroupSlow(p));
    EXPECT_FALSE(IsInSubgroup(p));
  }
}

TEST(Subgroup, CofactorMultiplesOfRandomPointsAreInG1) {
  // h1 = (x − 1)²/3 clears the cofactor; the fast check must accept the result
  // x − 1 = −(|x| + 1) still fits 64 bits, so (x − 1)² fits 128
  const uint64_t xm1 = cuzk::ff::BLS_X + 1;
  const unsigned __int128 sq = (unsigned __int128)xm1 * xm1;
  const Limbs<2> h = cuzk::ff::big::DivSmall(Limbs<2>{uint64_t(sq), uint64_t(sq >> 64)}, 3);
  std::mt19937_64 rng(26);
  for (int i = 0; i < 4; i++) {
    const G1 p = G1::FromAffine(RandomCurvePoint<G1Curve>(rng)).MulLimbs(h);
    EXPECT_TRUE(IsInSubgroupSlow(p));
    EXPECT_TRUE(IsInSubgroup(p));
  }
}

} // namespace
