// tests/ff/fr_ifma_test.cpp — the eight-lane radix-2^52 Fr arithmetic (ff/fr_ifma.hpp) against Fr:
// the limb conversions, the forms' constants, and mul, square, add, the lazy dot product and the
// folded multiply-add on an edge table (0, 1, r − 1 and the largest integers below r, limb
// boundaries of both radices) crossed with itself, then on seeded random lanes. Skipped where the
// CPU has no AVX-512 IFMA.
#include "ff/fr_ifma.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace cuzk::ff::ifma {
namespace {

// Montgomery integers (what the limbs hold), so the edges are edges of the representation
std::vector<Fr> EdgeValues() {
  const Limbs<4> r = FrParams::MODULUS;
  std::vector<Limbs<4>> ints = {
      Limbs<4>{}, big::FromU64<4>(1), big::FromU64<4>(2), big::SubSmall(r, 1), big::SubSmall(r, 2), Fr::R, Fr::R2};
  // 2^k − 1 and 2^k at the 52-bit and 64-bit limb boundaries, and around 2^254
  for (unsigned k : {52u, 64u, 104u, 128u, 156u, 192u, 208u, 253u, 254u}) {
    Limbs<4> p{};
    p[k / 64] = uint64_t(1) << (k % 64);
    ints.push_back(p);
    ints.push_back(big::SubSmall(p, 1));
  }
  // every 52-bit limb at its maximum where that stays below r
  Limbs<4> ones = JoinLimbs(Fr52{{LIMB_MASK, LIMB_MASK, LIMB_MASK, LIMB_MASK, 0}});
  ints.push_back(ones);
  std::vector<Fr> v;
  for (const Limbs<4> &x : ints) {
    EXPECT_TRUE(big::Less(x, r));
    v.push_back(Fr::FromMontgomery(x));
  }
  return v;
}

class FrIfma : public ::testing::Test {
protected:
  void SetUp() override {
    if (!CpuHasIfma()) GTEST_SKIP() << "this CPU has no AVX-512 IFMA (avx512f/vl/bw/ifma)";
  }
};

TEST(FrIfmaForms, LimbsRoundTripAndConstantsAgree) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 1000; i++) {
    const Fr x = Fr::Random(rng);
    const Fr52 s = ValueForm(x);
    for (uint64_t limb : s.l) EXPECT_LE(limb, LIMB_MASK);
    EXPECT_EQ(JoinLimbs(s), x.l);
    // multiplier form is the Montgomery integer times 16 (c·2^260 mod r)
    EXPECT_EQ(JoinLimbs(MultiplierForm(x)), (x * Fr::FromUint(16)).l);
  }
  EXPECT_EQ(JoinLimbs(MODULUS52), FrParams::MODULUS);
  Limbs<4> two_r{};
  big::Add(two_r, FrParams::MODULUS, FrParams::MODULUS);
  EXPECT_EQ(JoinLimbs(TWO_MODULUS52), two_r);
  EXPECT_EQ((INV52 * MODULUS52.l[0]) & LIMB_MASK, LIMB_MASK); // −r⁻¹·r ≡ −1 mod 2^52
}

// runs f on 8 lanes at a time over all pairs of `as` × `bs`, lane k = pair k of a block
template <class F> void ForPairs(const std::vector<Fr> &as, const std::vector<Fr> &bs, F f) {
  std::vector<std::pair<Fr, Fr>> pairs;
  for (const Fr &a : as)
    for (const Fr &b : bs) pairs.emplace_back(a, b);
  while (pairs.size() % LANES) pairs.push_back(pairs.front());
  for (size_t base = 0; base < pairs.size(); base += LANES) {
    Fr a[LANES], b[LANES];
    for (size_t k = 0; k < LANES; k++) {
      a[k] = pairs[base + k].first;
      b[k] = pairs[base + k].second;
    }
    f(a, b);
  }
}

void ExpectBinaryOps(const Fr a[LANES], const Fr b[LANES]) {
  Fr mul[LANES], sq[LANES], add[LANES], fma[LANES];
  MulLanes(a, b, mul);
  SquareLanes(a, sq);
  AddLanes(a, b, add);
  MulAddConstLanes(a, b[0], b, fma);
  for (size_t k = 0; k < LANES; k++) {
    EXPECT_EQ(mul[k], a[k] * b[k]) << a[k].ToHex() << " * " << b[k].ToHex();
    EXPECT_EQ(sq[k], a[k].Square()) << a[k].ToHex();
    EXPECT_EQ(add[k], a[k] + b[k]) << a[k].ToHex() << " + " << b[k].ToHex();
    EXPECT_EQ(fma[k], a[k] + b[0] * b[k]) << a[k].ToHex() << " + c·" << b[k].ToHex();
  }
}

TEST_F(FrIfma, EdgeTableCrossedWithItself) {
  const std::vector<Fr> edges = EdgeValues();
  ForPairs(edges, edges, ExpectBinaryOps);
}

TEST_F(FrIfma, EdgesAgainstRandom) {
  std::mt19937_64 rng(2);
  std::vector<Fr> random(64);
  for (Fr &v : random) v = Fr::Random(rng);
  const std::vector<Fr> edges = EdgeValues();
  ForPairs(edges, random, ExpectBinaryOps);
  ForPairs(random, edges, ExpectBinaryOps);
}

TEST_F(FrIfma, RandomLanes) {
  std::mt19937_64 rng(3);
  for (int block = 0; block < 4000; block++) {
    Fr a[LANES], b[LANES];
    for (size_t k = 0; k < LANES; k++) {
      a[k] = Fr::Random(rng);
      b[k] = Fr::Random(rng);
    }
    ExpectBinaryOps(a, b);
  }
}

// the lazy dot product at every length a Poseidon mix uses (up to width 37) and beyond one
// conditional subtraction (n > 35), on random and worst-case (r − 1) terms
TEST_F(FrIfma, DotProductReducedOnce) {
  std::mt19937_64 rng(4);
  const Fr top = Fr::FromMontgomery(big::SubSmall(FrParams::MODULUS, 1));
  for (size_t n = 1; n <= 40; n++) {
    for (int round = 0; round < 40; round++) {
      const bool worst = round == 0;
      std::vector<Fr> x(n * LANES), c(n);
      for (Fr &v : x) v = worst ? top : Fr::Random(rng);
      for (Fr &v : c) v = worst ? top : Fr::Random(rng);
      Fr out[LANES];
      DotConstLanes(x.data(), c.data(), n, out);
      for (size_t k = 0; k < LANES; k++) {
        Fr ref = Fr::Zero();
        for (size_t i = 0; i < n; i++) ref += x[i * LANES + k] * c[i];
        ASSERT_EQ(out[k], ref) << "n " << n << " lane " << k << (worst ? " (all r − 1)" : "");
      }
    }
  }
}

} // namespace
} // namespace cuzk::ff::ifma
