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
bool CheckKeyPair(const ListenSecurity &s, const std::string &cert_pem, const std::string &key_pem,
                  std::string &error) {
  Cert cert = FirstCertificate(cert_pem);
  if (!cert) {
    error = "listen.tls_cert " + s.tls_cert + " holds no PEM certificate";
    return false;
  }
  Bio bio = MemoryBio(key_pem);
  Key key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, NoPassphrase, nullptr) : nullptr, EVP_PKEY_free);
  ERR_clear_error();
  if (!key) {
    error = "listen.tls_key " + s.tls_key + " holds no PEM private key (an encrypted key is not supported)";
    return false;
  }
  const bool match = X509_check_private_key(cert.get(), key.get()) == 1;
  ERR_clear_error();
  if (!match) {
    error = "listen.tls_key " + s.tls_key + " is not the key of listen.tls_cert " + s.tls_cert;
    return false;
  }
  if (X509_cmp_current_time(X509_get0_notAfter(cert.get())) < 0) {
    error = "listen.tls_cert " + s.tls_cert + " has expired (clients would refuse the handshake)";
    return false;
  }
  return true;
}

std::optional<ListenerCredentials> Plaintext(const ListenAddress &address) {
  ListenerCredentials out;
  out.credentials = grpc::InsecureServerCredentials();
  out.summary = "plaintext, no token (listen.insecure = true)";
  out.warnings.push_back("listen.insecure = true: " + address.grpc_uri +
                         " is plaintext TCP without a token; anyone who can reach it can prove, cancel and evict "
                         "(set listen.tls_cert, listen.tls_key and listen.token_file instead)");
  return out;
}

} // namespace

std::optional<ListenerCredentials> MakeListenerCredentials(const ListenAddress &address, const ListenSecurity &s,
                                                           std::string &error) {
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
      error = "listen.insecure = true and listen.tls_cert/tls_key/tls_client_ca/token_file are both set: choose "
              "TLS with a token (drop listen.insecure) or plaintext (drop the others)";
      return std::nullopt;
    }
    return Plaintext(address);
  }
  if (!any_tls && s.token_file.empty()) {
    error = "TCP listener " + address.grpc_uri +
            " needs TLS and a bearer token: set listen.tls_cert, listen.tls_key and listen.token_file (and "
            "listen.tls_client_ca to require client certificates), or listen.insecure = true for plaintext "
            "without a token, or listen on a unix socket (unix:///path)";
    return std::nullopt;
  }
  std::string missing;
  for (const auto &[key, value] : {std::pair{"listen.tls_cert", &s.tls_cert}, std::pair{"listen.tls_key", &s.tls_key},
                                   std::pair{"listen.token_file", &s.token_file}}) {
    if (value->empty()) missing += (missing.empty() ? "" : ", ") + std::string(key);
  }
  if (!missing.empty()) {
    error = "TCP listener " + address.grpc_uri + " has TLS half configured: set " + missing +
            " too (TLS needs listen.tls_cert, listen.tls_key and listen.token_file)";
    return std::nullopt;
  }

  auto cert = ReadConfigFile("listen.tls_cert", s.tls_cert, /*secret=*/false, error);
  if (!cert) return std::nullopt;
  auto key = ReadConfigFile("listen.tls_key", s.tls_key, /*secret=*/true, error);
  if (!key || !CheckKeyPair(s, *cert, *key, error)) return std::nullopt;
  auto token = ReadTokenFile(s.token_file, error);
  if (!token) return std::nullopt;

  grpc::SslServerCredentialsOptions options(GRPC_SSL_DONT_REQUEST_CLIENT_CERTIFICATE);
  options.pem_key_cert_pairs.push_back({*key, *cert});
  ListenerCredentials out;
  out.summary = "TLS, bearer token";
  if (!s.tls_client_ca.empty()) {
    auto ca = ReadConfigFile("listen.tls_client_ca", s.tls_client_ca, /*secret=*/false, error);
    if (!ca) return std::nullopt;
    if (!FirstCertificate(*ca)) {
      error = "listen.tls_client_ca " + s.tls_client_ca + " holds no PEM certificate";
      return std::nullopt;
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
