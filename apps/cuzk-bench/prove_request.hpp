// apps/cuzk-bench/prove_request.hpp — the proof-request flags of `single`, `batch`, `stress`,
// `inputs` and `verify` (the reference bench's, spec/cuzk-api.md §4, plus --priority,
// --sector-size, --request-id and --request, a request file: request_file.hpp) and how they become
// a SubmitProofRequest.
#pragma once
#include "base/expected.hpp"
#include "cuzk/v1/proving.pb.h"

#include <cstdint>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace cuzk::bench {

struct ProveArgs {
  std::string type;         //!< -t/--type, with the reference's aliases
  std::string c1_path;      //!< --c1: the C1 envelope (sent as-is) or a bare C1 JSON (wrapped)
  std::string vanilla_path; //!< --vanilla: JSON array of base64, else the whole file is one proof
  uint64_t registered_proof = 0;
  uint64_t sector_num = 1;
  uint64_t miner_id = 1000;
  uint32_t partition = 0;
  std::string randomness_hex; //!< 32 bytes; default zeros
  std::string comm_r_old_hex, comm_r_new_hex, comm_d_new_hex;
  uint64_t sector_size = uint64_t{32} << 30; //!< the reference always sends 32 GiB
  std::string priority = "unspecified";      //!< low, normal, high, critical; unspecified = the kind's default
  std::string request_id;                    //!< "" = a fresh UUID per request (as the reference)
  std::string request_path;                  //!< --request: a request file supplying the flags not given
  //! the subcommand the flags were parsed on (set by AddProveFlags): a flag it counts wins over the
  //! request file's value; null = the file's values win
  const CLI::App *cmd = nullptr;
};

//! Adds the flags to a subcommand. `with_partition` for `single` (batch has no --partition).
//! -t/--type is required by BuildRequest, unless the --request file names it.
void AddProveFlags(CLI::App &cmd, ProveArgs &args, bool with_partition);

//! Reads the request file (if any) and the payload files and builds the request (request_id left
//! empty). An error when a flag is malformed (kInvalidArgument) or a file cannot be read
//! (kNotFound, kInternal).
Expected<cuzk::v1::SubmitProofRequest> BuildRequest(const ProveArgs &args);

//! A random UUIDv4 string.
std::string NewRequestId();

//! Parses hex ("0x" prefix allowed) of exactly `size` bytes; kInvalidArgument otherwise.
Expected<std::string> ParseHexBytes(const std::string &hex, size_t size);

//! The whole file at `path`, as bytes; "cannot open PATH" when it cannot be opened (CannotOpen's code).
Expected<std::string> ReadFile(const std::string &path);

//! The error for a file that cannot be opened: kNotFound when nothing is at `path`, kInternal when
//! something is but opening it failed (permissions), since the two need different fixes.
Error CannotOpen(const std::string &path, std::string message);

//! The lower-case hex of `bytes`.
std::string ToHex(const std::string &bytes);

} // namespace cuzk::bench
