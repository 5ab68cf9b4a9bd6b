// src/base/echo.cpp
#include "base/echo.hpp"

#include <cstdint>

namespace cuzk::base {
namespace {

// Length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629 §4: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
size_t Utf8Length(std::string_view s, size_t i) {
  const auto at = [&](size_t k) { return uint8_t(s[k]); };
  const uint8_t b = at(i);
  size_t n = 0;
  uint8_t lo = 0x80, hi = 0xbf; // the range of the second byte
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b == 0xe0) lo = 0xa0;
    if (b == 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b == 0xf0) lo = 0x90;
    if (b == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (at(i + 1) < lo || at(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; k++)
    if (at(i + k) < 0x80 || at(i + k) > 0xbf) return 0;
  return n;
}

void Hex(std::string &out, uint8_t b) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  out += "\\x";
  out += DIGITS[b >> 4];
  out += DIGITS[b & 15];
}

} // namespace

std::string Echo(std::string_view text, size_t max_bytes) {
  std::string out;
  out.reserve(text.size() < max_bytes ? text.size() : max_bytes);
  size_t i = 0;
  while (i < text.size()) {
    const uint8_t b = uint8_t(text[i]);
    size_t n = 1;
    if (b >= 0x80) n = Utf8Length(text, i);
    if (i + (n ? n : 1) > max_bytes) break;
    if (b == '\n') {
      out += "\\n";
    } else if (b == '\r') {
      out += "\\r";
    } else if (b == '\t') {
      out += "\\t";
    } else if (b < 0x20 || b == 0x7f || n == 0) {
      Hex(out, b);
      n = 1;
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
  }
  if (i < text.size()) out += "…[" + std::to_string(text.size() - i) + " more bytes]";
  return out;
}

} // namespace cuzk::base
