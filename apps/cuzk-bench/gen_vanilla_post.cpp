// apps/cuzk-bench/gen_vanilla_post.cpp — `gen-vanilla window-post` and `gen-vanilla winning-post`:
// the request Curio sends for one WindowPoSt partition or one WinningPoSt (spec/cuzk-api.md §2.2:
// one bincode FallbackPoStSectorProof per sector, masked randomness, registered proof of §2.3).
//
//   cuzk-bench gen-vanilla window-post --out DIR [--sector-size 2KiB] [--sectors N] [--seed S]
//   cuzk-bench gen-vanilla winning-post --out DIR --virtual --sector-size 32GiB
//
// Small sizes: N sectors (ids sector-num, sector-num+1, ...) are sealed here from seeded data, or
// one is loaded with --sector (gen-vanilla porep's sector/ directory). --virtual: virtual sectors
// (filecoin/testing/virtual_post.hpp) of any size, by default a full partition (2349 sectors at 32GiB).
// WinningPoSt selects its sector from a set of N as the chain does and proves that one.
// DIR receives <kind>-vanilla.json (JSON array of base64), request.txt, <kind>-inputs.txt and
// params-id (gen_vanilla.hpp).
#include "gen_vanilla.hpp"

#include "base/hex.hpp"
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_challenges.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "filecoin/testing/seal_store.hpp"
#include "filecoin/testing/test_params.hpp"
#include "filecoin/testing/virtual_post.hpp"
#include "hash/poseidon.hpp"
#include "prove_request.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>

