// src/server/daemon_config.cpp — cuzk.toml → DaemonConfig (toml++).
#include "server/daemon_config.hpp"

#include "server/config_values.hpp"
#include "server/logging.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <toml++/toml.h>

namespace cuzk::server {
namespace {

// Reads typed values out of a parsed file, remembers which keys it knew, and stops at the first
// bad value (the error names the key and what was expected).
class Reader {
public:
  Reader(const toml::table &root, DaemonConfig &out) : root_(root), out_(out) {}

  bool IsOk() const { return error_.empty(); }
  const std::string &ErrorMessage() const { return error_; }

  toml::node_view<const toml::node> Get(const std::string &key) {
    known_.insert(key);
    return root_.at_path(key);
  }

  void String(const std::string &key, std::string &dst) {
    auto node = Get(key);
    if (!node) return;
    if (auto v = node.value_exact<std::string>())
      dst = *v;
    else
      Fail(key, "a string");
  }

  void Bool(const std::string &key, bool &dst) {
    auto node = Get(key);
    if (!node) return;
    if (auto v = node.value_exact<bool>())
      dst = *v;
    else
      Fail(key, "true or false");
  }

  // `expected` replaces "an integer in 0..max" in the error when the range has more to it
  template <class U> void Unsigned(const std::string &key, U &dst, uint64_t max, const char *expected = nullptr) {
    auto node = Get(key);
    if (!node) return;
    auto v = node.value_exact<int64_t>();
    if (!v || *v < 0 || static_cast<uint64_t>(*v) > max) {
      Fail(key, expected ? std::string(expected) : "an integer in 0.." + std::to_string(max));
      return;
    }
    dst = static_cast<U>(*v);
  }

  // A size: an integer (bytes) or a string such as "5GiB". `allow_auto` lets "auto" through
  // (then `is_auto` is set and `dst` untouched).
  void Size(const std::string &key, uint64_t &dst, bool *is_auto = nullptr) {
    auto node = Get(key);
    if (!node) return;
    if (auto i = node.value_exact<int64_t>(); i && *i >= 0) {
      dst = static_cast<uint64_t>(*i);
      if (is_auto) *is_auto = false;
      return;
    }
    if (auto s = node.value_exact<std::string>()) {
      if (is_auto && *s == "auto") {
        *is_auto = true;
        return;
      }
      if (auto bytes = ParseByteSize(*s)) {
        dst = *bytes;
        if (is_auto) *is_auto = false;
        return;
      }
    }
    Fail(key, is_auto ? "\"auto\" or a size such as \"64GiB\"" : "a size such as \"64GiB\" or a byte count");
  }

  // A duration: an integer (seconds) or a string such as "5m", "30s", "250ms".
  void Duration(const std::string &key, std::chrono::milliseconds &dst) {
    auto node = Get(key);
    if (!node) return;
    if (auto i = node.value_exact<int64_t>(); i && *i >= 0) {
      dst = std::chrono::seconds(*i);
      return;
    }
    if (auto s = node.value_exact<std::string>()) {
      if (auto d = ParseDuration(*s)) {
        dst = *d;
        return;
      }
    }
    Fail(key, "a duration such as \"30s\", \"5m\" or a number of seconds");
  }

  void StringList(const std::string &key, std::vector<std::string> &dst) {
    auto node = Get(key);
    if (!node) return;
    const auto *arr = node.as_array();
    if (!arr) return Fail(key, "an array of strings");
    std::vector<std::string> values;
    for (const auto &el : *arr) {
      auto v = el.value_exact<std::string>();
      if (!v) return Fail(key, "an array of strings");
      values.push_back(*v);
    }
    dst = std::move(values);
  }

  // GPU selectors: integers (CUDA ordinals) or strings (UUIDs, or ordinals written as strings).
  void DeviceList(const std::string &key, std::vector<std::string> &dst) {
    auto node = Get(key);
    if (!node) return;
    const auto *arr = node.as_array();
    const char *expected = "an array of GPU ordinals (0..1023) or UUIDs";
    if (!arr) return Fail(key, expected);
    std::vector<std::string> values;
    for (const auto &el : *arr) {
      if (auto i = el.value_exact<int64_t>(); i && *i >= 0 && *i <= 1023) {
        values.push_back(std::to_string(*i));
      } else if (auto s = el.value_exact<std::string>(); s && !s->empty()) {
        values.push_back(*s);
      } else {
        return Fail(key, expected);
      }
    }
    dst = std::move(values);
  }

