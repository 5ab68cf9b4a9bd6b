// tests/ec/pairing_test.cpp — the optimal ate pairing: known answers from @noble/curves, the final
// exponentiation against the plain exponent, bilinearity, infinity, multi-pairing and prepared form.
#include "ec/pairing.hpp"
#include "ec/pairing_known_answers.hpp"

#include <gtest/gtest.h>
#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::ec;
using ff::Fp;
using ff::Fp12;
using ff::Fp2;

namespace {

std::mt19937_64 rng(2020);

//! twelve canonical hex coordinates in the order c0.c0.c0, c0.c0.c1, c0.c1.c0, …, c1.c2.c1
Fp12 Fp12FromHex(const std::array<const char *, 12> &h) {
  auto fp2 = [&](size_t i) { return Fp2{Fp::FromHex(h[i]), Fp::FromHex(h[i + 1])}; };
  return {ff::Fp6{fp2(0), fp2(2), fp2(4)}, ff::Fp6{fp2(6), fp2(8), fp2(10)}};
}

// Known answers printed by @noble/curves 2.4.0 under node 20 (the same tower and coefficient order
// as blst, snarkjs and mcl, spec/oracles.md), regenerated with:
//   import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
//   const { G1, G2, fields: { Fr } } = bls, h = (x) => x.toString(16).padStart(96, '0');
//   const dump = (f) => [f.c0, f.c1].flatMap((s) => [s.c0, s.c1, s.c2]).flatMap((c) => [h(c.c0), h(c.c1)]);
//   console.log(dump(bls.pairing(G1.Point.BASE, G2.Point.BASE)));
//   const a = Fr.create(0x1234567890abcdefn), b = Fr.create(0xfedcba0987654321n);
//   console.log(dump(bls.pairing(G1.Point.BASE.multiply(a), G2.Point.BASE.multiply(b))));
// e(G1, G2): src/ec/pairing_known_answers.hpp (shared with cuzk-bench selftest)
const std::array<const char *, 12> &E_G1_G2 = PAIRING_G1_G2_KNOWN_ANSWER;
// e(a·G1, b·G2) for a = 0x1234567890abcdef, b = 0xfedcba0987654321, same source
const std::array<const char *, 12> E_AG1_BG2 = {
    "12de13242c75171bb908245c367da00c204f0de4efb541975003019c9a0b669573ecc969cdacf4d1008d3a1e55076db0",
    "06bd5de9ee6792e4febf070d2c9f8deda3d89e8f3333487c8b59da1f29adf96610e6efafa2772db40b40f58d9ed2f0f9",
    "018472f58f62e1f41f099276d1437d0e2011689eb19f9271bd726e02a1008740351caa3d90419d1b233f582eb4431a3b",
    "06399547ee9f67a9f8ef316bbf991a9873468b2fc701d6a34d73a30f1e05f6e1dcdb6590ca0869a30e3450450f7acefb",
    "18083b9453071e0979037cd4d478488ae7a9d42d560ac416903b68b3d71cf9b8a6da1af8b6b9f1bb7edf24c2115b3c74",
    "06f17bb246c95e284aa20c8450799d8e703cf24ad1cb0d7c773e4e45ddce3d705595980d7e490367a6c5993fb059174a",
    "12c0c22fc17cec182eb46f7fa308c0ee7bea51c84eeae2fa1762f7bebbf8e539f57aad372862021a57a10fecce0f7efd",
    "02cc160743b8f2798d2061c502a2c9eb7617d4aa30c576f24f4cc01ceca97fb0adf88c5dcba5c6088126a96cba52b8ec",
    "0c33a7ae68818d0dac2fc1db9b199a9074d3a711d276a93b8f9e4e048aac5e5c25daa6dad3ac3bf2282bb439def67b12",
    "02159d3f650bd8bc61251c9bb558d8bc5bef0be62cca5c40f1fe7cd26798c395bef94990ceb10412b9ab0da2fcce4e6a",
    "042cc57e48e893d330d133b7697b685995def6d0dd776a4e7c0a7cc35d69482223e997a595b2ec789213ce520b87669b",
    "19c6b077dcbaabb7a38979875467cc1fe18c4fa7fb3fba66f16d287a5f74948cc3409fa4dff8c722d5e2556ab810f07a",
};

G1Affine G1Gen() { return G1Affine::Generator(); }
G2Affine G2Gen() { return G2Affine::Generator(); }
G1Affine G1Mul(const ff::Fr &k) { return (G1::Generator() * k).ToAffine(); }
G2Affine G2Mul(const ff::Fr &k) { return (G2::Generator() * k).ToAffine(); }
G1Affine RandG1() { return G1Mul(ff::Fr::Random(rng)); }
G2Affine RandG2() { return G2Mul(ff::Fr::Random(rng)); }

// ---- plain big-integer arithmetic for the exponent (p^12 − 1)/r --------------------------
constexpr size_t WIDE = 72; // 4572-bit p^12 fits in 72 limbs
using Wide = ff::Limbs<WIDE>;

Wide MulWide(const Wide &a, const Wide &b) {
  Wide r{};
  for (size_t i = 0; i < WIDE; i++) {
    unsigned __int128 carry = 0;
    for (size_t j = 0; i + j < WIDE; j++) {
      unsigned __int128 t = (unsigned __int128)a[i] * b[j] + r[i + j] + carry;
      r[i + j] = uint64_t(t);
      carry = t >> 64;
    }
  }
  return r;
}

//! quotient of a by d, asserting the remainder is zero (shift-and-subtract, one bit at a time)
Wide DivExact(const Wide &a, const Wide &d) {
  Wide q{}, rem{};
  for (size_t i = ff::big::BitLength(a); i-- > 0;) {
    ff::big::Add(rem, rem, rem);
    rem[0] |= uint64_t(ff::big::Bit(a, i));
    if (!ff::big::Less(rem, d)) {
      ff::big::Sub(rem, rem, d);
      q[i / 64] |= uint64_t(1) << (i % 64);
    }
  }
  EXPECT_TRUE(ff::big::IsZero(rem)) << "r must divide p^12 − 1";
  return q;
}

template <size_t N> Wide Widen(const ff::Limbs<N> &x) {
  Wide w{};
  for (size_t i = 0; i < N; i++) w[i] = x[i];
  return w;
}

TEST(Pairing, KnownAnswerGenerators) { EXPECT_EQ(Pairing(G1Gen(), G2Gen()), Fp12FromHex(E_G1_G2)); }

TEST(Pairing, KnownAnswerScaled) {
  ff::Fr a = ff::Fr::FromUint(0x1234567890abcdefull), b = ff::Fr::FromUint(0xfedcba0987654321ull);
  G1Affine ag1 = G1Mul(a);
  G2Affine bg2 = G2Mul(b);
  // the inputs themselves, as noble prints them, so a mismatch points at the right layer
  EXPECT_EQ(
      ag1.x,
      Fp::FromHex("06108816a69a1dc709dc6fdb084e9d5431414b46e7b56772260a6c695663cfc66ce0afee43b1a5dd51241a3478386521"));
  EXPECT_EQ(
      bg2.x.c0,
      Fp::FromHex("17d444d649f0b3014fd99f97835d8e40bb502693793f0d310ac42f9ff3e3533a3be783dc2ddb2e4aecd427e8a967dee5"));
  EXPECT_EQ(Pairing(ag1, bg2), Fp12FromHex(E_AG1_BG2));
}

TEST(Pairing, FinalExponentiationMatchesPlainExponent) {
  // (p^12 − 1)/r from scratch; one sample is enough (the chain is a fixed formula)
  Wide p = Widen(Fp::MODULUS), p12 = p;
  for (int i = 1; i < 12; i++) p12 = MulWide(p12, p);
  Wide p12_minus_1 = p12;
  ff::big::Sub(p12_minus_1, p12, ff::big::FromU64<WIDE>(1));
  Wide e = DivExact(p12_minus_1, Widen(ff::Fr::MODULUS));

  Fp12 f = MillerLoop(std::span<const G1Affine>{std::array{RandG1()}}, std::span<const G2Affine>{std::array{RandG2()}});
  Fp12 plain = f.Pow(e);
  Fp12 fast = FinalExponentiation(f);
  // the chain computes the cube of the canonical value, like noble, blst and mcl
  EXPECT_EQ(fast, plain * plain * plain);
  EXPECT_NE(fast, plain);
  // and noble's e(G1, G2) is that cube too, not the canonical value
  Fp12 fg = MillerLoop(std::span<const G1Affine>{std::array{G1Gen()}}, std::span<const G2Affine>{std::array{G2Gen()}});
  Fp12 plain_g = fg.Pow(e);
  EXPECT_EQ(plain_g * plain_g * plain_g, Fp12FromHex(E_G1_G2));
}

TEST(Pairing, NonDegenerateOfOrderR) {
  Fp12 g = Pairing(G1Gen(), G2Gen());
  EXPECT_FALSE(g.IsOne());
  EXPECT_TRUE(g.Pow(ff::Fr::MODULUS).IsOne());
  Fp12 h = Pairing(RandG1(), RandG2());
  EXPECT_FALSE(h.IsOne());
  EXPECT_TRUE(h.Pow(ff::Fr::MODULUS).IsOne());
}

TEST(Pairing, Bilinear) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  Fp12 base = Pairing(p, q);
  for (int i = 0; i < 3; i++) {
    ff::Fr a = ff::Fr::Random(rng), b = ff::Fr::Random(rng), ab = a * b;
    G1 pj = G1::FromAffine(p);
    G2 qj = G2::FromAffine(q);
    Fp12 lhs = Pairing((pj * a).ToAffine(), (qj * b).ToAffine());
    EXPECT_EQ(lhs, base.Pow(ab.ToCanonical()));
    EXPECT_EQ(lhs, Pairing((pj * ab).ToAffine(), q));
    EXPECT_EQ(lhs, Pairing(p, (qj * ab).ToAffine()));
  }
  // linear in each argument: e(P1 + P2, Q) = e(P1, Q)·e(P2, Q)
  G1Affine p2 = RandG1();
  G1Affine sum = (G1::FromAffine(p) + G1::FromAffine(p2)).ToAffine();
  EXPECT_EQ(Pairing(sum, q), base * Pairing(p2, q));
}

