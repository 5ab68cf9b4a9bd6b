// tests/ff/cyclotomic_test.cpp — the pairing helpers of Fp12: sparse line multiplication and
// Granger–Scott squaring, each against the dense operation it replaces.
#include "ff/ff.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ff;

namespace {

std::mt19937_64 rng(7);
Fp2 RandFp2() { return {Fp::Random(rng), Fp::Random(rng)}; }
Fp6 RandFp6() { return {RandFp2(), RandFp2(), RandFp2()}; }
Fp12 RandFp12() { return {RandFp6(), RandFp6()}; }

//! x^((p^6 − 1)(p^2 + 1)): the easy part of the final exponentiation lands in the cyclotomic subgroup
Fp12 IntoCyclotomic(const Fp12 &x) {
  Fp12 t = x.Conjugate() * x.Inverse();
  return t.Frobenius(2) * t;
}

TEST(Fp12Sparse, MulBy014MatchesDense) {
  for (int i = 0; i < 20; i++) {
    Fp12 a = RandFp12();
    Fp2 b0 = RandFp2(), b1 = RandFp2(), b4 = RandFp2();
    Fp12 dense{Fp6{b0, b1, Fp2::Zero()}, Fp6{Fp2::Zero(), b4, Fp2::Zero()}};
    EXPECT_EQ(a.MulBy014(b0, b1, b4), a * dense);
  }
  // degenerate lines: zero coefficients
  Fp12 a = RandFp12();
  EXPECT_EQ(a.MulBy014(Fp2::One(), Fp2::Zero(), Fp2::Zero()), a);
  EXPECT_EQ(a.MulBy014(Fp2::Zero(), Fp2::Zero(), Fp2::Zero()), Fp12::Zero());
}

TEST(Fp12Cyclotomic, EasyPartLandsInSubgroup) {
  Fp12 c = IntoCyclotomic(RandFp12());
  EXPECT_EQ(c * c.Conjugate(), Fp12::One()); // x^(p^6 + 1) = 1
  // x^(p^4 − p^2 + 1) = 1, i.e. x^(p^4) · x = x^(p^2)
  EXPECT_EQ(c.Frobenius(4) * c, c.Frobenius(2));
}

TEST(Fp12Cyclotomic, SquareMatchesDense) {
  for (int i = 0; i < 20; i++) {
    Fp12 c = IntoCyclotomic(RandFp12());
    EXPECT_EQ(c.CyclotomicSquare(), c.Square());
    // repeated squaring stays in the subgroup, so the identity keeps holding
    Fp12 d = c.CyclotomicSquare().CyclotomicSquare().CyclotomicSquare();
    EXPECT_EQ(d, c.Square().Square().Square());
  }
  EXPECT_EQ(Fp12::One().CyclotomicSquare(), Fp12::One());
}

TEST(Fp12Cyclotomic, SquareIsWrongOutsideSubgroup) {
  // negative test: the shortcut depends on the subgroup's norm relations
  Fp12 a = RandFp12();
  EXPECT_NE(a.CyclotomicSquare(), a.Square());
}

} // namespace
