// src/groth16/snarkjs_json.hpp — vk.json, proof.json and public.json as snarkjs reads them.
//
// spec/oracles.md §1: decimal strings of canonical integers; G1 = [x, y, "1"], G2 =
// [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]] (c0 first, unlike the ZCash bytes); infinity
// ["0", "1", "0"]. vk.json carries vk_alphabeta_12 = e(α, β) as [[Fp2 × 3], [Fp2 × 3]]. Public
// signals are our inputs after ONE, in order. Used to have our proofs checked by
// `snarkjs groth16 verify` (tests/oracle).
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"

#include <span>
#include <string>

namespace cuzk::groth16 {

std::string SnarkjsVerifyingKeyJson(const VerifyingKey &vk);
std::string SnarkjsProofJson(const Proof &proof);
std::string SnarkjsPublicJson(std::span<const Fr> public_inputs);

//! writes dir/vk.json, dir/proof.json, dir/public.json (dir must exist)
Status WriteSnarkjsFiles(const std::string &dir, const VerifyingKey &vk, const Proof &proof,
                         std::span<const Fr> public_inputs);

//! a canonical limb value in decimal (exposed for tests)
template <size_t N> std::string ToDecimal(const ff::Limbs<N> &v);

} // namespace cuzk::groth16
