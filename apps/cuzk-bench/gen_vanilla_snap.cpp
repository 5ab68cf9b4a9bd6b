// apps/cuzk-bench/gen_vanilla_snap.cpp — `gen-vanilla snap`: the SnapDeals request Curio sends
// (spec/cuzk-api.md §2.2: one bincode PartitionProof per partition, raw 32-byte comm_r_old,
// comm_r_new, comm_d_new, the update proof number 0–4).
//
//   cuzk-bench gen-vanilla snap --out DIR [--sector-size 2KiB] [--seed S] [--sector SEALED_DIR]
//   cuzk-bench gen-vanilla snap --out DIR --virtual --sector-size 32GiB [--real-leaves N]
//
// Small sizes: a sector is sealed here from seeded data (or loaded with --sector), its replica is
// the sector key, and seeded fr32 data is encoded into it (the "replica update"). --virtual: a
// virtual update (filecoin/testing/virtual_snap.hpp) of any size. DIR receives snap-vanilla.json,
// request.txt, snap-inputs.txt and params-id (gen_vanilla.hpp).
#include "gen_vanilla.hpp"

#include "base/hex.hpp"
#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_vanilla.hpp"
#include "filecoin/testing/seal_store.hpp"
#include "filecoin/testing/test_params.hpp"
#include "filecoin/testing/virtual_snap.hpp"
#include "hash/poseidon.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>

