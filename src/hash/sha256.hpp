// src/hash/sha256.hpp — SHA-256 through OpenSSL (which uses SHA-NI where the CPU has it), and
// Filecoin's "trunc254" node hash.
//
// Filecoin trims every SHA-256 output used as a field element: out[31] &= 0x3f clears the two
// most significant bits of the little-endian integer so that it fits in Fr
// (spec/post-snap-poseidon.md §1.1, filecoin-hashers sha256.rs). A Merkle node of tree_d / commP
// is trunc254(SHA256(left ‖ right)) over the children's 32-byte representations.
#pragma once
#include "base/expected.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

struct evp_md_ctx_st; // OpenSSL's EVP_MD_CTX, kept out of this header

namespace cuzk::hash {

using Digest32 = std::array<uint8_t, 32>;

//! SHA-256 of data (FIPS 180-4).
Digest32 Sha256(std::span<const uint8_t> data);

//! Clears the top two bits of the little-endian 256-bit integer (byte 31 &= 0x3f).
inline void TrimToFr(Digest32 &d) { d[31] &= 0x3f; }

//! trunc254(SHA256(data)).
Digest32 Sha256Trunc254(std::span<const uint8_t> data);

//! The Filecoin SHA-256 Merkle node: trunc254(SHA256(left ‖ right)).
Digest32 Sha256Node(const Digest32 &left, const Digest32 &right);

//! Hashes n nodes in parallel (TBB): children holds n pairs left ‖ right (64·n bytes), out gets
//! the n 32-byte nodes. Fails with kBadLength unless children.size() == 2·out.size() and
//! out.size() is a multiple of 32.
Status Sha256NodeBatch(std::span<const uint8_t> children, std::span<uint8_t> out);

//! Incremental SHA-256. Movable, not copyable; Finalize() returns the digest and resets the
//! hasher so it can be reused.
class Sha256Hasher {
public:
  Sha256Hasher();

  Sha256Hasher &Update(std::span<const uint8_t> data);
  Digest32 Finalize();
  void Reset();

private:
  struct CtxFree {
    void operator()(evp_md_ctx_st *ctx) const;
  };
  std::unique_ptr<evp_md_ctx_st, CtxFree> ctx_;
};

} // namespace cuzk::hash
