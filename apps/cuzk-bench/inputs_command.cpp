// apps/cuzk-bench/inputs_command.cpp — `inputs`: the public inputs a proving request implies, one
// decimal field element per line (ONE excluded), partitions separated by a blank line, computed
// verifier-side (request_inputs.hpp). What `verify --inputs` reads back.
//
//   cuzk-bench inputs --request DIR/request.txt
//   cuzk-bench inputs -t wpost --vanilla wpost-vanilla.json --registered-proof 10 --randomness HEX
//
// --check-vanilla also runs the prover side (every vanilla proof decoded and verified, as the
// daemon does before proving) and fails unless both sides give the same inputs.
#include "prove_request.hpp"
#include "request_inputs.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

namespace cuzk::bench {
namespace {

struct InputsOptions {
  ProveArgs request;
  bool check_vanilla = false;
  bool params_id = false;
};

int RunInputs(const InputsOptions &options) {
  auto request = BuildRequest(options.request);
  if (!request) {
    std::cerr << "error: " << request.ErrorMessage() << "\n";
    return 2;
  }
  auto inputs = VerifierInputs(*request);
  if (!inputs) {
    std::cerr << "error: " << inputs.ErrorMessage() << "\n";
    return 2;
  }
  if (options.check_vanilla) {
    auto prepared = PreparedInputs(*request);
    if (!prepared) {
      std::cerr << "error: vanilla check: " << prepared.ErrorMessage() << "\n";
      return 1;
    }
    if (prepared->partitions != inputs->partitions || prepared->parameter_id != inputs->parameter_id) {
      std::cerr << "error: the prover side's public inputs (or parameter file) differ from the verifier's\n";
      return 1;
    }
  }
  if (options.params_id) {
    std::cout << inputs->parameter_id << "\n";
    return 0;
  }
  std::cout << FormatInputs(inputs->partitions);
  std::cerr << inputs->partitions.size() << " partition(s) of "
            << (inputs->partitions.empty() ? 0 : inputs->partitions.front().size()) << " public inputs; parameters "
            << inputs->parameter_id
            << (options.check_vanilla ? "; vanilla proofs verified, same inputs on the prover side" : "") << "\n";
  return 0;
}

} // namespace

void AddInputsCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<InputsOptions>();
  auto *cmd = app.add_subcommand("inputs", "print the public inputs a request implies, one decimal per line, "
                                           "partitions separated by a blank line");
  AddProveFlags(*cmd, options->request, true);
  cmd->add_flag("--check-vanilla", options->check_vanilla,
                "also decode and verify the vanilla proofs as the daemon does, and require the same inputs");
  cmd->add_flag("--params-id", options->params_id, "print the .params/.vk file stem of the circuit instead");
  cmd->callback([options, &exit_code] { exit_code = RunInputs(*options); });
}

} // namespace cuzk::bench
