// src/hash/chacha.cpp — the ChaCha block function and the two keystream front ends.
#include "hash/chacha.hpp"

#include <algorithm>
#include <string>

namespace cuzk::hash {

namespace {

// "expand 32-byte k" as four little-endian words (RFC 7539 §2.3).
constexpr std::array<uint32_t, 4> SIGMA = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};

constexpr uint32_t Rotl(uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

inline void QuarterRound(uint32_t *x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = Rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = Rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = Rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = Rotl(x[b] ^ x[c], 7);
}

uint32_t LoadLE32(const uint8_t *p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

} // namespace

void ChaChaBlock(unsigned rounds, const std::array<uint32_t, 16> &in, std::array<uint32_t, 16> &out) {
  uint32_t x[16];
  std::copy(in.begin(), in.end(), x);
  // each iteration is a "double round": four column quarter rounds, then four diagonal ones
  for (unsigned r = 0; r < rounds; r += 2) {
    QuarterRound(x, 0, 4, 8, 12);
    QuarterRound(x, 1, 5, 9, 13);
    QuarterRound(x, 2, 6, 10, 14);
    QuarterRound(x, 3, 7, 11, 15);
    QuarterRound(x, 0, 5, 10, 15);
    QuarterRound(x, 1, 6, 11, 12);
    QuarterRound(x, 2, 7, 8, 13);
    QuarterRound(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}

// ---- rand_chacha generator ------------------------------------------------------------------

template <unsigned ROUNDS> ChaChaRng<ROUNDS> ChaChaRng<ROUNDS>::FromSeed(std::span<const uint8_t, 32> seed) {
  ChaChaRng rng;
  for (size_t i = 0; i < 8; i++) rng.key_[i] = LoadLE32(seed.data() + 4 * i);
  return rng;
}

template <unsigned ROUNDS> void ChaChaRng<ROUNDS>::Refill() {
  std::array<uint32_t, 16> in;
  std::copy(SIGMA.begin(), SIGMA.end(), in.begin());
  std::copy(key_.begin(), key_.end(), in.begin() + 4);
  in[12] = uint32_t(block_);
  in[13] = uint32_t(block_ >> 32);
  in[14] = uint32_t(stream_);
  in[15] = uint32_t(stream_ >> 32);
  ChaChaBlock(ROUNDS, in, buf_);
  block_++;
  index_ = 0;
}

template <unsigned ROUNDS> uint32_t ChaChaRng<ROUNDS>::NextU32() {
  if (index_ >= 16) Refill();
  return buf_[index_++];
}

template <unsigned ROUNDS> uint64_t ChaChaRng<ROUNDS>::NextU64() {
  const uint64_t lo = NextU32();
  const uint64_t hi = NextU32();
  return (hi << 32) | lo;
}

template <unsigned ROUNDS> void ChaChaRng<ROUNDS>::FillBytes(std::span<uint8_t> out) {
  size_t i = 0;
  while (i < out.size()) {
    const uint32_t w = NextU32();
    for (int b = 0; b < 4 && i < out.size(); b++, i++) out[i] = uint8_t(w >> (8 * b));
  }
}

template <unsigned ROUNDS> void ChaChaRng<ROUNDS>::SetWordPos(uint64_t word) {
  block_ = word / 16;
  index_ = 16;
  if (word % 16 != 0) {
    Refill();
    index_ = unsigned(word % 16);
  }
}

template <unsigned ROUNDS> void ChaChaRng<ROUNDS>::SetStream(uint64_t stream) {
  const uint64_t pos = WordPos();
  stream_ = stream;
  SetWordPos(pos);
}

template class ChaChaRng<8>;
template class ChaChaRng<12>;
template class ChaChaRng<20>;

// ---- RFC 7539 ChaCha20 ------------------------------------------------------------------------

ChaCha20Ietf::ChaCha20Ietf(std::span<const uint8_t, 32> key, std::span<const uint8_t, 12> nonce) {
  std::copy(SIGMA.begin(), SIGMA.end(), state_.begin());
  for (size_t i = 0; i < 8; i++) state_[4 + i] = LoadLE32(key.data() + 4 * i);
  for (size_t i = 0; i < 3; i++) state_[13 + i] = LoadLE32(nonce.data() + 4 * i);
}

Status ChaCha20Ietf::Seek(uint64_t offset) {
  if (offset > KEYSTREAM_BYTES)
    return MakeError(ErrorCode::kInvalidArgument, "ChaCha20: seek to byte " + std::to_string(offset) +
                                                      " is past the end of the 2^38-byte keystream");
  pos_ = offset;
  return Status::Ok();
}

Status ChaCha20Ietf::Keystream(std::span<uint8_t> out) {
  if (out.size() > KEYSTREAM_BYTES - pos_)
    return MakeError(ErrorCode::kInvalidArgument, "ChaCha20: reading " + std::to_string(out.size()) + " bytes at " +
                                                      std::to_string(pos_) + " runs past the end of the keystream");
  std::array<uint32_t, 16> in = state_, block;
  size_t i = 0;
  while (i < out.size()) {
    in[12] = uint32_t(pos_ / 64);
    ChaChaBlock(20, in, block);
    size_t off = pos_ % 64;
    for (; off < 64 && i < out.size(); off++, i++, pos_++) out[i] = uint8_t(block[off / 4] >> (8 * (off % 4)));
  }
  return Status::Ok();
}

Status ChaCha20Ietf::Apply(std::span<uint8_t> data) {
  // checked up front so that a failing call leaves data untouched
  if (data.size() > KEYSTREAM_BYTES - pos_)
    return MakeError(ErrorCode::kInvalidArgument, "ChaCha20: applying " + std::to_string(data.size()) + " bytes at " +
                                                      std::to_string(pos_) + " runs past the end of the keystream");
  uint8_t ks[256];
  for (size_t done = 0; done < data.size();) {
    const size_t n = std::min(sizeof(ks), data.size() - done);
    Status s = Keystream(std::span<uint8_t>(ks, n));
    if (!s) return s;
    for (size_t j = 0; j < n; j++) data[done + j] ^= ks[j];
    done += n;
  }
  return Status::Ok();
}

} // namespace cuzk::hash
