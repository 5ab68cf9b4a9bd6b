// src/server/grpc_server.hpp — the gRPC server: one listener (TLS and token on TCP), message limits,
// orderly shutdown.
#pragma once
#include "engine/engine.hpp"
#include "server/listener_security.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace cuzk::server {

struct ServerOptions {
  std::string listen = "unix:///run/curio/cuzk.sock"; //!< see ParseListenAddress
  uint64_t max_message_bytes = uint64_t{256} << 20;   //!< both directions; Curio's client sets 256 MiB
  ListenSecurity security;                            //!< TLS and token, or insecure, for a TCP listener
};

class GrpcServer {
public:
  //! Binds the listener and starts serving `engine` (which must outlive the server). An error when
  //! the address is malformed or cannot be bound, or when its security is not configured or its
  //! files are bad (MakeListenerCredentials). Plaintext TCP logs a warning.
  static Expected<std::unique_ptr<GrpcServer>> Start(engine::Engine &engine, const ServerOptions &options);
  //! Shutdown(0) when not done yet, then removes a unix socket file it created.
  ~GrpcServer();
  GrpcServer(const GrpcServer &) = delete;
  GrpcServer &operator=(const GrpcServer &) = delete;

  //! Where it listens: `unix:/path`, or `host:port` with the port actually bound (for port 0).
  const std::string &endpoint() const;

  //! Stops accepting calls at once, lets calls in progress finish for up to `deadline`, then
  //! cancels the rest (waiting handlers see their call cancelled and return). Idempotent.
  void Shutdown(std::chrono::milliseconds deadline);

private:
  struct Impl;
  explicit GrpcServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

} // namespace cuzk::server
