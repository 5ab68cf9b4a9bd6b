// apps/cuzk-bench/gen_vanilla_command.cpp — `gen-vanilla porep`: a PoRep C1 request from a small
// sector sealed here from seeded data, or from a virtual sector of any size (--virtual, for 32GiB and
// 64GiB C2 without 32GiB of data: filecoin/testing/virtual_sector.hpp), for `single --type porep --c1`
// against a daemon. Also registers the group's other subcommands (gen_vanilla_post.cpp,
// gen_vanilla_snap.cpp).
//
//   cuzk-bench gen-vanilla porep --out DIR [--sector-size 2KiB] [--seed N] [--miner-id M] [--sector-num S]
//   cuzk-bench gen-vanilla porep --out DIR --virtual --sector-size 32GiB
//
// DIR receives c1-envelope.json (Curio's {SectorNum, Phase1Out, SectorSize}), porep-inputs.txt (the
// verifier's public inputs, one decimal per line, partitions separated by blank lines; what
// `verify --inputs` reads), params-id (the .params/.vk file stem of the circuit) and request.txt
// (gen_vanilla.hpp), so the daemon's proof can be checked outside it; sealed sectors also leave
// data.bin (the seeded payload) and sector/ (filecoin/testing/seal_store.hpp, which window-post, winning-post
// and snap take with --sector).
#include "gen_vanilla.hpp"

#include "base/hex.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal_store.hpp"
#include "filecoin/testing/test_params.hpp"
#include "filecoin/testing/virtual_sector.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>