TEST(Pairing, InfinityGivesOne) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  EXPECT_TRUE(Pairing(p, G2Affine::Infinity()).IsOne());
  EXPECT_TRUE(Pairing(G1Affine::Infinity(), q).IsOne());
  EXPECT_TRUE(Pairing(G1Affine::Infinity(), G2Affine::Infinity()).IsOne());
  EXPECT_TRUE(MultiPairing(std::span<const G1Affine>{}, std::span<const G2Affine>{}).IsOne());
  G2Prepared inf = G2Prepared::From(G2Affine::Infinity());
  EXPECT_TRUE(inf.infinity);
  EXPECT_TRUE(MultiPairing(std::span<const G1Affine>{std::array{p}}, std::span<const G2Prepared>{&inf, 1}).IsOne());
}

TEST(Pairing, MultiPairingIsProductOfPairings) {
  // 11 pairs crosses the internal batch of 8; infinities sit in between and are skipped
  for (size_t n : {1, 2, 4, 11}) {
    std::vector<G1Affine> ps(n);
    std::vector<G2Affine> qs(n);
    Fp12 expect = Fp12::One();
    for (size_t i = 0; i < n; i++) {
      ps[i] = (i % 5 == 3) ? G1Affine::Infinity() : RandG1();
      qs[i] = (i % 7 == 5) ? G2Affine::Infinity() : RandG2();
      expect *= Pairing(ps[i], qs[i]);
    }
    EXPECT_EQ(MultiPairing(ps, qs), expect) << n << " pairs";
    std::vector<G2Prepared> pre;
    for (const auto &q : qs) pre.push_back(G2Prepared::From(q));
    EXPECT_EQ(MultiPairing(ps, std::span<const G2Prepared>(pre)), expect) << n << " prepared pairs";
  }
}

