// apps/cuzk-bench/gen_vanilla.hpp — what the `gen-vanilla` subcommands share: their common flags,
// seeded sealing of small sectors, and the files every kind writes beside its payload:
//   request.txt          the request as `single/inputs/verify --request` read it (request_file.hpp)
//   <kind>-inputs.txt    the verifier's public inputs, computed here from what the generator knows
//                        (commitments, sector ids, randomness), not from the payload's bytes, so
//                        that `inputs --request` reproducing them checks the payload too
//   params-id            the .params/.vk file stem of the circuit
#pragma once
#include "ff/bls12_381.hpp"
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/testing/seal.hpp"
#include "request_file.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace cuzk::bench {

struct GenVanillaOptions {
  std::string out_dir;
  std::string sector_size = "2KiB";
  uint64_t seed = 1;
  uint64_t miner_id = 1000;
  uint64_t sector_num = 1;
  bool virtual_sector = false;
  // PoSt and SnapDeals
  std::optional<uint64_t> registered_proof; //!< default: the size's (WindowPoSt V1_2)
  std::string sector_dir;                   //!< a sealed sector (gen-vanilla porep's sector/) instead of sealing
  size_t sectors = 0;                       //!< PoSt: sectors in the request / winning sector set; 0 = default
  std::string randomness_hex;               //!< PoSt: default seeded
  size_t real_leaves = 0;                   //!< virtual SnapDeals: nodes of their own key and data; 0 = partitions
};

//! --out, --sector-size, --seed, --miner-id, --sector-num and --virtual (with `virtual_help`).
void AddGenVanillaFlags(CLI::App &cmd, GenVanillaOptions &options, std::string_view virtual_help);

//! Prints "error: ..." and returns false when the file cannot be written.
bool WriteOutputFile(const std::filesystem::path &path, std::string_view bytes);
//! Creates the output directory; false (error printed) when it cannot.
bool MakeOutputDir(const std::filesystem::path &dir);

//! A JSON array of standard base64 strings (what `single --vanilla` and Curio's snap-vproof.json hold).
std::string Base64JsonArray(const std::vector<std::vector<uint8_t>> &items);

//! The sealable sizes: 2KiB, 8MiB, 512MiB → their V1_1 seal proof.
std::optional<filecoin::RegisteredSealProof> SealProofForSize(uint64_t size);

//! Seals seeded data into a sector of `proof`'s size for (miner, sector), ticket seeded too; each
//! (seed, sector id) gives its own sector.
Expected<filecoin::SealedSector> SealSeededSector(filecoin::RegisteredSealProof proof, uint64_t seed, uint64_t miner_id,
                                                  uint64_t sector_id);

//! Writes request.txt, `inputs_name` (FormatInputs) and params-id into dir.
bool WriteRequestOutputs(const std::filesystem::path &dir, std::string_view comment,
                         const std::vector<RequestEntry> &entries, std::string_view inputs_name,
                         const std::vector<std::vector<ff::Fr>> &inputs, const std::string &params_id);

//! Prints "error: <message>" to stderr and returns gen-vanilla's failure exit status (1).
int GenVanillaFail(const std::string &message);

//! Registered by gen_vanilla_command.cpp's AddGenVanillaCommand on its `gen-vanilla` group.
void AddGenVanillaPoStCommands(CLI::App &group, int &exit_code); // gen_vanilla_post.cpp
void AddGenVanillaSnapCommand(CLI::App &group, int &exit_code);  // gen_vanilla_snap.cpp

} // namespace cuzk::bench
