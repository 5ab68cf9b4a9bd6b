// apps/cuzk-bench/client.cpp — connection, names and registration of the client subcommands.
#include "client.hpp"

#include <CLI/CLI.hpp>
#include <fstream>
#include <grpcpp/grpcpp.h>
#include <iostream>
#include <sstream>

namespace cuzk::bench {

namespace v1 = cuzk::v1;

std::string GrpcTarget(const std::string &addr) {
  if (addr.rfind("unix:", 0) == 0) return addr;
  std::string host_port = addr;
  for (const char *scheme : {"http://", "https://"}) {
    if (host_port.rfind(scheme, 0) == 0) host_port = host_port.substr(std::string(scheme).size());
  }
  if (!host_port.empty() && host_port.back() == '/') host_port.pop_back();
  if (host_port.find("://") != std::string::npos) return host_port;
  return "dns:///" + host_port;
}

namespace {

// The file's contents; with `trim`, without surrounding whitespace (a token file's newline).
std::optional<std::string> ReadFile(const std::string &flag, const std::string &path, bool trim) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) {
    std::cerr << "error: " << flag << " " << path << ": cannot read it\n";
    return std::nullopt;
  }
  std::string out = text.str();
  if (trim) {
    const char *ws = " \t\r\n\v\f";
    out.erase(0, out.find_first_not_of(ws));
    out.erase(out.find_last_not_of(ws) + 1);
  }
  return out;
}

// TLS (and the token) for the channel, or plaintext when no TLS flag is given.
std::shared_ptr<grpc::ChannelCredentials> Credentials(const ClientOptions &client) {
  const bool tls = !client.tls_ca.empty() || !client.tls_cert.empty() || !client.tls_key.empty();
  if (!tls) {
    // gRPC sends call credentials only over TLS, and the daemon takes a token only there
    if (!client.token_file.empty()) std::cerr << "error: --token-file needs TLS: give --tls-ca too\n";
    return client.token_file.empty() ? grpc::InsecureChannelCredentials() : nullptr;
  }
  if (client.tls_ca.empty() || client.tls_cert.empty() != client.tls_key.empty()) {
    std::cerr << "error: TLS needs --tls-ca (the CA the daemon's certificate is checked against); "
                 "--tls-cert and --tls-key go together\n";
    return nullptr;
  }
  grpc::SslCredentialsOptions options;
  auto ca = ReadFile("--tls-ca", client.tls_ca, false);
  if (!ca) return nullptr;
  options.pem_root_certs = *ca;
  if (!client.tls_cert.empty()) {
    auto cert = ReadFile("--tls-cert", client.tls_cert, false), key = ReadFile("--tls-key", client.tls_key, false);
    if (!cert || !key) return nullptr;
    options.pem_cert_chain = *cert;
    options.pem_private_key = *key;
  }
  auto credentials = grpc::SslCredentials(options);
  if (client.token_file.empty()) return credentials;
  auto token = ReadFile("--token-file", client.token_file, true);
  if (!token) return nullptr;
  if (token->empty()) {
    std::cerr << "error: --token-file " << client.token_file << " is empty\n";
    return nullptr;
  }
  // AccessTokenCredentials sends `authorization: Bearer <token>`, what the daemon checks
  return grpc::CompositeChannelCredentials(credentials, grpc::AccessTokenCredentials(*token));
}

} // namespace

std::unique_ptr<v1::ProvingEngine::Stub> Connect(const ClientOptions &client) {
  auto credentials = Credentials(client);
  if (!credentials) return nullptr;
  grpc::ChannelArguments args;
  constexpr int LIMIT = 256 << 20;
  args.SetMaxReceiveMessageSize(LIMIT);
  args.SetMaxSendMessageSize(LIMIT);
  if (!client.tls_server_name.empty()) args.SetSslTargetNameOverride(client.tls_server_name);
  return v1::ProvingEngine::NewStub(grpc::CreateCustomChannel(GrpcTarget(client.addr), credentials, args));
}

std::optional<v1::ProofKind> ParseProofType(const std::string &name) {
  if (name == "porep" || name == "porep-c2" || name == "seal-commit") return v1::POREP_SEAL_COMMIT;
  if (name == "snap" || name == "snap-deals" || name == "update") return v1::SNAP_DEALS_UPDATE;
  if (name == "wpost" || name == "window-post" || name == "windowpost") return v1::WINDOW_POST_PARTITION;
  if (name == "winning" || name == "winning-post" || name == "winningpost") return v1::WINNING_POST;
  return std::nullopt;
}

std::string ProofKindName(v1::ProofKind kind) {
  switch (kind) {
  case v1::POREP_SEAL_COMMIT:
    return "porep-c2";
  case v1::SNAP_DEALS_UPDATE:
    return "snap-update";
  case v1::WINDOW_POST_PARTITION:
    return "window-post";
  case v1::WINNING_POST:
    return "winning-post";
  default:
    return "kind-" + std::to_string(static_cast<int>(kind));
  }
}

std::string StatusName(v1::AwaitProofResponse::Status status) { return v1::AwaitProofResponse::Status_Name(status); }

double MsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void PrintRpcError(const std::string &rpc, const grpc::Status &status) {
  std::cerr << "error: " << rpc << " failed: code " << static_cast<int>(status.error_code()) << ": "
            << status.error_message() << "\n";
}

void AddClientCommands(CLI::App &app, int &exit_code) {
  auto client = std::make_shared<ClientOptions>();
  // The reference bench takes these before the subcommand; fallthrough lets them come after too.
  app.add_option("-a,--addr", client->addr, "daemon address: http://host:port, host:port or unix:///path")
      ->capture_default_str();
  app.add_option("--log-level", client->log_level, "log level (trace, debug, info, warn, error)")
      ->capture_default_str();
  app.add_option("--tls-ca", client->tls_ca,
                 "connect with TLS, checking the daemon's certificate against this CA (PEM)");
  app.add_option("--tls-cert", client->tls_cert, "client certificate (PEM) for a daemon that requires one");
  app.add_option("--tls-key", client->tls_key, "the client certificate's private key (PEM)");
  app.add_option("--tls-server-name", client->tls_server_name,
                 "name to check the daemon's certificate for, instead of --addr's host");
  app.add_option("--token-file", client->token_file,
                 "send the token in this file as 'authorization: Bearer <token>' on every call (needs --tls-ca)");
  app.fallthrough();
  AddProveCommands(app, client, exit_code);
  AddAdminCommands(app, client, exit_code);
  AddStressCommand(app, client, exit_code);
  AddVerifyCommand(app, exit_code);
}

} // namespace cuzk::bench
