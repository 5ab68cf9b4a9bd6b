// src/server/grpc_server.cpp — building, binding and stopping the gRPC server.
#include "server/grpc_server.hpp"

#include "server/listen_address.hpp"
#include "server/proving_service.hpp"

#include <grpcpp/grpcpp.h>
#include <mutex>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cuzk::server {

struct GrpcServer::Impl {
  std::unique_ptr<ProvingService> service;
  std::unique_ptr<grpc::Server> server;
  ListenAddress address;
  std::string endpoint;
  std::once_flag shutdown_once;
};

GrpcServer::GrpcServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Expected<std::unique_ptr<GrpcServer>> GrpcServer::Start(engine::Engine &engine, const ServerOptions &options) {
  auto impl = std::make_unique<Impl>();
  auto address = ParseListenAddress(options.listen);
  if (!address) return std::move(address).GetError();
  impl->address = *address;
  // checked before anything is touched on disk, so a bad [listen] leaves a live socket alone
  auto credentials = MakeListenerCredentials(*address, options.security);
  if (!credentials) return std::move(credentials).GetError();
  for (const auto &warning : credentials->warnings) spdlog::warn("{}", warning);
  if (address->kind == ListenAddress::Kind::kUnix) {
    if (auto prepared = PrepareUnixSocketPath(address->path); !prepared) return std::move(prepared).GetError();
  }

  impl->service = std::make_unique<ProvingService>(engine);
  if (address->kind == ListenAddress::Kind::kTcp) {
    if (auto free = TcpAddressFree(address->grpc_uri); !free) return std::move(free).GetError();
  }

  grpc::ServerBuilder builder;
  // gRPC sets SO_REUSEPORT on TCP listeners by default: a second daemon on a port in use would
  // start, and the kernel would split new connections between the two (a job submitted to one is
  // NOT_FOUND on the other). Without it the bind fails.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  int selected_port = 0;
  builder.AddListeningPort(address->grpc_uri, credentials->credentials, &selected_port);
  auto limit = static_cast<int>(std::min<uint64_t>(options.max_message_bytes, 0x7fffffff));
  builder.SetMaxReceiveMessageSize(limit);
  builder.SetMaxSendMessageSize(limit);
  builder.RegisterService(impl->service.get());
  impl->server = builder.BuildAndStart();
  if (!impl->server || selected_port == 0) {
    if (impl->server) impl->server->Shutdown();
    return MakeError(ErrorCode::kUnavailable,
                     "cannot listen on " + options.listen + " (is another process listening there?)");
  }
  if (address->kind == ListenAddress::Kind::kUnix) {
    if (auto restricted = RestrictUnixSocket(address->path); !restricted) {
      impl->server->Shutdown();
      return std::move(restricted).GetError();
    }
    impl->endpoint = address->grpc_uri;
  } else {
    auto colon = address->grpc_uri.rfind(':');
    impl->endpoint = address->grpc_uri.substr(0, colon + 1) + std::to_string(selected_port);
  }
  spdlog::info("listening on {}: {}; message limit {} MiB", impl->endpoint, credentials->summary, limit >> 20);
  return std::unique_ptr<GrpcServer>(new GrpcServer(std::move(impl)));
}

GrpcServer::~GrpcServer() {
  Shutdown(std::chrono::milliseconds(0));
  impl_->server->Wait();
  if (impl_->address.kind == ListenAddress::Kind::kUnix) {
    struct stat st {};
    if (::lstat(impl_->address.path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) ::unlink(impl_->address.path.c_str());
  }
}

const std::string &GrpcServer::endpoint() const { return impl_->endpoint; }

void GrpcServer::Shutdown(std::chrono::milliseconds deadline) {
  std::call_once(impl_->shutdown_once, [&] {
    impl_->server->Shutdown(std::chrono::system_clock::now() + deadline);
    spdlog::info("gRPC server stopped");
  });
}

} // namespace cuzk::server
