// tests/server/tls_test.cpp — TCP listeners: TLS and the bearer token on every call, mutual TLS,
// plaintext only with listen.insecure = true (and a warning), a unix socket without a token, and
// the refusals: TCP with neither, half-configured TLS, bad or exposed key and token files.
//
// Real handshakes on 127.0.0.1 (ephemeral ports) with a CA, server and client certificates made
// here with OpenSSL's C API, so no private key is committed and the `openssl` program is not needed.
#include "engine_dir_fixture.hpp"
#include "server/bearer_token.hpp"
#include "server/grpc_server.hpp"
#include "server/listener_security.hpp"

#include "cuzk/v1/proving.grpc.pb.h"

#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <spawn.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace cuzk::server {
namespace {

namespace v1 = cuzk::v1;

using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using Cert = std::unique_ptr<X509, decltype(&X509_free)>;

const std::string TOKEN = "3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f1a";

Key NewKey() { return Key(EVP_EC_gen("P-256"), EVP_PKEY_free); }

std::string ToPem(X509 *cert) {
  BIO *bio = BIO_new(BIO_s_mem());
  PEM_write_bio_X509(bio, cert);
  char *data = nullptr;
  const long n = BIO_get_mem_data(bio, &data);
  std::string out(data, static_cast<size_t>(n));
  BIO_free(bio);
  return out;
}

std::string ToPem(EVP_PKEY *key) {
  BIO *bio = BIO_new(BIO_s_mem());
  PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr);
  char *data = nullptr;
  const long n = BIO_get_mem_data(bio, &data);
  std::string out(data, static_cast<size_t>(n));
  BIO_free(bio);
  return out;
}

void AddExtension(X509 *cert, X509 *issuer, int nid, const char *value) {
  X509V3_CTX ctx;
  X509V3_set_ctx(&ctx, issuer ? issuer : cert, cert, nullptr, nullptr, 0);
  X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  ASSERT_NE(ext, nullptr) << value;
  X509_add_ext(cert, ext, -1);
  X509_EXTENSION_free(ext);
}

// A certificate for `key` named `cn`, signed by `issuer`/`issuer_key` (self-signed when null).
// `ca`: may sign others; else `usage` is its extended key usage and `san` its subject alt names.
Cert MakeCert(EVP_PKEY *key, const char *cn, X509 *issuer, EVP_PKEY *issuer_key, bool ca, const char *usage,
              const char *san) {
  static long serial = 1;
  Cert cert(X509_new(), X509_free);
  X509_set_version(cert.get(), 2);
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), serial++);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
  X509_set_pubkey(cert.get(), key);
  X509_NAME *name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char *>(cn), -1, -1, 0);
  X509_set_issuer_name(cert.get(), issuer ? X509_get_subject_name(issuer) : name);
  if (ca) {
    AddExtension(cert.get(), issuer, NID_basic_constraints, "critical,CA:TRUE");
    AddExtension(cert.get(), issuer, NID_key_usage, "critical,keyCertSign,cRLSign");
  } else {
    AddExtension(cert.get(), issuer, NID_basic_constraints, "critical,CA:FALSE");
    AddExtension(cert.get(), issuer, NID_ext_key_usage, usage);
    if (san) AddExtension(cert.get(), issuer, NID_subject_alt_name, san);
  }
  X509_sign(cert.get(), issuer_key ? issuer_key : key, EVP_sha256());
  return cert;
}

// A CA and what it signed, as PEM texts.
struct Pki {
  std::string ca_cert, server_cert, server_key, client_cert, client_key;
};

Pki MakePki(const char *ca_name) {
  Key ca_key = NewKey(), server_key = NewKey(), client_key = NewKey();
  Cert ca = MakeCert(ca_key.get(), ca_name, nullptr, nullptr, true, nullptr, nullptr);
  Cert server = MakeCert(server_key.get(), "cuzk-daemon", ca.get(), ca_key.get(), false, "serverAuth",
                         "IP:127.0.0.1,DNS:localhost");
  Cert client = MakeCert(client_key.get(), "curio", ca.get(), ca_key.get(), false, "clientAuth", nullptr);
  return {ToPem(ca.get()), ToPem(server.get()), ToPem(server_key.get()), ToPem(client.get()), ToPem(client_key.get())};
}

