// src/filecoin/snap/snap_circuit_gadgets.hpp — the gadgets of the SnapDeals circuit (rust-fil-proofs
// storage-proofs-update gadgets.rs; spec/post-snap-poseidon.md §4.5), each in upstream's
// allocation and constraint order. filecoin/snap/snap_circuit.hpp composes them; they are public so
// that their counts can be tested on their own (gadgets.rs tests: gen_challenge_bits 568 per
// digest, apex_por 317,654 for 8 apex leaves and no partition bits).
#pragma once
#include "filecoin/core/snap_config.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"

#include <array>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

//! P2_GEN(a, b) in-circuit: Poseidon arity 2 with the tag 2^40 (phi, rho and the challenge
//! digests, §4.2/§4.3); 311 constraints.
gadgets::AllocatedNum SnapGenRandomnessCircuit(r1cs::ConstraintSystem &cs, const gadgets::AllocatedNum &a,
                                               const gadgets::AllocatedNum &b);

//! (Σ 2^i·bits[i])·1 = num, named `name`: the decomposition constraint of le_bits and of
//! k_and_h_select's bits.
void SnapEnforceBinaryDecomposition(r1cs::ConstraintSystem &cs, std::string_view name,
                                    std::span<const gadgets::AllocatedBit> bits, const gadgets::AllocatedNum &num);

//! le_bits (allocated_num_to_allocated_bits): 255 bits of num, least significant first, each
//! boolean-constrained, then SnapEnforceBinaryDecomposition (256 constraints). Unlike
//! AllocatedNum::ToBitsLe's 0·0 = Σ − x form.
std::vector<gadgets::AllocatedBit> SnapNumToAllocatedBits(r1cs::ConstraintSystem &cs, const gadgets::AllocatedNum &num);

//! apex_por: the apex tree over apex_leafs (a power of two of them), built row by row left to
//! right with the SHA-256 trunc254 node (45,379 constraints each), then its root's tree_d path
//! (partition_path, one sibling per level, indexed by partition_bits) to comm_d:
//! (leaves − 1)·45,379 + |partition_bits|·(2 + 45,379) + 1 constraints.
void SnapApexPor(r1cs::ConstraintSystem &cs, std::span<const gadgets::AllocatedNum> apex_leafs,
                 std::span<const gadgets::AllocatedBit> partition_bits,
                 std::span<const std::vector<gadgets::AllocatedNum>> partition_path,
                 const gadgets::AllocatedNum &comm_d);

//! gen_challenge_bits: per digest j < config.DigestsPerPartition(), digest_index = dpp·partition +
//! j (1 constraint), digest = P2_GEN(comm_r_new, digest_index) (311), its 255 bits (256): 568 per
//! digest. Returns config.challenge_count chunks of config.ChallengeRandomBits() bits, LSB first,
//! taken in order from the digests (the last digest may supply fewer), as challenges.rs draws them.
std::vector<std::vector<gadgets::AllocatedBit>> SnapGenChallengeBits(r1cs::ConstraintSystem &cs,
                                                                     const gadgets::AllocatedNum &comm_r_new,
                                                                     const gadgets::AllocatedNum &partition,
                                                                     const SnapConfig &config);

//! get_challenge_high_bits: for each hs[k], the top hs[k] bits of c_bits packed (1) and multiplied
//! by h_select_bits[k] (1); their sum allocated and constrained (1): 13 constraints. With exactly
//! one h_select bit set this is c >> (|c_bits| − h).
gadgets::AllocatedNum SnapChallengeHighBits(r1cs::ConstraintSystem &cs, std::span<const gadgets::AllocatedBit> c_bits,
                                            std::span<const gadgets::AllocatedBit> h_select_bits,
                                            const std::array<size_t, 6> &hs);

//! label_r_new: prod = leaf_d_new·rho (1), leaf_r_new allocated, (leaf_r_old + prod)·1 = leaf_r_new (1).
gadgets::AllocatedNum SnapLabelRNew(r1cs::ConstraintSystem &cs, const gadgets::AllocatedNum &leaf_r_old,
                                    const gadgets::AllocatedNum &leaf_d_new, const gadgets::AllocatedNum &rho);

} // namespace cuzk::filecoin
