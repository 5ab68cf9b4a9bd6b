// src/filecoin/snap/snap_witness.cpp
#include "filecoin/snap/snap_witness.hpp"

#include "filecoin/snap/snap_circuit_parts.hpp"
#include "gadgets/witness_parts.hpp"

#include <tbb/parallel_for.h>

namespace cuzk::filecoin {

void WitnessSnapCircuit(r1cs::WitnessCS &w, const SnapCircuitInput &input) {
  if (WitnessIsSequential()) {
    SynthesizeSnapCircuit(w, input);
    return;
  }
  const SnapPrefix prefix = SynthesizeSnapPrefix(w, input);
  const size_t n = prefix.challenge_bits.size();
  WitnessParts parts(w, n);
  // a challenge: two tree_r PoRs, the tree_d PoR up to its apex leaf, rho, the high bits, the apex
  // selection (a few values per apex leaf) and its own values
  for (size_t ci = 0; ci < n; ci++)
    parts.Reserve(ci, 2 * input.challenges[ci].path_r_old.size() * POR_LEVEL_MAX_AUX +
                          input.config.ApexLeafHeight() * SHA_POR_LEVEL_MAX_AUX + 4 * input.apex_leafs.size() +
                          2 * POSEIDON_MAX_AUX + 256);
  FirstError errors(n);
  tbb::parallel_for(size_t(0), n,
                    [&](size_t ci) { errors.Run(ci, [&] { SynthesizeSnapChallenge(parts[ci], input, ci, prefix); }); });
  errors.Rethrow();
  parts.AppendTo(w);
}

} // namespace cuzk::filecoin