class TlsTest : public EngineDirTest {
protected:
  static void SetUpTestSuite() {
    pki_ = new Pki(MakePki("cuzk test CA"));
    other_pki_ = new Pki(MakePki("another CA"));
  }
  static void TearDownTestSuite() {
    delete pki_;
    delete other_pki_;
  }

  void SetUp() override {
    engine_ = std::make_unique<engine::Engine>(MakeDir("/tmp/cuzk-tls-test-XXXXXX"));
    security_.tls_cert = Write("server.pem", pki_->server_cert, 0644);
    security_.tls_key = Write("server.key", pki_->server_key, 0600);
    security_.token_file = Write("token", TOKEN + "\n", 0600);
  }

  std::string Write(const std::string &name, const std::string &text, mode_t mode) {
    const std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    ::chmod(path.c_str(), mode);
    return path;
  }

  Expected<std::unique_ptr<GrpcServer>> Start(const ListenSecurity &security,
                                              const std::string &listen = "127.0.0.1:0") {
    ServerOptions options;
    options.listen = listen;
    options.security = security;
    return GrpcServer::Start(*engine_, options);
  }

  std::unique_ptr<GrpcServer> StartOrFail(const ListenSecurity &security, const std::string &listen = "127.0.0.1:0") {
    auto server = Start(security, listen);
    EXPECT_TRUE(server) << server.ErrorMessage();
    return server ? std::move(server).Value() : nullptr;
  }

  //! the message of a start that must be refused
  std::string Refusal(const ListenSecurity &security) {
    auto server = Start(security);
    EXPECT_FALSE(server) << "a listener started";
    return server.ErrorMessage();
  }

  // TLS credentials that trust `ca`, with a client certificate when `client` is set.
  static std::shared_ptr<grpc::ChannelCredentials> Tls(const Pki &ca, const Pki *client = nullptr) {
    grpc::SslCredentialsOptions options;
    options.pem_root_certs = ca.ca_cert;
    if (client) {
      options.pem_cert_chain = client->client_cert;
      options.pem_private_key = client->client_key;
    }
    return grpc::SslCredentials(options);
  }

  // GetStatus through `endpoint`, with `authorization` metadata unless it is empty.
  static grpc::Status GetStatus(const std::string &endpoint, const std::shared_ptr<grpc::ChannelCredentials> &creds,
                                const std::string &authorization) {
    auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(endpoint, creds));
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    if (!authorization.empty()) ctx.AddMetadata("authorization", authorization);
    v1::GetStatusResponse out;
    return stub->GetStatus(&ctx, v1::GetStatusRequest{}, &out);
  }

  static Pki *pki_;
  static Pki *other_pki_;
  ListenSecurity security_; //!< TLS with a token, files written by SetUp
};

Pki *TlsTest::pki_ = nullptr;
Pki *TlsTest::other_pki_ = nullptr;

// Log lines written while it lives.
class LogCapture {
public:
  LogCapture() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)) {
    spdlog::default_logger()->sinks().push_back(sink_);
  }
  ~LogCapture() {
    auto &sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::find(sinks.begin(), sinks.end(), sink_));
  }
  std::string str() const { return text_.str(); }

private:
  std::ostringstream text_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

TEST(BearerToken, ComparesWholeTokens) {
  EXPECT_TRUE(TokenMatches(TOKEN, TOKEN));
  EXPECT_FALSE(TokenMatches(TOKEN, TOKEN.substr(0, TOKEN.size() - 1)));
  EXPECT_FALSE(TokenMatches(TOKEN, TOKEN + "0"));
  EXPECT_FALSE(TokenMatches(TOKEN, ""));
  std::string flipped = TOKEN;
  flipped[5] ^= 1;
  EXPECT_FALSE(TokenMatches(TOKEN, flipped));
}

TEST_F(TlsTest, TlsWithTheTokenServes) {
  auto server = StartOrFail(security_);
  ASSERT_TRUE(server);
  const std::string endpoint = server->endpoint();
  EXPECT_TRUE(GetStatus(endpoint, Tls(*pki_), "Bearer " + TOKEN).ok());
  EXPECT_TRUE(GetStatus(endpoint, Tls(*pki_), "bearer " + TOKEN).ok()) << "the scheme is case-insensitive";
  // what a gRPC client's standard per-call credentials send
  auto creds = grpc::CompositeChannelCredentials(Tls(*pki_), grpc::AccessTokenCredentials(TOKEN));
  auto status = GetStatus(endpoint, creds, "");
  EXPECT_TRUE(status.ok()) << status.error_message();
}