TEST(Pairing, PreparedEqualsUnprepared) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  G2Prepared pq = G2Prepared::From(q);
  EXPECT_FALSE(pq.infinity);
  // the Miller loop values agree exactly, not just after the final exponentiation
  EXPECT_EQ(MillerLoop(std::span<const G1Affine>{&p, 1}, std::span<const G2Prepared>{&pq, 1}),
            MillerLoop(std::span<const G1Affine>{&p, 1}, std::span<const G2Affine>{&q, 1}));
  G2Prepared pg = G2Prepared::From(G2Gen());
  EXPECT_EQ(MultiPairing(std::span<const G1Affine>{std::array{G1Gen()}}, std::span<const G2Prepared>{&pg, 1}),
            Fp12FromHex(E_G1_G2));
}

TEST(Pairing, ProductIsOne) {
  // e(aP, Q)·e(−P, aQ) = 1, the shape of a Groth16 check
  G1 p = G1::FromAffine(RandG1());
  G2 q = G2::FromAffine(RandG2());
  ff::Fr a = ff::Fr::Random(rng), b = ff::Fr::Random(rng);
  std::array<G1Affine, 2> g1{(p * a).ToAffine(), (-p).ToAffine()};
  std::array<G2Affine, 2> g2{q.ToAffine(), (q * a).ToAffine()};
  EXPECT_TRUE(PairingProductIsOne(g1, g2));
  std::array<G2Prepared, 2> pre{G2Prepared::From(g2[0]), G2Prepared::From(g2[1])};
  EXPECT_TRUE(PairingProductIsOne(g1, std::span<const G2Prepared>(pre)));
  // negative: a different scalar on one side, or a missing sign, breaks the product
  std::array<G2Affine, 2> wrong{q.ToAffine(), (q * b).ToAffine()};
  EXPECT_FALSE(PairingProductIsOne(g1, wrong));
  std::array<G1Affine, 2> unsigned_g1{g1[0], p.ToAffine()};
  EXPECT_FALSE(PairingProductIsOne(unsigned_g1, g2));
}

} // namespace
