// tests/ff/tower_test.cpp — Fp2, Fp6, Fp12: laws, inverses, Frobenius against x^p.
#include "ff/ff.hpp"

#include "random_tower.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ff;
using namespace cuzk::test; // RandomFp2, RandomFp6, RandomFp12

namespace {

std::mt19937_64 rng(42);

//! x^p by square-and-multiply over the modulus' bits: the definition the Frobenius maps are
//! checked against (Fp6 has no Pow of its own)
template <class F> F PowP(const F &x) {
  F acc = F::One();
  for (size_t i = big::BitLength(Fp::MODULUS); i-- > 0;) {
    acc = acc.Square();
    if (big::Bit(Fp::MODULUS, i)) acc = acc * x;
  }
  return acc;
}

TEST(Fp2, LawsAndInverse) {
  Fp2 u{Fp::Zero(), Fp::One()};
  EXPECT_TRUE((u.Square() == -Fp2::One())); // u² = −1
  for (int i = 0; i < 50; i++) {
    Fp2 a = RandomFp2(rng), b = RandomFp2(rng), c = RandomFp2(rng);
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a.Square(), a * a);
    EXPECT_EQ(a * a.Inverse(), Fp2::One());
    EXPECT_TRUE((a.MulByNonResidue() == a * Fp2{Fp::One(), Fp::One()}));
    EXPECT_EQ(a.Frobenius(1), a.Pow(Fp::MODULUS));
    EXPECT_EQ(a.Frobenius(2), PowP(PowP(a)));
    EXPECT_EQ(a.Frobenius(3), PowP(PowP(PowP(a))));
  }
}

TEST(Fp2, Sqrt) {
  int found = 0;
  for (int i = 0; i < 30; i++) {
    Fp2 a = RandomFp2(rng);
    auto r = a.Square().Sqrt();
    ASSERT_TRUE(r.has_value());
    EXPECT_TRUE(*r == a || *r == -a);
    if (RandomFp2(rng).Sqrt().has_value()) found++;
  }
  EXPECT_GT(found, 5);
  EXPECT_LT(found, 25);
  // pure-imaginary and pure-real edge cases
  Fp2 u{Fp::Zero(), Fp::One()};
  EXPECT_TRUE((u.Square().Sqrt().has_value()));
  EXPECT_TRUE((-Fp2::One()).Sqrt().has_value());
}

TEST(Fp6, LawsInverseFrobenius) {
  Fp6 v{Fp2::Zero(), Fp2::One(), Fp2::Zero()};
  Fp2 xi{Fp::One(), Fp::One()};
  EXPECT_EQ(v * v * v, (Fp6{xi, Fp2::Zero(), Fp2::Zero()})); // v³ = ξ
  for (int i = 0; i < 20; i++) {
    Fp6 a = RandomFp6(rng), b = RandomFp6(rng), c = RandomFp6(rng);
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ(a.Square(), a * a);
    EXPECT_EQ(a * a.Inverse(), Fp6::One());
    EXPECT_EQ(a.MulByNonResidue(), a * v);
    EXPECT_TRUE((a.MulBy01(b.c0, b.c1) == a * Fp6{b.c0, b.c1, Fp2::Zero()}));
    EXPECT_TRUE((a.MulBy1(b.c1) == a * Fp6{Fp2::Zero(), b.c1, Fp2::Zero()}));
  }
  // Frobenius(k) against the definition x^(p^k), by k exponentiations by p; k = 6 is the period
  for (int sample = 0; sample < 2; sample++) {
    const Fp6 a = RandomFp6(rng);
    Fp6 power = a;
    for (unsigned k = 1; k <= 6; k++) {
      power = PowP(power);
      EXPECT_EQ(a.Frobenius(k), power) << "k=" << k;
    }
    EXPECT_EQ(power, a); // x^(p^6) = x in Fp6
  }
}

TEST(Fp12, LawsInverseFrobenius) {
  Fp12 w{Fp6::Zero(), Fp6::One()};
  Fp12 v{Fp6{Fp2::Zero(), Fp2::One(), Fp2::Zero()}, Fp6::Zero()};
  EXPECT_EQ(w.Square(), v); // w² = v
  for (int i = 0; i < 10; i++) {
    Fp12 a = RandomFp12(rng), b = RandomFp12(rng), c = RandomFp12(rng);
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ(a.Square(), a * a);
    EXPECT_EQ(a * a.Inverse(), Fp12::One());
  }
  // Frobenius(k), k = 1..12, against the definition x^(p^k), by k exponentiations by p (slow, so
  // one sample); k = 12 is the period and x^(p^6) is the conjugate
  const Fp12 a = RandomFp12(rng);
  EXPECT_EQ(a.FrobeniusOnce(), a.Pow(Fp::MODULUS));
  Fp12 power = a;
  for (unsigned k = 1; k <= 12; k++) {
    power = PowP(power);
    EXPECT_EQ(a.Frobenius(k), power) << "k=" << k;
    if (k == 6) {
      EXPECT_EQ(power, a.Conjugate());
    }
  }
  EXPECT_EQ(power, a); // x^(p^12) = x in Fp12
  EXPECT_EQ(a.Frobenius(6), a.Frobenius(3).Frobenius(3));
}

} // namespace