TEST_F(TlsTest, AWrongOrMissingTokenIsUnauthenticatedOnEveryRpc) {
  auto server = StartOrFail(security_);
  ASSERT_TRUE(server);
  auto stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(server->endpoint(), Tls(*pki_)));
  const std::string wrong = "Bearer 0000000000000000wrongtoken";
  for (const std::string &authorization : {std::string(), wrong, "Basic " + TOKEN, std::string("Bearer ")}) {
    auto call = [&](auto method, auto request, auto response) {
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
      if (!authorization.empty()) ctx.AddMetadata("authorization", authorization);
      return ((*stub).*method)(&ctx, request, &response);
    };
    v1::CancelProofRequest cancel;
    cancel.set_job_id("job-1");
    v1::PreloadSrsRequest preload;
    preload.set_circuit_id("porep-2k");
    for (const grpc::Status &status :
         {call(&v1::ProvingEngine::Stub::GetStatus, v1::GetStatusRequest{}, v1::GetStatusResponse{}),
          call(&v1::ProvingEngine::Stub::GetMetrics, v1::GetMetricsRequest{}, v1::GetMetricsResponse{}),
          call(&v1::ProvingEngine::Stub::CancelProof, cancel, v1::CancelProofResponse{}),
          call(&v1::ProvingEngine::Stub::PreloadSRS, preload, v1::PreloadSrsResponse{}),
          call(&v1::ProvingEngine::Stub::SubmitProof, v1::SubmitProofRequest{}, v1::SubmitProofResponse{})}) {
      EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED)
          << "'" << authorization << "': " << status.error_message();
      EXPECT_EQ(status.error_message().find("wrongtoken"), std::string::npos) << "the token is echoed";
      if (authorization.empty()) {
        EXPECT_NE(status.error_message().find("missing bearer token"), std::string::npos);
      }
      if (authorization == wrong) {
        EXPECT_EQ(status.error_message(), "invalid bearer token");
      }
    }
  }
  // no handler ran: the service counted none of those calls
  grpc::ClientContext ctx;
  ctx.AddMetadata("authorization", "Bearer " + TOKEN);
  v1::GetMetricsResponse metrics;
  ASSERT_TRUE(stub->GetMetrics(&ctx, v1::GetMetricsRequest{}, &metrics).ok());
  for (const char *rpc : {"GetStatus", "CancelProof", "PreloadSRS", "SubmitProof"}) {
    EXPECT_EQ(metrics.prometheus_text().find("rpc=\"" + std::string(rpc) + "\""), std::string::npos) << rpc;
  }
}

TEST_F(TlsTest, APlaintextClientOrAnUntrustedServerFails) {
  auto server = StartOrFail(security_);
  ASSERT_TRUE(server);
  const std::string endpoint = server->endpoint();
  auto status = GetStatus(endpoint, grpc::InsecureChannelCredentials(), "Bearer " + TOKEN);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
  // a client that trusts another CA refuses the daemon's certificate
  status = GetStatus(endpoint, Tls(*other_pki_), "Bearer " + TOKEN);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE) << status.error_message();
}

TEST_F(TlsTest, ClientCertificatesWhenAClientCaIsSet) {
  ListenSecurity mtls = security_;
  mtls.tls_client_ca = Write("clients-ca.pem", pki_->ca_cert, 0644);
  auto server = StartOrFail(mtls);
  ASSERT_TRUE(server);
  const std::string endpoint = server->endpoint();
  auto status = GetStatus(endpoint, Tls(*pki_, pki_), "Bearer " + TOKEN);
  EXPECT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(GetStatus(endpoint, Tls(*pki_), "Bearer " + TOKEN).error_code(), grpc::StatusCode::UNAVAILABLE)
      << "no client certificate";
  EXPECT_EQ(GetStatus(endpoint, Tls(*pki_, other_pki_), "Bearer " + TOKEN).error_code(), grpc::StatusCode::UNAVAILABLE)
      << "a client certificate of another CA";
  EXPECT_EQ(GetStatus(endpoint, Tls(*pki_, pki_), "").error_code(), grpc::StatusCode::UNAUTHENTICATED)
      << "a client certificate does not replace the token";
}

