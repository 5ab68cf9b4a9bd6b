// tests/msm/batch_add_test.cpp — batched affine summation, including its degenerate pairs.
#include "msm/batch_add.hpp"

#include "msm/fixtures.hpp"

#include "common/curves.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::msm::testing;

namespace {

template <class C> class BatchAddTest : public ::testing::Test {};
TYPED_TEST_SUITE(BatchAddTest, cuzk::test::Curves);

template <class C> ec::Jacobian<C> Sum(std::vector<ec::Affine<C>> pts) {
  std::vector<typename C::Field> scratch(msm::BatchAffineSumScratchSize(pts.size()));
  return msm::BatchAffineSum<C>(pts, scratch);
}

TYPED_TEST(BatchAddTest, MatchesSerialSum) {
  using C = TypeParam;
  std::mt19937_64 rng(31);
  for (size_t n : {0, 1, 2, 3, 63, 64, 65, 127, 128, 129, 300}) {
    Bases<C> b = MakeBases<C>(n, rng);
    const std::vector<Fr> ones(n, Fr::One());
    EXPECT_EQ(Sum<C>(b.points), ByLogs<C>(b, ones)) << "n=" << n;
  }
}

TYPED_TEST(BatchAddTest, DegeneratePairs) {
  using C = TypeParam;
  using A = ec::Affine<C>;
  std::mt19937_64 rng(32);
  Bases<C> b = MakeBases<C>(400, rng);
  // aligned pairs (2i, 2i+1) hit every special case of a round: equal points (tangent),
  // opposite points (infinity), infinity on either side; then random edits for later rounds
  for (size_t i = 0; i + 1 < 40; i += 8) {
    b.points[i + 1] = b.points[i];
    b.points[i + 3] = -b.points[i + 2];
    b.points[i + 4] = A::Infinity();
    b.points[i + 7] = A::Infinity();
  }
  AddEdgeBases<C>(b, rng);
  ec::Jacobian<C> expect = ec::Jacobian<C>::Infinity();
  for (const A &p : b.points) expect += p;
  EXPECT_EQ(Sum<C>(b.points), expect);
  // all equal: every round doubles
  std::vector<A> same(256, b.points[5]);
  EXPECT_EQ(Sum<C>(same), ec::Jacobian<C>::FromAffine(b.points[5]) * Fr::FromUint(256));
  // P, −P, P, −P, ...: everything cancels
  std::vector<A> cancel;
  for (int i = 0; i < 100; i++) cancel.push_back(i % 2 ? -b.points[9] : b.points[9]);
  EXPECT_TRUE(Sum<C>(cancel).IsInfinity());
}

} // namespace
