// tests/ec/point_test.cpp — group laws of G1 and G2 (typed suite).
#include "ec/ec.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ec;
using cuzk::ff::Fr;

namespace {

template <class J> class GroupTest : public ::testing::Test {};
using Groups = ::testing::Types<G1, G2>;
TYPED_TEST_SUITE(GroupTest, Groups);

TYPED_TEST(GroupTest, GeneratorOnCurveAndOrderR) {
  using J = TypeParam;
  auto g = J::Generator().ToAffine();
  EXPECT_TRUE(g.IsOnCurve());
  EXPECT_TRUE(J::Generator().MulLimbs(Fr::MODULUS).IsInfinity());
  EXPECT_FALSE(J::Generator().MulLimbs(cuzk::ff::big::SubSmall(Fr::MODULUS, 1)).IsInfinity());
}

TYPED_TEST(GroupTest, Laws) {
  using J = TypeParam;
  std::mt19937_64 rng(7);
  const J g = J::Generator();
  for (int i = 0; i < 10; i++) {
    Fr a = Fr::Random(rng), b = Fr::Random(rng);
    J pa = g * a, pb = g * b;
    EXPECT_EQ(pa + pb, g * (a + b));
    EXPECT_EQ(pa + pb, pb + pa);
    EXPECT_EQ(pa.Double(), pa + pa);
    EXPECT_EQ(pa + J::Infinity(), pa);
    EXPECT_TRUE((pa - pa).IsInfinity());
    EXPECT_EQ(pa.AddMixed(pb.ToAffine()), pa + pb);
    EXPECT_EQ(pa.AddMixed(pa.ToAffine()), pa.Double());
    EXPECT_TRUE(pa.AddMixed((-pa).ToAffine()).IsInfinity());
    EXPECT_TRUE(pa.ToAffine().IsOnCurve());
    EXPECT_EQ(pa * b, pb * a);
  }
}

TYPED_TEST(GroupTest, BatchToAffineMatchesSingle) {
  using J = TypeParam;
  std::mt19937_64 rng(8);
  std::vector<J> pts;
  for (int i = 0; i < 20; i++) pts.push_back(J::Generator() * Fr::Random(rng));
  pts[3] = J::Infinity();
  auto aff = BatchToAffine<typename J::Curve>(pts);
  for (size_t i = 0; i < pts.size(); i++) EXPECT_EQ(aff[i], pts[i].ToAffine());
  EXPECT_TRUE(aff[3].IsInfinity());
}

} // namespace
