// apps/cuzk-bench/prove_request.cpp — request flags → SubmitProofRequest.
#include "prove_request.hpp"

#include "base/hex.hpp"
#include "client.hpp"
#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "request_file.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <simdjson.h>
#include <sstream>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;

// A C1 file is either the envelope Curio sends (sent as-is) or a bare SealCommitPhase1Output JSON
// (as lotus-bench and rust-fil-proofs write it), which is wrapped in an envelope for --sector-num.
Expected<std::string> C1Payload(const ProveArgs &args) {
  auto text = ReadFile(args.c1_path);
  if (!text) return std::move(text).GetError();
  if (text->find("\"Phase1Out\"") != std::string::npos) return std::move(text).Value();
  auto c1 = filecoin::ParseC1Json(std::string_view(*text));
  if (!c1) return Prefixed(c1.GetError(), args.c1_path + " is neither a C1 envelope nor a C1 JSON: ");
  auto proof = filecoin::SealProofFromName(c1->registered_proof);
  if (!proof) return Prefixed(proof.GetError(), args.c1_path + ": ");
  filecoin::C1Envelope envelope;
  envelope.sector_num = static_cast<int64_t>(args.sector_num);
  envelope.sector_size = filecoin::GetSealProofInfo(*proof).sector_size;
  envelope.phase1_out.assign(text->begin(), text->end());
  return filecoin::WriteC1Envelope(envelope);
}

// --vanilla: a JSON array of base64 strings (what gen-vanilla and Curio's snap-vproof.json hold),
// otherwise the whole file is one proof.
Expected<std::vector<std::string>> VanillaProofs(const std::string &path) {
  auto text = ReadFile(path);
  if (!text) return std::move(text).GetError();
  std::vector<std::string> proofs;
  auto first = text->find_first_not_of(" \t\r\n");
  if (first == std::string::npos || (*text)[first] != '[') {
    proofs.push_back(std::move(text).Value());
    return proofs;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (auto err = parser.parse(*text).get_array().get(array); err) {
    return InvalidArgument(path + ": not a JSON array of base64 strings: " + simdjson::error_message(err));
  }
  size_t index = 0;
  for (auto element : array) {
    std::string_view b64;
    if (element.get_string().get(b64)) return InvalidArgument(path + "[" + std::to_string(index) + "]: not a string");
    auto bytes = filecoin::Base64Decode(b64);
    if (!bytes) return Prefixed(bytes.GetError(), path + "[" + std::to_string(index) + "]: ");
    proofs.emplace_back(bytes->begin(), bytes->end());
    index++;
  }
  return proofs;
}

std::optional<v1::Priority> ParsePriority(const std::string &name) {
  if (name == "unspecified" || name == "0") return v1::PRIORITY_UNSPECIFIED;
  if (name == "low") return v1::LOW;
  if (name == "normal") return v1::NORMAL;
  if (name == "high") return v1::HIGH;
  if (name == "critical") return v1::CRITICAL;
  return std::nullopt;
}

} // namespace

void AddProveFlags(CLI::App &cmd, ProveArgs &args, bool with_partition) {
  cmd.add_option("-t,--type", args.type,
                 "proof type: porep (porep-c2, seal-commit), snap (snap-deals, update), wpost (window-post, "
                 "windowpost), winning (winning-post, winningpost); required unless --request names it");
  cmd.add_option("--c1", args.c1_path, "PoRep: C1 output (Curio envelope, or a bare C1 JSON to wrap)");
  cmd.add_option("--vanilla", args.vanilla_path, "PoSt/SnapDeals: JSON array of base64 proofs, or one raw proof");
  cmd.add_option("--registered-proof", args.registered_proof, "registered proof number (spec §2.3)")
      ->capture_default_str();
  cmd.add_option("--sector-num", args.sector_num, "sector number")->capture_default_str();
  cmd.add_option("--miner-id", args.miner_id, "miner actor id")->capture_default_str();
  if (with_partition) {
    cmd.add_option("--partition", args.partition, "WindowPoSt partition index")->capture_default_str();
  }
  cmd.add_option("--randomness", args.randomness_hex, "PoSt randomness, 32 bytes hex (default zeros)");
  cmd.add_option("--comm-r-old", args.comm_r_old_hex, "SnapDeals: old comm_r, 32 bytes hex");
  cmd.add_option("--comm-r-new", args.comm_r_new_hex, "SnapDeals: new comm_r, 32 bytes hex");
  cmd.add_option("--comm-d-new", args.comm_d_new_hex, "SnapDeals: new comm_d, 32 bytes hex");
  cmd.add_option("--sector-size", args.sector_size, "sector size sent in the request (bytes)")->capture_default_str();
  cmd.add_option("--priority", args.priority, "low, normal, high, critical, unspecified (the kind's default)")
      ->capture_default_str();
  cmd.add_option("--request-id", args.request_id, "request id (idempotency key); default a fresh UUID");
  cmd.add_option("--request", args.request_path,
                 "request file (gen-vanilla writes request.txt): `key value` lines of these flags; flags given "
                 "here win")
      ->check(CLI::ExistingFile);
  args.cmd = &cmd;
}

