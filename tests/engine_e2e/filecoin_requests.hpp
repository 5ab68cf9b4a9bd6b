// tests/engine_e2e/filecoin_requests.hpp — the four kinds' proving requests as Curio sends them
// (spec/cuzk-api.md §2.2), all from one really sealed 2KiB sector: the C1 envelope of its PoRep,
// WinningPoSt and WindowPoSt vanilla proofs over its tree_r_last, and a SnapDeals update of it with
// seeded data. Used by tests/engine/filecoin_handlers_test.cpp (planning) and
// tests/engine_e2e/filecoin_handlers_long_test.cpp (proving through the engine).
#pragma once
#include "engine/request.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_vanilla.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal.hpp"
#include "hash/poseidon.hpp"

#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::test {

struct FilecoinRequests {
  static constexpr uint64_t MINER_ID = 1000;
  static constexpr uint64_t SECTOR_ID = 7;
  filecoin::RegisteredSealProof seal_proof = filecoin::RegisteredSealProof::kStackedDrg2KiBV1_1;
  std::unique_ptr<filecoin::SealedSector> sealed;
  filecoin::SealCommitPhase1Output c1;
  filecoin::Digest32 ticket{}, seed{};
  engine::ProofRequest porep, winning, window, snap;
};

template <class T> T Must(Expected<T> r, const char *what) {
  if (!r) throw std::runtime_error(std::string(what) + ": " + r.ErrorMessage());
  return std::move(r).Value();
}

//! Seals seeded data (miner 1000, sector 7) and builds one request of each kind from it.
inline FilecoinRequests MakeFilecoinRequests(uint64_t data_seed) {
  using namespace filecoin;
  FilecoinRequests out;
  std::mt19937_64 rng(data_seed);
  for (auto &b : out.ticket) b = uint8_t(rng());
  for (auto &b : out.seed) b = uint8_t(rng());
  const PorepConfig config = PorepConfigFor(out.seal_proof);
  std::vector<uint8_t> payload(Fr32UnpaddedCapacity(config.sector_size));
  for (auto &b : payload) b = uint8_t(rng());
  SealInputs inputs;
  inputs.prover_id = ProverIdFromActorId(FilecoinRequests::MINER_ID);
  inputs.sector_id = FilecoinRequests::SECTOR_ID;
  inputs.ticket = out.ticket;
  out.sealed = std::make_unique<SealedSector>(Must(SealUnpadded(config, payload, inputs), "seal"));
  out.c1 = Must(SealCommitPhase1(*out.sealed, out.seed), "C1");

  // PoRep: the C1 JSON, base64, in Curio's envelope
  const std::string json = Must(WriteC1Json(out.c1), "C1 JSON");
  C1Envelope envelope;
  envelope.sector_num = int64_t(FilecoinRequests::SECTOR_ID);
  envelope.phase1_out.assign(json.begin(), json.end());
  envelope.sector_size = config.sector_size;
  const std::string envelope_json = WriteC1Envelope(envelope);
  out.porep.request_id = "porep-1000-7";
  out.porep.proof_kind = engine::ProofKind::POREP_SEAL_COMMIT;
  out.porep.registered_proof = 8; // what Curio sends (ignored: the C1 names its proof)
  out.porep.sector_size = config.sector_size;
  out.porep.sector_number = FilecoinRequests::SECTOR_ID;
  out.porep.miner_id = FilecoinRequests::MINER_ID;
  out.porep.vanilla_proof.assign(envelope_json.begin(), envelope_json.end());

  // PoSt over the sector's tree_r_last, with masked randomness as Curio sends it
  const ff::Fr comm_c = Must(hash::FrFromBytesLE(out.sealed->comm_c), "comm_c");
  const PoStReplica replica{FilecoinRequests::SECTOR_ID, &out.sealed->tree_r_last, comm_c};
  Digest32 randomness{};
  for (auto &b : randomness) b = uint8_t(rng());
  randomness[31] &= 0x3f;
  auto post_request = [&](RegisteredPoStProof proof, engine::ProofKind kind, const char *id) {
    engine::ProofRequest r;
    r.request_id = id;
    r.proof_kind = kind;
    r.registered_proof = uint64_t(proof);
    r.miner_id = FilecoinRequests::MINER_ID;
    r.randomness.assign(randomness.begin(), randomness.end());
    const std::vector<PoStReplica> replicas{replica};
    for (const auto &v : Must(GenerateFallbackVanillaProofs(PoStConfigFor(proof), randomness, replicas), id))
      r.vanilla_proofs.push_back(EncodeFallbackPoStSectorProof(v));
    return r;
  };
  out.winning = post_request(RegisteredPoStProof::kWinning2KiBV1, engine::ProofKind::WINNING_POST, "winpost-1000");
  out.window =
      post_request(RegisteredPoStProof::kWindow2KiBV1_2, engine::ProofKind::WINDOW_POST_PARTITION, "wdpost-1000-0");

  // SnapDeals: the sealed replica is the sector key; new fr32 data goes in
  const SnapConfig snap = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  std::vector<ff::Fr> sector_key;
  for (uint64_t i = 0; i < out.sealed->tree_r_last.LeafCount(); i++)
    sector_key.push_back(Must(out.sealed->tree_r_last.Prove(i), "replica leaf").leaf);
  std::vector<uint8_t> data(snap.sector_nodes * 32);
  for (auto &b : data) b = uint8_t(rng());
  for (uint64_t i = 0; i < snap.sector_nodes; i++) data[32 * i + 31] &= 0x3f;
  const SnapUpdate update =
      Must(SnapUpdateSector(snap, sector_key, out.sealed->tree_r_last, comm_c, data), "snap update");
  out.snap.request_id = "snap-1000-7";
  out.snap.proof_kind = engine::ProofKind::SNAP_DEALS_UPDATE;
  out.snap.registered_proof = uint64_t(RegisteredUpdateProof::k2KiBV1);
  out.snap.miner_id = FilecoinRequests::MINER_ID;
  for (size_t k = 0; k < snap.partition_count; k++)
    out.snap.vanilla_proofs.push_back(EncodeSnapPartitionProof(
        Must(SnapProvePartition(snap, k, comm_c, out.sealed->tree_r_last, update), "snap partition")));
  const Digest32 r_old = hash::FrToBytesLE(update.comm_r_old), r_new = hash::FrToBytesLE(update.comm_r_new);
  out.snap.comm_r_old.assign(r_old.begin(), r_old.end());
  out.snap.comm_r_new.assign(r_new.begin(), r_new.end());
  out.snap.comm_d_new.assign(update.comm_d_new.begin(), update.comm_d_new.end());
  return out;
}

//! MakeFilecoinRequests(SEED), made on first use and kept for the whole process: sealing is the slow
//! part of the tests that share it, and, never destroyed, it outlives every test's teardown
template <uint64_t SEED> const FilecoinRequests &SharedFilecoinRequests() {
  static const auto *requests = new FilecoinRequests(MakeFilecoinRequests(SEED));
  return *requests;
}

} // namespace cuzk::test
