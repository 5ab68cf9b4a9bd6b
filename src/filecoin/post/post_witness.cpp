// src/filecoin/post/post_witness.cpp
#include "filecoin/post/post_witness.hpp"

#include "filecoin/post/post_circuit_parts.hpp"
#include "gadgets/witness_parts.hpp"

namespace cuzk::filecoin {

void WitnessPoStCircuit(r1cs::WitnessCS &w, const PoStCircuitInput &input) {
  CheckPoStSectorCount(input);
  const size_t sectors = input.sectors.size(), challenges = input.params.challenge_count;
  if (sectors == 1) {
    // WinningPoSt: one sector, its challenges in parallel
    const PoStSectorWitness &sector = input.sectors[0];
    const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(w, sector, challenges);
    const size_t max_aux[] = {(sector.paths[0].size() + 1) * POR_LEVEL_MAX_AUX};
    SynthesizeGroups(w, challenges, max_aux,
                     [&](size_t i, r1cs::WitnessCS *own) { SynthesizePoStChallenge(own[0], sector, i, comm_r_last); });
    return;
  }
  // WindowPoSt: the sectors in parallel (a partition padded with the last sector repeats its shape too)
  size_t levels = 0;
  for (const auto &path : input.sectors[0].paths) levels += path.size() + 1; // the leaf's own values
  const size_t max_aux[] = {levels * POR_LEVEL_MAX_AUX + POSEIDON_MAX_AUX + 8};
  SynthesizeGroups(w, sectors, max_aux, [&](size_t s, r1cs::WitnessCS *own) {
    const PoStSectorWitness &sector = input.sectors[s];
    const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(own[0], sector, challenges);
    for (size_t i = 0; i < challenges; i++) SynthesizePoStChallenge(own[0], sector, i, comm_r_last);
  });
}

} // namespace cuzk::filecoin