Expected<v1::SubmitProofRequest> BuildRequest(const ProveArgs &given_args) {
  ProveArgs args = given_args;
  if (!args.request_path.empty()) {
    const CLI::App *cmd = given_args.cmd;
    auto on_command_line = [cmd](const std::string &key) { return cmd != nullptr && cmd->count("--" + key) > 0; };
    if (auto applied = ApplyRequestFile(args.request_path, on_command_line, args); !applied) {
      return std::move(applied).GetError();
    }
  }
  v1::SubmitProofRequest request;
  if (args.type.empty()) return InvalidArgument("-t/--type is required (or a --request file that names it)");
  auto kind = ParseProofType(args.type);
  if (!kind) return InvalidArgument("unknown proof type '" + args.type + "'");
  auto priority = ParsePriority(args.priority);
  if (!priority) return InvalidArgument("unknown priority '" + args.priority + "'");
  request.set_proof_kind(*kind);
  request.set_priority(*priority);
  request.set_sector_size(args.sector_size);
  request.set_registered_proof(args.registered_proof);
  request.set_sector_number(args.sector_num);
  request.set_miner_id(args.miner_id);
  request.set_partition_index(args.partition);
  if (*kind == v1::POREP_SEAL_COMMIT) {
    if (args.c1_path.empty()) return InvalidArgument("--c1 is required for porep");
    auto payload = C1Payload(args);
    if (!payload) return std::move(payload).GetError();
    request.set_vanilla_proof(std::move(payload).Value());
  } else {
    if (args.vanilla_path.empty()) return InvalidArgument("--vanilla is required for " + args.type);
    auto proofs = VanillaProofs(args.vanilla_path);
    if (!proofs) return std::move(proofs).GetError();
    for (std::string &proof : *proofs) request.add_vanilla_proofs(std::move(proof));
  }
  if (*kind == v1::WINDOW_POST_PARTITION || *kind == v1::WINNING_POST) {
    // the reference sends 32 zero bytes when --randomness is absent
    std::string randomness(32, '\0');
    if (!args.randomness_hex.empty()) {
      auto parsed = ParseHexBytes(args.randomness_hex, 32);
      if (!parsed) return std::move(parsed).GetError();
      randomness = *parsed;
    }
    request.set_randomness(randomness);
  }
  struct Commitment {
    const std::string &hex;
    std::string *(v1::SubmitProofRequest::*field)();
  };
  for (const Commitment &c : {Commitment{args.comm_r_old_hex, &v1::SubmitProofRequest::mutable_comm_r_old},
                              Commitment{args.comm_r_new_hex, &v1::SubmitProofRequest::mutable_comm_r_new},
                              Commitment{args.comm_d_new_hex, &v1::SubmitProofRequest::mutable_comm_d_new}}) {
    if (c.hex.empty()) continue;
    auto parsed = ParseHexBytes(c.hex, 32);
    if (!parsed) return std::move(parsed).GetError();
    *(request.*c.field)() = *parsed;
  }
  return request;
}

std::string NewRequestId() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  uint64_t hi = rng(), lo = rng();
  hi = (hi & ~uint64_t{0xf000}) | 0x4000;                     // version 4
  lo = (lo & ~(uint64_t{0xc} << 60)) | (uint64_t{0x8} << 60); // variant 10xx
  char buf[37];
  std::snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xffff), static_cast<unsigned>(hi & 0xffff),
                static_cast<unsigned>(lo >> 48), static_cast<unsigned long long>(lo & 0xffffffffffffull));
  return buf;
}

Expected<std::string> ParseHexBytes(const std::string &hex, size_t size) {
  std::string h = hex.rfind("0x", 0) == 0 ? hex.substr(2) : hex;
  if (h.size() != 2 * size) return InvalidArgument("'" + hex + "': expected " + std::to_string(size) + " bytes of hex");
  std::string out(size, '\0');
  for (size_t i = 0; i < size; i++) {
    auto nibble = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    int a = nibble(h[2 * i]), b = nibble(h[2 * i + 1]);
    if (a < 0 || b < 0) return InvalidArgument("'" + hex + "': not hex");
    out[i] = static_cast<char>(a << 4 | b);
  }
  return out;
}

Expected<std::string> ReadFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return CannotOpen(path, "cannot open " + path);
  std::ostringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

Error CannotOpen(const std::string &path, std::string message) {
  std::error_code ec;
  const bool exists = std::filesystem::exists(path, ec);
  return MakeError(exists ? ErrorCode::kInternal : ErrorCode::kNotFound, std::move(message));
}

std::string ToHex(const std::string &bytes) {
  return base::Hex({reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()});
}

} // namespace cuzk::bench
