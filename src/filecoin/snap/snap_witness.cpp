// src/filecoin/snap/snap_witness.cpp
#include "filecoin/snap/snap_witness.hpp"

#include "filecoin/snap/snap_circuit_parts.hpp"
#include "gadgets/witness_parts.hpp"

namespace cuzk::filecoin {

void WitnessSnapCircuit(r1cs::WitnessCS &w, const SnapCircuitInput &input) {
  const SnapPrefix prefix = SynthesizeSnapPrefix(w, input);
  const size_t n = prefix.challenge_bits.size();
  if (n == 0) return;
  // a challenge: two tree_r PoRs, the tree_d PoR up to its apex leaf, rho, the high bits, the apex
  // selection (a few values per apex leaf) and its own values
  const size_t max_aux[] = {2 * input.challenges[0].path_r_old.size() * POR_LEVEL_MAX_AUX +
                            input.config.ApexLeafHeight() * SHA_POR_LEVEL_MAX_AUX + 4 * input.apex_leafs.size() +
                            2 * POSEIDON_MAX_AUX + 256};
  SynthesizeGroups(w, n, max_aux,
                   [&](size_t ci, r1cs::WitnessCS *own) { SynthesizeSnapChallenge(own[0], input, ci, prefix); });
}

} // namespace cuzk::filecoin
