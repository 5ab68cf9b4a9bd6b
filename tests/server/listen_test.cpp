// tests/server/listen_test.cpp — a listener refuses an address that another one holds: a TCP port
// in use (no SO_REUSEPORT: the kernel would otherwise split connections between two daemons) and
// a live unix socket (not removed); a stale unix socket, left by a daemon that died, is reclaimed.
#include "engine_dir_fixture.hpp"
#include "server/grpc_server.hpp"
#include "server/listen_address.hpp"

#include "cuzk/v1/proving.grpc.pb.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace cuzk::server {
namespace {

class ListenTest : public EngineDirTest {
protected:
  void SetUp() override { engine_ = std::make_unique<engine::Engine>(MakeDir("/tmp/cuzk-listen-test-XXXXXX")); }

  Expected<std::unique_ptr<GrpcServer>> Start(const std::string &listen) {
    ServerOptions options;
    options.listen = listen;
    options.security.insecure = true; // plaintext TCP: what this test is about is the bind
    return GrpcServer::Start(*engine_, options);
  }

  // GetStatus answered through `endpoint`: the listener serves
  static bool Serves(const std::string &endpoint) {
    auto stub = cuzk::v1::ProvingEngine::NewStub(grpc::CreateChannel(endpoint, grpc::InsecureChannelCredentials()));
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    cuzk::v1::GetStatusResponse out;
    return stub->GetStatus(&ctx, cuzk::v1::GetStatusRequest{}, &out).ok();
  }
};

TEST_F(ListenTest, ASecondListenerOnATcpPortInUseIsRefused) {
  auto started = Start("127.0.0.1:0");
  ASSERT_TRUE(started) << started.ErrorMessage();
  std::unique_ptr<GrpcServer> first = std::move(started).Value();
  const std::string endpoint = first->endpoint(); // 127.0.0.1:<the port bound>
  ASSERT_TRUE(Serves(endpoint));

  auto second = Start(endpoint);
  ASSERT_FALSE(second) << "a second listener shares " << endpoint;
  EXPECT_EQ(second.Code(), cuzk::ErrorCode::kUnavailable);
  EXPECT_EQ(second.ErrorMessage(), "cannot listen on " + endpoint +
                                       ": Address already in use (another process listens there; is a second daemon "
                                       "running?)");
  EXPECT_FALSE(TcpAddressFree(endpoint));
  EXPECT_TRUE(Serves(endpoint)) << "the first listener still serves";

  first.reset();
  auto free = TcpAddressFree(endpoint);
  EXPECT_TRUE(free) << free.ErrorMessage();
  auto again = Start(endpoint);
  ASSERT_TRUE(again) << "the port is free once its listener stopped: " << again.ErrorMessage();
  EXPECT_TRUE(Serves(endpoint));
}

TEST_F(ListenTest, ALiveUnixSocketIsKeptAndAStaleOneReclaimed) {
  const std::string path = dir_ + "/cuzk.sock";
  auto started = Start("unix://" + path);
  ASSERT_TRUE(started) << started.ErrorMessage();
  std::unique_ptr<GrpcServer> first = std::move(started).Value();
  auto second = Start("unix://" + path);
  EXPECT_FALSE(second);
  EXPECT_EQ(second.ErrorMessage(), "another process is listening on " + path);
  EXPECT_TRUE(std::filesystem::exists(path)) << "the live socket was removed";
  EXPECT_TRUE(Serves(first->endpoint()));
  first.reset();

  // a socket file nobody accepts on: what a daemon killed outright leaves behind
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof(addr.sun_path) - 1);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)), 0);
  ::close(fd);
  ASSERT_TRUE(std::filesystem::exists(path));
  auto reclaimed = Start("unix://" + path);
  ASSERT_TRUE(reclaimed) << reclaimed.ErrorMessage();
  EXPECT_TRUE(Serves((*reclaimed)->endpoint()));
}

TEST_F(ListenTest, AFileThatIsNotASocketIsNotReplaced) {
  const std::string path = dir_ + "/not-a-socket";
  { std::ofstream(path) << "data"; }
  auto refused = Start("unix://" + path);
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.ErrorMessage(), path + " exists and is not a socket; refusing to replace it");
  EXPECT_TRUE(std::filesystem::exists(path));
}

} // namespace
} // namespace cuzk::server
