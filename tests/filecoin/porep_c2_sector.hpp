// tests/filecoin/porep_c2_sector.hpp — a small sector (2KiB, 8MiB, 512MiB) sealed from seeded data
// and its C1 output, with the ids and randomness C2 and verify_seal take (tests/filecoin/porep/porep_c2_test.cpp,
// tests/filecoin_e2e, bench/porep_c2_bench.cpp).
#pragma once
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal.hpp"

#include <cstdint>
#include <random>
#include <vector>

namespace cuzk::test {

struct SealedC1 {
  filecoin::RegisteredSealProof proof = filecoin::RegisteredSealProof::kStackedDrg2KiBV1_1;
  uint64_t miner_id = 1000;
  filecoin::Digest32 prover_id{};
  uint64_t sector_id = 7;
  filecoin::Digest32 ticket{};
  filecoin::Digest32 seed{};
  filecoin::SealCommitPhase1Output c1;
};

//! Seals a sector of `proof`'s size filled with seeded random data for miner 1000, sector 7, and
//! runs C1 with a seeded seed.
inline SealedC1 SealSeeded(uint64_t data_seed, filecoin::RegisteredSealProof proof) {
  SealedC1 out;
  out.proof = proof;
  out.prover_id = filecoin::ProverIdFromActorId(out.miner_id);
  std::mt19937_64 rng(data_seed);
  for (auto &b : out.ticket) b = uint8_t(rng());
  for (auto &b : out.seed) b = uint8_t(rng());
  const filecoin::PorepConfig config = filecoin::PorepConfigFor(proof);
  std::vector<uint8_t> payload(filecoin::Fr32UnpaddedCapacity(config.sector_size));
  for (auto &b : payload) b = uint8_t(rng());
  filecoin::SealInputs inputs;
  inputs.prover_id = out.prover_id;
  inputs.sector_id = out.sector_id;
  inputs.ticket = out.ticket;
  out.c1 = filecoin::SealCommitPhase1(filecoin::SealUnpadded(config, payload, inputs).Value(), out.seed).Value();
  return out;
}

//! SealSeeded at 2KiB (or another proof of that size).
inline SealedC1
SealSeeded2KiB(uint64_t data_seed,
               filecoin::RegisteredSealProof proof = filecoin::RegisteredSealProof::kStackedDrg2KiBV1_1) {
  return SealSeeded(data_seed, proof);
}

} // namespace cuzk::test
