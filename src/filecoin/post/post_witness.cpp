// src/filecoin/post/post_witness.cpp
#include "filecoin/post/post_witness.hpp"

#include "filecoin/post/post_circuit_parts.hpp"
#include "gadgets/witness_parts.hpp"

#include <tbb/parallel_for.h>

namespace cuzk::filecoin {

void WitnessPoStCircuit(r1cs::WitnessCS &w, const PoStCircuitInput &input) {
  CheckPoStSectorCount(input);
  const size_t sectors = input.sectors.size(), challenges = input.params.challenge_count;
  if (WitnessIsSequential()) {
    SynthesizePoStCircuit(w, input);
    return;
  }
  if (sectors == 1) {
    const PoStSectorWitness &sector = input.sectors[0];
    const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(w, sector, challenges);
    WitnessParts parts(w, challenges);
    for (size_t i = 0; i < challenges; i++) parts.Reserve(i, (sector.paths[i].size() + 1) * POR_LEVEL_MAX_AUX);
    FirstError errors(challenges);
    tbb::parallel_for(size_t(0), challenges, [&](size_t i) {
      errors.Run(i, [&] { SynthesizePoStChallenge(parts[i], sector, i, comm_r_last); });
    });
    errors.Rethrow();
    parts.AppendTo(w);
    return;
  }
  WitnessParts parts(w, sectors);
  for (size_t s = 0; s < sectors; s++) {
    size_t levels = 0;
    for (const auto &path : input.sectors[s].paths) levels += path.size() + 1; // the leaf's own values
    parts.Reserve(s, levels * POR_LEVEL_MAX_AUX + POSEIDON_MAX_AUX + 8);
  }
  FirstError errors(sectors);
  tbb::parallel_for(size_t(0), sectors, [&](size_t s) {
    errors.Run(s, [&] {
      const PoStSectorWitness &sector = input.sectors[s];
      const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(parts[s], sector, challenges);
      for (size_t i = 0; i < challenges; i++) SynthesizePoStChallenge(parts[s], sector, i, comm_r_last);
    });
  });
  errors.Rethrow();
  parts.AppendTo(w);
}

} // namespace cuzk::filecoin
