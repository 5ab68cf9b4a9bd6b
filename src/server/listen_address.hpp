// src/server/listen_address.hpp — the daemon's listen addresses: `unix:///path` and `host:port`.
//
// The reference daemon accepts the same two forms (spec/cuzk-api.md §1 "Transport"); ours also
// takes host names, `[v6]:port` and an `http://` prefix (what cuzk-bench's --addr uses), and
// refuses to delete a socket another live daemon is still listening on, or to share a TCP port.
#pragma once
#include "base/expected.hpp"

#include <string>

namespace cuzk::server {

struct ListenAddress {
  enum class Kind { kUnix, kTcp };
  Kind kind = Kind::kTcp;
  std::string path;     //!< kUnix: the socket's file system path
  std::string grpc_uri; //!< what grpc::ServerBuilder::AddListeningPort takes
};

//! Parses `unix:///abs/path`, `unix:path`, `host:port`, `[v6]:port`, `http://host:port`.
//! A malformed address is kInvalidArgument, its message naming the address and what is wrong.
Expected<ListenAddress> ParseListenAddress(const std::string &text);

//! Makes a unix socket path ready to bind: creates missing parent directories, removes a stale
//! socket left by a daemon that died (nobody accepts on it), and refuses a path that is a live
//! socket or not a socket at all.
Status PrepareUnixSocketPath(const std::string &path);

//! Whether a TCP listener could bind `host_port` (ListenAddress::grpc_uri of a kTcp address) now:
//! binds and closes a socket for each address the host resolves to. kUnavailable with a message
//! naming the address and the reason ("address already in use: another process listens on it") when
//! one cannot be bound. gRPC reports a failed bind without its reason, so this gives the reason
//! first; the listener itself refuses a port in use too (no SO_REUSEPORT).
Status TcpAddressFree(const std::string &host_port);

//! Restricts a bound socket to owner and group (0660), so only the orchestrator's group can prove.
Status RestrictUnixSocket(const std::string &path);

} // namespace cuzk::server
