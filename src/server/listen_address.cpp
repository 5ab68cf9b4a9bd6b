// src/server/listen_address.cpp — parsing listen addresses and preparing unix socket paths.
#include "server/listen_address.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace cuzk::server {
namespace {

bool IsPort(const std::string &text) {
  return !text.empty() && text.size() <= 5 && text.find_first_not_of("0123456789") == std::string::npos &&
         std::stoul(text) <= 65535;
}

// True when something accepts connections on the unix socket at `path`.
bool SocketIsLive(const std::string &path) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, path.c_str(), sizeof(addr.sun_path) - 1);
  bool live = ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)) == 0;
  ::close(fd);
  return live;
}

} // namespace

Expected<ListenAddress> ParseListenAddress(const std::string &text) {
  ListenAddress out;
  if (text.rfind("unix:", 0) == 0) {
    std::string path = text.substr(5);
    if (path.rfind("//", 0) == 0) path = path.substr(2);
    if (path.empty()) {
      return InvalidArgument("listen address '" + text + "' has no socket path");
    }
    // sun_path holds 108 bytes including the terminator; a longer path cannot be bound
    if (path.size() >= sizeof(sockaddr_un::sun_path)) {
      return InvalidArgument("unix socket path '" + path + "' is longer than " +
                             std::to_string(sizeof(sockaddr_un::sun_path) - 1) + " bytes");
    }
    out.kind = ListenAddress::Kind::kUnix;
    out.path = path;
    out.grpc_uri = "unix:" + path;
    return out;
  }
  std::string host_port = text;
  if (host_port.rfind("http://", 0) == 0) host_port = host_port.substr(7);
  if (!host_port.empty() && host_port.back() == '/') host_port.pop_back();
  auto colon = host_port.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return InvalidArgument("listen address '" + text + "' is neither unix:///path nor host:port");
  }
  std::string host = host_port.substr(0, colon);
  if (host.front() == '[' ? host.back() != ']' : host.find(':') != std::string::npos) {
    return InvalidArgument("listen address '" + text + "': an IPv6 host must be written [addr]:port");
  }
  if (const std::string port = host_port.substr(colon + 1); !IsPort(port))
    return InvalidArgument("listen address '" + text + "': port '" + port + "' is not a number in 0..65535");
  out.kind = ListenAddress::Kind::kTcp;
  out.grpc_uri = host_port;
  return out;
}

Status PrepareUnixSocketPath(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::exists(parent, ec)) {
    fs::create_directories(parent, ec);
    if (ec)
      return MakeError(ErrorCode::kInternal, "cannot create socket directory " + parent.string() + ": " + ec.message());
  }
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::Ok();
    return MakeError(ErrorCode::kInternal, "cannot inspect " + path + ": " + std::strerror(errno));
  }
  if (!S_ISSOCK(st.st_mode))
    return MakeError(ErrorCode::kFailedPrecondition, path + " exists and is not a socket; refusing to replace it");
  if (SocketIsLive(path)) return MakeError(ErrorCode::kUnavailable, "another process is listening on " + path);
  if (::unlink(path.c_str()) != 0)
    return MakeError(ErrorCode::kInternal, "cannot remove stale socket " + path + ": " + std::strerror(errno));
  return Status::Ok();
}

Status TcpAddressFree(const std::string &host_port) {
  const auto colon = host_port.rfind(':');
  std::string host = host_port.substr(0, colon);
  const std::string port = host_port.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo *found = nullptr;
  if (int rc = ::getaddrinfo(host.empty() ? nullptr : host.c_str(), port.c_str(), &hints, &found); rc != 0)
    return InvalidArgument("cannot resolve listen address " + host_port + ": " + ::gai_strerror(rc));
  Status free;
  for (addrinfo *a = found; a && free; a = a->ai_next) {
    int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue; // an address family this host lacks (IPv6 off): gRPC skips it too
    // as gRPC binds: SO_REUSEADDR lets a port in TIME_WAIT be reused, never one with a listener
    int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (a->ai_family == AF_INET6) ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0) {
      const int err = errno;
      free = MakeError(ErrorCode::kUnavailable,
                       "cannot listen on " + host_port + ": " + std::strerror(err) +
                           (err == EADDRINUSE ? " (another process listens there; is a second daemon running?)" : ""));
    }
    ::close(fd);
  }
  ::freeaddrinfo(found);
  return free;
}

Status RestrictUnixSocket(const std::string &path) {
  if (::chmod(path.c_str(), 0660) != 0)
    return MakeError(ErrorCode::kInternal, "cannot chmod 0660 " + path + ": " + std::strerror(errno));
  return Status::Ok();
}

} // namespace cuzk::server