namespace cuzk::bench {
namespace {

using namespace filecoin;

std::optional<RegisteredUpdateProof> UpdateProofForSize(uint64_t size) {
  for (uint64_t id = 0; id < 5; id++) {
    auto p = RegisteredUpdateProofFromId(id).Value();
    if (UpdateSectorSize(p) == size) return p;
  }
  return std::nullopt;
}

// What a request needs of an update, real or virtual.
struct SnapOutcome {
  std::vector<std::vector<uint8_t>> proofs;
  std::vector<std::vector<ff::Fr>> inputs;
  Digest32 comm_r_old{}, comm_r_new{}, comm_d_new{};
};

// The commitments a request carries, from a real or a virtual update (the same three fields).
template <class Update> void SetCommitments(const Update &update, SnapOutcome &out) {
  out.comm_r_old = hash::FrToBytesLE(update.comm_r_old);
  out.comm_r_new = hash::FrToBytesLE(update.comm_r_new);
  out.comm_d_new = update.comm_d_new;
}

Status RealUpdate(const GenVanillaOptions &o, const SnapConfig &config, SnapOutcome &out) {
  const uint64_t size = config.sector_nodes * 32;
  Expected<SealedSector> sealed = MakeError(ErrorCode::kInvalidArgument, "");
  if (!o.sector_dir.empty()) {
    sealed = LoadSealedSector(o.sector_dir);
    if (sealed && sealed->config.sector_size != size)
      return MakeError(ErrorCode::kInvalidArgument,
                       "--sector " + o.sector_dir + " is not a sector of " + std::to_string(size) + " bytes");
  } else {
    const auto seal_proof = SealProofForSize(size);
    if (!seal_proof)
      return MakeError(ErrorCode::kInvalidArgument,
                       "sealing here takes 2KiB, 8MiB or 512MiB sectors; larger ones need --virtual");
    sealed = SealSeededSector(*seal_proof, o.seed, o.miner_id, o.sector_num);
  }
  if (!sealed) return sealed.GetError();
  auto comm_c = hash::FrFromBytesLE(sealed->comm_c);
  if (!comm_c) return comm_c.GetError();
  // the sealed replica is the sector key: tree_r_last's leaves
  std::vector<ff::Fr> sector_key;
  for (uint64_t i = 0; i < sealed->tree_r_last.LeafCount(); i++) {
    auto leaf = sealed->tree_r_last.Prove(i);
    if (!leaf) return leaf.GetError();
    sector_key.push_back(leaf->leaf);
  }
  std::mt19937_64 rng(o.seed ^ 0x736e6170); // "snap": not the sealing stream
  std::vector<uint8_t> data(config.sector_nodes * 32);
  for (auto &b : data) b = uint8_t(rng());
  for (uint64_t i = 0; i < config.sector_nodes; i++) data[32 * i + 31] &= 0x3f; // fr32: each node below 2^254
  auto update = SnapUpdateSector(config, sector_key, sealed->tree_r_last, *comm_c, data);
  if (!update) return update.GetError();
  for (size_t k = 0; k < config.partition_count; k++) {
    auto proof = SnapProvePartition(config, k, *comm_c, sealed->tree_r_last, *update);
    if (!proof) return proof.GetError();
    out.proofs.push_back(EncodeSnapPartitionProof(*proof));
    auto inputs = SnapCircuitPublicInputs(config, SnapPublicInputsOf(config, *update, k));
    if (!inputs) return inputs.GetError();
    out.inputs.push_back(std::move(inputs).Value());
  }
  SetCommitments(*update, out);
  return Status::Ok();
}

Status VirtualUpdate(const GenVanillaOptions &o, const SnapConfig &config, SnapOutcome &out) {
  auto update = VirtualSnapUpdateSector(config, o.seed, o.real_leaves ? o.real_leaves : config.partition_count);
  if (!update) return update.GetError();
  for (size_t k = 0; k < config.partition_count; k++) {
    auto proof = VirtualSnapProvePartition(*update, k);
    if (!proof) return proof.GetError();
    out.proofs.push_back(EncodeSnapPartitionProof(*proof));
    auto inputs = SnapCircuitPublicInputs(config, update->PublicInputs(k));
    if (!inputs) return inputs.GetError();
    out.inputs.push_back(std::move(inputs).Value());
  }
  SetCommitments(*update, out);
  return Status::Ok();
}

int RunGenVanillaSnap(const GenVanillaOptions &o) {
  const auto size = ParseSectorSize(o.sector_size);
  const auto proof = size ? UpdateProofForSize(*size) : std::nullopt;
  if (!proof) {
    std::fprintf(stderr, "error: --sector-size %s: takes 2KiB, 8MiB, 512MiB, 32GiB or 64GiB\n", o.sector_size.c_str());
    return 2;
  }
  if (!o.sector_dir.empty() && o.virtual_sector) {
    std::fprintf(stderr, "error: --sector and --virtual exclude each other\n");
    return 2;
  }
  if (!o.virtual_sector && o.sector_dir.empty() && !SealProofForSize(*size)) {
    std::fprintf(stderr,
                 "error: --sector-size %s: sealing here takes 2KiB, 8MiB or 512MiB sectors; larger ones need "
                 "--virtual\n",
                 o.sector_size.c_str());
    return 2;
  }
  const SnapConfig config = SnapConfigFor(*proof);
  const std::filesystem::path dir(o.out_dir);
  if (!MakeOutputDir(dir)) return 1;
  const auto start = std::chrono::steady_clock::now();
  SnapOutcome out;
  if (auto s = o.virtual_sector ? VirtualUpdate(o, config, out) : RealUpdate(o, config, out); !s)
    return GenVanillaFail(s.ErrorMessage());
  if (!WriteOutputFile(dir / "snap-vanilla.json", Base64JsonArray(out.proofs))) return 1;
  const std::vector<RequestEntry> entries = {
      {"type", "snap"},
      {"vanilla", "snap-vanilla.json"},
      {"registered-proof", std::to_string(uint64_t(*proof))},
      {"miner-id", std::to_string(o.miner_id)},
      {"sector-num", std::to_string(o.sector_num)},
      {"comm-r-old", base::Hex(out.comm_r_old)},
      {"comm-r-new", base::Hex(out.comm_r_new)},
      {"comm-d-new", base::Hex(out.comm_d_new)},
      {"sector-size", std::to_string(*size)},
  };
  const std::string comment = "cuzk-bench gen-vanilla snap (" + std::string(UpdateProofName(*proof)) + ", seed " +
                              std::to_string(o.seed) + (o.virtual_sector ? ", virtual" : "") + ")";
  if (!WriteRequestOutputs(dir, comment, entries, "snap-inputs.txt", out.inputs, config.ParameterCacheId())) return 1;
  size_t bytes = 0;
  for (const auto &p : out.proofs) bytes += p.size();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %zu partition proof(s) (%zu bytes of bincode) in %.1f s\n  comm_r_old %s\n  comm_r_new %s\n"
              "  comm_d_new %s\n  %s\n",
              std::string(UpdateProofName(*proof)).c_str(), out.proofs.size(), bytes, seconds,
              base::Hex(out.comm_r_old).c_str(), base::Hex(out.comm_r_new).c_str(), base::Hex(out.comm_d_new).c_str(),
              (dir / "request.txt").c_str());
  return 0;
}

} // namespace

void AddGenVanillaSnapCommand(CLI::App &group, int &exit_code) {
  auto options = std::make_shared<GenVanillaOptions>();
  CLI::App *cmd = group.add_subcommand("snap", "a SnapDeals request: seeded data encoded into a sealed (or virtual) "
                                               "sector, one vanilla proof per partition");
  cmd->alias("snap-prove"); // the reference bench's name
  AddGenVanillaFlags(*cmd, *options, "a virtual update (any size)");
  cmd->add_option("--sector", options->sector_dir, "a sealed sector directory (gen-vanilla porep's sector/)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--real-leaves", options->real_leaves,
                  "--virtual: nodes with their own key and data (default: one per partition)");
  cmd->callback([options, &exit_code] { exit_code = RunGenVanillaSnap(*options); });
}

} // namespace cuzk::bench
