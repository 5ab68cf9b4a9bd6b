// tests/server/config_test.cpp — cuzk.toml loading, value syntaxes, listen addresses and unix
// socket preparation.
#include "server/config_values.hpp"
#include "server/daemon_config.hpp"
#include "server/listen_address.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace cuzk::server {
namespace {

using namespace std::chrono_literals;

TEST(ConfigValues, ByteSizes) {
  EXPECT_EQ(ParseByteSize("5GiB"), uint64_t{5} << 30);
  EXPECT_EQ(ParseByteSize("256MiB"), uint64_t{256} << 20);
  EXPECT_EQ(ParseByteSize("1GB"), uint64_t{1000000000});
  EXPECT_EQ(ParseByteSize("100 MB"), uint64_t{100000000});
  EXPECT_EQ(ParseByteSize("4096"), uint64_t{4096});
  EXPECT_EQ(ParseByteSize("4096 bytes"), uint64_t{4096});
  EXPECT_EQ(ParseByteSize("1.5gib"), uint64_t{3} << 29);
  EXPECT_EQ(ParseByteSize("2TiB"), uint64_t{2} << 40);
  for (const char *bad : {"", "GiB", "5 GiBs", "-1GiB", "1e3", "5 Gb s", "16EiB", "99999999TiB"}) {
    EXPECT_FALSE(ParseByteSize(bad)) << bad;
  }
}

TEST(ConfigValues, Durations) {
  EXPECT_EQ(ParseDuration("5m"), 300'000ms);
  EXPECT_EQ(ParseDuration("30s"), 30'000ms);
  EXPECT_EQ(ParseDuration("300"), 300'000ms);
  EXPECT_EQ(ParseDuration("250ms"), 250ms);
  EXPECT_EQ(ParseDuration("2h"), 7'200'000ms);
  EXPECT_EQ(ParseDuration("1.5s"), 1'500ms);
  for (const char *bad : {"", "m", "5 minutes", "-3s", "5d"}) EXPECT_FALSE(ParseDuration(bad)) << bad;
  EXPECT_EQ(FormatByteSize(512), "512 B");
  EXPECT_EQ(FormatByteSize(uint64_t{3} << 29), "1.5 GiB");
}

DaemonConfig Parse(const std::string &text) {
  DaemonConfig config;
  auto parsed = ParseDaemonConfig(text, "test.toml", config);
  EXPECT_TRUE(parsed.IsOk()) << parsed.ErrorMessage();
  return config;
}

std::string ParseError(const std::string &text) {
  DaemonConfig config;
  auto parsed = ParseDaemonConfig(text, "test.toml", config);
  EXPECT_FALSE(parsed.IsOk()) << text;
  if (!parsed.IsOk()) {
    EXPECT_EQ(parsed.Code(), cuzk::ErrorCode::kInvalidArgument) << text;
  }
  return parsed.ErrorMessage();
}

TEST(DaemonConfig, EmptyFileGivesTheDocumentedDefaults) {
  DaemonConfig c = Parse("");
  EXPECT_EQ(c.listen, "unix:///run/curio/cuzk.sock");
  EXPECT_EQ(c.max_message_bytes, uint64_t{256} << 20);
  EXPECT_EQ(c.shutdown_grace, 30s);
  EXPECT_TRUE(c.memory_auto);
  EXPECT_EQ(c.memory_safety_margin, uint64_t{5} << 30);
  EXPECT_EQ(c.log_level, "info");
  EXPECT_EQ(c.log_format, "text");
  EXPECT_TRUE(c.engine.self_check);
  EXPECT_TRUE(c.engine.critical_lane);
  EXPECT_EQ(c.gpu_msm_window_bits, 0u); // the GPU backend's measured defaults (src/gpu/tuning.hpp)
  EXPECT_FALSE(c.gpu_msm_profile);
  EXPECT_FALSE(c.gpu_derive_c);
  EXPECT_TRUE(c.warnings.empty());
}

TEST(DaemonConfig, EveryKeyIsRead) {
  DaemonConfig c = Parse(R"(
[daemon]
listen = "127.0.0.1:9820"
max_message_size = "512MiB"
shutdown_grace = "10s"
[memory]
total_budget = "64GiB"
safety_margin = "1GiB"
eviction_min_idle = "5m"
[gpus]
enabled = false
devices = [0, "GPU-8c2a5e3b-1d4f-4e6a-9b7c-0123456789ab"]
gpu_workers_per_device = 3
msm_window_bits = 16
msm_profile = true
derive_c = true
[cpu]
prover_workers = 2
[synthesis]
threads = 8
workers = 4
[pipeline]
max_ready_partitions = 6
[scheduler]
finished_job_retention = 100
critical_lane = false
[srs]
param_cache = "/data/params"
preload = ["winning-32g", "porep-32g"]
budget = "48GiB"
[srs.files]
porep-2k = "my-porep-2k"
[prover]
self_check = false
[logging]
level = "debug"
format = "json"
)");
  EXPECT_EQ(c.listen, "127.0.0.1:9820");
  EXPECT_EQ(c.max_message_bytes, uint64_t{512} << 20);
  EXPECT_EQ(c.shutdown_grace, 10s);
  EXPECT_FALSE(c.memory_auto);
  EXPECT_EQ(c.memory_total_bytes, uint64_t{64} << 30);
  EXPECT_EQ(c.memory_safety_margin, uint64_t{1} << 30);
  EXPECT_EQ(c.engine.srs_eviction_min_idle, 300s);
  EXPECT_FALSE(c.use_gpus);
  EXPECT_EQ(c.gpu_devices, (std::vector<std::string>{"0", "GPU-8c2a5e3b-1d4f-4e6a-9b7c-0123456789ab"}));
  EXPECT_EQ(c.gpu_workers_per_device, 3u);
  EXPECT_EQ(c.gpu_msm_window_bits, 16u);
  EXPECT_TRUE(c.gpu_msm_profile);
  EXPECT_TRUE(c.gpu_derive_c);
  EXPECT_EQ(c.cpu_prover_workers, 2u);
  EXPECT_EQ(c.synthesis_threads, 8u);
  EXPECT_EQ(c.engine.synthesis_workers, 4u);
  EXPECT_EQ(c.engine.max_ready_partitions, 6u);
  EXPECT_EQ(c.engine.finished_job_retention, 100u);
  EXPECT_FALSE(c.engine.critical_lane);
  EXPECT_EQ(c.engine.param_dir, "/data/params");
  EXPECT_EQ(c.engine.srs_preload, (std::vector<std::string>{"winning-32g", "porep-32g"}));
  EXPECT_EQ(c.engine.srs_budget_bytes, uint64_t{48} << 30);
  EXPECT_EQ(c.engine.param_files.at("porep-2k"), "my-porep-2k");
  EXPECT_FALSE(c.engine.self_check);
  EXPECT_EQ(c.log_level, "debug");
  EXPECT_EQ(c.log_format, "json");
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front();
  // the working budget is the total less the parameter budget
  EXPECT_EQ(WorkingMemoryBytes(c, uint64_t{512} << 30), uint64_t{16} << 30);
}

TEST(DaemonConfig, ReferenceKeysMapOrWarn) {
  DaemonConfig c = Parse(R"(
[daemon]
status_listen = "0.0.0.0:9821"
[memory]
pinned_budget = "10GiB"
[gpus]
gpu_threads = 32
[synthesis]
partition_workers = 12
[pipeline]
enabled = true
max_parallel_synthesis = 7
max_gpu_queue_depth = 8
synthesis_lookahead = 1
[scheduler]
max_batch_size = 1
sort_by_type = true
)");
  // the reference's caps on synthesis and the ready queue carry over
  EXPECT_EQ(c.engine.synthesis_workers, 7u);
  EXPECT_EQ(c.engine.max_ready_partitions, 8u);
  // the keys that mean nothing here say so, one warning each
  std::string all;
  for (const auto &w : c.warnings) all += w + "\n";
  for (const char *key : {"daemon.status_listen", "memory.pinned_budget", "gpus.gpu_threads",
                          "synthesis.partition_workers", "pipeline.synthesis_lookahead", "scheduler.sort_by_type"}) {
    EXPECT_NE(all.find(std::string(key) + " is ignored"), std::string::npos) << key << "\n" << all;
  }
  EXPECT_EQ(c.warnings.size(), 6u) << all;
}

TEST(DaemonConfig, UnknownKeysAreWarnedAbout) {
  DaemonConfig c = Parse("[daemon]\nlisten = \"127.0.0.1:1\"\nlistne = \"x\"\n[srs]\nparam_cahce = \"/x\"\n");
  ASSERT_EQ(c.warnings.size(), 2u);
  EXPECT_EQ(c.warnings[0], "unknown key daemon.listne (ignored; see cuzk.example.toml)");
  EXPECT_EQ(c.warnings[1], "unknown key srs.param_cahce (ignored; see cuzk.example.toml)");
}

TEST(DaemonConfig, BadValuesAreErrorsNamingTheKey) {
  EXPECT_EQ(ParseError("[memory]\ntotal_budget = \"lots\""),
            "test.toml: memory.total_budget: expected \"auto\" or a size such as \"64GiB\"");
  EXPECT_EQ(ParseError("[daemon]\nlisten = 9820"), "test.toml: daemon.listen: expected a string");
  EXPECT_EQ(ParseError("[memory]\neviction_min_idle = \"soon\""),
            "test.toml: memory.eviction_min_idle: expected a duration such as \"30s\", \"5m\" or a number of seconds");
  EXPECT_EQ(ParseError("[gpus]\ndevices = [0, 1.5]"),
            "test.toml: gpus.devices: expected an array of GPU ordinals (0..1023) or UUIDs");
  EXPECT_EQ(ParseError("[synthesis]\nworkers = 0"), "test.toml: synthesis.workers: expected at least 1");
  EXPECT_EQ(ParseError("[synthesis]\nthreads = -1"), "test.toml: synthesis.threads: expected an integer in 0..4096");
  EXPECT_EQ(ParseError("[prover]\nself_check = \"yes\""), "test.toml: prover.self_check: expected true or false");
  EXPECT_EQ(ParseError("[logging]\nlevel = \"loud\""),
            "test.toml: logging.level: expected trace, debug, info, warn, error or off");
  EXPECT_EQ(ParseError("[daemon]\nmax_message_size = \"1MiB\""),
            "test.toml: daemon.max_message_size: expected a size from 4MiB to 2GiB-1 (gRPC's limit is a signed 32-bit "
            "count)");
  EXPECT_EQ(ParseError("[srs.files]\nporep-2k = 3"),
            "test.toml: srs.files.porep-2k: expected a string (a file name without .params/.vk)");
  // a syntax error gives the position
  EXPECT_EQ(ParseError("[daemon\nlisten = 1").rfind("test.toml:1:", 0), 0u);
  // the GPU backend's tuning: a window width is 0 (the cost model) or 4..22, the switches booleans
  const std::string window_bits = "test.toml: gpus.msm_window_bits: expected 0 (each MSM's width from the cost model) "
                                  "or a window width from 4 to 22";
  for (const char *bad : {"3", "1", "23", "-1", "16.0", "\"16\"", "true"})
    EXPECT_EQ(ParseError(std::string("[gpus]\nmsm_window_bits = ") + bad), window_bits) << bad;
  for (const char *good : {"0", "4", "22"})
    EXPECT_EQ(Parse(std::string("[gpus]\nmsm_window_bits = ") + good).gpu_msm_window_bits, uint32_t(std::stoul(good)));
  EXPECT_EQ(ParseError("[gpus]\nderive_c = 1"), "test.toml: gpus.derive_c: expected true or false");
  EXPECT_EQ(ParseError("[gpus]\nmsm_profile = \"on\""), "test.toml: gpus.msm_profile: expected true or false");
}

// [listen] is only read here; whether it suits the address is decided when the listener starts
// (tests/server/tls_test.cpp), since -l can change the address after the file is read.
TEST(DaemonConfig, ListenSecurityKeys) {
  const DaemonConfig d = Parse("");
  EXPECT_FALSE(d.listen_security.insecure);
  EXPECT_EQ(d.listen_security.tls_cert, "");
  EXPECT_EQ(d.listen_security.tls_key, "");
  EXPECT_EQ(d.listen_security.tls_client_ca, "");
  EXPECT_EQ(d.listen_security.token_file, "");

  DaemonConfig c = Parse(R"(
[daemon]
listen = "0.0.0.0:9820"
[listen]
tls_cert = "/etc/cuzk/server.pem"
tls_key = "/etc/cuzk/server.key"
tls_client_ca = "/etc/cuzk/clients-ca.pem"
token_file = "/etc/cuzk/token"
)");
  EXPECT_EQ(c.listen, "0.0.0.0:9820");
  EXPECT_FALSE(c.listen_security.insecure);
  EXPECT_EQ(c.listen_security.tls_cert, "/etc/cuzk/server.pem");
  EXPECT_EQ(c.listen_security.tls_key, "/etc/cuzk/server.key");
  EXPECT_EQ(c.listen_security.tls_client_ca, "/etc/cuzk/clients-ca.pem");
  EXPECT_EQ(c.listen_security.token_file, "/etc/cuzk/token");
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front();
  EXPECT_TRUE(Parse("[listen]\ninsecure = true").listen_security.insecure);

  EXPECT_EQ(ParseError("[listen]\ninsecure = \"yes\""), "test.toml: listen.insecure: expected true or false");
  EXPECT_EQ(ParseError("[listen]\ninsecure = 1"), "test.toml: listen.insecure: expected true or false");
  EXPECT_EQ(ParseError("[listen]\ntls_cert = 1"), "test.toml: listen.tls_cert: expected a string");
  EXPECT_EQ(ParseError("[listen]\ntls_key = true"), "test.toml: listen.tls_key: expected a string");
  EXPECT_EQ(ParseError("[listen]\ntls_client_ca = []"), "test.toml: listen.tls_client_ca: expected a string");
  EXPECT_EQ(ParseError("[listen]\ntoken_file = 3"), "test.toml: listen.token_file: expected a string");
  // a misspelt key is warned about, not silently dropped (a token meant to be required)
  DaemonConfig typo = Parse("[listen]\ntoken = \"/etc/cuzk/token\"");
  ASSERT_EQ(typo.warnings.size(), 1u);
  EXPECT_EQ(typo.warnings[0], "unknown key listen.token (ignored; see cuzk.example.toml)");
}

TEST(DaemonConfig, AFailedParseLeavesTheConfigUntouched) {
  DaemonConfig c;
  c.listen = "keep";
  EXPECT_FALSE(ParseDaemonConfig("[daemon]\nlisten = \"new\"\n[memory]\ntotal_budget = true", "t", c).IsOk());
  EXPECT_EQ(c.listen, "keep");
}

TEST(DaemonConfig, MissingFileIsDefaultsUnlessRequired) {
  DaemonConfig c;
  EXPECT_TRUE(LoadDaemonConfig("/nonexistent/cuzk.toml", false, c).IsOk());
  EXPECT_EQ(c.listen, DaemonConfig{}.listen);
  auto required = LoadDaemonConfig("/nonexistent/cuzk.toml", true, c);
  ASSERT_FALSE(required.IsOk());
  EXPECT_EQ(required.Code(), cuzk::ErrorCode::kNotFound);
  EXPECT_EQ(required.ErrorMessage(), "config file /nonexistent/cuzk.toml does not exist");
}

// cuzk.example.toml documents every key with its default: it loads without a warning and changes nothing.
TEST(DaemonConfig, ExampleFileLoadsCleanAndStatesTheDefaults) {
  DaemonConfig c;
  auto loaded = LoadDaemonConfig(CUZK_SOURCE_DIR "/cuzk.example.toml", true, c);
  ASSERT_TRUE(loaded.IsOk()) << loaded.ErrorMessage();
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front();
  const DaemonConfig d;
  EXPECT_EQ(c.listen, d.listen);
  EXPECT_EQ(c.max_message_bytes, d.max_message_bytes);
  EXPECT_EQ(c.shutdown_grace, d.shutdown_grace);
  EXPECT_EQ(c.listen_security.insecure, d.listen_security.insecure);
  EXPECT_EQ(c.listen_security.tls_cert, d.listen_security.tls_cert);
  EXPECT_EQ(c.listen_security.tls_key, d.listen_security.tls_key);
  EXPECT_EQ(c.listen_security.tls_client_ca, d.listen_security.tls_client_ca);
  EXPECT_EQ(c.listen_security.token_file, d.listen_security.token_file);
  EXPECT_EQ(c.memory_auto, d.memory_auto);
  EXPECT_EQ(c.memory_safety_margin, d.memory_safety_margin);
  EXPECT_EQ(c.engine.srs_eviction_min_idle, d.engine.srs_eviction_min_idle);
  EXPECT_EQ(c.use_gpus, d.use_gpus);
  EXPECT_EQ(c.gpu_devices, d.gpu_devices);
  EXPECT_EQ(c.gpu_workers_per_device, d.gpu_workers_per_device);
  EXPECT_EQ(c.gpu_msm_window_bits, d.gpu_msm_window_bits);
  EXPECT_EQ(c.gpu_msm_profile, d.gpu_msm_profile);
  EXPECT_EQ(c.gpu_derive_c, d.gpu_derive_c);
  EXPECT_EQ(c.cpu_prover_workers, d.cpu_prover_workers);
  EXPECT_EQ(c.synthesis_threads, d.synthesis_threads);
  EXPECT_EQ(c.engine.synthesis_workers, d.engine.synthesis_workers);
  EXPECT_EQ(c.engine.max_ready_partitions, d.engine.max_ready_partitions);
  EXPECT_EQ(c.engine.finished_job_retention, d.engine.finished_job_retention);
  EXPECT_EQ(c.engine.param_dir, d.engine.param_dir);
  EXPECT_EQ(c.engine.srs_preload, d.engine.srs_preload);
  EXPECT_EQ(c.engine.srs_budget_bytes, d.engine.srs_budget_bytes);
  EXPECT_EQ(c.engine.param_files, d.engine.param_files);
  EXPECT_EQ(c.engine.self_check, d.engine.self_check);
  EXPECT_EQ(c.log_level, d.log_level);
  EXPECT_EQ(c.log_format, d.log_format);
}

TEST(ListenAddress, Forms) {
  auto unix_addr = ParseListenAddress("unix:///run/curio/cuzk.sock");
  ASSERT_TRUE(unix_addr) << unix_addr.ErrorMessage();
  EXPECT_EQ(unix_addr->kind, ListenAddress::Kind::kUnix);
  EXPECT_EQ(unix_addr->path, "/run/curio/cuzk.sock");
  EXPECT_EQ(unix_addr->grpc_uri, "unix:/run/curio/cuzk.sock");
  EXPECT_EQ(ParseListenAddress("unix:rel/cuzk.sock")->path, "rel/cuzk.sock");
  auto tcp = ParseListenAddress("0.0.0.0:9820");
  ASSERT_TRUE(tcp) << tcp.ErrorMessage();
  EXPECT_EQ(tcp->kind, ListenAddress::Kind::kTcp);
  EXPECT_EQ(tcp->grpc_uri, "0.0.0.0:9820");
  EXPECT_EQ(ParseListenAddress("http://localhost:9820/")->grpc_uri, "localhost:9820");
  EXPECT_EQ(ParseListenAddress("[::1]:0")->grpc_uri, "[::1]:0");
  for (const char *bad :
       {"unix://", "9820", ":9820", "host:", "host:65536", "host:x1", "::1:9820",
        "unix:///aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        "aaaaaaaaaaaaaaaaaaaaaaa.sock"}) {
    auto parsed = ParseListenAddress(bad);
    ASSERT_FALSE(parsed) << bad;
    EXPECT_EQ(parsed.Code(), cuzk::ErrorCode::kInvalidArgument) << bad;
    EXPECT_FALSE(parsed.ErrorMessage().empty());
  }
}

class SocketDir : public ::testing::Test {
protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cuzk-server-test-XXXXXX";
    dir_ = mkdtemp(tmpl);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // A bound unix socket at `path`; listening when `listen`, else closed again (a stale socket).
  int Bind(const std::string &path, bool listen) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.c_str(), sizeof(addr.sun_path) - 1);
    EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof(addr)), 0);
    if (listen) {
      EXPECT_EQ(::listen(fd, 1), 0);
      return fd;
    }
    ::close(fd);
    return -1;
  }

  std::string dir_;
};

TEST_F(SocketDir, ParentDirectoriesAreCreated) {
  const std::string path = dir_ + "/a/b/cuzk.sock";
  auto prepared = PrepareUnixSocketPath(path);
  ASSERT_TRUE(prepared) << prepared.ErrorMessage();
  EXPECT_TRUE(std::filesystem::is_directory(dir_ + "/a/b"));
}

TEST_F(SocketDir, StaleSocketIsRemovedLiveOneRefused) {
  const std::string stale = dir_ + "/stale.sock";
  Bind(stale, false);
  ASSERT_TRUE(std::filesystem::is_socket(stale));
  auto prepared = PrepareUnixSocketPath(stale);
  ASSERT_TRUE(prepared) << prepared.ErrorMessage();
  EXPECT_FALSE(std::filesystem::exists(stale));

  const std::string live = dir_ + "/live.sock";
  int fd = Bind(live, true);
  auto refused = PrepareUnixSocketPath(live);
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.ErrorMessage(), "another process is listening on " + live);
  EXPECT_TRUE(std::filesystem::exists(live));
  ::close(fd);
}

TEST_F(SocketDir, ARegularFileIsNeverDeleted) {
  const std::string path = dir_ + "/precious";
  std::ofstream(path) << "data";
  auto refused = PrepareUnixSocketPath(path);
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.ErrorMessage(), path + " exists and is not a socket; refusing to replace it");
  EXPECT_TRUE(std::filesystem::exists(path));
}

TEST_F(SocketDir, RestrictSetsMode0660) {
  const std::string path = dir_ + "/s.sock";
  int fd = Bind(path, true);
  auto restricted = RestrictUnixSocket(path);
  ASSERT_TRUE(restricted) << restricted.ErrorMessage();
  struct stat st {};
  ASSERT_EQ(::lstat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0660u);
  ::close(fd);
}

} // namespace
} // namespace cuzk::server
