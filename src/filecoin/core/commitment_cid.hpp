// src/filecoin/core/commitment_cid.hpp — Filecoin commitment CIDs (spec/oracles.md §3): CIDv1 ‖
// varint codec ‖ varint multihash code ‖ varint 32 ‖ the 32 commitment bytes, written in
// multibase base32 (lower case, no padding, prefix 'b').
//   comm_d / commP: codec fil-commitment-unsealed 0xf101, multihash sha2-256-trunc254-padded 0x1012 → "baga6ea4sea…"
//   comm_r:         codec fil-commitment-sealed 0xf102, multihash poseidon-bls12_381-a2-fc1 0xb401 → "bagboea4b5abc…"
#pragma once
#include "base/expected.hpp"
#include "hash/sha256.hpp"

#include <string>
#include <string_view>

namespace cuzk::filecoin {

using hash::Digest32;

enum class CommitmentKind {
  kUnsealed, //!< comm_d / commP
  kSealed,   //!< comm_r
};

struct Commitment {
  CommitmentKind kind;
  Digest32 digest; //!< the commitment bytes as stored (little-endian Fr repr)
};

//! The CID string of a commitment.
std::string CommitmentToCid(const Commitment &c);
//! Parses a CID string; kInvalidArgument with the reason for anything that is not a base32 CIDv1 of
//! one of the two commitment codecs with its matching 32-byte multihash.
Expected<Commitment> CommitmentFromCid(std::string_view cid);

} // namespace cuzk::filecoin
