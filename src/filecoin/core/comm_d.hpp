// src/filecoin/core/comm_d.hpp — comm_d / commP: the root of the binary trunc254 SHA-256 tree over the
// 32-byte nodes of an fr32-padded piece (spec/post-snap-poseidon.md §1.1, spec/vectors.md §6.4),
// and the zero commitments Z_i (the root over 2^i zero nodes) used to fill a piece up to a power
// of two.
#pragma once
#include "base/expected.hpp"
#include "hash/sha256.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::filecoin {

using hash::Digest32;

//! Highest zero-commitment level offered: 2^kMaxZeroLevel nodes is far past any sector size.
inline constexpr size_t kMaxZeroLevel = 63;

//! Z_level: Z_0 = 32 zero bytes, Z_{i+1} = trunc254(SHA256(Z_i ‖ Z_i)). kInvalidArgument past kMaxZeroLevel.
Expected<Digest32> ZeroCommitment(size_t level);

//! Root of the tree over padded (already fr32-padded) data: size must be 32·2^k bytes, k ≥ 0
//! (kBadLength otherwise). Levels are hashed in parallel with Sha256NodeBatch.
Expected<Digest32> CommD(std::span<const uint8_t> padded);

//! commP of an unpadded payload, as @web3-storage/data-segment's Piece.fromPayload computes it:
//! payloads under 65 bytes are zero-filled to 65, the payload is fr32-padded, and the padded
//! piece is filled with zero nodes to the next power of two (at least 128 bytes).
struct PieceCommitment {
  Digest32 root;
  uint64_t padded_size; //!< the piece size, 128·2^k bytes
};
PieceCommitment CommP(std::span<const uint8_t> payload);

} // namespace cuzk::filecoin
