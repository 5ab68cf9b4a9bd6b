// src/engine/filecoin_handlers.hpp — the four Filecoin proof kinds as engine handlers.
//
// Thin adapters from a request's fields (spec/cuzk-api.md §2.2) to partitions: the parsing,
// vanilla verification and circuit inputs are src/filecoin's (PreparePorepC2FromEnvelope,
// PreparePoStProof, PrepareSnapProof); here each prepared partition becomes a PartitionWork whose
// circuit_id ("porep-2k", "winning-32g", "wpost-32g", "snap-32g", ...) is the SRS manager's, so the
// official parameter file names load. Malformed payloads are a Plan error naming the field; they
// fail only their own job.
#pragma once
#include "engine/engine.hpp"
#include "engine/handler.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace cuzk::engine {

//! "2k", "8m", "512m", "32g", "64g" for the five published sector sizes (bytes), "" otherwise: the
//! suffix of the circuit ids SrsFileStem knows.
std::string SectorSizeSuffix(uint64_t sector_size);

//! PoRep C2: vanilla_proof = the Curio C1 envelope {SectorNum, Phase1Out, SectorSize}; prover id
//! from miner_id; one partition per C1 partition. sector_number, when non-zero, must equal the
//! envelope's SectorNum, and sector_size, when non-zero, the C1's sector size.
std::shared_ptr<const ProofKindHandler> MakePorepC2Handler();
//! WindowPoSt (window = true) or WinningPoSt: vanilla_proofs = bincode FallbackPoStSectorProof per
//! sector, randomness (32 B), partition_index; registered_proof in the PoSt numbering of spec §2.3
//! and of the handler's type. One partition.
std::shared_ptr<const ProofKindHandler> MakePoStHandler(bool window);
//! SnapDeals: vanilla_proofs = bincode PartitionProof per partition, comm_r_old, comm_r_new,
//! comm_d_new (raw 32 B), registered_proof = the update proof number (0–4).
std::shared_ptr<const ProofKindHandler> MakeSnapHandler();

//! Registers the four handlers above on the engine (POREP_SEAL_COMMIT, WINDOW_POST_PARTITION,
//! WINNING_POST, SNAP_DEALS_UPDATE).
void RegisterFilecoinHandlers(Engine &engine);

} // namespace cuzk::engine
