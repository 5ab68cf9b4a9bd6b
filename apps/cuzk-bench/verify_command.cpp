// apps/cuzk-bench/verify_command.cpp — `verify`: check proofs against a verifying key and public
// inputs, outside the daemon (its self-check is not taken on trust).
//
//   cuzk-bench verify --vk v28-....vk --proof proof.bin --inputs inputs.txt
//   cuzk-bench verify --vk-dir PARAMS --proof proof.bin --request DIR/request.txt [--randomness HEX ...]
//
// The proof file holds N concatenated 192-byte proofs (what `single -o` writes), raw or as hex.
// The inputs file has one decimal field element per line (ONE excluded), partition after
// partition; a blank line or a `#` line ends a partition (what `inputs` prints). Without
// --inputs, the request (the flags of `single`, or a --request file) gives them: recomputed
// verifier-side (request_inputs.hpp), with the vk found in --vk-dir under the circuit's official
// name. Exit status: 0 all valid, 1 a proof is invalid, 2 bad arguments or files.
#include "client.hpp"
#include "filecoin/core/parameter_names.hpp"
#include "groth16/groth16.hpp"
#include "prove_request.hpp"
#include "request_inputs.hpp"

#include <CLI/CLI.hpp>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iostream>

namespace cuzk::bench {
namespace {

struct VerifyOptions {
  std::string vk_path, vk_dir, proof_path, inputs_path;
  ProveArgs request; //!< used when there is no --inputs
};

// A decimal integer below r, or nullopt.
std::optional<ff::Fr> ParseDecimalFr(const std::string &text) {
  if (text.empty() || text.size() > 80) return std::nullopt;
  ff::Fr::Repr value{};
  for (char ch : text) {
    if (ch < '0' || ch > '9') return std::nullopt;
    unsigned __int128 carry = static_cast<unsigned>(ch - '0');
    for (auto &limb : value) {
      unsigned __int128 t = static_cast<unsigned __int128>(limb) * 10 + carry;
      limb = static_cast<uint64_t>(t);
      carry = t >> 64;
    }
    if (carry != 0) return std::nullopt;
  }
  return ff::Fr::FromCanonicalChecked(value);
}

using PartitionInputs = std::vector<std::vector<ff::Fr>>;

Expected<PartitionInputs> ReadInputs(const std::string &path) {
  std::ifstream in(path);
  if (!in) return CannotOpen(path, "cannot open " + path);
  PartitionInputs out;
  std::vector<ff::Fr> current;
  std::string line;
  for (size_t number = 1; std::getline(in, line); number++) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
      continue;
    }
    auto fr = ParseDecimalFr(line);
    if (!fr) {
      return InvalidArgument(path + ":" + std::to_string(number) + ": not a decimal field element below r: " + line);
    }
    current.push_back(*fr);
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

Expected<std::vector<uint8_t>> ReadProofs(const std::string &path) {
  auto read = ReadFile(path);
  if (!read) return std::move(read).GetError();
  std::string bytes = std::move(read).Value();
  std::string hex;
  for (char c : bytes) {
    if (!std::isspace(static_cast<unsigned char>(c))) hex.push_back(c);
  }
  bool is_hex = !hex.empty() && hex.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos &&
                hex.size() % (2 * groth16::PROOF_BYTES) == 0;
  if (is_hex) {
    auto decoded = ParseHexBytes(hex, hex.size() / 2);
    if (!decoded) return std::move(decoded).GetError();
    bytes = std::move(decoded).Value();
  }
  if (bytes.empty() || bytes.size() % groth16::PROOF_BYTES != 0) {
    return InvalidArgument(path + ": " + std::to_string(bytes.size()) +
                           " bytes is not a whole number of 192-byte proofs");
  }
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

struct ResolvedInputs {
  PartitionInputs inputs;
  std::string vk_path;
};

// The inputs and the vk path: from --inputs and --vk, or recomputed from the request.
Expected<ResolvedInputs> ResolveInputs(const VerifyOptions &options) {
  const bool has_request = !options.request.type.empty() || !options.request.request_path.empty();
  if (!options.inputs_path.empty()) {
    if (has_request) return InvalidArgument("give either --inputs or a request (-t/--type ... or --request), not both");
    if (options.vk_path.empty()) {
      return InvalidArgument("--inputs needs --vk (which circuit the inputs are for is not known)");
    }
    auto inputs = ReadInputs(options.inputs_path);
    if (!inputs) return std::move(inputs).GetError();
    return ResolvedInputs{std::move(inputs).Value(), options.vk_path};
  }
  if (!has_request) {
    return InvalidArgument("give --inputs, or the request whose inputs to recompute (--request FILE or -t/--type ...)");
  }
  auto request = BuildRequest(options.request);
  if (!request) return std::move(request).GetError();
  auto computed = VerifierInputs(*request);
  if (!computed) return std::move(computed).GetError();
  ResolvedInputs resolved{std::move(computed->partitions), options.vk_path};
  if (resolved.vk_path.empty()) {
    // as the daemon finds its parameters: --vk-dir, else $FIL_PROOFS_PARAMETER_CACHE, else the default
    const std::string dir = options.vk_dir.empty() ? filecoin::DefaultParameterCache() : options.vk_dir;
    resolved.vk_path = dir + "/" + computed->parameter_id + ".vk";
  }
  return resolved;
}

int RunVerify(const VerifyOptions &options) {
  auto resolved = ResolveInputs(options);
  if (!resolved) {
    std::cerr << "error: " << resolved.ErrorMessage() << "\n";
    return 2;
  }
  auto read = ReadProofs(options.proof_path);
  if (!read) {
    std::cerr << "error: " << read.ErrorMessage() << "\n";
    return 2;
  }
  const std::vector<uint8_t> &bytes = *read;
  const PartitionInputs &inputs = resolved->inputs;
  const std::string &vk_path = resolved->vk_path;
  auto vk = groth16::ReadVerifyingKeyFile(vk_path);
  if (!vk) {
    std::cerr << "error: " << vk_path << ": " << vk.ErrorMessage() << "\n";
    return 2;
  }
  auto proofs = groth16::DecodeProofs(bytes);
  if (!proofs) {
    std::cerr << "error: " << options.proof_path << ": " << proofs.ErrorMessage() << "\n";
    return 2;
  }
  if (proofs->size() != inputs.size()) {
    std::cerr << "error: " << proofs->size() << " proof(s) but " << inputs.size() << " partition(s) of inputs\n";
    return 2;
  }
  const auto pvk = groth16::PrepareVerifyingKey(*vk);
  bool all = true;
  for (size_t i = 0; i < proofs->size(); i++) {
    auto ok = groth16::VerifyProof(pvk, (*proofs)[i], inputs[i]);
    if (!ok) {
      std::cerr << "error: partition " << i << ": " << ok.ErrorMessage() << "\n";
      return 2;
    }
    std::cout << "partition " << i << ": " << (*ok ? "valid" : "INVALID") << "\n";
    all = all && *ok;
  }
  std::cout << (all ? "all " + std::to_string(proofs->size()) + " proof(s) valid" : std::string("INVALID")) << "\n";
  return all ? 0 : 1;
}

} // namespace

void AddVerifyCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<VerifyOptions>();
  auto *v = app.add_subcommand("verify", "verify proofs against a verifying key and public inputs, given or "
                                         "recomputed from a request (the flags of `single`, or --request FILE)");
  auto *vk = v->add_option("--vk", options->vk_path, "verifying key (.vk, bellperson layout)");
  v->add_option("--vk-dir", options->vk_dir,
                "with a request: the parameter directory holding the circuit's official <stem>.vk "
                "(default $FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters)")
      ->excludes(vk);
  v->add_option("--proof", options->proof_path, "N x 192-byte proofs, raw or hex")->required();
  v->add_option("--inputs", options->inputs_path,
                "public inputs: one decimal per line, partitions separated by blank or # lines");
  AddProveFlags(*v, options->request, true);
  v->callback([options, &exit_code] { exit_code = RunVerify(*options); });
}

} // namespace cuzk::bench
