// tests/ff/cyclotomic_test.cpp — the pairing helpers of Fp12: sparse line multiplication and
// Granger–Scott squaring, each against the dense operation it replaces.
#include "ff/ff.hpp"

#include "random_tower.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ff;
using namespace cuzk::test; // RandomFp2, RandomFp6, RandomFp12

namespace {

std::mt19937_64 rng(7);

//! x^((p^6 − 1)(p^2 + 1)): the easy part of the final exponentiation lands in the cyclotomic subgroup
Fp12 IntoCyclotomic(const Fp12 &x) {
  Fp12 t = x.Conjugate() * x.Inverse();
  return t.Frobenius(2) * t;
}

TEST(Fp12Sparse, MulBy014MatchesDense) {
  for (int i = 0; i < 20; i++) {
    Fp12 a = RandomFp12(rng);
    Fp2 b0 = RandomFp2(rng), b1 = RandomFp2(rng), b4 = RandomFp2(rng);
    Fp12 dense{Fp6{b0, b1, Fp2::Zero()}, Fp6{Fp2::Zero(), b4, Fp2::Zero()}};
    EXPECT_EQ(a.MulBy014(b0, b1, b4), a * dense);
  }
  // degenerate lines: zero coefficients
  Fp12 a = RandomFp12(rng);
  EXPECT_EQ(a.MulBy014(Fp2::One(), Fp2::Zero(), Fp2::Zero()), a);
  EXPECT_EQ(a.MulBy014(Fp2::Zero(), Fp2::Zero(), Fp2::Zero()), Fp12::Zero());
}

TEST(Fp12Cyclotomic, EasyPartLandsInSubgroup) {
  Fp12 c = IntoCyclotomic(RandomFp12(rng));
  EXPECT_EQ(c * c.Conjugate(), Fp12::One()); // x^(p^6 + 1) = 1
  // x^(p^4 − p^2 + 1) = 1, i.e. x^(p^4) · x = x^(p^2)
  EXPECT_EQ(c.Frobenius(4) * c, c.Frobenius(2));
}

TEST(Fp12Cyclotomic, SquareMatchesDense) {
  for (int i = 0; i < 20; i++) {
    Fp12 c = IntoCyclotomic(RandomFp12(rng));
    EXPECT_EQ(c.CyclotomicSquare(), c.Square());
    // repeated squaring stays in the subgroup, so the identity keeps holding
    Fp12 d = c.CyclotomicSquare().CyclotomicSquare().CyclotomicSquare();
    EXPECT_EQ(d, c.Square().Square().Square());
  }
  EXPECT_EQ(Fp12::One().CyclotomicSquare(), Fp12::One());
}

TEST(Fp12Cyclotomic, SquareIsWrongOutsideSubgroup) {
  // negative test: the shortcut depends on the subgroup's norm relations
  Fp12 a = RandomFp12(rng);
  EXPECT_NE(a.CyclotomicSquare(), a.Square());
}

} // namespace