  // A table of circuit id → parameter file stem ([srs.files]).
  void StringMap(const std::string &key, std::map<std::string, std::string> &dst) {
    auto node = Get(key);
    if (!node) return;
    const auto *table = node.as_table();
    if (!table) return Fail(key, "a table of circuit id = \"file stem\"");
    for (const auto &[name, value] : *table) {
      known_.insert(key + "." + std::string(name.str()));
      auto v = value.value_exact<std::string>();
      if (!v) return Fail(key + "." + std::string(name.str()), "a string (a file name without .params/.vk)");
      dst[std::string(name.str())] = *v;
    }
  }

  // A key of the reference daemon that does nothing here: loads, with a warning when it is set to
  // anything but its harmless value.
  void Ignored(const std::string &key, const std::string &why) {
    if (Get(key)) out_.warnings.push_back(key + " is ignored: " + why);
  }

  bool Present(const std::string &key) { return static_cast<bool>(Get(key)); }

  // Every key in the file that nothing asked for, as dotted paths.
  void WarnUnknown() { WarnUnknown(root_, ""); }

  void Fail(const std::string &key, const std::string &expected) {
    if (error_.empty()) error_ = key + ": expected " + expected;
  }

private:
  void WarnUnknown(const toml::table &table, const std::string &prefix) {
    for (const auto &[name, value] : table) {
      std::string key = prefix + std::string(name.str());
      if (known_.count(key)) continue;
      if (const auto *sub = value.as_table()) {
        WarnUnknown(*sub, key + ".");
      } else {
        out_.warnings.push_back("unknown key " + key + " (ignored; see cuzk.example.toml)");
      }
    }
  }

