// src/server/listener_security.hpp — how a listener is secured: [listen] → gRPC server credentials.
//
// A TCP listener is either TLS with a bearer token (listen.tls_cert, listen.tls_key,
// listen.token_file; listen.tls_client_ca to require client certificates as well) or, only when
// the operator says so with listen.insecure = true, plaintext with no token: anyone who can reach
// the port can prove, cancel and evict. A TCP listener with neither refuses to start. A unix
// socket is guarded by its file mode (0660: the daemon's user and group) and needs no token.
//
// The token is checked by an AuthMetadataProcessor on the TLS listener's credentials rather than
// by each handler reading ServerContext::peer(): the transport runs it for every call of that
// listener before any handler (an RPC added later cannot forget it, and an unauthenticated client
// never gets its request parsed), and which listener a call came in on cannot be confused by a
// peer string's format. gRPC cannot attach a processor to plaintext credentials, which is one
// more reason a token is only taken over TLS: over plaintext it would be readable on the path.
#pragma once
#include "server/listen_address.hpp"

#include <memory>
#include <string>
#include <vector>

namespace grpc {
class ServerCredentials;
}

namespace cuzk::server {

//! [listen]: the TCP listener's security. Paths are PEM files (cert: the chain, leaf first).
struct ListenSecurity {
  bool insecure = false;     //!< listen.insecure: plaintext TCP without a token, with a warning
  std::string tls_cert;      //!< listen.tls_cert: the server's certificate chain
  std::string tls_key;       //!< listen.tls_key: its private key (not accessible to others)
  std::string tls_client_ca; //!< listen.tls_client_ca: when set, clients need a certificate it signed
  std::string token_file;    //!< listen.token_file: the bearer token (not accessible to others)
};

//! What a listener uses, its files read and checked.
struct ListenerCredentials {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  //! One line for the start-up log and --check-config: "TLS, bearer token", "TLS, client
  //! certificate and bearer token", "plaintext, no token (listen.insecure = true)", "unix socket".
  std::string summary;
  //! Said at start (logged by the caller): plaintext TCP, [listen] keys a unix socket ignores.
  std::vector<std::string> warnings;
};

//! Reads and checks the files the listener at `address` needs: the certificate and key parse and
//! match, the client CA parses, the token file passes ReadTokenFile. An error naming the keys to
//! set when a TCP listener has neither TLS nor insecure = true, when TLS is half
//! configured, when both TLS and insecure are set, or when a file is bad.
Expected<ListenerCredentials> MakeListenerCredentials(const ListenAddress &address, const ListenSecurity &security);

} // namespace cuzk::server