namespace cuzk::bench {
namespace {

using namespace filecoin;

// The registered proof: --registered-proof, else the size's (WindowPoSt with the grindability fix,
// V1_2, as Curio sends for new proofs).
Expected<RegisteredPoStProof> ChooseProof(const GenVanillaOptions &o, PoStType type, bool size_given) {
  const auto size = ParseSectorSize(o.sector_size);
  if (o.registered_proof) {
    auto p = RegisteredPoStProofFromId(*o.registered_proof);
    if (!p) return Prefixed(p.GetError(), "--registered-proof: ");
    if (PoStTypeOf(*p) != type) {
      return InvalidArgument("--registered-proof " + std::to_string(*o.registered_proof) + " is " +
                             std::string(ProofsApiName(*p)) + ", not a " +
                             (type == PoStType::kWindow ? "WindowPoSt" : "WinningPoSt") + " proof");
    }
    if (size_given && size != SectorSizeOf(*p)) {
      return InvalidArgument("--sector-size " + o.sector_size + " is not the size of " +
                             std::string(ProofsApiName(*p)));
    }
    return *p;
  }
  for (uint64_t id = 0; id < REGISTERED_POST_PROOF_COUNT; id++) {
    auto p = RegisteredPoStProofFromId(id).Value();
    if (PoStTypeOf(p) == type && size && SectorSizeOf(p) == *size &&
        (type == PoStType::kWinning || ApiVersionOf(p) == ApiVersion::kV1_2_0))
      return p;
  }
  return InvalidArgument("--sector-size " + o.sector_size + ": takes 2KiB, 8MiB, 512MiB, 32GiB or 64GiB");
}

// The sectors a proof is made of: sealed here (or loaded) for the small sizes, or virtual.
struct PoStSectors {
  std::vector<SealedSector> sealed;
  std::vector<ff::Fr> comm_c;
  std::vector<VirtualPoStSector> virtual_sectors;
  std::vector<PoStReplica> replicas;
  std::vector<PoStPublicSector> publics;
};

Status SealOrLoad(const GenVanillaOptions &o, const PoStConfig &config, std::span<const uint64_t> ids,
                  PoStSectors &out) {
  if (!o.sector_dir.empty()) {
    auto loaded = LoadSealedSector(o.sector_dir);
    if (!loaded) return loaded.GetError();
    if (loaded->config.sector_size != config.sector_size)
      return MakeError(ErrorCode::kInvalidArgument, "--sector " + o.sector_dir + " is not a sector of " +
                                                        std::to_string(config.sector_size) + " bytes");
    out.sealed.push_back(std::move(loaded).Value());
  } else {
    const auto seal_proof = SealProofForSize(config.sector_size);
    if (!seal_proof)
      return MakeError(ErrorCode::kInvalidArgument, "sealing here takes 2KiB, 8MiB or 512MiB sectors; "
                                                    "larger ones need --virtual");
    for (uint64_t id : ids) {
      auto sealed = SealSeededSector(*seal_proof, o.seed, o.miner_id, id);
      if (!sealed) return sealed.GetError();
      out.sealed.push_back(std::move(sealed).Value());
    }
  }
  for (const SealedSector &s : out.sealed) {
    auto comm_c = hash::FrFromBytesLE(s.comm_c);
    if (!comm_c) return comm_c.GetError();
    out.comm_c.push_back(*comm_c);
  }
  for (size_t i = 0; i < out.sealed.size(); i++) {
    out.replicas.push_back({out.sealed[i].inputs.sector_id, &out.sealed[i].tree_r_last, out.comm_c[i], nullptr});
    out.publics.push_back({out.sealed[i].inputs.sector_id, out.sealed[i].comm_r});
  }
  return Status::Ok();
}

int RunGenVanillaPoSt(const GenVanillaOptions &o, PoStType type, bool size_given) {
  const bool window = type == PoStType::kWindow;
  const char *kind = window ? "wpost" : "winning";
  const auto proof = ChooseProof(o, type, size_given);
  if (!proof) {
    std::fprintf(stderr, "error: %s\n", proof.ErrorMessage().c_str());
    return 2;
  }
  const PoStConfig config = PoStConfigFor(*proof);
  if (!o.virtual_sector && o.sector_dir.empty() && !SealProofForSize(config.sector_size)) {
    std::fprintf(stderr, "error: %s: sealing here takes 2KiB, 8MiB or 512MiB sectors; larger ones need --virtual\n",
                 std::string(ProofsApiName(*proof)).c_str());
    return 2;
  }
  if (!o.sector_dir.empty() && (o.virtual_sector || o.sectors > 1)) {
    std::fprintf(stderr, "error: --sector gives one sealed sector: no --virtual, no --sectors\n");
    return 2;
  }
  // window: the sectors of the partition; winning: the sector set the winner is drawn from
  size_t n = o.sectors ? o.sectors : (window && o.virtual_sector ? config.sector_count : 1);
  if (!o.sector_dir.empty()) n = 1;
  if (window && n > config.sector_count) {
    std::fprintf(stderr, "error: --sectors %zu: a %s partition holds at most %zu sectors\n", n,
                 std::string(ProofsApiName(*proof)).c_str(), config.sector_count);
    return 2;
  }
  Digest32 randomness{};
  if (!o.randomness_hex.empty()) {
    auto parsed = ParseHexBytes(o.randomness_hex, 32);
    if (!parsed) {
      std::fprintf(stderr, "error: --randomness %s\n", parsed.ErrorMessage().c_str());
      return 2;
    }
    std::copy(parsed->begin(), parsed->end(), randomness.begin());
  } else {
    std::mt19937_64 rng(o.seed ^ 0x706f7374); // "post": not the sealing stream
    for (auto &b : randomness) b = uint8_t(rng());
  }
  randomness[31] &= 0x3f; // what Curio sends: masked into Fr

  const std::filesystem::path dir(o.out_dir);
  if (!MakeOutputDir(dir)) return 1;
  const auto start = std::chrono::steady_clock::now();
  std::vector<uint64_t> ids;
  if (window) {
    for (size_t i = 0; i < n; i++) ids.push_back(o.sector_num + i);
  } else {
    // WinningPoSt: the chain picks the sector from the set by randomness and prover id
    auto chosen = WinningPoStSectorChallenges(config, randomness, ProverIdFromActorId(o.miner_id), n);
    if (!chosen) return GenVanillaFail(chosen.ErrorMessage());
    ids.push_back(o.sector_num + chosen->front());
  }
  PoStSectors sectors;
  if (o.virtual_sector) {
    auto made = VirtualPoStSectors(config, randomness, ids, o.seed);
    if (!made) return GenVanillaFail(made.ErrorMessage());
    sectors.virtual_sectors = std::move(made).Value();
    for (const auto &v : sectors.virtual_sectors) {
      sectors.replicas.push_back(v.Replica());
      sectors.publics.push_back(v.Public());
    }
  } else if (auto s = SealOrLoad(o, config, ids, sectors); !s) {
    return GenVanillaFail(s.ErrorMessage());
  }
  auto vanilla = GenerateFallbackVanillaProofs(config, randomness, sectors.replicas);
  if (!vanilla) return GenVanillaFail(vanilla.ErrorMessage());
  std::vector<std::vector<uint8_t>> encoded;
  for (const auto &v : *vanilla) encoded.push_back(EncodeFallbackPoStSectorProof(v));

  const FallbackPoStParams params = FallbackParamsOf(config);
  auto inputs = FallbackPoStPublicInputs(params, randomness, FallbackPublicSectors(config, sectors.publics), 0);
  if (!inputs) return GenVanillaFail(inputs.ErrorMessage());
  const std::string vanilla_name = std::string(kind) + "-vanilla.json";
  if (!WriteOutputFile(dir / vanilla_name, Base64JsonArray(encoded))) return 1;
  const std::vector<RequestEntry> entries = {
      {"type", kind},
      {"vanilla", vanilla_name},
      {"registered-proof", std::to_string(uint64_t(*proof))},
      {"miner-id", std::to_string(o.miner_id)},
      {"sector-num", std::to_string(sectors.publics.front().id)},
      {"partition", "0"},
      {"randomness", base::Hex(randomness)},
      {"sector-size", std::to_string(config.sector_size)},
  };
  const std::string comment = "cuzk-bench gen-vanilla " + std::string(window ? "window-post" : "winning-post") + " (" +
                              std::string(ProofsApiName(*proof)) + ", seed " + std::to_string(o.seed) +
                              (o.virtual_sector ? ", virtual" : "") + ")";
  if (!WriteRequestOutputs(dir, comment, entries, std::string(kind) + "-inputs.txt", {*inputs},
                           params.ParameterCacheId()))
    return 1;
  size_t bytes = 0;
  for (const auto &e : encoded) bytes += e.size();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%s: %zu sector proof(s) (%zu bytes of bincode), %zu public inputs, in %.1f s\n  %s\n",
              std::string(ProofsApiName(*proof)).c_str(), encoded.size(), bytes, inputs->size(), seconds,
              (dir / "request.txt").c_str());
  return 0;
}

void AddPoStCommand(CLI::App &group, int &exit_code, PoStType type) {
  auto options = std::make_shared<GenVanillaOptions>();
  const bool window = type == PoStType::kWindow;
  CLI::App *cmd = group.add_subcommand(window ? "window-post" : "winning-post",
                                       window ? "one WindowPoSt partition's request from sealed (or virtual) sectors"
                                              : "a WinningPoSt request from a sealed (or virtual) sector set");
  AddGenVanillaFlags(*cmd, *options,
                     window ? "virtual sectors (any size; default a full partition: 2349 at 32GiB)"
                            : "a virtual sector (any size)");
  cmd->add_option("--registered-proof", options->registered_proof,
                  window ? "PoSt proof number 5-14 (default: the size's V1_2, 10-14)" : "PoSt proof number 0-4");
  cmd->add_option("--sectors", options->sectors,
                  window ? "sectors in the partition (default 1; virtual: the partition size)"
                         : "size of the sector set the winner is drawn from (default 1)")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20));
  cmd->add_option("--sector", options->sector_dir, "a sealed sector directory (gen-vanilla porep's sector/)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--randomness", options->randomness_hex, "32 bytes hex (default seeded); masked into Fr");
  cmd->callback([options, cmd, type, &exit_code] {
    exit_code = RunGenVanillaPoSt(*options, type, cmd->count("--sector-size") > 0);
  });
}

} // namespace

void AddGenVanillaPoStCommands(CLI::App &group, int &exit_code) {
  AddPoStCommand(group, exit_code, PoStType::kWindow);
  AddPoStCommand(group, exit_code, PoStType::kWinning);
}

} // namespace cuzk::bench
