// src/server/listener_security.cpp — [listen] checked and turned into server credentials.
#include "server/listener_security.hpp"

#include "server/bearer_token.hpp"
#include "server/secret_file.hpp"

#include <grpcpp/security/server_credentials.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

namespace cuzk::server {
namespace {

using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
using Cert = std::unique_ptr<X509, decltype(&X509_free)>;
using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;

Bio MemoryBio(const std::string &pem) {
  return Bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())), BIO_free);
}

// The first certificate of a PEM text (the leaf of a chain); null when there is none.
Cert FirstCertificate(const std::string &pem) {
  Bio bio = MemoryBio(pem);
  Cert cert(bio ? PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr) : nullptr, X509_free);
  ERR_clear_error(); // leave no stale error behind for gRPC's own OpenSSL calls on this thread
  return cert;
}

// An encrypted key would make OpenSSL prompt on the terminal; this callback declines instead.
int NoPassphrase(char *, int, int, void *) { return 0; }

// Checks the certificate chain and key: both parse, the key is the certificate's, it has not expired.
Status CheckKeyPair(const ListenSecurity &s, const std::string &cert_pem, const std::string &key_pem) {
  Cert cert = FirstCertificate(cert_pem);
  if (!cert) {
    return InvalidArgument("listen.tls_cert " + s.tls_cert + " holds no PEM certificate");
  }
  Bio bio = MemoryBio(key_pem);
  Key key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, NoPassphrase, nullptr) : nullptr, EVP_PKEY_free);
  ERR_clear_error();
  if (!key) {
    return InvalidArgument("listen.tls_key " + s.tls_key +
                           " holds no PEM private key (an encrypted key is not supported)");
  }
  const bool match = X509_check_private_key(cert.get(), key.get()) == 1;
  ERR_clear_error();
  if (!match) {
    return InvalidArgument("listen.tls_key " + s.tls_key + " is not the key of listen.tls_cert " + s.tls_cert);
  }
  if (X509_cmp_current_time(X509_get0_notAfter(cert.get())) < 0) {
    return InvalidArgument("listen.tls_cert " + s.tls_cert + " has expired (clients would refuse the handshake)");
  }
  return Status::Ok();
}

ListenerCredentials Plaintext(const ListenAddress &address) {
  ListenerCredentials out;
  out.credentials = grpc::InsecureServerCredentials();
  out.summary = "plaintext, no token (listen.insecure = true)";
  out.warnings.push_back("listen.insecure = true: " + address.grpc_uri +
                         " is plaintext TCP without a token; anyone who can reach it can prove, cancel and evict "
                         "(set listen.tls_cert, listen.tls_key and listen.token_file instead)");
  return out;
}

} // namespace

Expected<ListenerCredentials> MakeListenerCredentials(const ListenAddress &address, const ListenSecurity &s) {
  const bool any_tls = !s.tls_cert.empty() || !s.tls_key.empty() || !s.tls_client_ca.empty();
  if (address.kind == ListenAddress::Kind::kUnix) {
    ListenerCredentials out;
    out.credentials = grpc::InsecureServerCredentials();
    out.summary = "unix socket, mode 0660 (no TLS, no token)";
    if (any_tls || !s.token_file.empty()) {
      out.warnings.push_back("listen.tls_* and listen.token_file apply to TCP listeners only; the unix socket " +
                             address.path + " is guarded by its mode 0660 (the daemon's user and group)");
    }
    return out;
  }
  if (s.insecure) {
    if (any_tls || !s.token_file.empty()) {
      return InvalidArgument(
          "listen.insecure = true and listen.tls_cert/tls_key/tls_client_ca/token_file are both set: choose "
          "TLS with a token (drop listen.insecure) or plaintext (drop the others)");
    }
    return Plaintext(address);
  }
  if (!any_tls && s.token_file.empty()) {
    return InvalidArgument(
        "TCP listener " + address.grpc_uri +
        " needs TLS and a bearer token: set listen.tls_cert, listen.tls_key and listen.token_file (and "
        "listen.tls_client_ca to require client certificates), or listen.insecure = true for plaintext "
        "without a token, or listen on a unix socket (unix:///path)");
  }
  std::string missing;
  for (const auto &[key, value] : {std::pair{"listen.tls_cert", &s.tls_cert}, std::pair{"listen.tls_key", &s.tls_key},
                                   std::pair{"listen.token_file", &s.token_file}}) {
    if (value->empty()) missing += (missing.empty() ? "" : ", ") + std::string(key);
  }
  if (!missing.empty()) {
    return InvalidArgument("TCP listener " + address.grpc_uri + " has TLS half configured: set " + missing +
                           " too (TLS needs listen.tls_cert, listen.tls_key and listen.token_file)");
  }

  auto cert = ReadConfigFile("listen.tls_cert", s.tls_cert, /*secret=*/false);
  if (!cert) return std::move(cert).GetError();
  auto key = ReadConfigFile("listen.tls_key", s.tls_key, /*secret=*/true);
  if (!key) return std::move(key).GetError();
  if (auto pair = CheckKeyPair(s, *cert, *key); !pair) return std::move(pair).GetError();
  auto token = ReadTokenFile(s.token_file);
  if (!token) return std::move(token).GetError();

  grpc::SslServerCredentialsOptions options(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  options.pem_key_cert_pairs.push_back({*key, *cert});
  ListenerCredentials out;
  out.summary = "TLS, bearer token";
  if (!s.tls_client_ca.empty()) {
    auto ca = ReadConfigFile("listen.tls_client_ca", s.tls_client_ca, /*secret=*/false);
    if (!ca) return std::move(ca).GetError();
    if (!FirstCertificate(*ca)) {
      return InvalidArgument("listen.tls_client_ca " + s.tls_client_ca + " holds no PEM certificate");
    }
    options.pem_root_certs = *ca;
    options.client_certificate_request = GRPC_SSL_REQUEST_AND_REQUIRE_CLIENT_CERTIFICATE_AND_VERIFY;
    out.summary = "TLS, client certificate and bearer token";
  }
  out.credentials = grpc::SslServerCredentials(options);
  out.credentials->SetAuthMetadataProcessor(std::make_shared<BearerTokenProcessor>(std::move(*token)));
  return out;
}

} // namespace cuzk::server
