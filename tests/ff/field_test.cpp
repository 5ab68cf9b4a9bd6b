// tests/ff/field_test.cpp — Fr and Fp: constants, laws, encodings, roots; one typed suite.
#include "ff/ff.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ff;

namespace {

// Independent reference: (a·b) mod p on canonical integers by double-and-add, no Montgomery.
template <size_t N> Limbs<N> RefMulMod(const Limbs<N> &a, const Limbs<N> &b, const Limbs<N> &p) {
  Limbs<N> acc{};
  for (size_t i = big::BitLength(b); i-- > 0;) {
    Limbs<N> d{};
    big::Add(d, acc, acc);
    if (!big::Less(d, p)) big::Sub(d, d, p);
    acc = d;
    if (big::Bit(b, i)) {
      big::Add(d, acc, a);
      if (!big::Less(d, p)) big::Sub(d, d, p);
      acc = d;
    }
  }
  return acc;
}

template <class F> class FieldTest : public ::testing::Test {};
using Fields = ::testing::Types<Fr, Fp>;
TYPED_TEST_SUITE(FieldTest, Fields);

template <class F> std::vector<F> EdgeValues() {
  std::vector<F> v = {F::Zero(), F::One(), F::FromUint(2), -F::One(), -F::FromUint(2)};
  v.push_back(F::FromMontgomery(F::R2));
  v.push_back(F::FromCanonical(big::ShiftRight(F::MODULUS, 1)));
  return v;
}

TYPED_TEST(FieldTest, MontgomeryConstantsAreConsistent) {
  using F = TypeParam;
  EXPECT_EQ(F::MODULUS[0] * (~F::INV + 1), 1u); // INV = −p⁻¹ mod 2^64
  EXPECT_EQ(F::One().ToCanonical(), big::FromU64<F::N>(1));
  EXPECT_EQ(F::FromUint(12345).ToCanonical(), big::FromU64<F::N>(12345));
}

TYPED_TEST(FieldTest, MulMatchesBigIntegerReference) {
  using F = TypeParam;
  std::mt19937_64 rng(1);
  auto vals = EdgeValues<F>();
  for (int i = 0; i < 200; i++) vals.push_back(F::Random(rng));
  for (const F &a : vals) {
    const F b = F::Random(rng);
    EXPECT_EQ((a * b).ToCanonical(), RefMulMod(a.ToCanonical(), b.ToCanonical(), F::MODULUS));
  }
}

TYPED_TEST(FieldTest, PortableWordsAgreeWithFastWords) {
  using F = TypeParam;
  using Slow = Mont<typename std::conditional_t<std::is_same_v<F, Fr>, FrParams, FpParams>, PortableWords>;
  std::mt19937_64 rng(2);
  for (int i = 0; i < 500; i++) {
    F a = F::Random(rng), b = F::Random(rng);
    Slow sa = Slow::FromMontgomery(a.l), sb = Slow::FromMontgomery(b.l);
    EXPECT_EQ((a * b).l, (sa * sb).l);
    EXPECT_EQ((a + b).l, (sa + sb).l);
    EXPECT_EQ((a - b).l, (sa - sb).l);
  }
}

// The default policy multiplies with MULX/ADCX/ADOX assembly on CPUs that have it; WideWords
// is the same CIOS in C++. Edge values push every carry chain: p − 1, values with all-ones
// limbs, and products that land just above p before the final subtraction.
TYPED_TEST(FieldTest, AssemblyMulAgreesWithCxx) {
  using F = TypeParam;
  using Cxx = Mont<typename std::conditional_t<std::is_same_v<F, Fr>, FrParams, FpParams>, WideWords>;
  std::mt19937_64 rng(7);
  auto vals = EdgeValues<F>();
  Limbs<F::N> ones{};
  for (size_t i = 0; i + 1 < F::N; i++) ones[i] = ~uint64_t(0);
  vals.push_back(F::FromMontgomery(ones));
  vals.push_back(F::FromMontgomery(big::SubSmall(F::MODULUS, 1)));
  vals.push_back(F::FromMontgomery(big::ShiftRight(F::MODULUS, 1)));
  for (int i = 0; i < 64; i++) vals.push_back(F::Random(rng));
  for (const F &a : vals) {
    for (const F &b : vals) {
      const auto expect = (Cxx::FromMontgomery(a.l) * Cxx::FromMontgomery(b.l)).l;
      ASSERT_EQ((a * b).l, expect);
      ASSERT_EQ(a.MulPortable(b).l, expect);
      // add/sub use carry intrinsics and an opaque select at run time; the portable words
      // (no intrinsics) and the big-integer definition are the references
      using Slow = Mont<typename std::conditional_t<std::is_same_v<F, Fr>, FrParams, FpParams>, PortableWords>;
      ASSERT_EQ((a + b).l, (Slow::FromMontgomery(a.l) + Slow::FromMontgomery(b.l)).l);
      ASSERT_EQ((a - b).l, (Slow::FromMontgomery(a.l) - Slow::FromMontgomery(b.l)).l);
    }
  }
  for (int i = 0; i < 20000; i++) {
    const F a = F::Random(rng), b = F::Random(rng);
    ASSERT_EQ((a * b).l, (Cxx::FromMontgomery(a.l) * Cxx::FromMontgomery(b.l)).l);
  }
#if CUZK_HAVE_ADX_PATH
  if (!adx::HAS_ADX) GTEST_SKIP() << "CPU lacks ADX/BMI2: only the C++ path ran";
#endif
}

TYPED_TEST(FieldTest, RingLaws) {
  using F = TypeParam;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200; i++) {
    F a = F::Random(rng), b = F::Random(rng), c = F::Random(rng);
    EXPECT_EQ(a + b, b + a);
    EXPECT_EQ(a * b, b * a);
    EXPECT_EQ((a + b) + c, a + (b + c));
    EXPECT_EQ((a * b) * c, a * (b * c));
    EXPECT_EQ(a * (b + c), a * b + a * c);
    EXPECT_EQ(a - a, F::Zero());
    EXPECT_EQ(a + (-a), F::Zero());
    EXPECT_EQ(a.Double(), a + a);
    EXPECT_EQ(a.Square(), a * a);
    if (!a.IsZero()) {
      EXPECT_EQ(a * a.Inverse(), F::One());
    }
  }
  EXPECT_EQ(F::Zero().Inverse(), F::Zero());
  EXPECT_EQ(-F::Zero(), F::Zero());
}

