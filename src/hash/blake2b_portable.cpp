// src/hash/blake2b_portable.cpp — BLAKE2b compression and padding per RFC 7693 §3.
#include "hash/blake2b_portable.hpp"

#include <algorithm>
#include <cstring>

namespace cuzk::hash::detail {

namespace {

// RFC 7693 §2.6: the initialisation vector is SHA-512's (fractional parts of √2, √3, ..., √19).
constexpr std::array<uint64_t, 8> IV = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                        0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                        0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

// RFC 7693 §2.7: message word schedule per round (round i uses row i mod 10).
constexpr uint8_t SIGMA[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

constexpr uint64_t Rotr(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

// RFC 7693 §3.1, the mixing function G with rotation constants (32, 24, 16, 63).
inline void G(uint64_t *v, int a, int b, int c, int d, uint64_t x, uint64_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = Rotr(v[d] ^ v[a], 32);
  v[c] = v[c] + v[d];
  v[b] = Rotr(v[b] ^ v[c], 24);
  v[a] = v[a] + v[b] + y;
  v[d] = Rotr(v[d] ^ v[a], 16);
  v[c] = v[c] + v[d];
  v[b] = Rotr(v[b] ^ v[c], 63);
}

uint64_t LoadLE64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
  return v;
}

} // namespace

Blake2bState::Blake2bState(size_t out_len, std::span<const uint8_t> key) : out_len_(out_len) {
  h_ = IV;
  // parameter block word 0: digest length, key length, fanout 1, depth 1 (sequential mode)
  h_[0] ^= 0x01010000ull ^ (uint64_t(key.size()) << 8) ^ uint64_t(out_len);
  if (!key.empty()) {
    // a key is absorbed as a whole first block, zero padded
    std::copy(key.begin(), key.end(), block_.begin());
    fill_ = 128;
  }
}

void Blake2bState::Compress(bool last) {
  uint64_t m[16];
  for (size_t i = 0; i < 16; i++) m[i] = LoadLE64(block_.data() + 8 * i);
  uint64_t v[16];
  for (int i = 0; i < 8; i++) {
    v[i] = h_[i];
    v[i + 8] = IV[i];
  }
  v[12] ^= count_lo_;
  v[13] ^= count_hi_;
  if (last) v[14] = ~v[14];
  for (int r = 0; r < 12; r++) {
    const uint8_t *s = SIGMA[r % 10];
    G(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    G(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    G(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    G(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    G(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    G(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    G(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    G(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (int i = 0; i < 8; i++) h_[i] ^= v[i] ^ v[i + 8];
}

void Blake2bState::Update(std::span<const uint8_t> data) {
  size_t pos = 0;
  while (pos < data.size()) {
    // The last block must be compressed with the final flag, so a full buffer is only
    // compressed once more input is known to follow.
    if (fill_ == 128) {
      count_lo_ += 128;
      if (count_lo_ < 128) count_hi_++;
      Compress(false);
      fill_ = 0;
    }
    const size_t take = std::min(128 - fill_, data.size() - pos);
    std::memcpy(block_.data() + fill_, data.data() + pos, take);
    fill_ += take;
    pos += take;
  }
}

void Blake2bState::Final(uint8_t *out) {
  count_lo_ += fill_;
  if (count_lo_ < fill_) count_hi_++;
  std::fill(block_.begin() + fill_, block_.end(), 0);
  Compress(true);
  for (size_t i = 0; i < out_len_; i++) out[i] = uint8_t(h_[i / 8] >> (8 * (i % 8)));
}

} // namespace cuzk::hash::detail
