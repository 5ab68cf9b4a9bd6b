// apps/cuzk-bench/params_command.hpp — `params`: test parameters for a circuit (params_command.cpp).
#pragma once

namespace CLI {
class App;
}

namespace cuzk::bench {

//! Registers `params` on `app`; its exit status goes to `exit_code`.
void AddParamsCommand(CLI::App &app, int &exit_code);

} // namespace cuzk::bench
