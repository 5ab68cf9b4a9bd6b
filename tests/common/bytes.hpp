// tests/common/bytes.hpp — byte-string helpers shared by the test suites (known answers are
// written as hex in the specs): text as bytes, bytes as lower-case hex, and hex back to bytes.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace cuzk::test {

inline std::span<const uint8_t> Bytes(const std::string &s) {
  return {reinterpret_cast<const uint8_t *>(s.data()), s.size()};
}

inline std::string Hex(std::span<const uint8_t> d) {
  static const char *digits = "0123456789abcdef";
  std::string s;
  for (uint8_t b : d) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

//! even-length hex without prefix; test vectors only (no validation beyond std::stoi's)
inline std::vector<uint8_t> FromHex(const std::string &s) {
  std::vector<uint8_t> out(s.size() / 2);
  for (size_t i = 0; i < out.size(); i++) out[i] = uint8_t(std::stoi(s.substr(2 * i, 2), nullptr, 16));
  return out;
}

} // namespace cuzk::test
