// tests/ec/scalar_mul_test.cpp — wNAF, GLV, GLS and fixed-base tables against Jacobian::MulLimbs.
#include "ec/ec.hpp"
#include "ec/test_points.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ec;
using namespace cuzk::ec::test;
using cuzk::ff::Fr;
using cuzk::ff::Limbs;
namespace big = cuzk::ff::big;

namespace {

//! scalars that stress carries and decompositions: 0, 1, r − 1, x² ± 1, 2^64 − 1, powers of |x|
std::vector<Limbs<4>> EdgeScalars() {
  const unsigned __int128 x2 = (unsigned __int128)cuzk::ff::BLS_X * cuzk::ff::BLS_X;
  const Limbs<4> x2l{uint64_t(x2), uint64_t(x2 >> 64), 0, 0};
  return {Limbs<4>{},
          Limbs<4>{1, 0, 0, 0},
          big::SubSmall(Fr::MODULUS, 1),
          big::SubSmall(Fr::MODULUS, 2),
          x2l,
          big::AddSmall(x2l, 1),
          big::SubSmall(x2l, 1),
          Limbs<4>{~uint64_t(0), 0, 0, 0},
          Limbs<4>{cuzk::ff::BLS_X, 0, 0, 0},
          Limbs<4>{cuzk::ff::BLS_X - 1, 0, 0, 0},
          Limbs<4>{0, 0, 0, uint64_t(1) << 62},
          Limbs<4>{~uint64_t(0), ~uint64_t(0), ~uint64_t(0), 0x3fffffffffffffffull}};
}

TEST(Wnaf, DigitsReconstructAndAreNonAdjacent) {
  std::mt19937_64 rng(31);
  for (unsigned w = WNAF_MIN_WIDTH; w <= WNAF_MAX_WIDTH; w++) {
    for (int t = 0; t < 200; t++) {
      const uint64_t k = t == 0 ? ~uint64_t(0) : t == 1 ? 0 : t == 2 ? 1 : rng() >> (rng() % 64);
      int8_t d[65];
      const size_t len = WnafDigits(Limbs<1>{k}, w, d);
      __int128 sum = 0;
      size_t last_nonzero = 0;
      bool seen = false;
      for (size_t i = 0; i < len; i++) {
        sum += (__int128)d[i] << i;
        if (d[i] == 0) continue;
        EXPECT_EQ(d[i] & 1, 1) << "digits are odd";
        EXPECT_LT(std::abs(int(d[i])), 1 << (w - 1));
        if (seen) {
          EXPECT_GE(i - last_nonzero, size_t(w)) << "at most one non-zero digit per w positions";
        }
        last_nonzero = i;
        seen = true;
      }
      EXPECT_EQ(sum, (__int128)k) << "w=" << w;
      if (len) {
        EXPECT_NE(d[len - 1], 0);
      }
    }
  }
}

template <class J> class ScalarMulTest : public ::testing::Test {};
using Groups = ::testing::Types<G1, G2>;
TYPED_TEST_SUITE(ScalarMulTest, Groups);

TYPED_TEST(ScalarMulTest, WnafMatchesDoubleAndAdd) {
  using J = TypeParam;
  std::mt19937_64 rng(32);
  const J p = J::Generator() * Fr::Random(rng);
  for (unsigned w = WNAF_MIN_WIDTH; w <= WNAF_MAX_WIDTH; w++) {
    const Fr k = Fr::Random(rng);
    EXPECT_EQ(MulWnaf(p, k, w), p.MulLimbs(k.ToCanonical())) << "w=" << w;
  }
  for (const auto &k : EdgeScalars()) EXPECT_EQ(MulWnaf(p, k), p.MulLimbs(k));
  // the full 256-bit range (a top carry into the spare limb) and points outside the subgroup
  const Limbs<4> all_ones{~0ull, ~0ull, ~0ull, ~0ull};
  EXPECT_EQ(MulWnaf(p, all_ones), p.MulLimbs(all_ones));
  const J q = J::FromAffine(RandomCurvePoint<typename J::Curve>(rng));
  const Fr k = Fr::Random(rng);
  EXPECT_EQ(MulWnaf(q, k), q.MulLimbs(k.ToCanonical()));
  EXPECT_TRUE(MulWnaf(J::Infinity(), k).IsInfinity());
}

TEST(Glv, SplitReconstructs) {
  std::mt19937_64 rng(33);
  const unsigned __int128 x2 = (unsigned __int128)cuzk::ff::BLS_X * cuzk::ff::BLS_X;
  auto check = [&](const Limbs<4> &k) {
    const GlvSplit s = SplitGlv(k);
    const unsigned __int128 k0 = (unsigned __int128)s.k0[1] << 64 | s.k0[0];
    EXPECT_LT(k0, x2);
    EXPECT_LT((unsigned __int128)s.k1[1] << 64 | s.k1[0], x2); // k < r < x⁴
    // k1·x² + k0 in 256 bits: schoolbook on 64-bit halves
    const uint64_t a[2] = {s.k1[0], s.k1[1]}, b[2] = {uint64_t(x2), uint64_t(x2 >> 64)};
    Limbs<4> prod{};
    for (int i = 0; i < 2; i++) {
      unsigned __int128 carry = 0;
      for (int j = 0; j < 2; j++) {
        unsigned __int128 t = (unsigned __int128)a[i] * b[j] + prod[i + j] + carry;
        prod[i + j] = uint64_t(t);
        carry = t >> 64;
      }
      prod[i + 2] += uint64_t(carry);
    }
    Limbs<4> sum;
    big::Add(sum, prod, Limbs<4>{s.k0[0], s.k0[1], 0, 0});
    EXPECT_EQ(sum, k);
  };
  for (const auto &k : EdgeScalars()) {
    if (big::Less(k, Fr::MODULUS)) check(k);
  }
  for (int i = 0; i < 100; i++) check(Fr::Random(rng).ToCanonical());
}

TEST(Glv, MatchesDoubleAndAdd) {
  std::mt19937_64 rng(34);
  for (int i = 0; i < 20; i++) {
    const G1 p = G1::Generator() * Fr::Random(rng);
    const Fr k = Fr::Random(rng);
    EXPECT_EQ(MulGlv(p, k), p.MulLimbs(k.ToCanonical()));
  }
  const G1 p = G1::Generator() * Fr::Random(rng);
  for (const auto &k : EdgeScalars()) {
    if (!big::Less(k, Fr::MODULUS)) continue;
    EXPECT_EQ(MulGlv(p, Fr::FromCanonical(k)), p.MulLimbs(k));
  }
  EXPECT_TRUE(MulGlv(G1::Infinity(), Fr::Random(rng)).IsInfinity());
  EXPECT_EQ(Mul(p, Fr::One()), p);
}

TEST(Gls, SplitReconstructs) {
  std::mt19937_64 rng(35);
  auto check = [&](const Limbs<4> &k) {
    const auto d = SplitGls(k);
    Limbs<4> acc{};
    for (size_t i = 4; i-- > 0;) {
      EXPECT_LT(d[i], cuzk::ff::BLS_X);
      // acc = acc·|x| + d[i]
      unsigned __int128 carry = d[i];
      for (size_t j = 0; j < 4; j++) {
        unsigned __int128 t = (unsigned __int128)acc[j] * cuzk::ff::BLS_X + carry;
        acc[j] = uint64_t(t);
        carry = t >> 64;
      }
    }
    EXPECT_EQ(acc, k);
  };
  for (const auto &k : EdgeScalars()) {
    if (big::Less(k, Fr::MODULUS)) check(k);
  }
  for (int i = 0; i < 100; i++) check(Fr::Random(rng).ToCanonical());
}

TEST(Gls, MatchesDoubleAndAdd) {
  std::mt19937_64 rng(36);
  for (int i = 0; i < 10; i++) {
    const G2 p = G2::Generator() * Fr::Random(rng);
    const Fr k = Fr::Random(rng);
    EXPECT_EQ(MulGls(p, k), p.MulLimbs(k.ToCanonical()));
  }
  const G2 p = G2::Generator() * Fr::Random(rng);
  for (const auto &k : EdgeScalars()) {
    if (!big::Less(k, Fr::MODULUS)) continue;
    EXPECT_EQ(MulGls(p, Fr::FromCanonical(k)), p.MulLimbs(k));
  }
  EXPECT_TRUE(MulGls(G2::Infinity(), Fr::Random(rng)).IsInfinity());
  EXPECT_EQ(Mul(p, Fr::One()), p);
}

TYPED_TEST(ScalarMulTest, FixedBaseMatchesDoubleAndAdd) {
  using J = TypeParam;
  using C = typename J::Curve;
  std::mt19937_64 rng(37);
  const J base = J::Generator() * Fr::Random(rng);
  for (unsigned w : {2u, 3u, 5u, 8u, 11u}) {
    const FixedBaseTable<C> table(base, w);
    for (int i = 0; i < 4; i++) {
      const Fr k = Fr::Random(rng);
      EXPECT_EQ(table.Mul(k), base.MulLimbs(k.ToCanonical())) << "w=" << w;
    }
    for (const auto &k : EdgeScalars()) {
      if (big::Less(k, Fr::MODULUS)) {
        EXPECT_EQ(table.MulLimbs(k), base.MulLimbs(k)) << "w=" << w;
      }
    }
    // every window digit at its extremes: all-ones (carry chain) and the largest 255-bit value
    const Limbs<4> top{~0ull, ~0ull, ~0ull, 0x7fffffffffffffffull};
    EXPECT_EQ(table.MulLimbs(top), base.MulLimbs(top)) << "w=" << w;
  }
  // a narrow table for small scalars
  const FixedBaseTable<C> small(base, 8, 64);
  EXPECT_EQ(small.NumWindows(), 9u);
  const Limbs<4> k64{~0ull, 0, 0, 0};
  EXPECT_EQ(small.MulLimbs(k64), base.MulLimbs(k64));
}

TYPED_TEST(ScalarMulTest, FixedBaseBatchNormalises) {
  using J = TypeParam;
  using C = typename J::Curve;
  std::mt19937_64 rng(38);
  const FixedBaseTable<C> table(J::Generator(), 6);
  std::vector<Fr> ks(17);
  for (auto &k : ks) k = Fr::Random(rng);
  ks[0] = Fr::Zero();
  ks[9] = Fr::Zero();
  std::vector<Affine<C>> out(ks.size());
  table.MulBatch(ks, out);
  for (size_t i = 0; i < ks.size(); i++) EXPECT_EQ(out[i], (J::Generator() * ks[i]).ToAffine()) << i;
  EXPECT_TRUE(out[0].IsInfinity());
}

// Edge scalars and random ones in one batch, for several windows. (With canonical scalars a
// partial sum of signed digits can never equal ± the next term, so the accumulators never meet a
// doubling or a cancellation; AffineAddWithInverse would handle them if they did.)
TYPED_TEST(ScalarMulTest, FixedBaseBatchEdgeScalars) {
  using J = TypeParam;
  using C = typename J::Curve;
  std::mt19937_64 rng(39);
  const J base = J::Generator() * Fr::Random(rng);
  std::vector<Fr> ks;
  for (const auto &k : EdgeScalars())
    if (big::Less(k, Fr::MODULUS)) ks.push_back(Fr::FromCanonical(k));
  for (int i = 0; i < 40; i++) ks.push_back(Fr::Random(rng));
  for (unsigned w : {3u, 8u, 13u}) {
    const FixedBaseTable<C> table(base, w);
    std::vector<Affine<C>> out(ks.size());
    table.MulBatch(ks, out);
    for (size_t i = 0; i < ks.size(); i++) EXPECT_EQ(out[i], (base * ks[i]).ToAffine()) << "w=" << w << " i=" << i;
  }
}

TEST(FixedBaseWindow, WiderForMoreScalarsWithinTheCap) {
  EXPECT_LE(FixedBaseTable<G1Curve>::WindowFor(1), 8u);
  EXPECT_GE(FixedBaseTable<G1Curve>::WindowFor(size_t(1) << 22), 15u);
  for (size_t n : {size_t(1), size_t(1) << 10, size_t(1) << 16, size_t(1) << 24}) {
    const unsigned w1 = FixedBaseTable<G1Curve>::WindowFor(n), w2 = FixedBaseTable<G2Curve>::WindowFor(n);
    EXPECT_LE(((Fr::NUM_BITS / w1 + 1) << (w1 - 1)) * sizeof(G1Affine), FixedBaseTable<G1Curve>::MAX_TABLE_BYTES);
    EXPECT_LE(((Fr::NUM_BITS / w2 + 1) << (w2 - 1)) * sizeof(G2Affine), FixedBaseTable<G2Curve>::MAX_TABLE_BYTES);
  }
}

} // namespace
