// src/groth16/proof_encoding.hpp — the 192-byte proof: A ‖ B ‖ C, ZCash compressed (spec/porep.md §6).
//
// Decoding is fully checked (canonical, on the curve, in the subgroup) and, as bellperson's
// Proof::read, rejects the identity in any position: no honest proof has one, and accepting
// it would let a malformed proof reach the pairing.
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"

#include <array>
#include <span>
#include <vector>

namespace cuzk::groth16 {

inline constexpr size_t PROOF_BYTES = 192;

std::array<uint8_t, PROOF_BYTES> EncodeProof(const Proof &proof);
Expected<Proof> DecodeProof(std::span<const uint8_t> bytes);

//! partition proofs concatenated in order (multi-partition seal proofs)
std::vector<uint8_t> EncodeProofs(std::span<const Proof> proofs);
Expected<std::vector<Proof>> DecodeProofs(std::span<const uint8_t> bytes);

} // namespace cuzk::groth16
