// src/gadgets/witness_parts.hpp — a parallel witness (filecoin/porep_witness.hpp, post_witness.hpp,
// snap_witness.hpp): independent sub-circuits, each synthesised into one or more WitnessCS parts on
// the caller's oneTBB threads, written where sequential synthesis would put their values.
//
// The sub-circuits (PoRep challenges, PoSt sectors, SnapDeals challenges) come in groups of the same
// shape: group g is parts [g·per_group, (g + 1)·per_group). Group 0 is synthesised first, into parts of
// its own, and its parts' sizes place every other group's: the rest then write straight into the
// witness's storage at their final offsets, in parallel, so every value is written once, by the
// thread that computes it, and no thread zeroes or copies the whole (4.2 GB for a 32 GiB PoRep
// partition). A group whose part writes more or fewer values than group 0's fails with SynthesisError.
//
// A part's variables are numbered as sequential synthesis numbers them in the witness only as far as
// values go: a witness system builds no constraint, so a part may read numbers and bits allocated in
// the system it follows (a prefix), and its own ONE and numbering are never looked at.
#pragma once
#include "gadgets/sha256_witness.hpp"
#include "r1cs/function_ref.hpp"
#include "r1cs/witness_cs.hpp"

#include <cstddef>
#include <exception>
#include <span>
#include <vector>

namespace cuzk::filecoin {

//! Upper bounds for the aux values of group 0's parts (so that they never regrow): a Poseidon hash
//! allocates at most 1,385 values (arity 36); a Poseidon PoR level that plus its index bits, siblings
//! and insertion (under 64); a SHA-256 PoR level two children's bits, two compressions, the packing
//! and the insertion.
inline constexpr size_t POSEIDON_MAX_AUX = 1385;
inline constexpr size_t POR_LEVEL_MAX_AUX = POSEIDON_MAX_AUX + 64;
inline constexpr size_t SHA_POR_LEVEL_MAX_AUX = 2 * 256 + 2 * gadgets::SHA256_COMPRESSION_MAX_AUX + 64;

//! Synthesises `groups` groups of parts after what w holds, as sequential synthesis appends them:
//! group(g, parts) fills the per_group parts of group g, and may run its own parallel loops.
//! max_aux[k] bounds the aux values of part k of a group (group 0's reservation). The error of the
//! lowest-numbered failing group is thrown, as sequential synthesis would meet it.
void SynthesizeGroups(r1cs::WitnessCS &w, size_t groups, std::span<const size_t> max_aux,
                      r1cs::FunctionRef<void(size_t, r1cs::WitnessCS *)> group);

} // namespace cuzk::filecoin
