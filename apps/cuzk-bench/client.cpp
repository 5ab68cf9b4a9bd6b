// apps/cuzk-bench/client.cpp — connection, names and registration of the client subcommands.
#include "client.hpp"

#include <CLI/CLI.hpp>
#include <grpcpp/grpcpp.h>
#include <iostream>

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

std::unique_ptr<v1::ProvingEngine::Stub> Connect(const std::string &addr) {
  grpc::ChannelArguments args;
  constexpr int LIMIT = 256 << 20;
  args.SetMaxReceiveMessageSize(LIMIT);
  args.SetMaxSendMessageSize(LIMIT);
  return v1::ProvingEngine::NewStub(
      grpc::CreateCustomChannel(GrpcTarget(addr), grpc::InsecureChannelCredentials(), args));
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
  app.fallthrough();
  AddProveCommands(app, client, exit_code);
  AddAdminCommands(app, client, exit_code);
  AddStressCommand(app, client, exit_code);
  AddVerifyCommand(app, exit_code);
}

} // namespace cuzk::bench
