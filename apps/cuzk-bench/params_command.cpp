// apps/cuzk-bench/params_command.cpp — `params`: local, insecure Groth16 parameters for the blank
// circuit of a proof kind and sector size, under the official file names, so that the daemon and
// the tests load them like the real ones (DESIGN.md "Test parameters").
//
//   cuzk-bench params --type porep --sector-size 2KiB [--param-dir D] [--seed N]
//
// Files already in D are reused. The directory defaults to the daemon's: $FIL_PROOFS_PARAMETER_CACHE,
// else /var/tmp/filecoin-proof-parameters.
#include "params_command.hpp"

#include "filecoin/testing/test_params.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace cuzk::bench {
namespace {

struct ParamsOptions {
  std::string type = "porep";
  std::string sector_size = "2KiB";
  std::string param_dir;
  std::optional<uint64_t> seed;
};

std::string DefaultParamDir() {
  if (const char *env = std::getenv("FIL_PROOFS_PARAMETER_CACHE"); env && *env) return env;
  return "/var/tmp/filecoin-proof-parameters"; // rust-fil-proofs' default, as the daemon's
}

int RunParams(const ParamsOptions &options) {
  const auto kind = filecoin::ParseCircuitKind(options.type);
  if (!kind) {
    std::fprintf(stderr, "error: unknown --type %s (porep, wpost, winning, snap)\n", options.type.c_str());
    return 2;
  }
  const auto size = filecoin::ParseSectorSize(options.sector_size);
  if (!size) {
    std::fprintf(stderr, "error: cannot read --sector-size %s (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)\n",
                 options.sector_size.c_str());
    return 2;
  }
  filecoin::TestParamsRequest request;
  request.kind = *kind;
  request.sector_size = *size;
  request.dir = options.param_dir.empty() ? DefaultParamDir() : options.param_dir;
  request.seed = options.seed;
  std::printf("%s %s parameters in %s ...\n", std::string(filecoin::CircuitKindName(*kind)).c_str(),
              options.sector_size.c_str(), request.dir.c_str());
  std::fflush(stdout);
  auto files = filecoin::EnsureTestParameters(request);
  if (!files) {
    std::fprintf(stderr, "error: %s\n", files.error().message.c_str());
    return 1;
  }
  if (!files->generated) {
    std::printf("reusing %s.{params,vk} (already in %s)\n", files->cache_id.c_str(), request.dir.c_str());
    return 0;
  }
  std::printf("wrote TEST parameters (local insecure setup: whoever ran it can forge proofs; for tests only)\n"
              "  %s\n  %s\n"
              "  %zu constraints, %zu inputs; synthesis %.1f s, setup %.1f s, write %.1f s\n",
              files->params_path.c_str(), files->vk_path.c_str(), files->constraints, files->inputs, files->synthesis_s,
              files->setup_s, files->write_s);
  return 0;
}

} // namespace

void AddParamsCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<ParamsOptions>();
  CLI::App *cmd = app.add_subcommand("params", "generate TEST Groth16 parameters (insecure) with official file names");
  cmd->add_option("-t,--type", options->type, "porep | wpost | winning | snap")->capture_default_str();
  cmd->add_option("--sector-size", options->sector_size, "2KiB, 8MiB, 512MiB, 32GiB, 64GiB")->capture_default_str();
  cmd->add_option("--param-dir", options->param_dir,
                  "output directory (default $FIL_PROOFS_PARAMETER_CACHE or /var/tmp/filecoin-proof-parameters)");
  cmd->add_option("--seed", options->seed, "seed the setup's secrets (reproducible files)");
  cmd->callback([options, &exit_code] { exit_code = RunParams(*options); });
}

} // namespace cuzk::bench
