// src/filecoin/merkle/merkle_bincode.hpp — bincode v1 of MerkleProof, byte-exact with serde's derive
// of the Rust enum (spec/post-snap-poseidon.md §3.5), as PoSt and SnapDeals vanilla proofs carry it:
//   MerkleProof   = u32 tag (Single 0 / Sub 1 / Top 2), then
//                   Single { root, leaf, path } | Sub { base_proof, sub_proof, root, leaf }
//                   | Top { base_proof, sub_proof, top_proof, root, leaf }
//   InclusionPath = Vec<PathElement>;  PathElement = { hashes: Vec<[u8;32]>, index: u64 }
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/bincode.hpp"
#include "filecoin/merkle/merkle_proof.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"

#include <string_view>

namespace cuzk::filecoin {

void WriteMerkleProof(BincodeWriter &w, const MerkleProof &proof);
//! Reads one MerkleProof of exactly `shape`: kInvalidArgument for a wrong tag or index ≥ arity,
//! kBadLength for wrong Vec lengths or truncation, kNonCanonical for a 32-byte value ≥ r. Errors
//! start with `what`.
Expected<MerkleProof> ReadMerkleProof(BincodeReader &r, const MerkleProofShape &shape, std::string_view what);
//! Reads one 32-byte domain element: kNonCanonical (naming `what`) for a value ≥ r.
Expected<Domain32> ReadDomain32(BincodeReader &r, std::string_view what);

} // namespace cuzk::filecoin
