// apps/cuzk-bench/client.hpp — what the daemon-facing subcommands share: the connection to a
// cuzk daemon (the reference bench's -a/--addr forms), proof-type names, and registration.
#pragma once
#include "cuzk/v1/proving.grpc.pb.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace cuzk::bench {

//! Options every client subcommand takes (also accepted before the subcommand name).
struct ClientOptions {
  std::string addr = "http://127.0.0.1:9820"; //!< http://host:port, host:port or unix:///path
  std::string log_level = "info";             //!< accepted for the reference's scripts; the client logs little
  std::string tls_ca;          //!< --tls-ca: use TLS, verifying the daemon's certificate against this CA (PEM)
  std::string tls_cert;        //!< --tls-cert: a client certificate (PEM), for a daemon with listen.tls_client_ca
  std::string tls_key;         //!< --tls-key: its private key (PEM)
  std::string tls_server_name; //!< --tls-server-name: the name to verify instead of --addr's host
  std::string token_file;      //!< --token-file: sent as `authorization: Bearer <token>` on every call
};

//! The gRPC target for a --addr value: `http://h:p` and `h:p` → `dns:///h:p`, `unix:` forms unchanged.
std::string GrpcTarget(const std::string &addr);

//! A stub with 256 MiB message limits (what Curio's Go client sets) on a plaintext channel, or on
//! TLS with --tls-ca (and the bearer token of --token-file on every call). nullptr, with the reason
//! on stderr, when a file cannot be read or a token is asked for without TLS.
std::unique_ptr<cuzk::v1::ProvingEngine::Stub> Connect(const ClientOptions &client);

//! -t/--type values and the reference's aliases: porep|porep-c2|seal-commit, snap|snap-deals|update,
//! wpost|window-post|windowpost, winning|winning-post|winningpost.
std::optional<cuzk::v1::ProofKind> ParseProofType(const std::string &name);

//! The status-line name of a kind ("porep-c2", "snap-update", "window-post", "winning-post").
std::string ProofKindName(cuzk::v1::ProofKind kind);

//! "COMPLETED", "FAILED", ... for an AwaitProofResponse status.
std::string StatusName(cuzk::v1::AwaitProofResponse::Status status);

//! Milliseconds since `start` as a double.
double MsSince(std::chrono::steady_clock::time_point start);

//! Prints "error: <rpc> failed: <code> <message>" to stderr.
void PrintRpcError(const std::string &rpc, const grpc::Status &status);

//! Registers single, batch, stress, status, preload, evict, metrics and verify on `app`; their exit status
//! goes to `exit_code`.
void AddClientCommands(CLI::App &app, int &exit_code);

void AddProveCommands(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code);
void AddAdminCommands(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code);
void AddStressCommand(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code);
//! `verify` needs no daemon: proofs against a verifying key and public inputs
void AddVerifyCommand(CLI::App &app, int &exit_code);

} // namespace cuzk::bench
