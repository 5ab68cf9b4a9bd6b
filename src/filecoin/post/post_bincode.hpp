// src/filecoin/post/post_bincode.hpp — bincode v1 of the PoSt vanilla proof types, byte-exact with
// serde's derive of the Rust structs (spec/post-snap-poseidon.md §3.5):
//   MerkleProof   = u32 tag (Single 0 / Sub 1 / Top 2), then
//                   Single { root, leaf, path } | Sub { base_proof, sub_proof, root, leaf }
//                   | Top { base_proof, sub_proof, top_proof, root, leaf }
//   InclusionPath = Vec<PathElement>;  PathElement = { hashes: Vec<[u8;32]>, index: u64 }
//   SectorProof   = { inclusion_proofs: Vec<MerkleProof>, comm_c, comm_r_last }
//   FallbackPoStSectorProof = { sector_id: u64, comm_r, vanilla_proof: { sectors: Vec<SectorProof> } }
// A 32GiB (8-8-0, Sub) inclusion proof is 2,484 bytes. Decoding takes the expected shape (from the
// sector size) and checks every tag, length, index and field element against it before use.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/bincode.hpp"
#include "filecoin/merkle/merkle_bincode.hpp"
#include "filecoin/merkle/merkle_proof_ops.hpp"
#include "filecoin/post/post_vanilla.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

//! bincode of one FallbackPoStSectorProof (what Curio sends per sector).
std::vector<uint8_t> EncodeFallbackPoStSectorProof(const FallbackPoStSectorProof &proof);
//! Decodes one FallbackPoStSectorProof for `config`: one SectorProof of config.challenge_count
//! inclusion proofs of the config's tree shape, and nothing after it.
Expected<FallbackPoStSectorProof> DecodeFallbackPoStSectorProof(std::span<const uint8_t> bytes,
                                                                const PoStConfig &config);

//! The serde_json form (serde_json::to_string: no whitespace, serde field order, the enum
//! externally tagged as {"Single":{…}}, each 32-byte value an array of 32 numbers).
std::string FallbackPoStSectorProofToJson(const FallbackPoStSectorProof &proof);
//! Parses that JSON (keys in any order, unknown keys ignored, as serde_json does) and checks the
//! result against config's shape like DecodeFallbackPoStSectorProof. Errors name the JSON path.
Expected<FallbackPoStSectorProof> FallbackPoStSectorProofFromJson(std::string_view json, const PoStConfig &config);

} // namespace cuzk::filecoin
