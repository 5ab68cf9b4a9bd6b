// tests/fuzz/pce_checksum.hpp — rewrites the checksum of a .pce file's bytes, so that the pce target
// reaches the header, section and structure checks behind it (a mutated file almost never carries a
// matching SHA-256). The checksum guards against corruption, not against a writer that means harm:
// anyone who can write the file can compute it, so what it guards must hold without it.
//
// The header layout is src/pce/pce_file.cpp's (private there): the seed writer (tests/fuzz/seeds.cpp)
// checks that this function leaves a file written by pce::Save unchanged, so a layout change shows up
// there instead of silently leaving the fuzzer in front of the checksum.
#pragma once
#include <openssl/evp.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace cuzk::fuzz {

inline constexpr size_t PCE_HEADER_BYTES = 4096;   //!< pce::FILE_HEADER_BYTES
inline constexpr size_t PCE_HEADER_STRUCT = 904;   //!< sizeof(Header): the bytes the checksum covers
inline constexpr size_t PCE_CHECKSUM_AT = 872;     //!< offsetof(Header, checksum)
inline constexpr size_t PCE_PAYLOAD_BYTES_AT = 40; //!< offsetof(Header, payload_bytes)
inline constexpr size_t PCE_KEY_LENGTH_AT = 48;    //!< offsetof(Header, shape_key_length)
inline constexpr size_t PCE_KEY_AT = 56;           //!< offsetof(Header, shape_key)
inline constexpr size_t PCE_SECTIONS_AT = 568;     //!< offsetof(Header, sections): {offset, bytes} u64 pairs
inline constexpr uint64_t PCE_CHUNK = uint64_t(64) << 20;

inline void Sha256(const uint8_t *data, size_t n, uint8_t out[32]) {
  unsigned len = 0;
  EVP_Digest(data, n, out, &len, EVP_sha256(), nullptr);
}

//! SHA-256 over the header (checksum zeroed) and the digests of the payload's 64 MiB chunks, for as
//! many payload bytes as the header claims (when the file has that many; otherwise Load refuses it
//! before looking at the checksum, and the bytes are left as they are).
inline void FixPceChecksum(std::vector<uint8_t> &file) {
  if (file.size() < PCE_HEADER_BYTES) return;
  uint64_t payload = 0;
  std::memcpy(&payload, file.data() + PCE_PAYLOAD_BYTES_AT, sizeof(payload));
  if (payload != file.size() - PCE_HEADER_BYTES) return;
  std::vector<uint8_t> hashed(file.begin(), file.begin() + PCE_HEADER_STRUCT);
  std::fill(hashed.begin() + PCE_CHECKSUM_AT, hashed.begin() + PCE_CHECKSUM_AT + 32, 0);
  for (uint64_t at = 0; at < payload; at += PCE_CHUNK) {
    uint8_t digest[32];
    Sha256(file.data() + PCE_HEADER_BYTES + at, std::min(PCE_CHUNK, payload - at), digest);
    hashed.insert(hashed.end(), digest, digest + 32);
  }
  Sha256(hashed.data(), hashed.size(), file.data() + PCE_CHECKSUM_AT);
}

} // namespace cuzk::fuzz
