// apps/cuzk-bench/main.cpp — the cuzk-bench CLI. Each subcommand registers itself from its own file.
#include "client.hpp"
#include "params_command.hpp"
#include "selftest.hpp"

#include <CLI/CLI.hpp>

namespace cuzk::bench {
void AddGenVanillaCommand(CLI::App &app, int &exit_code); // gen_vanilla_command.cpp
void AddInputsCommand(CLI::App &app, int &exit_code);     // inputs_command.cpp
void AddPceBenchCommand(CLI::App &app, int &exit_code);   // pce_bench_command.cpp
} // namespace cuzk::bench

int main(int argc, char **argv) {
  CLI::App app{"cuzk-bench: benchmarks and checks for the cuzk proving engine"};
  app.require_subcommand(1);
  int exit_code = 0;
  cuzk::bench::AddSelftestCommand(app, exit_code);
  cuzk::bench::AddClientCommands(app, exit_code);
  cuzk::bench::AddParamsCommand(app, exit_code);
  cuzk::bench::AddGenVanillaCommand(app, exit_code);
  cuzk::bench::AddInputsCommand(app, exit_code);
  cuzk::bench::AddPceBenchCommand(app, exit_code);
  CLI11_PARSE(app, argc, argv);
  return exit_code;
}
