// src/hash/poseidon.hpp — neptune-compatible Poseidon hashing over BLS12-381 Fr
// (Strength::Standard; spec/post-snap-poseidon.md §2).
//
// A hash of arity a runs the width-(a+1) permutation on [tag, x_1, …, x_a] and returns element 1.
// The tag is neptune's domain separation (§2.4). Two permutations are provided and give
// identical results: the plain one of the Poseidon paper (the reference) and the optimised one
// (compressed constants, sparse partial-round matrices), which is what hashing uses and what the
// Filecoin circuit encodes.
#pragma once
#include "base/expected.hpp"
#include "hash/poseidon_constants.hpp"
#include "hash/sha256.hpp"

#include <cstdint>
#include <span>

namespace cuzk::hash {

// ---- domain tags (state[0]) -----------------------------------------------------------------------

//! HashType::MerkleTree: 2^arity − 1 (used for every Filecoin tree and column hash).
Fr MerkleTreeTag(size_t arity);
//! HashType::ConstantLength(length): length·2^64.
Fr ConstantLengthTag(uint64_t length);
//! HashType::Custom(Arbitrary(id)), id in 1..256: id·2^40; kInvalidArgument otherwise.
Expected<Fr> CustomTag(uint64_t id);
//! SnapDeals' HASH_TYPE_GEN_RANDOMNESS = Custom(Arbitrary(1)), tag 2^40 (spec §2.4), used with arity 2.
Fr SnapDealsGenRandomnessTag();

// ---- permutations (state.size() must equal c.width; checked by assert) ----------------------------

//! The plain permutation (§2.5): the reference the optimised form is tested against.
void PoseidonPermutePlain(const PoseidonConstants &c, std::span<Fr> state);
//! The optimised permutation (§2.6). Allocation-free.
void PoseidonPermute(const PoseidonConstants &c, std::span<Fr> state);

// ---- hashing --------------------------------------------------------------------------------------

//! Hot-path hash with constants already looked up: preimage.size() must equal c.arity (asserted).
Fr PoseidonHashWith(const PoseidonConstants &c, std::span<const Fr> preimage, const Fr &tag);

//! Hash of preimage (arity = preimage.size()) under an explicit tag.
Expected<Fr> PoseidonHash(std::span<const Fr> preimage, const Fr &tag);
//! Hash with the MerkleTree tag: a Filecoin tree node or column hash.
Expected<Fr> PoseidonHashMerkle(std::span<const Fr> preimage);
//! ConstantLength(input.size()) hash with an arity-`arity` permutation: one permutation with
//! zero padding when the input fits, otherwise neptune's simplex sponge (each block of `arity`
//! inputs is added into elements 1..arity, then the state is permuted). Empty input is an error.
Expected<Fr> PoseidonHashConstantLength(size_t arity, std::span<const Fr> input);
//! filecoin-hashers' hash_md (arity 36, MerkleTree tag): acc = input[0], then acc = H(acc ‖ next
//! 35 inputs) with zero padding of the last chunk. Needs at least two inputs.
Expected<Fr> PoseidonHashMd(std::span<const Fr> input);

//! Byte-level MerkleTree hash: `preimage` holds arity little-endian 32-byte Fr reprs
//! (kBadLength if its size is not 32·arity for a supported arity, kNonCanonical for a value ≥ r).
Expected<Digest32> PoseidonHashBytes(std::span<const uint8_t> preimage);

//! Tree-building batch: out[i] = MerkleTree hash of preimages[arity·i, arity·(i+1)), computed in
//! parallel with TBB. kBadArity or kBadLength (preimages.size() != arity·out.size()) on bad input.
Status PoseidonHashBatch(size_t arity, std::span<const Fr> preimages, std::span<Fr> out);

//! Fr from a 32-byte little-endian repr; kBadLength / kNonCanonical with a clear message.
Expected<Fr> FrFromBytesLE(std::span<const uint8_t> bytes);
//! The 32-byte little-endian repr of an Fr.
Digest32 FrToBytesLE(const Fr &x);

} // namespace cuzk::hash