TEST_F(TlsTest, TcpWithNeitherTlsNorInsecureRefusesToStart) {
  EXPECT_EQ(Refusal(ListenSecurity{}),
            "TCP listener 127.0.0.1:0 needs TLS and a bearer token: set listen.tls_cert, listen.tls_key and "
            "listen.token_file (and listen.tls_client_ca to require client certificates), or "
            "listen.insecure = true for plaintext without a token, or listen on a unix socket (unix:///path)");

  ListenSecurity half;
  half.tls_cert = security_.tls_cert;
  EXPECT_EQ(Refusal(half),
            "TCP listener 127.0.0.1:0 has TLS half configured: set listen.tls_key, listen.token_file too "
            "(TLS needs listen.tls_cert, listen.tls_key and listen.token_file)");
  half = security_;
  half.token_file.clear();
  const std::string no_token = Refusal(half);
  EXPECT_NE(no_token.find("set listen.token_file too"), std::string::npos) << no_token;

  ListenSecurity both = security_;
  both.insecure = true;
  const std::string both_set = Refusal(both);
  EXPECT_EQ(
      both_set.rfind("listen.insecure = true and listen.tls_cert/tls_key/tls_client_ca/token_file are both set", 0), 0u)
      << both_set;
}

TEST_F(TlsTest, InsecureServesPlaintextAndWarns) {
  ListenSecurity insecure;
  insecure.insecure = true;
  LogCapture log;
  auto server = StartOrFail(insecure);
  ASSERT_TRUE(server);
  EXPECT_TRUE(GetStatus(server->endpoint(), grpc::InsecureChannelCredentials(), "").ok());
  const std::string text = log.str();
  EXPECT_NE(text.find("[warning] listen.insecure = true: 127.0.0.1:0 is plaintext TCP without a token"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("plaintext, no token (listen.insecure = true)"), std::string::npos) << text;
}

TEST_F(TlsTest, AUnixSocketNeedsNoToken) {
  LogCapture log;
  const std::string path = dir_ + "/cuzk.sock";
  auto server = StartOrFail(security_, "unix://" + path); // [listen] set, but not for a unix socket
  ASSERT_TRUE(server);
  EXPECT_TRUE(GetStatus("unix:" + path, grpc::InsecureChannelCredentials(), "").ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0660u);
  EXPECT_NE(log.str().find("listen.tls_* and listen.token_file apply to TCP listeners only"), std::string::npos)
      << log.str();
}

TEST_F(TlsTest, BadOrExposedFilesAreRefused) {
  const ListenAddress tcp{ListenAddress::Kind::kTcp, "", "127.0.0.1:0"};
  auto refused = [&](const ListenSecurity &s) {
    auto credentials = MakeListenerCredentials(tcp, s);
    EXPECT_FALSE(credentials);
    EXPECT_EQ(credentials.ErrorMessage().find(TOKEN), std::string::npos)
        << "the token is echoed: " << credentials.ErrorMessage();
    return credentials.ErrorMessage();
  };
  ListenSecurity s = security_;
  ::chmod(s.token_file.c_str(), 0644);
  EXPECT_EQ(refused(s), "listen.token_file " + s.token_file +
                            " is accessible to other users (mode 0644); it holds a secret: chmod o-rwx it (0600 or "
                            "0640)");
  ::chmod(s.token_file.c_str(), 0640);
  auto group_readable = MakeListenerCredentials(tcp, s);
  EXPECT_TRUE(group_readable) << "the daemon's group may read it: " << group_readable.ErrorMessage();

  s.token_file = Write("empty-token", " \n\t\n", 0600);
  EXPECT_EQ(refused(s),
            "listen.token_file " + s.token_file + " is empty (write a token into it, e.g. openssl rand -hex 32)");
  s.token_file = Write("short-token", "abc\n", 0600);
  EXPECT_NE(refused(s).find("fewer than 16 characters"), std::string::npos);
  s.token_file = Write("spaced-token", TOKEN + " " + TOKEN, 0600);
  EXPECT_NE(refused(s).find("a character a gRPC metadata value cannot carry"), std::string::npos);
  s.token_file = dir_ + "/no-such-token";
  EXPECT_EQ(refused(s), "cannot read listen.token_file " + s.token_file + ": No such file or directory");

  s = security_;
  ::chmod(s.tls_key.c_str(), 0604);
  EXPECT_NE(refused(s).find("listen.tls_key " + s.tls_key + " is accessible to other users (mode 0604)"),
            std::string::npos);
  ::chmod(s.tls_key.c_str(), 0600);
  s.tls_key = Write("other.key", other_pki_->server_key, 0600);
  EXPECT_EQ(refused(s), "listen.tls_key " + s.tls_key + " is not the key of listen.tls_cert " + s.tls_cert);
  s.tls_key = Write("garbage.key", "not a key\n", 0600);
  EXPECT_NE(refused(s).find("holds no PEM private key"), std::string::npos);
  s = security_;
  s.tls_cert = Write("garbage.pem", "not a certificate\n", 0644);
  EXPECT_EQ(refused(s), "listen.tls_cert " + s.tls_cert + " holds no PEM certificate");
  s = security_;
  s.tls_client_ca = Write("garbage-ca.pem", "", 0644);
  EXPECT_EQ(refused(s), "listen.tls_client_ca " + s.tls_client_ca + " holds no PEM certificate");
}

// cuzk-bench's --tls-ca and --token-file against a real TLS listener.
TEST_F(TlsTest, CuzkBenchConnectsWithTlsAndAToken) {
  auto server = StartOrFail(security_);
  ASSERT_TRUE(server);
  const std::string ca = Write("ca.pem", pki_->ca_cert, 0644);
  auto run = [&](const std::string &flags, std::string &output) {
    const std::string cmd = std::string(CUZK_BENCH) + " status --addr " + server->endpoint() + " " + flags + " 2>&1";
    FILE *pipe = ::popen(cmd.c_str(), "r");
    char buf[4096];
    size_t n;
    output.clear();
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) output.append(buf, n);
    const int rc = ::pclose(pipe);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  };
  std::string out;
  EXPECT_EQ(run("--tls-ca " + ca + " --token-file " + security_.token_file, out), 0) << out;
  EXPECT_NE(run("--tls-ca " + ca, out), 0) << out;
  EXPECT_NE(out.find("missing bearer token"), std::string::npos) << out;
  EXPECT_NE(run("--token-file " + security_.token_file, out), 0) << out;
  EXPECT_NE(out.find("--token-file needs TLS"), std::string::npos) << out;
}

