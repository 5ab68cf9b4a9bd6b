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
#include <fstream>
#include <random>
#include <simdjson.h>
#include <sstream>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;

// A C1 file is either the envelope Curio sends (sent as-is) or a bare SealCommitPhase1Output JSON
// (as lotus-bench and rust-fil-proofs write it), which is wrapped in an envelope for --sector-num.
bool C1Payload(const ProveArgs &args, std::string &payload, std::string &error) {
  std::string text;
  if (!ReadFile(args.c1_path, text, error)) return false;
  if (text.find("\"Phase1Out\"") != std::string::npos) {
    payload = std::move(text);
    return true;
  }
  auto c1 = filecoin::ParseC1Json(std::string_view(text));
  if (!c1) {
    error = args.c1_path + " is neither a C1 envelope nor a C1 JSON: " + c1.ErrorMessage();
    return false;
  }
  auto proof = filecoin::SealProofFromName(c1->registered_proof);
  if (!proof) {
    error = args.c1_path + ": " + proof.ErrorMessage();
    return false;
  }
  filecoin::C1Envelope envelope;
  envelope.sector_num = static_cast<int64_t>(args.sector_num);
  envelope.sector_size = filecoin::GetSealProofInfo(*proof).sector_size;
  envelope.phase1_out.assign(text.begin(), text.end());
  payload = filecoin::WriteC1Envelope(envelope);
  return true;
}

// --vanilla: a JSON array of base64 strings (what gen-vanilla and Curio's snap-vproof.json hold),
// otherwise the whole file is one proof.
bool VanillaProofs(const std::string &path, v1::SubmitProofRequest &request, std::string &error) {
  std::string text;
  if (!ReadFile(path, text, error)) return false;
  auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '[') {
    request.add_vanilla_proofs(std::move(text));
    return true;
  }
  simdjson::dom::parser parser;
  simdjson::dom::array array;
  if (auto err = parser.parse(text).get_array().get(array); err) {
    error = path + ": not a JSON array of base64 strings: " + simdjson::error_message(err);
    return false;
  }
  size_t index = 0;
  for (auto element : array) {
    std::string_view b64;
    if (element.get_string().get(b64)) {
      error = path + "[" + std::to_string(index) + "]: not a string";
      return false;
    }
    auto bytes = filecoin::Base64Decode(b64);
    if (!bytes) {
      error = path + "[" + std::to_string(index) + "]: " + bytes.ErrorMessage();
      return false;
    }
    request.add_vanilla_proofs(std::string(bytes->begin(), bytes->end()));
    index++;
  }
  return true;
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

std::optional<v1::SubmitProofRequest> BuildRequest(const ProveArgs &given_args, std::string &error) {
  ProveArgs args = given_args;
  if (!args.request_path.empty()) {
    const CLI::App *cmd = given_args.cmd;
    auto on_command_line = [cmd](const std::string &key) { return cmd != nullptr && cmd->count("--" + key) > 0; };
    if (!ApplyRequestFile(args.request_path, on_command_line, args, error)) return std::nullopt;
  }
  v1::SubmitProofRequest request;
  if (args.type.empty()) {
    error = "-t/--type is required (or a --request file that names it)";
    return std::nullopt;
  }
  auto kind = ParseProofType(args.type);
  if (!kind) {
    error = "unknown proof type '" + args.type + "'";
    return std::nullopt;
  }
  auto priority = ParsePriority(args.priority);
  if (!priority) {
    error = "unknown priority '" + args.priority + "'";
    return std::nullopt;
  }
  request.set_proof_kind(*kind);
  request.set_priority(*priority);
  request.set_sector_size(args.sector_size);
  request.set_registered_proof(args.registered_proof);
  request.set_sector_number(args.sector_num);
  request.set_miner_id(args.miner_id);
  request.set_partition_index(args.partition);
  if (*kind == v1::POREP_SEAL_COMMIT) {
    if (args.c1_path.empty()) {
      error = "--c1 is required for porep";
      return std::nullopt;
    }
    std::string payload;
    if (!C1Payload(args, payload, error)) return std::nullopt;
    request.set_vanilla_proof(std::move(payload));
  } else {
    if (args.vanilla_path.empty()) {
      error = "--vanilla is required for " + args.type;
      return std::nullopt;
    }
    if (!VanillaProofs(args.vanilla_path, request, error)) return std::nullopt;
  }
  if (*kind == v1::WINDOW_POST_PARTITION || *kind == v1::WINNING_POST) {
    // the reference sends 32 zero bytes when --randomness is absent
    std::string randomness(32, '\0');
    if (!args.randomness_hex.empty()) {
      auto parsed = ParseHexBytes(args.randomness_hex, 32, error);
      if (!parsed) return std::nullopt;
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
    auto parsed = ParseHexBytes(c.hex, 32, error);
    if (!parsed) return std::nullopt;
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

std::optional<std::string> ParseHexBytes(const std::string &hex, size_t size, std::string &error) {
  std::string h = hex.rfind("0x", 0) == 0 ? hex.substr(2) : hex;
  if (h.size() != 2 * size) {
    error = "'" + hex + "': expected " + std::to_string(size) + " bytes of hex";
    return std::nullopt;
  }
  std::string out(size, '\0');
  for (size_t i = 0; i < size; i++) {
    auto nibble = [](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      return -1;
    };
    int a = nibble(h[2 * i]), b = nibble(h[2 * i + 1]);
    if (a < 0 || b < 0) {
      error = "'" + hex + "': not hex";
      return std::nullopt;
    }
    out[i] = static_cast<char>(a << 4 | b);
  }
  return out;
}

bool ReadFile(const std::string &path, std::string &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  out = buf.str();
  return true;
}

std::string ToHex(const std::string &bytes) {
  return base::Hex({reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()});
}

} // namespace cuzk::bench