  const toml::table &root_;
  DaemonConfig &out_;
  std::set<std::string> known_;
  std::string error_;
};

void ReadKeys(Reader &r, DaemonConfig &c) {
  auto &e = c.engine;
  r.String("daemon.listen", c.listen);
  r.Ignored("daemon.status_listen", "no HTTP status server; use GetStatus/GetMetrics (cuzk-bench status, metrics)");
  r.Size("daemon.max_message_size", c.max_message_bytes);
  r.Duration("daemon.shutdown_grace", c.shutdown_grace);
  // [listen] is checked against the address when the listener starts (-l may change it)
  r.Bool("listen.insecure", c.listen_security.insecure);
  r.String("listen.tls_cert", c.listen_security.tls_cert);
  r.String("listen.tls_key", c.listen_security.tls_key);
  r.String("listen.tls_client_ca", c.listen_security.tls_client_ca);
  r.String("listen.token_file", c.listen_security.token_file);

  bool is_auto = c.memory_auto;
  r.Size("memory.total_budget", c.memory_total_bytes, &is_auto);
  c.memory_auto = is_auto;
  r.Size("memory.safety_margin", c.memory_safety_margin);
  r.Duration("memory.eviction_min_idle", e.srs_eviction_min_idle);
  r.Size("memory.request_budget", e.request_budget_bytes);
  r.Ignored("memory.pinned_budget", "deprecated in the reference too; memory.total_budget covers everything");
  r.Ignored("memory.working_memory_budget", "deprecated in the reference too; memory.total_budget covers everything");

  r.DeviceList("gpus.devices", c.gpu_devices);
  r.Bool("gpus.enabled", c.use_gpus);
  r.Unsigned("gpus.gpu_workers_per_device", c.gpu_workers_per_device, 16);
  r.Ignored("gpus.gpu_threads", "the GPU backend sizes its own CPU helper threads");
  // MsmWindowBits' range (src/gpu/tuning.hpp's MSM_MIN_WINDOW_BITS, MSM_MAX_WINDOW_BITS)
  const char *window_bits = "0 (each MSM's width from the cost model) or a window width from 4 to 22";
  r.Unsigned("gpus.msm_window_bits", c.gpu_msm_window_bits, 22, window_bits);
  if (c.gpu_msm_window_bits != 0 && c.gpu_msm_window_bits < 4) r.Fail("gpus.msm_window_bits", window_bits);
  r.Bool("gpus.msm_profile", c.gpu_msm_profile);
  r.Bool("gpus.derive_c", c.gpu_derive_c);
  r.Unsigned("cpu.prover_workers", c.cpu_prover_workers, 256);

  r.Unsigned("synthesis.threads", c.synthesis_threads, 4096);
  r.Ignored("synthesis.partition_workers", "deprecated in the reference too; use synthesis.workers");
  // synthesis.workers is ours; the reference's pipeline.max_parallel_synthesis caps the same thing
  if (r.Present("synthesis.workers")) {
    r.Unsigned("synthesis.workers", e.synthesis_workers, 1024);
    r.Ignored("pipeline.max_parallel_synthesis", "synthesis.workers is set");
  } else {
    uint32_t v = 0;
    r.Unsigned("pipeline.max_parallel_synthesis", v, 1024);
    if (v > 0) e.synthesis_workers = v;
  }
  if (e.synthesis_workers == 0) r.Fail("synthesis.workers", "at least 1");
  r.Bool("synthesis.pce", e.pce);
  r.Bool("synthesis.pce_gpu_eval", e.pce_gpu_eval);
  r.String("synthesis.pce_dir", e.pce_dir);

  // pipeline.max_ready_partitions is ours; the reference's max_gpu_queue_depth targets the same depth
  if (r.Present("pipeline.max_ready_partitions")) {
    r.Unsigned("pipeline.max_ready_partitions", e.max_ready_partitions, 1024);
    r.Ignored("pipeline.max_gpu_queue_depth", "pipeline.max_ready_partitions is set");
  } else {
    uint32_t v = 0;
    r.Unsigned("pipeline.max_gpu_queue_depth", v, 1024);
    if (v > 0) e.max_ready_partitions = v;
  }
  if (e.max_ready_partitions == 0) r.Fail("pipeline.max_ready_partitions", "at least 1");
  bool pipeline = true;
  r.Bool("pipeline.enabled", pipeline);
  if (!pipeline) c.warnings.push_back("pipeline.enabled = false is ignored: cuzk always pipelines partitions");
  r.Ignored("pipeline.synthesis_lookahead", "the bounded ready queue (pipeline.max_ready_partitions) sets lookahead");
  r.Ignored("pipeline.synthesis_concurrency", "synthesis.workers sets concurrency");
  r.Ignored("pipeline.slot_size", "no slotted pipeline");

  uint32_t batch = 1;
  r.Unsigned("scheduler.max_batch_size", batch, 1024);
  if (batch > 1) c.warnings.push_back("scheduler.max_batch_size > 1 is ignored: partitions are scheduled one by one");
  r.Ignored("scheduler.max_batch_wait_ms", "no cross-sector batching");
  r.Ignored("scheduler.sort_by_type", "unused in the reference too; priorities order the queue");
  r.Bool("scheduler.critical_lane", e.critical_lane);
  uint64_t retention = e.finished_job_retention;
  r.Unsigned("scheduler.finished_job_retention", retention, uint64_t{1} << 24);
  e.finished_job_retention = static_cast<size_t>(retention);
  r.Size("scheduler.finished_job_retention_bytes", e.finished_job_retention_bytes);

  r.String("srs.param_cache", e.param_dir);
  r.StringList("srs.preload", e.srs_preload);
  r.Size("srs.budget", e.srs_budget_bytes);
  r.StringMap("srs.files", e.param_files);

  r.Bool("prover.self_check", e.self_check);
  r.Unsigned("prover.device_failure_limit", e.device_failure_limit, 1000);

  r.String("logging.level", c.log_level);
  r.String("logging.format", c.log_format);
  if (!IsLogLevel(c.log_level)) r.Fail("logging.level", "trace, debug, info, warn, error or off");
  if (c.log_format != "text" && c.log_format != "json") r.Fail("logging.format", "\"text\" or \"json\"");
  if (c.max_message_bytes < (uint64_t{4} << 20) || c.max_message_bytes > 0x7fffffff) {
    r.Fail("daemon.max_message_size", "a size from 4MiB to 2GiB-1 (gRPC's limit is a signed 32-bit count)");
  }
}

} // namespace

Status ParseDaemonConfig(std::string_view toml_text, const std::string &source, DaemonConfig &out) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source);
  } catch (const toml::parse_error &e) {
    std::ostringstream msg;
    msg << source << ":" << e.source().begin.line << ":" << e.source().begin.column << ": " << e.description();
    return InvalidArgument(msg.str());
  }
  DaemonConfig parsed = out;
  Reader reader(root, parsed);
  ReadKeys(reader, parsed);
  if (!reader.IsOk()) return InvalidArgument(source + ": " + reader.ErrorMessage());
  reader.WarnUnknown();
  out = std::move(parsed);
  return Status::Ok();
}

Status LoadDaemonConfig(const std::string &path, bool required, DaemonConfig &out) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    if (!required) return Status::Ok();
    return MakeError(ErrorCode::kNotFound, "config file " + path + " does not exist");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in.good() && !in.eof()) return MakeError(ErrorCode::kInternal, "cannot read config file " + path);
  return ParseDaemonConfig(text.str(), path, out);
}

uint64_t WorkingMemoryBytes(const DaemonConfig &config, uint64_t physical_bytes) {
  constexpr uint64_t MIN = uint64_t{1} << 30;
  uint64_t srs = config.engine.srs_budget_bytes;
  uint64_t total = config.memory_auto ? physical_bytes : config.memory_total_bytes;
  uint64_t reserved = srs + (config.memory_auto ? config.memory_safety_margin : 0);
  return total > reserved + MIN ? total - reserved : MIN;
}

} // namespace cuzk::server
