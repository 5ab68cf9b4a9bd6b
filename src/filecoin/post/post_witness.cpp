// src/filecoin/post/post_witness.cpp
#include "filecoin/post/post_witness.hpp"

#include "filecoin/post/post_circuit_parts.hpp"
#include "gadgets/por_witness.hpp"
#include "gadgets/witness_parts.hpp"

#include <algorithm>
#include <vector>

namespace cuzk::filecoin {

namespace {

// Sectors synthesised together, so that their challenges' node hashes fill the vector batches
// (gadgets/por_witness.hpp): WinningPoSt's 66 pseudo-sectors have one challenge each, and a WindowPoSt
// sector's ten leave a part-empty batch per level. The largest divisor of the sector count up to this
// (every group has the same shape): 11 for WinningPoSt, 9 for a WindowPoSt 32 GiB partition (2349).
constexpr size_t MAX_SECTORS_PER_GROUP = 16;

size_t LargestDivisorUpTo(size_t n, size_t most) {
  for (size_t d = std::min(n, most); d > 1; d--)
    if (n % d == 0) return d;
  return 1;
}

} // namespace

void WitnessPoStCircuit(r1cs::WitnessCS &w, const PoStCircuitInput &input) {
  CheckPoStSectorCount(input);
  const size_t sectors = input.sectors.size(), challenges = input.params.challenge_count;
  if (sectors == 0) return;
  // Each sector is its prefix then each challenge in a part of its own; the groups run in parallel.
  // A partition padded with its last sector repeats that sector's shape, so the groups agree.
  const size_t per_group = LargestDivisorUpTo(sectors, MAX_SECTORS_PER_GROUP), parts = 1 + challenges;
  const PoStSectorWitness &first = input.sectors[0];
  const size_t levels = first.paths.empty() ? 0 : first.paths[0].size() + 1; // the leaf's own values too
  std::vector<size_t> max_aux(per_group * parts, levels * POR_LEVEL_MAX_AUX);
  for (size_t j = 0; j < per_group; j++) max_aux[j * parts] = POSEIDON_MAX_AUX + 8;
  SynthesizeGroups(w, sectors / per_group, max_aux, [&](size_t g, r1cs::WitnessCS *own) {
    std::vector<gadgets::PorWitnessPath> paths;
    for (size_t j = 0; j < per_group; j++) {
      const PoStSectorWitness &sector = input.sectors[g * per_group + j];
      r1cs::WitnessCS *part = own + j * parts;
      const gadgets::AllocatedNum comm_r_last = SynthesizePoStSectorPrefix(part[0], sector, challenges);
      // each path checked here, in sequential synthesis's order of errors, before the next sector's prefix
      for (size_t i = 0; i < challenges; i++) {
        gadgets::CheckPorPath(gadgets::MerkleHasher::kPoseidon, sector.paths[i]);
        paths.push_back({&part[1 + i], gadgets::PorRoot::Val(sector.leafs[i]), sector.paths[i],
                         gadgets::PorRoot::Var(comm_r_last)});
      }
    }
    gadgets::PoseidonPorWitnesses(paths, true);
  });
}

} // namespace cuzk::filecoin
