// src/filecoin/snap/snap_circuit_parts.hpp — the SnapDeals partition circuit cut where its challenges
// become independent: the prefix (k_and_h_select and its bits, the public commitments, phi, the
// shared private values, the comm_r checks, the apex tree and the challenge bits; spec/post-snap-
// poseidon.md §4.5), then one sub-circuit per challenge that reads only the prefix.
// SynthesizeSnapCircuit is SynthesizeSnapPrefix followed by SynthesizeSnapChallenge for each
// challenge in order; the parallel witness (filecoin/snap_witness.hpp) synthesises the challenges
// into systems of their own.
#pragma once
#include "filecoin/snap/snap_circuit.hpp"
#include "gadgets/boolean.hpp"
#include "gadgets/num.hpp"

#include <span>
#include <vector>

namespace cuzk::filecoin {

//! What every challenge of a partition reads from the prefix.
struct SnapPrefix {
  std::vector<gadgets::AllocatedBit> kh_bits; //!< the partition bits, then the h_select bits
  size_t partition_bit_len = 0;
  gadgets::AllocatedNum phi;
  gadgets::AllocatedNum root_r_old;
  gadgets::AllocatedNum root_r_new;
  std::vector<gadgets::AllocatedNum> apex_leafs;
  std::vector<std::vector<gadgets::AllocatedBit>> challenge_bits; //!< the generated bits, per challenge

  std::span<const gadgets::AllocatedBit> PartitionBits() const {
    return std::span<const gadgets::AllocatedBit>(kh_bits).first(partition_bit_len);
  }
  std::span<const gadgets::AllocatedBit> HSelectBits() const {
    return std::span<const gadgets::AllocatedBit>(kh_bits).subspan(partition_bit_len);
  }
};

//! Everything before the first challenge. Throws r1cs::SynthesisError for an input of the wrong shape
//! (as SynthesizeSnapCircuit: it checks every challenge's shape before allocating anything).
SnapPrefix SynthesizeSnapPrefix(r1cs::ConstraintSystem &cs, const SnapCircuitInput &input);

//! Challenge ci: its high bits, rho, leaf_r_new, the tree_r PoRs of the old and new replica, the apex
//! leaf it selects and its tree_d PoR up to that leaf.
void SynthesizeSnapChallenge(r1cs::ConstraintSystem &cs, const SnapCircuitInput &input, size_t ci,
                             const SnapPrefix &prefix);

} // namespace cuzk::filecoin
