// src/filecoin/post/post_witness.cpp
#include "filecoin/post/post_witness.hpp"

#include "filecoin/post/post_circuit_parts.hpp"
#include "gadgets/witness_parts.hpp"

#include <vector>

namespace cuzk::filecoin {

namespace {

// The challenges of one sector climbed side by side, so that their node hashes fill vector batches
// (gadgets/por_witness.hpp): the largest divisor of the challenge count up to this many.
constexpr size_t WINNING_CHALLENGES_PER_GROUP = 16;

size_t LargestDivisorUpTo(size_t n, size_t most) {
  for (size_t d = std::min(n, most); d > 1; d--)
    if (n % d == 0) return d;
  return 1;
}

} // namespace

void WitnessPoStCircuit(r1cs::WitnessCS &w, const PoStCircuitInput &input) {
  CheckPoStSectorCount(input);
  const size_t sectors = input.sectors.size(), challenges = input.params.challenge_count;
  if (sectors == 1) {
    // WinningPoSt: one sector, its challenges in groups climbed together, the groups in parallel
    const PoStSectorWitness &sector = input.sectors[0];
    const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(w, sector, challenges);
    if (challenges == 0) return;
    const size_t per_group = LargestDivisorUpTo(challenges, WINNING_CHALLENGES_PER_GROUP);
    const std::vector<size_t> max_aux(per_group, (sector.paths[0].size() + 1) * POR_LEVEL_MAX_AUX);
    SynthesizeGroups(w, challenges / per_group, max_aux, [&](size_t g, r1cs::WitnessCS *own) {
      WitnessPoStChallenges(own, g * per_group, per_group, sector, comm_r_last);
    });
    return;
  }
  // WindowPoSt: the sectors in parallel (a partition padded with the last sector repeats its shape
  // too); in a sector, the prefix then each challenge in a part of its own, climbed together
  std::vector<size_t> max_aux(
      1 + challenges, (input.sectors[0].paths.empty() ? 0 : input.sectors[0].paths[0].size() + 1) * POR_LEVEL_MAX_AUX);
  max_aux[0] = POSEIDON_MAX_AUX + 8;
  SynthesizeGroups(w, sectors, max_aux, [&](size_t s, r1cs::WitnessCS *own) {
    const PoStSectorWitness &sector = input.sectors[s];
    const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(own[0], sector, challenges);
    WitnessPoStChallenges(own + 1, 0, challenges, sector, comm_r_last);
  });
}

} // namespace cuzk::filecoin
