// src/filecoin/porep_witness.cpp
#include "filecoin/porep_witness.hpp"

#include "filecoin/stacked_circuit_parts.hpp"
#include "filecoin/witness_parts.hpp"

#include <tbb/parallel_for.h>

#include <vector>

namespace cuzk::filecoin {

void WitnessStackedCircuit(r1cs::WitnessCS &w, const StackedCircuitInput &input) {
  const StackedPrefix prefix = SynthesizeStackedPrefix(w, input);
  const size_t n = input.proofs.size(), layers = input.layers;
  if (WitnessIsSequential()) {
    for (size_t i = 0; i < n; i++) SynthesizeStackedChallenge(w, input, i, prefix);
    return;
  }
  // challenge i's parts: its head, its labels by layer, its tail
  const size_t per_challenge = layers + 2;
  WitnessParts parts(w, n * per_challenge);
  FirstError errors(n);
  tbb::parallel_for(size_t(0), n, [&](size_t i) {
    errors.Run(i, [&] {
      r1cs::WitnessCS *own = &parts[i * per_challenge];
      const StackedChallengeHead head = SynthesizeStackedChallengeHead(own[0], input, i, prefix);
      std::vector<gadgets::AllocatedNum> labels(layers);
      tbb::parallel_for(size_t(1), layers + 1, [&](size_t layer) {
        labels[layer - 1] = SynthesizeStackedLabel(own[layer], prefix, head, layer);
      });
      SynthesizeStackedChallengeTail(own[layers + 1], input, i, prefix, head, labels);
    });
  });
  errors.Rethrow();
  parts.AppendTo(w);
}

} // namespace cuzk::filecoin