namespace cuzk::bench {
namespace {

using namespace filecoin;

// The V1_1 proof of a size that VirtualSectorC1 takes (interactive PoRep, any published size).
std::optional<RegisteredSealProof> VirtualProofForSize(uint64_t size) {
  for (auto p : {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
                 RegisteredSealProof::kStackedDrg512MiBV1_1, RegisteredSealProof::kStackedDrg32GiBV1_1,
                 RegisteredSealProof::kStackedDrg64GiBV1_1})
    if (PorepConfigFor(p).sector_size == size) return p;
  return std::nullopt;
}

// Seals seeded data (saved as data.bin and sector/) and runs C1. The rng gives ticket, seed and
// payload in that order, so a seed names one sector.
Expected<SealCommitPhase1Output> SealedC1(const GenVanillaOptions &o, const PorepConfig &config,
                                          const std::filesystem::path &dir) {
  std::mt19937_64 rng(o.seed);
  SealInputs inputs;
  inputs.prover_id = ProverIdFromActorId(o.miner_id);
  inputs.sector_id = o.sector_num;
  for (auto &b : inputs.ticket) b = uint8_t(rng());
  Digest32 seed{};
  for (auto &b : seed) b = uint8_t(rng());
  std::string payload(Fr32UnpaddedCapacity(config.sector_size), '\0');
  for (auto &c : payload) c = char(rng());
  if (!WriteOutputFile(dir / "data.bin", payload))
    return MakeError(ErrorCode::kInvalidArgument, "cannot write data.bin");
  auto sealed = SealDataFile(config, dir / "data.bin", inputs);
  if (!sealed) return sealed.GetError();
  if (auto saved = SaveSealedSector(*sealed, dir / "sector"); !saved) return saved.GetError();
  return SealCommitPhase1(*sealed, seed);
}

Expected<SealCommitPhase1Output> VirtualC1(const GenVanillaOptions &o, const PorepConfig &config) {
  std::mt19937_64 rng(o.seed);
  VirtualSectorInputs inputs;
  inputs.prover_id = ProverIdFromActorId(o.miner_id);
  inputs.sector_id = o.sector_num;
  for (auto &b : inputs.ticket) b = uint8_t(rng());
  for (auto &b : inputs.seed) b = uint8_t(rng());
  inputs.seed[0] |= 1; // C2 refuses an all-zero seed
  inputs.label_seed = o.seed;
  return VirtualSectorC1(config, inputs);
}

int RunGenVanillaPorep(const GenVanillaOptions &o) {
  const auto size = ParseSectorSize(o.sector_size);
  const auto proof = !size ? std::nullopt : o.virtual_sector ? VirtualProofForSize(*size) : SealProofForSize(*size);
  if (!proof) {
    std::fprintf(stderr, "error: --sector-size %s: sealing here takes 2KiB, 8MiB or 512MiB%s\n", o.sector_size.c_str(),
                 o.virtual_sector ? "; --virtual also 32GiB and 64GiB" : " (32GiB and 64GiB with --virtual)");
    return 2;
  }
  const std::filesystem::path dir(o.out_dir);
  if (!MakeOutputDir(dir)) return 1;
  const PorepConfig config = PorepConfigFor(*proof);
  const auto start = std::chrono::steady_clock::now();
  auto c1 = o.virtual_sector ? VirtualC1(o, config) : SealedC1(o, config, dir);
  if (!c1) return GenVanillaFail("C1: " + c1.ErrorMessage());
  auto json = WriteC1Json(*c1);
  if (!json) return GenVanillaFail("C1 JSON: " + json.ErrorMessage());
  C1Envelope envelope;
  envelope.sector_num = int64_t(o.sector_num);
  envelope.phase1_out.assign(json->begin(), json->end());
  envelope.sector_size = config.sector_size;
  if (!WriteOutputFile(dir / "c1-envelope.json", WriteC1Envelope(envelope))) return 1;

  auto verifier = PorepVerifierInputs(*proof, c1->comm_r, c1->comm_d, ProverIdFromActorId(o.miner_id), o.sector_num,
                                      c1->ticket, c1->seed);
  if (!verifier) return GenVanillaFail(verifier.ErrorMessage());
  const std::vector<RequestEntry> entries = {
      {"type", "porep"},
      {"c1", "c1-envelope.json"},
      {"miner-id", std::to_string(o.miner_id)},
      {"sector-num", std::to_string(o.sector_num)},
      {"sector-size", std::to_string(config.sector_size)},
  };
  const std::string comment = "cuzk-bench gen-vanilla porep (" + c1->registered_proof + ", seed " +
                              std::to_string(o.seed) + (o.virtual_sector ? ", virtual" : "") + ")";
  if (!WriteRequestOutputs(dir, comment, entries, "porep-inputs.txt", *verifier, PorepParameterCacheId(config)))
    return 1;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s a %s sector (miner %llu, sector %llu) and ran C1 in %.1f s\n"
              "  comm_d %s\n  comm_r %s\n  %s (%zu partition(s))\n  %s\n",
              o.virtual_sector ? "made a virtual" : "sealed", o.sector_size.c_str(), (unsigned long long)o.miner_id,
              (unsigned long long)o.sector_num, seconds, base::Hex(c1->comm_d).c_str(), base::Hex(c1->comm_r).c_str(),
              (dir / "c1-envelope.json").c_str(), verifier->size(), (dir / "request.txt").c_str());
  return 0;
}

} // namespace

void AddGenVanillaCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<GenVanillaOptions>();
  CLI::App *cmd = app.add_subcommand("gen-vanilla", "generate proving requests (C1 envelopes, PoSt and SnapDeals "
                                                    "vanilla proofs) from seeded sealed sectors or virtual ones");
  cmd->require_subcommand(1);
  CLI::App *porep = cmd->add_subcommand("porep", "seal seeded data (or make a virtual sector) and write its C1 "
                                                 "envelope, request and verifier inputs");
  AddGenVanillaFlags(*porep, *options, "a virtual sector (any size; 32GiB and 64GiB C1 without the data)");
  porep->callback([options, &exit_code] { exit_code = RunGenVanillaPorep(*options); });
  AddGenVanillaPoStCommands(*cmd, exit_code);
  AddGenVanillaSnapCommand(*cmd, exit_code);
}

} // namespace cuzk::bench