// A TCP port nobody listens on now (bound to port 0, then released).
int FreePort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
  ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

// cuzk-daemon itself, from a cuzk.toml with [listen] TLS keys: the file's keys reach its listener.
TEST_F(TlsTest, TheDaemonServesTlsFromItsConfigFile) {
  const std::string addr = "127.0.0.1:" + std::to_string(FreePort());
  const std::string config =
      Write("cuzk.toml",
            "[daemon]\nlisten = \"" + addr + "\"\nshutdown_grace = \"1s\"\n[gpus]\nenabled = false\n" +
                "[srs]\nparam_cache = \"" + dir_ + "\"\n[listen]\ntls_cert = \"" + security_.tls_cert +
                "\"\ntls_key = \"" + security_.tls_key + "\"\ntoken_file = \"" + security_.token_file + "\"\n",
            0644);
  const std::string log = dir_ + "/daemon.log";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  const char *argv[] = {CUZK_DAEMON, "-c", config.c_str(), nullptr};
  pid_t pid = 0;
  ASSERT_EQ(posix_spawn(&pid, CUZK_DAEMON, &actions, nullptr, const_cast<char *const *>(argv), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  auto daemon_log = [&] {
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };

  grpc::Status status;
  int exit_status = 0;
  for (int i = 0; i < 300; i++) { // up to 30 s to start
    ASSERT_EQ(::waitpid(pid, &exit_status, WNOHANG), 0) << "the daemon exited\n" << daemon_log();
    status = GetStatus(addr, Tls(*pki_), "Bearer " + TOKEN);
    if (status.ok()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(status.ok()) << status.error_message() << "\n" << daemon_log();
  EXPECT_EQ(GetStatus(addr, Tls(*pki_), "").error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(GetStatus(addr, grpc::InsecureChannelCredentials(), "").error_code(), grpc::StatusCode::UNAVAILABLE);
  ::kill(pid, SIGTERM);
  ASSERT_EQ(::waitpid(pid, &exit_status, 0), pid);
  EXPECT_TRUE(WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0) << daemon_log();
  EXPECT_NE(daemon_log().find("listening on " + addr + ": TLS, bearer token"), std::string::npos) << daemon_log();
}

} // namespace
} // namespace cuzk::server
