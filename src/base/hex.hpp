// src/base/hex.hpp — bytes as lower-case hex: how digests, ids and commitments are written in
// parameter names, cache file names, metadata files and messages.
#pragma once
#include <cstdint>
#include <span>
#include <string>

namespace cuzk::base {

//! two lower-case digits per byte, in order, no prefix
inline std::string Hex(std::span<const uint8_t> bytes) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (uint8_t b : bytes) {
    out.push_back(DIGITS[b >> 4]);
    out.push_back(DIGITS[b & 15]);
  }
  return out;
}

} // namespace cuzk::base
