// src/hash/blake2b.hpp — BLAKE2b (RFC 7693) through OpenSSL EVP.
//
// Filecoin uses BLAKE2b-512 unkeyed (the Feistel round function of the expander graph, the
// .params digests) and BLAKE2b with a key and a 32-byte output (synthetic PoRep challenge keys,
// spec/porep.md §2.2). OpenSSL 3.0 serves the first as the "BLAKE2B-512" digest and the second
// as the "BLAKE2BMAC" MAC; unkeyed digests shorter than 64 bytes (BLAKE2b-256) have no OpenSSL
// route and use a portable RFC 7693 implementation instead. Note that BLAKE2b-256 is not a
// truncated BLAKE2b-512: the output length is part of the parameter block.
#pragma once
#include "base/expected.hpp"
#include "hash/sha256.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <span>

namespace cuzk::hash {

using Digest64 = std::array<uint8_t, 64>;

inline constexpr size_t BLAKE2B_MAX_OUT = 64;
inline constexpr size_t BLAKE2B_MAX_KEY = 64;

//! Unkeyed BLAKE2b with a 64-byte output.
Digest64 Blake2b512(std::span<const uint8_t> data);

//! Unkeyed BLAKE2b with a 32-byte output.
Digest32 Blake2b256(std::span<const uint8_t> data);

//! BLAKE2b with output length out.size() (1..64) and an optional key (0..64 bytes).
Status Blake2b(std::span<const uint8_t> key, std::span<const uint8_t> data, std::span<uint8_t> out);

//! Incremental BLAKE2b with any output length and key. Finalize() may be called once.
class Blake2bHasher {
public:
  //! fails with kInvalidArgument when out_len is not in 1..64 or the key is longer than 64 bytes
  static Expected<Blake2bHasher> Create(size_t out_len, std::span<const uint8_t> key = {});

  Blake2bHasher(Blake2bHasher &&) noexcept;
  Blake2bHasher &operator=(Blake2bHasher &&) noexcept;
  ~Blake2bHasher();

  Blake2bHasher &Update(std::span<const uint8_t> data);
  //! out.size() must equal OutLen() (kBadLength otherwise)
  Status Finalize(std::span<uint8_t> out);
  size_t OutLen() const { return out_len_; }

private:
  struct Backend;
  explicit Blake2bHasher(size_t out_len, std::unique_ptr<Backend> backend);
  size_t out_len_;
  std::unique_ptr<Backend> backend_;
};

} // namespace cuzk::hash
