// apps/cuzk-bench/gen_vanilla_common.cpp — flags, files and seeded sealing shared by gen-vanilla's
// subcommands.
#include "gen_vanilla.hpp"

#include "base/hex.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/porep_config.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "request_inputs.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <random>

namespace cuzk::bench {

void AddGenVanillaFlags(CLI::App &cmd, GenVanillaOptions &options, std::string_view virtual_help) {
  cmd.add_option("-o,--out", options.out_dir, "output directory")->required();
  cmd.add_option("--sector-size", options.sector_size,
                 "2KiB, 8MiB or 512MiB (sealed here); 32GiB, 64GiB with --virtual")
      ->capture_default_str();
  cmd.add_option("--seed", options.seed, "seeds the data, ticket, randomness and virtual values")
      ->capture_default_str();
  cmd.add_option("--miner-id", options.miner_id, "actor id of the miner (prover id)")->capture_default_str();
  cmd.add_option("--sector-num,--sector-number", options.sector_num,
                 "sector number (the first one when there are several)")
      ->capture_default_str();
  cmd.add_flag("--virtual", options.virtual_sector, std::string(virtual_help));
}

bool WriteOutputFile(const std::filesystem::path &path, std::string_view bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), std::streamsize(bytes.size()));
  if (!f) std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
  return bool(f);
}

bool MakeOutputDir(const std::filesystem::path &dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) std::fprintf(stderr, "error: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
  return !ec;
}

std::string Base64JsonArray(const std::vector<std::vector<uint8_t>> &items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); i++) out += (i ? ",\"" : "\"") + filecoin::Base64Encode(items[i]) + "\"";
  return out + "]\n";
}

std::optional<filecoin::RegisteredSealProof> SealProofForSize(uint64_t size) {
  using filecoin::RegisteredSealProof;
  for (auto p : {RegisteredSealProof::kStackedDrg2KiBV1_1, RegisteredSealProof::kStackedDrg8MiBV1_1,
                 RegisteredSealProof::kStackedDrg512MiBV1_1})
    if (filecoin::PorepConfigFor(p).sector_size == size) return p;
  return std::nullopt;
}

Expected<filecoin::SealedSector> SealSeededSector(filecoin::RegisteredSealProof proof, uint64_t seed, uint64_t miner_id,
                                                  uint64_t sector_id) {
  const filecoin::PorepConfig config = filecoin::PorepConfigFor(proof);
  // one stream per (seed, sector): sectors of one request differ, and reruns are identical
  std::seed_seq seq{seed, sector_id, miner_id};
  std::mt19937_64 rng(seq);
  filecoin::SealInputs inputs;
  inputs.prover_id = filecoin::ProverIdFromActorId(miner_id);
  inputs.sector_id = sector_id;
  for (auto &b : inputs.ticket) b = uint8_t(rng());
  std::vector<uint8_t> payload(filecoin::Fr32UnpaddedCapacity(config.sector_size));
  for (auto &b : payload) b = uint8_t(rng());
  return filecoin::SealUnpadded(config, payload, inputs);
}

bool WriteRequestOutputs(const std::filesystem::path &dir, std::string_view comment,
                         const std::vector<RequestEntry> &entries, std::string_view inputs_name,
                         const std::vector<std::vector<ff::Fr>> &inputs, const std::string &params_id) {
  return WriteOutputFile(dir / "request.txt", FormatRequestFile(comment, entries)) &&
         WriteOutputFile(dir / inputs_name, FormatInputs(inputs)) &&
         WriteOutputFile(dir / "params-id", params_id + "\n");
}

int GenVanillaFail(const std::string &message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  return 1;
}

} // namespace cuzk::bench
