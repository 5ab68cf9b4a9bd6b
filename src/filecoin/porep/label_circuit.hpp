// src/filecoin/porep/label_circuit.hpp — the SDR label in a circuit (spec/porep.md §3.4,
// storage-proofs-porep stacked/circuit/create_label.rs and the labelling step of
// circuit/params.rs), constraint-exact with rust-fil-proofs.
//
// The label gadget hashes, with the bellperson SHA-256 gadget, the bits of
//   replica_id (256) ‖ layer (u32 BE) ‖ node (u64 BE) ‖ zeros to 512 ‖ 37 parents × 256
// (9,984 bits: 19 full blocks and a last one with 256 message bits and the padding) and packs
// the first 254 bits of the digest, read as a little-endian integer, into one number: the label
// of filecoin/porep/labels.hpp's ComputeLabel. Constant bits (the layer, zero padding, the top bit of
// each parent) cost nothing, so the count depends on which bits are allocated: 532,025 for
// upstream's test (every id and parent bit allocated, layer and node constant), 522,269 for the
// hash and pack alone inside the PoRep circuit.
#pragma once
#include "filecoin/porep/labels.hpp"
#include "gadgets/num.hpp"
#include "gadgets/uint32.hpp"
#include "gadgets/uint64.hpp"

#include <span>
#include <vector>

namespace cuzk::filecoin {

//! The label of one node: SHA-256 gadget over the buffer above, then pack_bits of the first 254
//! digest bits after reverse_bit_numbering. replica_id has 32..256 bits (padded with constant
//! false to 256); each of the 37 parents at most 256 bits (padded to 256 likewise).
gadgets::AllocatedNum CreateLabelCircuit(r1cs::ConstraintSystem &cs, std::span<const gadgets::Boolean> replica_id,
                                         std::span<const std::vector<gadgets::Boolean>> parents,
                                         const gadgets::UInt32 &layer_index, const gadgets::UInt64 &node);

//! The 37 parents a label hashes, from the layer's own parents: layer 1 has the 6 DRG parents,
//! cycled six times plus the first; later layers 6 DRG + 8 expander parents, all twice plus the
//! first 9 (vanilla create_label's cycling, mirrored in the circuit).
std::vector<std::vector<gadgets::Boolean>>
ExpandLabelParents(const std::vector<std::vector<gadgets::Boolean>> &parents);

//! A parent value as label-hash input: reverse_bit_numbering(to_bits_le(value)) — 255 allocated
//! bits plus a constant false at the top of byte 31, in the byte order of its 32-byte LE repr
//! (256 constraints).
std::vector<gadgets::Boolean> LabelParentBits(r1cs::ConstraintSystem &cs, const gadgets::AllocatedNum &value);

//! One layer of the PoRep circuit's labelling (circuit/params.rs): the bits of each DRG parent's
//! value (namespaces "drg_parent_i_bits"), then for layer ≥ 2 each expander parent's
//! ("exp_parent_i_bits", i counting on from 6), expansion to 37, and CreateLabelCircuit
//! (namespace "create_label"). drg_values holds the 6 DRG parents' labels of this layer,
//! exp_values the 8 expander parents' labels of the previous layer (empty for layer 1).
gadgets::AllocatedNum LayerLabelCircuit(r1cs::ConstraintSystem &cs, std::span<const gadgets::Boolean> replica_id,
                                        std::span<const gadgets::AllocatedNum> drg_values,
                                        std::span<const gadgets::AllocatedNum> exp_values, uint32_t layer,
                                        const gadgets::UInt64 &challenge);

} // namespace cuzk::filecoin