TYPED_TEST(FieldTest, SqrtAndLegendre) {
  using F = TypeParam;
  std::mt19937_64 rng(4);
  int squares = 0;
  for (int i = 0; i < 100; i++) {
    F a = F::Random(rng);
    F sq = a.Square();
    auto r = sq.Sqrt();
    ASSERT_TRUE(r.has_value());
    EXPECT_TRUE(*r == a || *r == -a);
    EXPECT_EQ(sq.Legendre(), a.IsZero() ? 0 : 1);
    F b = F::Random(rng);
    if (b.Legendre() == 1) {
      squares++;
      EXPECT_TRUE(b.Sqrt().has_value());
    } else {
      EXPECT_FALSE(b.Sqrt().has_value());
    }
  }
  EXPECT_GT(squares, 20);
  EXPECT_LT(squares, 80);
  EXPECT_EQ(F::Generator().Legendre(), -1); // a generator is never a square
}

TYPED_TEST(FieldTest, ByteEncodingsRoundTripAndRejectNonCanonical) {
  using F = TypeParam;
  std::mt19937_64 rng(5);
  uint8_t buf[F::NUM_BYTES];
  for (int i = 0; i < 50; i++) {
    F a = F::Random(rng);
    a.ToBytesLE(buf);
    EXPECT_EQ(F::FromBytesLE(buf).value(), a);
    a.ToBytesBE(buf);
    EXPECT_EQ(F::FromBytesBE(buf).value(), a);
  }
  // p itself and p+1 are out of range; p−1 is the largest accepted value
  auto put_le = [&](const Limbs<F::N> &v) {
    for (size_t i = 0; i < F::NUM_BYTES; i++) buf[i] = uint8_t(v[i / 8] >> (8 * (i % 8)));
  };
  put_le(F::MODULUS);
  EXPECT_FALSE(F::FromBytesLE(buf).has_value());
  put_le(big::AddSmall(F::MODULUS, 1));
  EXPECT_FALSE(F::FromBytesLE(buf).has_value());
  put_le(big::SubSmall(F::MODULUS, 1));
  EXPECT_EQ(F::FromBytesLE(buf).value(), -F::One());
  std::fill(buf, buf + F::NUM_BYTES, 0xff);
  EXPECT_FALSE(F::FromBytesLE(buf).has_value());
  EXPECT_FALSE(F::FromBytesBE(buf).has_value());
}

