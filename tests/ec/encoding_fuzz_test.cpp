// tests/ec/encoding_fuzz_test.cpp — seeded random mutations through every decoder.
//
// Properties, for G1/G2 × compressed/uncompressed × checked/unchecked:
//   * no input crashes a decoder (the test simply runs them; ASan/UBSan builds make it sharper);
//   * a checked decoder accepts only points on the curve and in the subgroup, judged by the
//     slow reference [r]P = O; the compressed unchecked decoder only points on the curve;
//   * whatever is accepted re-encodes to exactly the input bytes (each point has one encoding).
// Inputs are mutations of valid encodings (random subgroup points, infinity, points outside the
// subgroup): bit flips, flag rewrites, truncation, extension, coordinates forced to p + small.
#include "ec/ec.hpp"
#include "ec/test_points.hpp"

#include <gtest/gtest.h>
#include <random>

using namespace cuzk::ec;
using namespace cuzk::ec::test;
using cuzk::ff::Fp;

namespace {

constexpr int ITERATIONS = 8000; // per curve and form; a few seconds for the whole file

std::vector<uint8_t> Mutate(std::vector<uint8_t> b, std::mt19937_64 &rng) {
  const int kind = int(rng() % 8);
  switch (kind) {
  case 0: // flip a few random bits
  case 1:
    for (int n = 1 + int(rng() % 3); n-- > 0 && !b.empty();) b[rng() % b.size()] ^= uint8_t(1u << (rng() % 8));
    break;
  case 2: // rewrite the three flag bits
    if (!b.empty()) b[0] = uint8_t((b[0] & 0x1f) | ((rng() % 8) << 5));
    break;
  case 3: // truncate
    b.resize(rng() % (b.size() + 1));
    break;
  case 4: // extend
    for (int n = 1 + int(rng() % 4); n-- > 0;) b.push_back(uint8_t(rng()));
    break;
  case 5: { // one Fp slot set to p + small (non-canonical) or p − small (canonical, likely off-curve)
    const size_t slots = b.size() / 48;
    if (!slots) break;
    const size_t slot = rng() % slots;
    const uint64_t delta = rng() % 4;
    auto v = rng() % 2 ? cuzk::ff::big::AddSmall(Fp::MODULUS, delta) : cuzk::ff::big::SubSmall(Fp::MODULUS, delta + 1);
    const uint8_t flags = b[slot * 48] & 0xe0;
    for (size_t i = 0; i < 48; i++) b[slot * 48 + 47 - i] = uint8_t(v[i / 8] >> (8 * (i % 8)));
    if (slot == 0) b[0] |= flags;
    break;
  }
  case 6: // zero everything after byte 0 (infinity-like with leftover flags)
    std::fill(b.begin() + (b.empty() ? 0 : 1), b.end(), 0);
    if (!b.empty()) b[0] = uint8_t(rng() & 0xe1);
    break;
  default: // random bytes of a plausible length
    for (auto &x : b) x = uint8_t(rng());
    break;
  }
  return b;
}

template <class C> void FuzzCurve(uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Affine<C>> seeds = {Affine<C>::Infinity(), Affine<C>::Generator()};
  for (int i = 0; i < 4; i++) seeds.push_back(RandomSubgroupPoint<C>(rng));
  for (int i = 0; i < 2; i++) seeds.push_back(RandomCurvePoint<C>(rng));

  size_t accepted[4] = {}, rejected[4] = {};
  for (int it = 0; it < ITERATIONS; it++) {
    const Affine<C> &p = seeds[rng() % seeds.size()];
    const bool compressed = rng() % 2;
    std::vector<uint8_t> bytes;
    if (compressed) {
      auto a = ToCompressed(p);
      bytes.assign(a.begin(), a.end());
    } else {
      auto a = ToUncompressed(p);
      bytes.assign(a.begin(), a.end());
    }
    bytes = Mutate(std::move(bytes), rng);

    auto reencode = [&](const Affine<C> &q) {
      if (compressed) {
        auto a = ToCompressed(q);
        return std::vector<uint8_t>(a.begin(), a.end());
      }
      auto a = ToUncompressed(q);
      return std::vector<uint8_t>(a.begin(), a.end());
    };
    for (int checked = 0; checked < 2; checked++) {
      cuzk::Expected<Affine<C>> r = compressed
                                        ? (checked ? FromCompressed<C>(bytes) : FromCompressedUnchecked<C>(bytes))
                                        : (checked ? FromUncompressed<C>(bytes) : FromUncompressedUnchecked<C>(bytes));
      const int slot = int(compressed) * 2 + checked;
      if (!r) {
        rejected[slot]++;
        ASSERT_FALSE(r.ErrorMessage().empty());
        continue;
      }
      accepted[slot]++;
      ASSERT_EQ(reencode(*r), bytes) << "accepted a non-canonical encoding: " << Hex(bytes);
      if (compressed || checked) {
        ASSERT_TRUE(r->IsOnCurve()) << Hex(bytes);
      }
      if (checked) {
        ASSERT_TRUE(IsInSubgroupSlow(*r)) << Hex(bytes);
      }
    }
  }
  // the mix must exercise both outcomes of every decoder
  for (int s = 0; s < 4; s++) {
    EXPECT_GT(accepted[s], 10u) << "decoder " << s;
    EXPECT_GT(rejected[s], 10u) << "decoder " << s;
  }
}

TEST(EncodingFuzz, G1) { FuzzCurve<G1Curve>(0xf0221); }
TEST(EncodingFuzz, G2) { FuzzCurve<G2Curve>(0xf0222); }

} // namespace
