// src/filecoin/snap_witness.cpp
#include "filecoin/snap_witness.hpp"

#include "filecoin/snap_circuit_parts.hpp"
#include "filecoin/witness_parts.hpp"

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
  FirstError errors(n);
  tbb::parallel_for(size_t(0), n,
                    [&](size_t ci) { errors.Run(ci, [&] { SynthesizeSnapChallenge(parts[ci], input, ci, prefix); }); });
  errors.Rethrow();
  parts.AppendTo(w);
}

} // namespace cuzk::filecoin
