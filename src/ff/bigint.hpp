// src/ff/bigint.hpp — fixed-width unsigned integers as little-endian 64-bit limb arrays.
//
// Used for moduli, exponents and canonical (non-Montgomery) values; everything is constexpr
// so that derived constants (R², exponents such as (p−1)/2) are computed by the compiler
// from the modulus alone, never pasted.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::ff {

template <size_t N> using Limbs = std::array<uint64_t, N>;

namespace big {

template <size_t N> constexpr bool IsZero(const Limbs<N> &a) {
  uint64_t acc = 0;
  for (size_t i = 0; i < N; i++) acc |= a[i];
  return acc == 0;
}

//! a < b, variable time (for public values)
template <size_t N> constexpr bool Less(const Limbs<N> &a, const Limbs<N> &b) {
  for (size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

//! r = a + b, returns carry
template <size_t N> constexpr uint64_t Add(Limbs<N> &r, const Limbs<N> &a, const Limbs<N> &b) {
  uint64_t c = 0;
  for (size_t i = 0; i < N; i++) {
    uint64_t s = a[i] + b[i];
    uint64_t c1 = s < a[i];
    r[i] = s + c;
    c = c1 | (r[i] < s);
  }
  return c;
}

//! r = a − b, returns borrow
template <size_t N> constexpr uint64_t Sub(Limbs<N> &r, const Limbs<N> &a, const Limbs<N> &b) {
  uint64_t br = 0;
  for (size_t i = 0; i < N; i++) {
    uint64_t d = a[i] - b[i];
    uint64_t b1 = a[i] < b[i];
    r[i] = d - br;
    br = b1 | (d < br);
  }
  return br;
}

template <size_t N> constexpr Limbs<N> FromU64(uint64_t v) {
  Limbs<N> r{};
  r[0] = v;
  return r;
}

template <size_t N> constexpr Limbs<N> SubSmall(const Limbs<N> &a, uint64_t v) {
  Limbs<N> r{};
  Sub(r, a, FromU64<N>(v));
  return r;
}

template <size_t N> constexpr Limbs<N> AddSmall(const Limbs<N> &a, uint64_t v) {
  Limbs<N> r{};
  Add(r, a, FromU64<N>(v));
  return r;
}

template <size_t N> constexpr Limbs<N> ShiftRight(const Limbs<N> &a, unsigned s) {
  Limbs<N> r{};
  const unsigned w = s / 64, b = s % 64;
  for (size_t i = 0; i + w < N; i++) {
    uint64_t lo = a[i + w] >> b;
    uint64_t hi = (b && i + w + 1 < N) ? a[i + w + 1] << (64 - b) : 0;
    r[i] = lo | hi;
  }
  return r;
}

//! quotient of a by a small divisor (remainder discarded)
template <size_t N> constexpr Limbs<N> DivSmall(const Limbs<N> &a, uint64_t d) {
  Limbs<N> q{};
  unsigned __int128 rem = 0;
  for (size_t i = N; i-- > 0;) {
    unsigned __int128 cur = (rem << 64) | a[i];
    q[i] = uint64_t(cur / d);
    rem = cur % d;
  }
  return q;
}

template <size_t N> constexpr bool Bit(const Limbs<N> &a, size_t i) { return (a[i / 64] >> (i % 64)) & 1; }

template <size_t N> constexpr size_t BitLength(const Limbs<N> &a) {
  for (size_t i = N; i-- > 0;) {
    if (a[i]) return i * 64 + 64 - size_t(__builtin_clzll(a[i]));
  }
  return 0;
}

//! parse a hex string (optionally 0x-prefixed) at compile time
template <size_t N> constexpr Limbs<N> FromHex(const char *s) {
  Limbs<N> r{};
  size_t len = 0;
  while (s[len]) len++;
  size_t start = (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 2 : 0;
  size_t bit = 0;
  for (size_t i = len; i-- > start;) {
    char c = s[i];
    uint64_t v = (c >= '0' && c <= '9')   ? uint64_t(c - '0')
                 : (c >= 'a' && c <= 'f') ? uint64_t(c - 'a' + 10)
                 : (c >= 'A' && c <= 'F') ? uint64_t(c - 'A' + 10)
                                          : 0;
    if (bit / 64 < N) r[bit / 64] |= v << (bit % 64);
    bit += 4;
  }
  return r;
}

} // namespace big
} // namespace cuzk::ff
