// tests/poly/ntt_test.cpp — NTTs against the O(n²) definition, round trips up to 2^20,
// every input/output order, cosets, and convolution against schoolbook multiplication.
#include "poly_test_util.hpp"

#include <gtest/gtest.h>

namespace cuzk::poly {
namespace {

using testing::BitReversed;
using testing::NaiveDft;
using testing::RandomVector;

constexpr Order ORDERS[] = {Order::kNatural, Order::kBitReversed};

std::vector<Fr> InOrder(const std::vector<Fr> &natural, Order o) {
  return o == Order::kNatural ? natural : BitReversed(natural);
}

TEST(Ntt, MatchesNaiveDftInEveryOrder) {
  for (unsigned k = 0; k <= 8; k++) {
    const Domain &d = Domain::Get(k);
    const auto coeffs = RandomVector(d.Size(), 100 + k);
    const auto evals = NaiveDft(coeffs, d.Omega());
    const auto coset_evals = NaiveDft(coeffs, d.Omega(), d.CosetGenerator());
    for (Order in : ORDERS) {
      for (Order out : ORDERS) {
        auto a = InOrder(coeffs, in);
        Ntt(d, a, in, out);
        EXPECT_EQ(a, InOrder(evals, out)) << "k=" << k;
        Intt(d, a, out, in);
        EXPECT_EQ(a, InOrder(coeffs, in)) << "k=" << k;

        auto c = InOrder(coeffs, in);
        CosetNtt(d, c, in, out);
        EXPECT_EQ(c, InOrder(coset_evals, out)) << "k=" << k;
        CosetIntt(d, c, out, in);
        EXPECT_EQ(c, InOrder(coeffs, in)) << "k=" << k;
      }
    }
  }
}

TEST(Ntt, InverseMatchesNaiveInverseDft) {
  for (unsigned k : {1u, 3u, 7u}) {
    const Domain &d = Domain::Get(k);
    const auto evals = RandomVector(d.Size(), 200 + k);
    auto expect = NaiveDft(evals, d.OmegaInv());
    for (auto &x : expect) x *= d.SizeInv();
    auto a = evals;
    Intt(d, a);
    EXPECT_EQ(a, expect);
  }
}

// Sizes 1 … 2^20: the large ones cross the cache-block boundary (2^14) and run in parallel.
TEST(Ntt, RoundTripsAllSizes) {
  for (unsigned k = 0; k <= 20; k++) {
    const Domain &d = Domain::Get(k);
    const auto orig = RandomVector(d.Size(), 300 + k);
    auto a = orig;
    Ntt(d, a);
    if (k > 0) {
      EXPECT_NE(a, orig);
    }
    Intt(d, a);
    EXPECT_EQ(a, orig) << "k=" << k;
    if (k % 4 == 0 || k >= 15) {
      CosetNtt(d, a, Order::kNatural, Order::kBitReversed);
      CosetIntt(d, a, Order::kBitReversed, Order::kNatural);
      EXPECT_EQ(a, orig) << "coset k=" << k;
    }
  }
}

// A large transform agrees with the definition at a few sampled points (the naive DFT of
// the whole vector would be O(n²)).
TEST(Ntt, LargeTransformMatchesPointEvaluations) {
  const Domain &d = Domain::Get(17);
  const auto coeffs = RandomVector(d.Size(), 400);
  auto a = coeffs;
  Ntt(d, a, Order::kNatural, Order::kBitReversed);
  BitReverse(a);
  for (size_t i : {size_t(0), size_t(1), size_t(12345), d.Size() / 2, d.Size() - 1}) {
    EXPECT_EQ(a[i], testing::EvaluatePoly(coeffs, d.Omega().Pow(uint64_t(i)))) << i;
  }
}

TEST(Ntt, ConvolutionMatchesSchoolbook) {
  for (unsigned k : {1u, 2u, 5u, 9u}) {
    const Domain &d = Domain::Get(k);
    const size_t half = d.Size() / 2;
    const auto p = RandomVector(half, 500 + k), q = RandomVector(half, 600 + k);
    auto expect = testing::SchoolbookMul(p, q);
    expect.resize(d.Size(), Fr::Zero());
    auto pa = p, qa = q;
    pa.resize(d.Size(), Fr::Zero());
    qa.resize(d.Size(), Fr::Zero());
    Ntt(d, pa, Order::kNatural, Order::kBitReversed);
    Ntt(d, qa, Order::kNatural, Order::kBitReversed);
    for (size_t i = 0; i < d.Size(); i++) pa[i] *= qa[i];
    Intt(d, pa, Order::kBitReversed, Order::kNatural);
    EXPECT_EQ(pa, expect) << "k=" << k;
  }
}

TEST(Ntt, BitReverseIsAnInvolutionAndPermutes) {
  std::vector<Fr> v(16);
  for (size_t i = 0; i < v.size(); i++) v[i] = Fr::FromUint(i);
  auto r = BitReversed(v);
  EXPECT_EQ(r[1], Fr::FromUint(8));
  EXPECT_EQ(r[3], Fr::FromUint(12));
  EXPECT_EQ(r[6], Fr::FromUint(6));
  EXPECT_EQ(BitReversed(r), v);
  // the blocked path (k ≥ 9) against the definition
  for (unsigned k : {9u, 12u, 15u}) {
    std::vector<Fr> w(size_t(1) << k);
    for (size_t i = 0; i < w.size(); i++) w[i] = Fr::FromUint(i);
    BitReverse(w);
    for (size_t i = 0; i < w.size(); i++) {
      size_t rev = 0;
      for (unsigned b = 0; b < k; b++) rev |= ((i >> b) & 1) << (k - 1 - b);
      ASSERT_EQ(w[rev], Fr::FromUint(i)) << "k=" << k << " i=" << i;
    }
  }
  std::vector<Fr> one = {Fr::FromUint(5)};
  BitReverse(one);
  EXPECT_EQ(one[0], Fr::FromUint(5));
}

TEST(Ntt, MulByPowersAgreesInBothOrders) {
  for (unsigned k : {0u, 3u, 12u, 15u}) {
    const auto v = RandomVector(size_t(1) << k, 700 + k);
    const Fr c = Fr::FromUint(3), g = Fr::FromUint(11);
    auto nat = v;
    MulByPowers(nat, c, g, Order::kNatural);
    for (size_t i = 0; i < v.size(); i += 997) EXPECT_EQ(nat[i], v[i] * c * g.Pow(uint64_t(i)));
    auto rev = BitReversed(v);
    MulByPowers(rev, c, g, Order::kBitReversed);
    EXPECT_EQ(BitReversed(rev), nat) << "k=" << k;
  }
}

} // namespace
} // namespace cuzk::poly
