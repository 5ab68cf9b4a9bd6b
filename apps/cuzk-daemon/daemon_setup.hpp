// apps/cuzk-daemon/daemon_setup.hpp — from command line and cuzk.toml to a configured engine.
#pragma once
#include "engine/engine.hpp"
#include "server/daemon_config.hpp"

#include <memory>
#include <string>
#include <tbb/global_control.h>

namespace cuzk::daemon {

struct CommandLine {
  std::string config_path = server::DEFAULT_CONFIG_PATH;
  bool config_given = false; //!< -c was passed: then a missing file is an error
  std::string listen;        //!< overrides daemon.listen
  std::string log_level;     //!< overrides logging.level and RUST_LOG
  std::string param_cache;   //!< overrides srs.param_cache
  bool check_config = false;
};

//! Loads the file, applies the overrides (precedence: command line, then RUST_LOG when it is a
//! plain level name as the reference's scripts set it, then the file), and configures logging.
//! Deprecated and unknown keys are logged as warnings.
Status LoadConfiguration(const CommandLine &cli, server::DaemonConfig &config);

//! The effective settings, one `key = value` line each (for --check-config).
std::string DescribeConfiguration(const server::DaemonConfig &config);

//! Checks the listener's security as the server will at start ([listen] against daemon.listen, its
//! files read): an error naming the keys to set, or what it will be ("TLS, bearer token",
//! "plaintext, ...", "unix socket, ...") with any warnings appended.
Expected<std::string> CheckListener(const server::DaemonConfig &config);

//! Caps the CPU threads TBB uses (synthesis, CPU proving) while the returned object lives;
//! nullptr (no cap) for 0.
std::shared_ptr<tbb::global_control> LimitCpuThreads(uint32_t threads);

//! The engine's configuration: the file's [srs]/[scheduler]/[pipeline]/[prover] values, working
//! memory from [memory] and the machine's memory, and the proving devices: the GPUs of
//! gpus.devices (all when empty) in a CUDA build, else the CPU. Throws std::runtime_error when a
//! configured GPU does not exist.
engine::EngineConfig MakeEngineConfig(const server::DaemonConfig &config);

} // namespace cuzk::daemon
