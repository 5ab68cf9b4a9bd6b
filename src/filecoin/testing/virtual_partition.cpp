// src/filecoin/testing/virtual_partition.cpp — production partitions from virtual sectors.
#include "filecoin/testing/virtual_partition.hpp"

#include "filecoin/testing/virtual_post.hpp"
#include "filecoin/testing/virtual_sector.hpp"
#include "filecoin/testing/virtual_snap.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace cuzk::filecoin {
namespace {

constexpr size_t PRODUCTION_SIZES = 5;

// mul·i + add per byte, top bits cleared: a canonical field element, as the chain's randomness is
Digest32 Seeded(uint8_t mul, uint8_t add) {
  Digest32 d{};
  for (size_t i = 0; i < 32; i++) d[i] = uint8_t(mul * i + add);
  d[31] &= 0x3f;
  return d;
}

} // namespace

std::optional<size_t> ProductionSizeIndex(std::string_view name) {
  static constexpr std::string_view NAMES[PRODUCTION_SIZES] = {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"};
  for (size_t i = 0; i < PRODUCTION_SIZES; i++)
    if (name == NAMES[i]) return i;
  return std::nullopt;
}

RegisteredSealProof ProductionSealProof(size_t index) {
  static constexpr RegisteredSealProof PROOFS[PRODUCTION_SIZES] = {
      RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
      RegisteredSealProof::kStackedDrg512MiBV1_1, RegisteredSealProof::kStackedDrg32GiBV1_1,
      RegisteredSealProof::kStackedDrg64GiBV1_1};
  return PROOFS[index];
}

RegisteredPoStProof ProductionWindowPoStProof(size_t index) {
  static constexpr RegisteredPoStProof PROOFS[PRODUCTION_SIZES] = {
      RegisteredPoStProof::kWindow2KiBV1_2, RegisteredPoStProof::kWindow8MiBV1_2,
      RegisteredPoStProof::kWindow512MiBV1_2, RegisteredPoStProof::kWindow32GiBV1_2,
      RegisteredPoStProof::kWindow64GiBV1_2};
  return PROOFS[index];
}

RegisteredPoStProof ProductionWinningPoStProof(size_t index) {
  static constexpr RegisteredPoStProof PROOFS[PRODUCTION_SIZES] = {
      RegisteredPoStProof::kWinning2KiBV1, RegisteredPoStProof::kWinning8MiBV1, RegisteredPoStProof::kWinning512MiBV1,
      RegisteredPoStProof::kWinning32GiBV1, RegisteredPoStProof::kWinning64GiBV1};
  return PROOFS[index];
}

RegisteredUpdateProof ProductionUpdateProof(size_t index) {
  static constexpr RegisteredUpdateProof PROOFS[PRODUCTION_SIZES] = {
      RegisteredUpdateProof::k2KiBV1, RegisteredUpdateProof::k8MiBV1, RegisteredUpdateProof::k512MiBV1,
      RegisteredUpdateProof::k32GiBV1, RegisteredUpdateProof::k64GiBV1};
  return PROOFS[index];
}

Expected<PorepC2Job> VirtualPorepC2Job(RegisteredSealProof proof) {
  VirtualSectorInputs in;
  in.prover_id = ProverIdFromActorId(1000);
  in.sector_id = 32;
  in.ticket = Seeded(3, 1);
  in.seed = Seeded(7, 2);
  in.label_seed = 5;
  auto c1 = VirtualSectorC1(PorepConfigFor(proof), in);
  if (!c1) return Prefixed(c1.GetError(), "virtual C1: ");
  // C2's own preparation: vanilla verification of every challenge, circuits, verifier inputs
  auto job = PreparePorepC2(*c1, in.prover_id, in.sector_id);
  if (!job) return Prefixed(job.GetError(), "C2 preparation: ");
  return job;
}

Expected<VirtualPoStPartition> MakeVirtualPoStPartition(const PoStConfig &config, size_t sector_count) {
  VirtualPoStPartition made;
  made.randomness = Seeded(37, 5);
  std::vector<uint64_t> ids;
  for (uint64_t i = 0; i < sector_count; i++) ids.push_back(5000 + 7 * i);
  auto sectors = VirtualPoStSectors(config, made.randomness, ids, 2349);
  if (!sectors) return Prefixed(sectors.GetError(), "virtual sectors: ");
  std::vector<PoStReplica> replicas;
  for (const auto &s : *sectors) replicas.push_back(s.Replica());
  auto vanilla = GenerateFallbackVanillaProofs(config, made.randomness, replicas);
  if (!vanilla) return Prefixed(vanilla.GetError(), "vanilla proofs: ");
  auto partition = PoStPartitionFromVanilla(config, *vanilla);
  if (!partition) return Prefixed(partition.GetError(), "partition: ");
  if (auto ok = VerifyPoStPartition(*partition, made.randomness); !ok)
    return Prefixed(ok.GetError(), "vanilla verification: ");
  auto input = PoStCircuitInputFromPartition(*partition);
  if (!input) return Prefixed(input.GetError(), "circuit input: ");
  made.partition = std::move(partition).Value();
  made.input = std::move(input).Value();
  // WinningPoSt's circuit slots are pseudo-sectors (FallbackParamsOf), not sectors: nothing to cut
  if (config.type == PoStType::kWindow) {
    made.input.params.sector_count = sector_count;
    made.input.sectors.resize(sector_count);
  }
  return made;
}

Expected<VirtualSnapPartition> MakeVirtualSnapPartition(const SnapConfig &config, size_t k) {
  auto update = VirtualSnapUpdateSector(config, 32, std::min<uint64_t>(4096, config.sector_nodes / 2));
  if (!update) return Prefixed(update.GetError(), "virtual update: ");
  auto proof = VirtualSnapProvePartition(*update, k);
  if (!proof) return Prefixed(proof.GetError(), "partition proof: ");
  VirtualSnapPartition made;
  made.public_inputs = update->PublicInputs(k);
  if (auto ok = SnapVerifyPartition(config, made.public_inputs, *proof); !ok)
    return Prefixed(ok.GetError(), "vanilla verification: ");
  auto input = SnapCircuitInputFromProof(config, made.public_inputs, *proof);
  if (!input) return Prefixed(input.GetError(), "circuit input: ");
  made.input = std::move(input).Value();
  return made;
}

} // namespace cuzk::filecoin
