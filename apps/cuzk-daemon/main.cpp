// apps/cuzk-daemon/main.cpp — cuzk-daemon: load cuzk.toml, start the engine and the gRPC server,
// serve until SIGTERM or SIGINT, then drain.
//
// Flags as the reference daemon's (spec/cuzk-api.md §3.1): -c/--config, -l/--listen, --log-level.
// Unlike the reference, both signals drain: the listener stops accepting at once, jobs not yet
// started fail with a status, running jobs get daemon.shutdown_grace to finish, and the process
// exits within that bound plus the partitions being proved at that moment. A second signal exits
// at once. A TCP listener needs TLS and a bearer token, or listen.insecure = true
// (server/listener_security.hpp); it is checked before the engine starts, so a daemon that cannot
// listen does not first load parameters.
#include "daemon_setup.hpp"

#include "engine/engine.hpp"
#include "engine/filecoin_handlers.hpp"
#include "server/daemon_config.hpp"
#include "server/grpc_server.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <pthread.h>
#include <spdlog/spdlog.h>
#include <thread>
#include <unistd.h>

namespace {

using namespace cuzk;

// SIGINT and SIGTERM are blocked in every thread (the mask is inherited by threads started later)
// and taken synchronously by the main thread with sigwait, so no handler runs at an arbitrary
// point of a worker.
sigset_t BlockShutdownSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  return set;
}

const char *SignalName(int sig) { return sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "signal"; }

// Runs the shutdown on its own thread, so that the main thread can still take a second signal.
void Drain(engine::Engine &engine, server::GrpcServer &server, const sigset_t &signals,
           std::chrono::milliseconds grace) {
  std::atomic<bool> done{false};
  std::thread stopper([&] {
    // Stop accepting first; calls in progress (Prove waiting on a job) finish as their jobs do,
    // or are cancelled a little after the engine's grace.
    std::thread grpc_stop([&] { server.Shutdown(grace + std::chrono::seconds(2)); });
    engine.Shutdown(grace);
    grpc_stop.join();
    done = true;
  });
  const timespec poll{0, 100'000'000};
  while (!done) {
    int sig = sigtimedwait(&signals, nullptr, &poll);
    if (sig > 0) {
      spdlog::error("{} during shutdown: exiting now", SignalName(sig));
      spdlog::shutdown();
      std::_Exit(2);
    }
  }
  stopper.join();
}

} // namespace

int main(int argc, char **argv) {
  const sigset_t signals = BlockShutdownSignals();

  daemon::CommandLine cli;
  CLI::App app{"cuzk-daemon: the cuzk Groth16 proving service for Filecoin (gRPC cuzk.v1.ProvingEngine)"};
  app.add_option("-c,--config", cli.config_path, "TOML configuration file (a missing default file means defaults)")
      ->capture_default_str();
  app.add_option("-l,--listen", cli.listen,
                 "listen address: unix:///path/to.sock or host:port (overrides daemon.listen)");
  app.add_option("--log-level", cli.log_level,
                 "trace, debug, info, warn, error (overrides logging.level and RUST_LOG)");
  app.add_option("--param-cache", cli.param_cache, "parameter directory (overrides srs.param_cache)");
  app.add_flag("--check-config", cli.check_config, "load the configuration, print the effective settings, exit");
  CLI11_PARSE(app, argc, argv);
  cli.config_given = app.count("--config") > 0;

  server::DaemonConfig config;
  if (auto loaded = daemon::LoadConfiguration(cli, config); !loaded) {
    std::cerr << "cuzk-daemon: " << loaded.ErrorMessage() << "\n";
    return 1;
  }
  if (cli.check_config) {
    std::cout << daemon::DescribeConfiguration(config);
    auto listener = daemon::CheckListener(config);
    if (!listener) {
      std::cout << "listener = refused: " << listener.ErrorMessage() << "\n";
      std::cerr << "cuzk-daemon: " << listener.ErrorMessage() << "\n";
      return 1;
    }
    std::cout << "listener = " << *listener << "\n";
    return 0;
  }

  if (auto listener = daemon::CheckListener(config); !listener) {
    spdlog::error("cannot start the gRPC server: {}", listener.ErrorMessage());
    return 1;
  }
  auto tbb_limit = daemon::LimitCpuThreads(config.synthesis_threads);
  engine::EngineConfig engine_config;
  try {
    engine_config = daemon::MakeEngineConfig(config);
  } catch (const std::exception &e) {
    spdlog::error("{}", e.what());
    return 1;
  }
  engine::Engine engine(std::move(engine_config));
  // PoRep C2, WindowPoSt, WinningPoSt and SnapDeals (spec/cuzk-api.md §2.2)
  engine::RegisterFilecoinHandlers(engine);

  server::ServerOptions options;
  options.listen = config.listen;
  options.max_message_bytes = config.max_message_bytes;
  options.security = config.listen_security;
  auto started = server::GrpcServer::Start(engine, options);
  if (!started) {
    spdlog::error("cannot start the gRPC server: {}", started.ErrorMessage());
    engine.Shutdown(std::chrono::milliseconds(0));
    return 1;
  }
  std::unique_ptr<server::GrpcServer> server = std::move(started).Value();
  spdlog::info("cuzk-daemon ready (pid {})", ::getpid());

  int sig = 0;
  sigwait(&signals, &sig);
  spdlog::info("{}: shutting down (running jobs get {} ms)", SignalName(sig), config.shutdown_grace.count());
  Drain(engine, *server, signals, config.shutdown_grace);
  server.reset();
  spdlog::info("cuzk-daemon stopped");
  spdlog::shutdown();
  return 0;
}
