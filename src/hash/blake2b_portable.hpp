// src/hash/blake2b_portable.hpp — internal: BLAKE2b written from RFC 7693.
//
// OpenSSL 3.0 offers BLAKE2b only as the fixed 64-byte digest and as a MAC that insists on a
// non-empty key, so unkeyed digests of other lengths (BLAKE2b-256) have no EVP route. This
// portable implementation fills that gap; the tests cross-check it against OpenSSL on every
// (key, length) combination OpenSSL does support.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::hash::detail {

class Blake2bState {
public:
  //! out_len in 1..64 and key.size() in 0..64; the caller validates them.
  Blake2bState(size_t out_len, std::span<const uint8_t> key);
  void Update(std::span<const uint8_t> data);
  //! writes out_len bytes to out
  void Final(uint8_t *out);

private:
  void Compress(bool last);

  std::array<uint64_t, 8> h_{};
  std::array<uint8_t, 128> block_{};
  size_t fill_ = 0;       //!< bytes buffered in block_
  uint64_t count_lo_ = 0; //!< bytes compressed so far (RFC 7693's t, low word)
  uint64_t count_hi_ = 0;
  size_t out_len_;
};

} // namespace cuzk::hash::detail