TEST(FrConstants, TwoAdicRootOfUnity) {
  EXPECT_EQ(Fr::NUM_BITS, 255u);
  EXPECT_EQ(Fr::TWO_ADICITY, 32u);
  EXPECT_EQ(Fr::Generator(), Fr::FromUint(7));
  Fr w = Fr::RootOfUnity();
  // order exactly 2^32
  Fr x = w;
  for (int i = 0; i < 31; i++) x = x.Square();
  EXPECT_EQ(x, -Fr::One());
  EXPECT_EQ(x.Square(), Fr::One());
  // blstrs' ROOT_OF_UNITY (7^t), a public constant of the field
  EXPECT_EQ(w.ToHex(), "0x16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
}

TEST(FpConstants, ModulusShape) {
  EXPECT_EQ(Fp::NUM_BITS, 381u);
  EXPECT_EQ(Fp::MODULUS[0] & 3, 3u);
  EXPECT_EQ(Fp::TWO_ADICITY, 1u);
}

TEST(BatchInverse, MatchesSingleInversionsAndKeepsZeros) {
  std::mt19937_64 rng(6);
  std::vector<Fr> v(100), scratch(BatchInverseScratchSize(100));
  for (auto &x : v) x = Fr::Random(rng);
  v[0] = v[17] = v[99] = Fr::Zero();
  auto expect = v;
  BatchInverse<Fr>(v, scratch);
  for (size_t i = 0; i < v.size(); i++) {
    EXPECT_EQ(v[i], expect[i].Inverse()) << i;
    if (!expect[i].IsZero()) {
      EXPECT_EQ(v[i] * expect[i], Fr::One()) << i;
    }
  }
  EXPECT_TRUE(v[0].IsZero() && v[17].IsZero() && v[99].IsZero());
}

// the edge cases: nothing to invert (no scratch needed, none touched), and only zeros (the running
// product stays one, so no zero is ever inverted)
TEST(BatchInverse, EmptyAndAllZeroVectors) {
  EXPECT_EQ(BatchInverseScratchSize(0), 0u);
  std::vector<Fr> empty, no_scratch;
  BatchInverse<Fr>(empty, no_scratch);
  EXPECT_TRUE(empty.empty());
  const Fr sentinel = Fr::FromUint(12345);
  std::vector<Fr> untouched(4, sentinel);
  BatchInverse<Fr>(empty, untouched);
  for (const Fr &x : untouched) EXPECT_EQ(x, sentinel);
  std::vector<Fr> zeros(5, Fr::Zero()), scratch(BatchInverseScratchSize(5));
  BatchInverse<Fr>(zeros, scratch);
  for (const Fr &x : zeros) EXPECT_TRUE(x.IsZero());
  std::vector<Fr> one_zero = {Fr::Zero()}, one_scratch(1);
  BatchInverse<Fr>(one_zero, one_scratch);
  EXPECT_TRUE(one_zero[0].IsZero());
}

} // namespace
