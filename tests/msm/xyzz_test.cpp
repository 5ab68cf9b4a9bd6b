// tests/msm/xyzz_test.cpp — XYZZ formulas agree with the Jacobian group law (typed over G1/G2).
#include "msm/xyzz.hpp"

#include "common/curves.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk;
using cuzk::ff::Fr;

namespace {

template <class C> class XyzzTest : public ::testing::Test {};
TYPED_TEST_SUITE(XyzzTest, cuzk::test::Curves);

TYPED_TEST(XyzzTest, MatchesJacobian) {
  using C = TypeParam;
  using J = ec::Jacobian<C>;
  using X = msm::Xyzz<C>;
  std::mt19937_64 rng(21);
  for (int i = 0; i < 8; i++) {
    const J pj = J::Generator() * Fr::Random(rng), qj = J::Generator() * Fr::Random(rng);
    const ec::Affine<C> p = pj.ToAffine(), q = qj.ToAffine();
    X a = X::FromAffine(p);
    a.AddMixed(q);
    EXPECT_EQ(a.ToJacobian(), pj + qj);
    a.SubMixed(q);
    EXPECT_EQ(a.ToJacobian(), pj);
    a.AddMixed(p); // doubling through the mixed addition
    EXPECT_EQ(a.ToJacobian(), pj.Double());
    EXPECT_EQ(a.Double().ToJacobian(), pj.Double().Double());
    X b = X::FromAffine(q);
    b.AddMixed(q);
    EXPECT_EQ((a + b).ToJacobian(), pj.Double() + qj.Double());
    EXPECT_EQ((a + a).ToJacobian(), pj.Double().Double());
    X neg = X::FromAffine(-p);
    neg.AddMixed(-p); // −2P, in a projective scale different from a's
    EXPECT_TRUE((a + neg).IsInfinity());
  }
}

TYPED_TEST(XyzzTest, Infinity) {
  using C = TypeParam;
  using J = ec::Jacobian<C>;
  using X = msm::Xyzz<C>;
  const ec::Affine<C> g = ec::Affine<C>::Generator();
  X a = X::Infinity();
  EXPECT_TRUE(a.ToJacobian().IsInfinity());
  a.AddMixed(ec::Affine<C>::Infinity());
  EXPECT_TRUE(a.IsInfinity());
  a.AddMixed(g);
  EXPECT_EQ(a.ToJacobian(), J::Generator());
  a.SubMixed(g);
  EXPECT_TRUE(a.IsInfinity());
  EXPECT_TRUE(X::FromAffine(ec::Affine<C>::Infinity()).IsInfinity());
  const X one = X::FromAffine(g);
  EXPECT_EQ((one + X::Infinity()).ToJacobian(), J::Generator());
  EXPECT_EQ((X::Infinity() + one).ToJacobian(), J::Generator());
  EXPECT_TRUE(X::Infinity().Double().IsInfinity());
}

} // namespace
