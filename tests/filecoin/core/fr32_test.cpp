// tests/filecoin/core/fr32_test.cpp — fr32 padding against spec/vectors.md §7 (fr32 reader and
// padding tests) and spec/oracles.md §3 (Fr32.pad of 127 × 0xff), round trips, bad lengths.
#include "filecoin/core/fr32.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace cuzk::filecoin;

TEST(Fr32, Sizes) {
  EXPECT_EQ(Fr32PaddedSize(0), 0u);
  EXPECT_EQ(Fr32PaddedSize(30), 32u);
  EXPECT_EQ(Fr32PaddedSize(32), 64u);
  EXPECT_EQ(Fr32PaddedSize(127), 128u);
  EXPECT_EQ(Fr32PaddedSize(1016), 1024u);
  EXPECT_EQ(Fr32UnpaddedCapacity(128), 127u);
  EXPECT_EQ(Fr32UnpaddedCapacity(1024), 1016u);
}

TEST(Fr32, ReaderVectors) {
  // 30 × 0x03 → 32 bytes, the first 30 unchanged
  auto a = Fr32Pad(std::vector<uint8_t>(30, 0x03));
  ASSERT_EQ(a.size(), 32u);
  for (size_t i = 0; i < 30; i++) EXPECT_EQ(a[i], 0x03);
  EXPECT_EQ(a[30], 0);
  EXPECT_EQ(a[31], 0);
  // 32 × 0xff → 64 bytes: [0..31) = ff, [31] = 3f, [32] = 03
  auto b = Fr32Pad(std::vector<uint8_t>(32, 0xff));
  ASSERT_EQ(b.size(), 64u);
  for (size_t i = 0; i < 31; i++) EXPECT_EQ(b[i], 0xff);
  EXPECT_EQ(b[31], 0x3f);
  EXPECT_EQ(b[32], 0x03);
  for (size_t i = 33; i < 64; i++) EXPECT_EQ(b[i], 0);
  // 127 × 0xff → (ff×31 ‖ 3f) × 4
  auto c = Fr32Pad(std::vector<uint8_t>(127, 0xff));
  ASSERT_EQ(c.size(), 128u);
  for (size_t i = 0; i < 128; i++) EXPECT_EQ(c[i], i % 32 == 31 ? 0x3f : 0xff) << i;
}

TEST(Fr32, ExoticVector) {
  std::vector<uint8_t> in;
  for (int r = 0; r < 2; r++) {
    for (uint8_t i = 1; i <= 31; i++) in.push_back(i);
    in.push_back(0xff);
  }
  for (uint8_t x : {0x09, 0x09, 0x09, 0xff}) in.push_back(x);
  auto out = Fr32Pad(in);
  for (size_t i = 0; i < 31; i++) EXPECT_EQ(out[i], i + 1);
  EXPECT_EQ(out[31], 63);
  EXPECT_EQ(out[32], 7);
  for (size_t i = 33; i < 63; i++) EXPECT_EQ(out[i], uint8_t((i - 31) << 2)) << i;
  EXPECT_EQ(out[63], 0x3c);
  EXPECT_EQ(out[64], 0x9f);
  EXPECT_EQ(out[65], 0x90);
  EXPECT_EQ(out[66], 0x90);
  EXPECT_EQ(out[67], 0xf0);
  EXPECT_EQ(out[68], 0x0f);
  auto back = Fr32Unpad(out, in.size());
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  EXPECT_EQ(*back, in);
}

TEST(Fr32, RoundTrip1016AndOddLengths) {
  std::mt19937_64 rng(11);
  std::vector<uint8_t> data(1016);
  for (auto &x : data) x = uint8_t(rng());
  auto padded = Fr32Pad(data);
  ASSERT_EQ(padded.size(), 1024u);
  for (size_t i = 0; i < padded.size(); i += 32) EXPECT_EQ(padded[i + 31] & 0xc0, 0);
  auto back = Fr32Unpad(padded);
  ASSERT_TRUE(back.HasValue());
  EXPECT_EQ(*back, data);
  // the sub-range (0, 44) of padding.rs
  auto sub = Fr32Unpad(Fr32Pad(std::span<const uint8_t>(data).first(44)), 44);
  ASSERT_TRUE(sub.HasValue());
  EXPECT_EQ(*sub, std::vector<uint8_t>(data.begin(), data.begin() + 44));
  for (size_t n : {0, 1, 31, 32, 33, 63, 64, 126, 128, 254, 255, 500}) {
    auto r = Fr32Unpad(Fr32Pad(std::span<const uint8_t>(data).first(n)), n);
    ASSERT_TRUE(r.HasValue()) << n;
    EXPECT_EQ(*r, std::vector<uint8_t>(data.begin(), data.begin() + n)) << n;
  }
}

TEST(Fr32, BadInputIsAnError) {
  std::vector<uint8_t> out(100);
  auto s = Fr32PadInto(std::vector<uint8_t>(127), out);
  ASSERT_FALSE(s.IsOk());
  EXPECT_EQ(s.Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_FALSE(Fr32Unpad(std::vector<uint8_t>(100)).HasValue());
  EXPECT_FALSE(Fr32Unpad(std::vector<uint8_t>(128), 200).HasValue());
  std::vector<uint8_t> bad(128, 0);
  bad[63] = 0x40; // a top bit set: not fr32 output
  auto r = Fr32Unpad(bad);
  ASSERT_FALSE(r.HasValue());
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kNonCanonical);
}

TEST(Fr32, LargeInputsMatchChunkwisePadding) {
  // 127 bytes are exactly 4 nodes, so padding is chunk-local: a large (parallel) pad must equal the
  // concatenation of 127-byte pads, and unpad must undo it
  std::mt19937_64 rng(17);
  std::vector<uint8_t> data(127 * 8192);
  for (auto &x : data) x = uint8_t(rng());
  auto padded = Fr32Pad(data);
  ASSERT_EQ(padded.size(), 128u * 8192);
  for (size_t c = 0; c < 8192; c += 611) {
    auto chunk = Fr32Pad(std::span<const uint8_t>(data).subspan(127 * c, 127));
    EXPECT_TRUE(std::equal(chunk.begin(), chunk.end(), padded.begin() + 128 * c)) << "chunk " << c;
  }
  auto back = Fr32Unpad(padded);
  ASSERT_TRUE(back.HasValue());
  EXPECT_EQ(*back, data);
}
