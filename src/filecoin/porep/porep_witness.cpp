// src/filecoin/porep/porep_witness.cpp
#include "filecoin/porep/porep_witness.hpp"

#include "filecoin/porep/labels.hpp"
#include "filecoin/porep/sdr_graph.hpp"
#include "filecoin/porep/stacked_circuit_parts.hpp"
#include "gadgets/sha256_witness.hpp"
#include "gadgets/witness_parts.hpp"

#include <tbb/parallel_for.h>

#include <vector>

namespace cuzk::filecoin {

namespace {

// Upper bounds of the parts' aux counts (SynthesizeGroups' max_aux). A label is the bits of its 6 or 14
// parents, a SHA-256 of the label buffer and the packed digest.
constexpr size_t LABEL_BLOCKS = (8 * LABEL_INPUT_BYTES + 65 + 511) / 512; // with the padding
constexpr size_t LABEL_MAX_AUX = GRAPH_PARENTS * 256 + LABEL_BLOCKS * gadgets::SHA256_COMPRESSION_MAX_AUX + 1;

size_t HeadMaxAux(const PorepChallengeProof &proof, size_t layers) {
  const size_t tree_d = proof.comm_d_proofs.LevelCount();
  const size_t tree_c = proof.replica_column_proofs.c_x.inclusion_proof.LevelCount();
  return 1 + tree_d * SHA_POR_LEVEL_MAX_AUX + GRAPH_PARENTS * (layers + POSEIDON_MAX_AUX + tree_c * POR_LEVEL_MAX_AUX) +
         64;
}

size_t TailMaxAux(const PorepChallengeProof &proof) {
  const size_t tree_r = proof.comm_r_last_proof.LevelCount();
  const size_t tree_c = proof.replica_column_proofs.c_x.inclusion_proof.LevelCount();
  return 1 + (tree_r + tree_c) * POR_LEVEL_MAX_AUX + POSEIDON_MAX_AUX;
}

} // namespace

void WitnessStackedCircuit(r1cs::WitnessCS &w, const StackedCircuitInput &input) {
  const StackedPrefix prefix = SynthesizeStackedPrefix(w, input);
  const size_t n = input.proofs.size(), layers = input.layers;
  if (n == 0) return;
  // challenge i's parts: its head, its labels by layer, its tail (every challenge's are the same size)
  std::vector<size_t> max_aux(layers + 2, LABEL_MAX_AUX);
  max_aux.front() = HeadMaxAux(input.proofs[0], layers);
  max_aux.back() = TailMaxAux(input.proofs[0]);
  SynthesizeGroups(w, n, max_aux, [&](size_t i, r1cs::WitnessCS *own) {
    const StackedChallengeHead head = SynthesizeStackedChallengeHead(own[0], input, i, prefix);
    std::vector<gadgets::AllocatedNum> labels(layers);
    tbb::parallel_for(size_t(1), layers + 1, [&](size_t layer) {
      labels[layer - 1] = SynthesizeStackedLabel(own[layer], prefix, head, layer);
    });
    SynthesizeStackedChallengeTail(own[layers + 1], input, i, prefix, head, labels);
  });
}

} // namespace cuzk::filecoin
