// src/filecoin/testing/virtual_partition.hpp — one production partition of each kind from virtual
// sectors (virtual_sector.hpp, virtual_post.hpp, virtual_snap.hpp), its vanilla proof verified and its
// circuit input built: what the partition benchmarks synthesise, made the same way for each of them
// so that their numbers describe the same circuits.
#pragma once
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/snap/snap_circuit.hpp"

#include <cstddef>
#include <optional>
#include <string_view>

namespace cuzk::filecoin {

//! Index of a production sector size ("2KiB", "8MiB", "512MiB", "32GiB", "64GiB": the order of the
//! spec's tables, spec/porep.md §4.2 and spec/post-snap-poseidon.md §5); nullopt for another name.
std::optional<size_t> ProductionSizeIndex(std::string_view name);

//! The registered proofs of production size `index` (< 5): interactive PoRep V1_1, WindowPoSt V1_2,
//! WinningPoSt, SnapDeals.
RegisteredSealProof ProductionSealProof(size_t index);
RegisteredPoStProof ProductionWindowPoStProof(size_t index);
RegisteredPoStProof ProductionWinningPoStProof(size_t index);
RegisteredUpdateProof ProductionUpdateProof(size_t index);

//! The C2 job of a virtual sector of `proof` (miner 1000, sector 32, fixed ticket and seed), every
//! challenge verified by PreparePorepC2. Errors name the step: "virtual C1: …", "C2 preparation: …".
Expected<PorepC2Job> VirtualPorepC2Job(RegisteredSealProof proof);

//! A PoSt partition over virtual sectors, vanilla proofs verified.
struct VirtualPoStPartition {
  Digest32 randomness{};
  PoStPartition partition; //!< every public sector of the full partition
  //! WindowPoSt: the circuit of the first sector_count sectors alone (a full partition's when it is
  //! config.sector_count); WinningPoSt: the full circuit
  PoStCircuitInput input;
};

//! `sector_count` (≤ config.sector_count) virtual sectors, ids 5000 + 7·i, under fixed randomness;
//! a partition with fewer is padded by repeating the last (spec §3.4). Errors name the step:
//! "virtual sectors: …", "vanilla proofs: …", "partition: …", "vanilla verification: …",
//! "circuit input: …".
Expected<VirtualPoStPartition> MakeVirtualPoStPartition(const PoStConfig &config, size_t sector_count);

//! A SnapDeals partition of a virtual update, its vanilla proof verified.
struct VirtualSnapPartition {
  SnapPublicInputs public_inputs;
  SnapCircuitInput input;
};

//! Partition k (< config.partition_count) of a virtual update with real leaves (4096, capped at half
//! the sector's nodes), as tests/filecoin_long/virtual_snap_test.cpp makes it. Errors name the step:
//! "virtual update: …", "partition proof: …", "vanilla verification: …", "circuit input: …".
Expected<VirtualSnapPartition> MakeVirtualSnapPartition(const SnapConfig &config, size_t k);

} // namespace cuzk::filecoin
