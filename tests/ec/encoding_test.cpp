// tests/ec/encoding_test.cpp — ZCash encodings: known answers, round trips, every rejection class,
// batch decoding.
//
// Known-answer bytes were produced with @noble/curves 2.4.0 (G1/G2 Point.toBytes(true|false) of
// BASE, ZERO, BASE.negate() and BASE.multiply(0x1234567890abcdef1122334455667788)); only the
// values are pasted here.
#include "ec/ec.hpp"
#include "ec/test_points.hpp"

#include "common/curves.hpp"

#include <gtest/gtest.h>
#include <random>
#include <utility>

using namespace cuzk::ec;
using namespace cuzk::ec::test;
using cuzk::ff::Fp;
using cuzk::ff::Fp2;
using cuzk::ff::Fr;

namespace {

constexpr const char *G1_GEN_C =
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
constexpr const char *G1_GEN_U =
    "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
    "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
constexpr const char *G1_NEG_GEN_C =
    "b7f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
constexpr const char *G1_K_C =
    "ac6604aa3f74dc025e5baafa06b76830f32f734c452e7bb6bd485fa80505e0dda3ca37c5079ff884e8b4be88fb938d7f";
constexpr const char *G1_K_U =
    "0c6604aa3f74dc025e5baafa06b76830f32f734c452e7bb6bd485fa80505e0dda3ca37c5079ff884e8b4be88fb938d7f"
    "0eef859ce22e9f6cc4691465ab470727a6de0a45974d7f802e84f64cf555dd78f8adb9343c3adb4ba22595ba8bba829a";
constexpr const char *G2_GEN_C =
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
constexpr const char *G2_GEN_U =
    "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"
    "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"
    "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801";
constexpr const char *G2_NEG_GEN_C =
    "b3e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
constexpr const char *G2_K_C =
    "836d614a534d43b9db125e5347f37b3347a0eb0d31b1443ea70c5aa3a006b298248299c1e1afe20c0fff82f8a298964a"
    "198b9f470250aba0fb850adb4a8de0fb93041d7a38687ecaa39fa4beef411cd7fa0e5860ec4547483dd0045cf58f9b97";
constexpr const char *G2_K_U =
    "036d614a534d43b9db125e5347f37b3347a0eb0d31b1443ea70c5aa3a006b298248299c1e1afe20c0fff82f8a298964a"
    "198b9f470250aba0fb850adb4a8de0fb93041d7a38687ecaa39fa4beef411cd7fa0e5860ec4547483dd0045cf58f9b97"
    "01cef9102916daa9414a7f43d75791906861a72301456464f612893829c145581e8121f18c35d6cbca62a9e27893c911"
    "18ba3e80b1afb56739c920b2a90d0c5f319a7caa8c647ddb8da3e4f090eae91fd8b4f3cec0a289f404989e643bb70830";

const Fr K = Fr::FromHex("1234567890abcdef1122334455667788");

std::string Zeros(size_t bytes) { return std::string(2 * bytes, '0'); }

// ---- known answers -------------------------------------------------------------------------

TEST(EncodingKat, G1) {
  const G1Affine g = G1Affine::Generator(), kg = (G1::Generator() * K).ToAffine();
  EXPECT_EQ(Hex(ToCompressed(g)), G1_GEN_C);
  EXPECT_EQ(Hex(ToUncompressed(g)), G1_GEN_U);
  EXPECT_EQ(Hex(ToCompressed(-g)), G1_NEG_GEN_C);
  EXPECT_EQ(Hex(ToCompressed(kg)), G1_K_C);
  EXPECT_EQ(Hex(ToUncompressed(kg)), G1_K_U);
  EXPECT_EQ(Hex(ToCompressed(G1Affine::Infinity())), "c0" + Zeros(47));
  EXPECT_EQ(Hex(ToUncompressed(G1Affine::Infinity())), "40" + Zeros(95));

  EXPECT_EQ(FromCompressed<G1Curve>(Unhex(G1_GEN_C)).Value(), g);
  EXPECT_EQ(FromUncompressed<G1Curve>(Unhex(G1_GEN_U)).Value(), g);
  EXPECT_EQ(FromCompressed<G1Curve>(Unhex(G1_NEG_GEN_C)).Value(), -g);
  EXPECT_EQ(FromCompressed<G1Curve>(Unhex(G1_K_C)).Value(), kg);
  EXPECT_EQ(FromUncompressed<G1Curve>(Unhex(G1_K_U)).Value(), kg);
  auto inf = FromCompressed<G1Curve>(Unhex("c0" + Zeros(47)));
  ASSERT_TRUE(inf.HasValue());
  EXPECT_TRUE(inf->IsInfinity());
  auto infu = FromUncompressed<G1Curve>(Unhex("40" + Zeros(95)));
  ASSERT_TRUE(infu.HasValue());
  EXPECT_TRUE(infu->IsInfinity());
}

TEST(EncodingKat, G2) {
  const G2Affine g = G2Affine::Generator(), kg = (G2::Generator() * K).ToAffine();
  EXPECT_EQ(Hex(ToCompressed(g)), G2_GEN_C);
  EXPECT_EQ(Hex(ToUncompressed(g)), G2_GEN_U);
  EXPECT_EQ(Hex(ToCompressed(-g)), G2_NEG_GEN_C);
  EXPECT_EQ(Hex(ToCompressed(kg)), G2_K_C);
  EXPECT_EQ(Hex(ToUncompressed(kg)), G2_K_U);
  EXPECT_EQ(Hex(ToCompressed(G2Affine::Infinity())), "c0" + Zeros(95));
  EXPECT_EQ(Hex(ToUncompressed(G2Affine::Infinity())), "40" + Zeros(191));

  EXPECT_EQ(FromCompressed<G2Curve>(Unhex(G2_GEN_C)).Value(), g);
  EXPECT_EQ(FromUncompressed<G2Curve>(Unhex(G2_GEN_U)).Value(), g);
  EXPECT_EQ(FromCompressed<G2Curve>(Unhex(G2_NEG_GEN_C)).Value(), -g);
  EXPECT_EQ(FromCompressed<G2Curve>(Unhex(G2_K_C)).Value(), kg);
  EXPECT_EQ(FromUncompressed<G2Curve>(Unhex(G2_K_U)).Value(), kg);
  EXPECT_TRUE(FromCompressed<G2Curve>(Unhex("c0" + Zeros(95))).Value().IsInfinity());
  EXPECT_TRUE(FromUncompressed<G2Curve>(Unhex("40" + Zeros(191))).Value().IsInfinity());
}

// ---- typed suite: round trips and rejections for both groups -------------------------------

template <class C> class EncodingTest : public ::testing::Test {};
TYPED_TEST_SUITE(EncodingTest, cuzk::test::Curves);

template <class C> std::vector<uint8_t> Compressed(const Affine<C> &p) {
  auto a = ToCompressed(p);
  return {a.begin(), a.end()};
}
template <class C> std::vector<uint8_t> Uncompressed(const Affine<C> &p) {
  auto a = ToUncompressed(p);
  return {a.begin(), a.end()};
}

//! every decoder of C, with whether it checks the subgroup and whether it reads compressed bytes
template <class C> struct Decoders {
  using Fn = cuzk::Expected<Affine<C>> (*)(std::span<const uint8_t>);
  struct Entry {
    const char *name;
    Fn fn;
    bool compressed, checks_subgroup;
  };
  static std::vector<Entry> All() {
    return {{"FromCompressed", &FromCompressed<C>, true, true},
            {"FromCompressedUnchecked", &FromCompressedUnchecked<C>, true, false},
            {"FromUncompressed", &FromUncompressed<C>, false, true},
            {"FromUncompressedUnchecked", &FromUncompressedUnchecked<C>, false, false}};
  }
};

//! r is a rejection with `code` whose message holds `needle`: the words that tell this rejection from
//! the others of its code (kNonCanonical covers bad flags, a non-zero infinity and a coordinate ≥ p)
template <class C>
void ExpectError(const cuzk::Expected<Affine<C>> &r, cuzk::ErrorCode code, const char *needle, const char *what) {
  ASSERT_FALSE(r.HasValue()) << what;
  EXPECT_EQ(r.Code(), code) << what << ": got " << cuzk::ErrorCodeName(r.Code()) << " (" << r.ErrorMessage() << ")";
  EXPECT_NE(r.ErrorMessage().find(needle), std::string::npos) << what << ": " << r.ErrorMessage();
  EXPECT_GT(r.ErrorMessage().size(), 10u) << what;
}

TYPED_TEST(EncodingTest, RoundTripRandomPoints) {
  using C = TypeParam;
  std::mt19937_64 rng(11);
  for (int i = 0; i < 16; i++) {
    const Affine<C> p = RandomSubgroupPoint<C>(rng);
    for (const auto &d : Decoders<C>::All()) {
      auto bytes = d.compressed ? Compressed(p) : Uncompressed(p);
      auto r = d.fn(bytes);
      ASSERT_TRUE(r.HasValue()) << d.name << ": " << r.ErrorMessage();
      EXPECT_EQ(*r, p) << d.name;
    }
    // the largest-y flag distinguishes p from −p
    EXPECT_NE(ToCompressed(p)[0] & FLAG_LARGEST_Y, ToCompressed(-p)[0] & FLAG_LARGEST_Y);
  }
}

TYPED_TEST(EncodingTest, RejectsWrongLength) {
  using C = TypeParam;
  const Affine<C> g = Affine<C>::Generator();
  for (const auto &d : Decoders<C>::All()) {
    auto bytes = d.compressed ? Compressed(g) : Uncompressed(g);
    auto shorter = bytes, longer = bytes;
    shorter.pop_back();
    longer.push_back(0);
    ExpectError(d.fn(shorter), cuzk::ErrorCode::kBadLength, "wrong length", d.name);
    ExpectError(d.fn(longer), cuzk::ErrorCode::kBadLength, "wrong length", d.name);
    ExpectError(d.fn({}), cuzk::ErrorCode::kBadLength, "wrong length", d.name);
    // the other form's length is wrong too
    ExpectError(d.fn(d.compressed ? Uncompressed(g) : Compressed(g)), cuzk::ErrorCode::kBadLength, "wrong length",
                d.name);
  }
}

TYPED_TEST(EncodingTest, RejectsBadFlags) {
  using C = TypeParam;
  const Affine<C> g = Affine<C>::Generator();
  for (const auto &d : Decoders<C>::All()) {
    auto bytes = d.compressed ? Compressed(g) : Uncompressed(g);
    bytes[0] ^= FLAG_COMPRESSED; // compressed without the flag, uncompressed with it
    ExpectError(d.fn(bytes), cuzk::ErrorCode::kNonCanonical, "compression flag (0x80)", d.name);
    if (d.compressed) {
      auto inf = Compressed(Affine<C>::Infinity());
      inf[0] |= FLAG_LARGEST_Y; // infinity has no y to be largest
      ExpectError(d.fn(inf), cuzk::ErrorCode::kNonCanonical, "together with the largest-y flag", d.name);
    } else {
      auto u = Uncompressed(g);
      u[0] |= FLAG_LARGEST_Y; // the sort flag is meaningless with y present
      ExpectError(d.fn(u), cuzk::ErrorCode::kNonCanonical, "largest-y flag (0x20)", d.name);
      auto inf = Uncompressed(Affine<C>::Infinity());
      inf[0] |= FLAG_LARGEST_Y;
      ExpectError(d.fn(inf), cuzk::ErrorCode::kNonCanonical, "largest-y flag (0x20)", d.name);
    }
  }
}

TYPED_TEST(EncodingTest, RejectsNonZeroAfterInfinity) {
  using C = TypeParam;
  for (const auto &d : Decoders<C>::All()) {
    const auto inf = d.compressed ? Compressed(Affine<C>::Infinity()) : Uncompressed(Affine<C>::Infinity());
    for (size_t pos : {size_t(0), size_t(1), inf.size() / 2, inf.size() - 1}) {
      auto bytes = inf;
      bytes[pos] |= pos == 0 ? 0x01 : 0x80; // byte 0: a bit below the flags
      ExpectError(d.fn(bytes), cuzk::ErrorCode::kNonCanonical, "infinity flag set but", d.name);
    }
    // a real x with the infinity flag added
    auto g = d.compressed ? Compressed(Affine<C>::Generator()) : Uncompressed(Affine<C>::Generator());
    g[0] = uint8_t((g[0] & ~FLAG_LARGEST_Y) | FLAG_INFINITY);
    ExpectError(d.fn(g), cuzk::ErrorCode::kNonCanonical, "infinity flag set but", d.name);
  }
}

//! p (the modulus) as 48 big-endian bytes: the smallest non-canonical coordinate
std::vector<uint8_t> ModulusBytes() {
  std::vector<uint8_t> out(48);
  for (size_t i = 0; i < 48; i++) out[47 - i] = uint8_t(Fp::MODULUS[i / 8] >> (8 * (i % 8)));
  return out;
}

TYPED_TEST(EncodingTest, RejectsNonCanonicalCoordinates) {
  using C = TypeParam;
  const auto p_bytes = ModulusBytes();
  for (const auto &d : Decoders<C>::All()) {
    auto base = d.compressed ? Compressed(Affine<C>::Generator()) : Uncompressed(Affine<C>::Generator());
    const uint8_t flags = base[0] & 0xe0;
    // every Fp slot in turn (x, and y when present; for G2 both c1 and c0) set to p and to 2^381 − 1
    for (size_t slot = 0; slot < base.size() / 48; slot++) {
      for (int variant = 0; variant < 2; variant++) {
        auto bytes = base;
        for (size_t i = 0; i < 48; i++) bytes[slot * 48 + i] = variant == 0 ? p_bytes[i] : 0xff;
        if (variant == 1) bytes[slot * 48] = 0x1f;
        if (slot == 0) bytes[0] = uint8_t((bytes[0] & 0x1f) | flags);
        ExpectError(d.fn(bytes), cuzk::ErrorCode::kNonCanonical, "not below p", d.name);
      }
    }
  }
}

TYPED_TEST(EncodingTest, RejectsPointsOffTheCurve) {
  using C = TypeParam;
  using F = typename C::Field;
  // an x with no curve point: x³ + b not a square
  F x = F::One();
  while ((x.Square() * x + C::B()).Sqrt()) x = x + F::One();
  Affine<C> bogus{x, F::One()};
  auto c = Compressed(bogus); // the encoder does not check; the decoder must
  ExpectError(FromCompressed<C>(c), cuzk::ErrorCode::kNotOnCurve, "", "compressed, no root");
  ExpectError(FromCompressedUnchecked<C>(c), cuzk::ErrorCode::kNotOnCurve, "", "compressed unchecked, no root");
  // a valid x with the wrong y
  Affine<C> g = Affine<C>::Generator();
  Affine<C> off{g.x, g.y + F::One()};
  ExpectError(FromUncompressed<C>(Uncompressed(off)), cuzk::ErrorCode::kNotOnCurve, "", "uncompressed, wrong y");
  // the trusted path does not look at the curve equation...
  EXPECT_TRUE(FromUncompressedUnchecked<C>(Uncompressed(off)).HasValue());
  // ...but never turns (0, 0) without the infinity flag into our in-memory infinity
  std::vector<uint8_t> zeros(C::UNCOMPRESSED_BYTES, 0);
  ExpectError(FromUncompressed<C>(zeros), cuzk::ErrorCode::kNotOnCurve, "", "uncompressed zeros");
  ExpectError(FromUncompressedUnchecked<C>(zeros), cuzk::ErrorCode::kNotOnCurve, "", "uncompressed unchecked zeros");
}

TYPED_TEST(EncodingTest, RejectsPointsOutsideTheSubgroup) {
  using C = TypeParam;
  std::mt19937_64 rng(12);
  for (int i = 0; i < 6; i++) {
    const Affine<C> p = RandomCurvePoint<C>(rng);
    ASSERT_FALSE(IsInSubgroupSlow(p));
    for (const auto &d : Decoders<C>::All()) {
      auto r = d.fn(d.compressed ? Compressed(p) : Uncompressed(p));
      if (d.checks_subgroup) {
        ExpectError(r, cuzk::ErrorCode::kNotInSubgroup, "prime-order subgroup", d.name);
      } else {
        ASSERT_TRUE(r.HasValue()) << d.name;
        EXPECT_EQ(*r, p) << d.name;
      }
    }
  }
}

TEST(EncodingReject, G1PointsOfOrderThree) {
  // x = 0: y² = 4, the two points (0, ±2) of order 3. noble rejects a000… (spec/oracles.md §2).
  for (const char *hex : {"a0", "80"}) {
    auto bytes = Unhex(std::string(hex) + Zeros(47));
    ExpectError(FromCompressed<G1Curve>(bytes), cuzk::ErrorCode::kNotInSubgroup, "prime-order subgroup", hex);
    auto r = FromCompressedUnchecked<G1Curve>(bytes);
    ASSERT_TRUE(r.HasValue());
    EXPECT_TRUE(r->IsOnCurve());
    EXPECT_TRUE(G1::FromAffine(*r).MulLimbs(cuzk::ff::Limbs<1>{3}).IsInfinity());
  }
}

// ---- batch decoding --------------------------------------------------------------------------

TYPED_TEST(EncodingTest, BatchMatchesSingleAndReportsFirstFailure) {
  using C = TypeParam;
  constexpr size_t UB = C::UNCOMPRESSED_BYTES;
  std::mt19937_64 rng(13);
  const size_t n = 600;
  // multiples of one random point are cheaper to make than independent random points
  std::vector<Jacobian<C>> jac(n);
  Jacobian<C> acc = Jacobian<C>::Generator() * Fr::Random(rng), step = Jacobian<C>::Generator() * Fr::Random(rng);
  for (size_t i = 0; i < n; i++, acc += step) jac[i] = acc;
  jac[5] = Jacobian<C>::Infinity();
  const auto pts = BatchToAffine<C>(jac);
  std::vector<uint8_t> bytes;
  for (const auto &p : pts) {
    auto u = ToUncompressed(p);
    bytes.insert(bytes.end(), u.begin(), u.end());
  }
  std::vector<Affine<C>> out(n);
  ASSERT_TRUE(BatchFromUncompressed<C>(bytes, std::span(out)).IsOk());
  EXPECT_EQ(out, pts);
  std::vector<Affine<C>> out2(n);
  ASSERT_TRUE(BatchFromUncompressedUnchecked<C>(bytes, std::span(out2)).IsOk());
  EXPECT_EQ(out2, pts);

  // failures at 37 (outside the subgroup) and 450 (non-canonical): the first one is reported
  auto bad = bytes;
  const auto outside = ToUncompressed(RandomCurvePoint<C>(rng));
  std::copy(outside.begin(), outside.end(), bad.begin() + 37 * UB);
  std::fill_n(bad.begin() + 450 * UB, 48, uint8_t(0x1f));
  auto st = BatchFromUncompressed<C>(bad, std::span(out));
  ASSERT_FALSE(st.IsOk());
  EXPECT_EQ(st.Code(), cuzk::ErrorCode::kNotInSubgroup) << st.ErrorMessage();
  EXPECT_EQ(st.ErrorMessage().rfind("[37]: ", 0), 0u) << st.ErrorMessage(); // the lowest failing index
  auto stu = BatchFromUncompressedUnchecked<C>(bad, std::span(out));
  ASSERT_FALSE(stu.IsOk());
  EXPECT_EQ(stu.Code(), cuzk::ErrorCode::kNonCanonical) << stu.ErrorMessage();
  EXPECT_EQ(stu.ErrorMessage().rfind("[450]: ", 0), 0u) << stu.ErrorMessage();

  bytes.pop_back();
  EXPECT_EQ(BatchFromUncompressed<C>(bytes, std::span(out)).Code(), cuzk::ErrorCode::kBadLength);
  std::vector<Affine<C>> none;
  EXPECT_TRUE(BatchFromUncompressed<C>({}, std::span(none)).IsOk());
}

} // namespace
