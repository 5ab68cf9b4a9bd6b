// tests/common/bytes.hpp — byte-string helpers shared by the test suites (known answers are
// written as hex in the specs): text as bytes, bytes as lower-case hex, hex back to bytes,
// seeded pseudo-random bytes, and fixed 32-byte values (tickets, seeds, randomness).
#pragma once
#include "base/hex.hpp"

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace cuzk::test {

inline std::span<const uint8_t> Bytes(const std::string &s) {
  return {reinterpret_cast<const uint8_t *>(s.data()), s.size()};
}

using base::Hex;

//! even-length hex without prefix; test vectors only (no validation beyond std::stoi's)
inline std::vector<uint8_t> FromHex(const std::string &s) {
  std::vector<uint8_t> out(s.size() / 2);
  for (size_t i = 0; i < out.size(); i++) out[i] = uint8_t(std::stoi(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

//! n bytes of Engine(seed), one byte from each draw: a sector's payload, the same on every run
template <class Engine = std::mt19937> std::vector<uint8_t> SeededBytes(size_t n, uint64_t seed) {
  Engine rng(seed);
  std::vector<uint8_t> v(n);
  for (auto &b : v) b = uint8_t(rng());
  return v;
}

//! the 32 bytes step·i + offset (mod 256), i = 0..31: a fixed value whose bytes differ
inline std::array<uint8_t, 32> StepBytes32(uint64_t step, uint64_t offset) {
  std::array<uint8_t, 32> d{};
  for (size_t i = 0; i < 32; i++) d[i] = uint8_t(step * i + offset);
  return d;
}

//! StepBytes32 without the top two bits of its last byte: below 2^254 < r, so a canonical Fr in
//! little-endian, as a ticket, an interactive seed and a PoSt randomness must be
inline std::array<uint8_t, 32> StepFr32(uint64_t step, uint64_t offset) {
  std::array<uint8_t, 32> d = StepBytes32(step, offset);
  d[31] &= 0x3f;
  return d;
}

} // namespace cuzk::test
