// tests/msm/digits_test.cpp — signed window digits recompose the scalar and stay in range.
#include "msm/digits.hpp"

#include "ff/ff.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::msm;
using cuzk::ff::Fr;
using cuzk::ff::Limbs;
namespace big = cuzk::ff::big;

namespace {

//! acc += v·2^shift (v < 2^32)
void AddShifted(Limbs<6> &acc, uint64_t v, unsigned shift) {
  Limbs<6> t{};
  const unsigned limb = shift / 64, bit = shift % 64;
  t[limb] = v << bit;
  if (bit && limb + 1 < 6) t[limb + 1] = v >> (64 - bit);
  big::Add(acc, acc, t);
}

void CheckRecomposes(const Limbs<4> &k, unsigned c) {
  Limbs<6> pos{}, neg{};
  for (unsigned w = 0; w < NumWindows(c); w++) {
    const Digit d = SignedDigit(k, w, c);
    ASSERT_LE(d.magnitude, 1u << (c - 1)) << "c=" << c << " w=" << w;
    AddShifted(d.negative ? neg : pos, d.magnitude, w * c);
  }
  Limbs<6> diff{};
  ASSERT_EQ(big::Sub(diff, pos, neg), 0u) << "c=" << c;
  const Limbs<6> expect{k[0], k[1], k[2], k[3], 0, 0};
  EXPECT_EQ(diff, expect) << "c=" << c;
}

TEST(SignedDigits, RecomposeEdgeScalars) {
  const Limbs<4> cases[] = {Limbs<4>{}, Limbs<4>{1, 0, 0, 0}, big::SubSmall(Fr::MODULUS, 1),
                            Limbs<4>{~0ull, ~0ull, ~0ull, ~0ull >> 1}, // 2^255 − 1: the widest scalar the digits allow
                            Limbs<4>{0x8000000000000000ull, 0, 0, 0}};
  for (unsigned c = 1; c <= MAX_WINDOW_BITS; c++) {
    for (const auto &k : cases) CheckRecomposes(k, c);
  }
}

TEST(SignedDigits, RecomposeRandom) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200; i++) {
    const Limbs<4> k = Fr::Random(rng).ToCanonical();
    for (unsigned c = 1; c <= MAX_WINDOW_BITS; c++) CheckRecomposes(k, c);
  }
}

TEST(SignedDigits, OneAndMinusOne) {
  // 1 is a single digit in window 0 (for c = 1 the recoding writes it 2 − 1)
  const Limbs<4> one{1, 0, 0, 0};
  for (unsigned c = 2; c <= MAX_WINDOW_BITS; c++) {
    EXPECT_EQ(SignedDigit(one, 0, c).magnitude, 1u);
    for (unsigned w = 1; w < NumWindows(c); w++) EXPECT_EQ(SignedDigit(one, w, c).magnitude, 0u);
  }
}

TEST(WindowChoice, GrowsWithSize) {
  EXPECT_GE(ChooseWindowBits(1), 1u);
  unsigned last = 0;
  for (size_t n = 1; n <= (size_t(1) << 26); n *= 2) {
    const unsigned c = ChooseWindowBits(n);
    EXPECT_GE(c, last);
    EXPECT_LE(c, 16u);
    last = c;
  }
}

} // namespace
