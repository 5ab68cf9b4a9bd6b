// apps/cuzk-bench/gen_vanilla_command.cpp — `gen-vanilla porep`: a PoRep C1 request from a small
// sector sealed here from seeded data, for `single --type porep --c1` against a daemon.
//
//   cuzk-bench gen-vanilla porep --out DIR [--sector-size 2KiB] [--seed N] [--miner-id M] [--sector-num S]
//
// DIR receives data.bin (the seeded payload), sector/ (the sealed sector, filecoin/seal_store.hpp),
// c1-envelope.json (Curio's {SectorNum, Phase1Out, SectorSize}) and porep-inputs.txt (the
// verifier's public inputs, one decimal per line, partitions separated by blank lines; what
// `verify --inputs` reads) and params-id (the .params/.vk file stem of the circuit), so the daemon's
// proof can be checked outside it.
#include "filecoin/c1_envelope.hpp"
#include "filecoin/c1_json.hpp"
#include "filecoin/fr32.hpp"
#include "filecoin/porep_c2.hpp"
#include "filecoin/porep_prove.hpp"
#include "filecoin/registered_seal_proof.hpp"
#include "filecoin/seal_store.hpp"
#include "filecoin/test_params.hpp"
#include "groth16/snarkjs_json.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

namespace cuzk::bench {
namespace {

struct GenVanillaOptions {
  std::string out_dir;
  std::string sector_size = "2KiB";
  uint64_t seed = 1;
  uint64_t miner_id = 1000;
  uint64_t sector_num = 1;
};

bool WriteFile(const std::filesystem::path &path, std::string_view bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), std::streamsize(bytes.size()));
  if (!f) std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
  return bool(f);
}

std::string Hex(std::span<const uint8_t> bytes) {
  std::string out;
  char buf[3];
  for (uint8_t b : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    out += buf;
  }
  return out;
}

std::optional<filecoin::RegisteredSealProof> SealProofForSize(uint64_t size) {
  using filecoin::RegisteredSealProof;
  for (auto p : {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
                 RegisteredSealProof::kStackedDrg512MiBV1_1})
    if (filecoin::PorepConfigFor(p).sector_size == size) return p;
  return std::nullopt;
}

int RunGenVanillaPorep(const GenVanillaOptions &o) {
  using namespace filecoin;
  const auto size = ParseSectorSize(o.sector_size);
  const auto proof = size ? SealProofForSize(*size) : std::nullopt;
  if (!proof) {
    std::fprintf(stderr, "error: --sector-size %s: sealing here takes 2KiB, 8MiB or 512MiB\n", o.sector_size.c_str());
    return 2;
  }
  const std::filesystem::path dir(o.out_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::fprintf(stderr, "error: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
    return 1;
  }
  const PorepConfig config = PorepConfigFor(*proof);
  std::mt19937_64 rng(o.seed);
  SealInputs inputs;
  inputs.prover_id = ProverIdFromActorId(o.miner_id);
  inputs.sector_id = o.sector_num;
  for (auto &b : inputs.ticket) b = uint8_t(rng());
  Digest32 seed{};
  for (auto &b : seed) b = uint8_t(rng());
  std::string payload(Fr32UnpaddedCapacity(config.sector_size), '\0');
  for (auto &c : payload) c = char(rng());
  if (!WriteFile(dir / "data.bin", payload)) return 1;

  const auto start = std::chrono::steady_clock::now();
  auto sealed = SealDataFile(config, dir / "data.bin", inputs);
  if (!sealed) {
    std::fprintf(stderr, "error: seal: %s\n", sealed.error().message.c_str());
    return 1;
  }
  if (auto saved = SaveSealedSector(*sealed, dir / "sector"); !saved) {
    std::fprintf(stderr, "error: %s\n", saved.error().message.c_str());
    return 1;
  }
  auto c1 = SealCommitPhase1(*sealed, seed);
  auto json = c1 ? WriteC1Json(*c1) : Result<std::string>(c1.error());
  if (!json) {
    std::fprintf(stderr, "error: C1: %s\n", json.error().message.c_str());
    return 1;
  }
  C1Envelope envelope;
  envelope.sector_num = int64_t(o.sector_num);
  envelope.phase1_out.assign(json->begin(), json->end());
  envelope.sector_size = config.sector_size;
  if (!WriteFile(dir / "c1-envelope.json", WriteC1Envelope(envelope))) return 1;

  auto verifier =
      PorepVerifierInputs(*proof, sealed->comm_r, sealed->comm_d, inputs.prover_id, o.sector_num, inputs.ticket, seed);
  if (!verifier) {
    std::fprintf(stderr, "error: %s\n", verifier.error().message.c_str());
    return 1;
  }
  std::string lines;
  for (size_t k = 0; k < verifier->size(); k++) {
    if (k) lines += "\n";
    for (const ff::Fr &x : (*verifier)[k]) lines += groth16::ToDecimal(x.ToCanonical()) + "\n";
  }
  if (!WriteFile(dir / "porep-inputs.txt", lines)) return 1;
  auto stem = TestParamsCacheId(TestParamsKind::kPorep, config.sector_size);
  if (!stem || !WriteFile(dir / "params-id", *stem + "\n")) return 1;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("sealed a %s sector (miner %llu, sector %llu) and ran C1 in %.1f s\n"
              "  comm_d %s\n  comm_r %s\n  %s (%zu partition(s))\n  %s\n",
              o.sector_size.c_str(), (unsigned long long)o.miner_id, (unsigned long long)o.sector_num, seconds,
              Hex(sealed->comm_d).c_str(), Hex(sealed->comm_r).c_str(), (dir / "c1-envelope.json").c_str(),
              verifier->size(), (dir / "porep-inputs.txt").c_str());
  return 0;
}

} // namespace

void AddGenVanillaCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<GenVanillaOptions>();
  CLI::App *cmd = app.add_subcommand("gen-vanilla", "generate vanilla proofs / C1 requests from small sealed sectors");
  cmd->require_subcommand(1);
  CLI::App *porep = cmd->add_subcommand("porep", "seal seeded data and write its C1 envelope and verifier inputs");
  porep->add_option("-o,--out", options->out_dir, "output directory")->required();
  porep->add_option("--sector-size", options->sector_size, "2KiB, 8MiB or 512MiB")->capture_default_str();
  porep->add_option("--seed", options->seed, "seeds the payload, ticket and seed")->capture_default_str();
  porep->add_option("--miner-id", options->miner_id, "actor id of the miner (prover id)")->capture_default_str();
  porep->add_option("--sector-num", options->sector_num, "sector number")->capture_default_str();
  porep->callback([options, &exit_code] { exit_code = RunGenVanillaPorep(*options); });
}

} // namespace cuzk::bench
