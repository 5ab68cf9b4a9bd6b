// tests/common/bytes.hpp — byte-string helpers shared by the test suites (known answers are
// written as hex in the specs): text as bytes, bytes as lower-case hex, hex back to bytes, and
// seeded pseudo-random bytes.
#pragma once
#include "base/hex.hpp"

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

//! n bytes of std::mt19937(seed): a sector's payload, the same on every run
inline std::vector<uint8_t> SeededBytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (auto &b : v) b = uint8_t(rng());
  return v;
}

} // namespace cuzk::test
