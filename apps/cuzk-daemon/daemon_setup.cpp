// apps/cuzk-daemon/daemon_setup.cpp — configuration, logging and devices for the daemon.
#include "daemon_setup.hpp"

#include "filecoin/core/parameter_names.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"
#include "server/config_values.hpp"
#include "server/listen_address.hpp"
#include "server/listener_security.hpp"
#include "server/logging.hpp"

#include <cstdlib>
#include <set>
#include <spdlog/spdlog.h>
#include <sstream>
#include <string_view>
#include <tbb/global_control.h>
#include <unistd.h>

#if CUZK_HAVE_CUDA
#include "gpu/device.hpp"
#include "gpu/groth16_backend.hpp"
#include "gpu/tuning.hpp"
#endif

namespace cuzk::daemon {
namespace {

uint64_t PhysicalMemoryBytes() {
  long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : uint64_t{256} << 30;
}

std::string Unset(const std::string &value) { return value.empty() ? "(unset)" : value; }

} // namespace

Status LoadConfiguration(const CommandLine &cli, server::DaemonConfig &config) {
  if (auto loaded = server::LoadDaemonConfig(cli.config_path, cli.config_given, config); !loaded) return loaded;
  if (!cli.listen.empty()) config.listen = cli.listen;
  if (!cli.param_cache.empty()) config.engine.param_dir = cli.param_cache;
  // the reference's switch, which storage providers know: generic synthesis only
  if (const char *env = std::getenv("CUZK_DISABLE_PCE"); env && std::string_view(env) == "1") {
    config.engine.pce = false;
    config.warnings.push_back("CUZK_DISABLE_PCE=1: pre-compiled synthesis is off (synthesis.pce = false)");
  }
  // a, b, c evaluated on the CPU in synthesis even when a GPU could form them (for comparisons)
  if (const char *env = std::getenv("CUZK_PCE_CPU_EVAL"); env && std::string_view(env) == "1") {
    config.engine.pce_gpu_eval = false;
    config.warnings.push_back("CUZK_PCE_CPU_EVAL=1: a, b, c are evaluated on the CPU (synthesis.pce_gpu_eval = false)");
  }
  // the witness's Poseidon hashes one at a time even where the CPU has AVX-512 IFMA (for comparisons)
  if (const char *env = std::getenv("CUZK_DISABLE_IFMA"); env && std::string_view(env) == "1") {
    gadgets::SetPoseidonVectorPath(false);
    config.warnings.push_back(
        "CUZK_DISABLE_IFMA=1: the witness's Poseidon hashes run one at a time, without AVX-512 IFMA");
  }
  std::string rust_log;
  if (const char *env = std::getenv("RUST_LOG")) rust_log = env;
  if (!cli.log_level.empty()) {
    config.log_level = cli.log_level;
  } else if (server::IsLogLevel(rust_log)) {
    config.log_level = rust_log;
  } else if (!rust_log.empty()) {
    config.warnings.push_back("RUST_LOG=" + rust_log + " is not a plain level name; using " + config.log_level);
  }
  if (auto logging = server::ConfigureLogging(config.log_level, config.log_format); !logging) return logging;
  spdlog::info("configuration: {}", cli.config_given || access(cli.config_path.c_str(), R_OK) == 0
                                        ? cli.config_path
                                        : cli.config_path + " (absent: defaults)");
  for (const auto &warning : config.warnings) spdlog::warn("config: {}", warning);
  return Status::Ok();
}

std::string DescribeConfiguration(const server::DaemonConfig &c) {
  const auto &e = c.engine;
  std::ostringstream out;
  out << "daemon.listen = " << c.listen << "\n"
      << "daemon.max_message_size = " << server::FormatByteSize(c.max_message_bytes) << "\n"
      << "daemon.shutdown_grace = " << c.shutdown_grace.count() << " ms\n"
      << "listen.insecure = " << (c.listen_security.insecure ? "true" : "false") << "\n"
      << "listen.tls_cert = " << Unset(c.listen_security.tls_cert) << "\n"
      << "listen.tls_key = " << Unset(c.listen_security.tls_key) << "\n"
      << "listen.tls_client_ca = " << Unset(c.listen_security.tls_client_ca) << "\n"
      << "listen.token_file = " << Unset(c.listen_security.token_file) << "\n"
      << "memory.total_budget = "
      << (c.memory_auto ? std::string("auto") : server::FormatByteSize(c.memory_total_bytes)) << "\n"
      << "memory.safety_margin = " << server::FormatByteSize(c.memory_safety_margin) << "\n"
      << "memory.eviction_min_idle = " << e.srs_eviction_min_idle.count() << " ms\n"
      << "memory.request_budget = "
      << (e.request_budget_bytes ? server::FormatByteSize(e.request_budget_bytes) : "unlimited") << "\n"
      << "working memory = " << server::FormatByteSize(server::WorkingMemoryBytes(c, PhysicalMemoryBytes())) << "\n"
      << "gpus.enabled = " << (c.use_gpus ? "true" : "false") << "\n"
      << "gpus.devices = [";
  for (size_t i = 0; i < c.gpu_devices.size(); i++) out << (i ? ", " : "") << c.gpu_devices[i];
  out << "]\n"
      << "gpus.gpu_workers_per_device = " << c.gpu_workers_per_device << "\n"
      << "gpus.msm_window_bits = " << c.gpu_msm_window_bits << (c.gpu_msm_window_bits ? "" : " (cost model)") << "\n"
      << "gpus.msm_profile = " << (c.gpu_msm_profile ? "true" : "false") << "\n"
      << "gpus.derive_c = " << (c.gpu_derive_c ? "true" : "false") << "\n"
      << "cpu.prover_workers = " << c.cpu_prover_workers << "\n"
      << "synthesis.threads = " << c.synthesis_threads << "\n"
      << "synthesis.workers = " << e.synthesis_workers << "\n"
      << "synthesis.pce = " << (e.pce ? "true" : "false") << "\n"
      << "synthesis.pce_dir = " << (e.pce_dir.empty() ? "(srs.param_cache)" : e.pce_dir) << "\n"
      << "pipeline.max_ready_partitions = " << e.max_ready_partitions << "\n"
      << "scheduler.critical_lane = " << (e.critical_lane ? "true" : "false") << "\n"
      << "scheduler.finished_job_retention = " << e.finished_job_retention << "\n"
      << "scheduler.finished_job_retention_bytes = " << server::FormatByteSize(e.finished_job_retention_bytes) << "\n"
      << "srs.param_cache = "
      << (e.param_dir.empty() ? filecoin::DefaultParameterCache() + " ($FIL_PROOFS_PARAMETER_CACHE, else the default)"
                              : e.param_dir)
      << "\n"
      << "srs.budget = " << (e.srs_budget_bytes ? server::FormatByteSize(e.srs_budget_bytes) : "unlimited") << "\n"
      << "srs.preload = [";
  for (size_t i = 0; i < e.srs_preload.size(); i++) out << (i ? ", " : "") << e.srs_preload[i];
  out << "]\n";
  for (const auto &[id, stem] : e.param_files) out << "srs.files." << id << " = " << stem << "\n";
  out << "prover.self_check = " << (e.self_check ? "true" : "false") << "\n"
      << "prover.device_failure_limit = " << e.device_failure_limit << "\n"
      << "logging.level = " << c.log_level << "\n"
      << "logging.format = " << c.log_format << "\n";
  return out.str();
}

Expected<std::string> CheckListener(const server::DaemonConfig &config) {
  auto address = server::ParseListenAddress(config.listen);
  if (!address) return std::move(address).GetError();
  auto credentials = server::MakeListenerCredentials(*address, config.listen_security);
  if (!credentials) return std::move(credentials).GetError();
  std::string summary = credentials->summary;
  for (const auto &warning : credentials->warnings) summary += "; warning: " + warning;
  return summary;
}

std::shared_ptr<tbb::global_control> LimitCpuThreads(uint32_t threads) {
  if (threads == 0) return nullptr;
  spdlog::info("CPU threads capped at {} (synthesis.threads)", threads);
  return std::make_shared<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);
}

namespace {

#if CUZK_HAVE_CUDA
// daemon_config.cpp checks gpus.msm_window_bits against these without including src/gpu
static_assert(gpu::MSM_MIN_WINDOW_BITS == 4 && gpu::MSM_MAX_WINDOW_BITS == 22);

gpu::GpuTuning GpuTuningOf(const server::DaemonConfig &config) {
  gpu::GpuTuning t;
  t.msm.window_bits = config.gpu_msm_window_bits;
  t.msm.profile = config.gpu_msm_profile;
  t.derive_c = config.gpu_derive_c;
  return t;
}
#endif

// The GPUs to prove on, one DeviceSpec each (identity = UUID). Empty without CUDA, with
// gpus.enabled = false, or when no GPU is found.
std::vector<engine::DeviceSpec> GpuDevices(const server::DaemonConfig &config) {
  std::vector<engine::DeviceSpec> out;
#if CUZK_HAVE_CUDA
  if (!config.use_gpus) return out;
  std::vector<gpu::Device> devices;
  try {
    if (config.gpu_devices.empty()) {
      for (int i = 0, n = gpu::DeviceCount(); i < n; i++) devices.push_back(gpu::Device::ByOrdinal(i));
    } else {
      for (const auto &selector : config.gpu_devices) devices.push_back(gpu::Device::Select(selector));
    }
  } catch (const std::exception &e) {
    // a configured device that is not there is an operator error worth stopping for
    throw std::runtime_error(std::string("gpus.devices: ") + e.what());
  }
  // the engine refuses a device twice too; here the message names the key
  std::set<std::string> seen;
  for (const auto &dev : devices) {
    if (!seen.insert(dev.Uuid()).second)
      throw std::runtime_error("gpus.devices: GPU " + dev.Uuid() + " is listed twice (an ordinal and its UUID?)");
  }
  // the workers of one GPU share its parameter cache (half its free memory when the first starts)
  const gpu::GpuTuning tuning = GpuTuningOf(config);
  if (!(tuning == gpu::GpuTuning{})) {
    spdlog::info("GPU tuning: gpus.msm_window_bits = {}, gpus.msm_profile = {}, gpus.derive_c = {}",
                 tuning.msm.window_bits, tuning.msm.profile, tuning.derive_c);
  }
  auto factory = gpu::GpuBackendFactory(tuning);
  for (const auto &dev : devices) {
    const gpu::DeviceInfo info = dev.Info();
    engine::DeviceSpec spec;
    spec.id = dev.Uuid();
    spec.name = info.name;
    spec.memory_total_bytes = info.total_memory;
    spec.memory_free_bytes = [dev]() -> uint64_t {
      try {
        return dev.Info().free_memory;
      } catch (const std::exception &) {
        return 0;
      }
    };
    spec.workers = config.gpu_workers_per_device;
    spec.usable = [dev](std::string *why) { return dev.Usable(why); };
    spec.make_backend = [dev, factory] {
      dev.MakeCurrent();
      return factory(dev);
    };
    spdlog::info("GPU {} {} ({}, {} workers)", dev.Ordinal(), info.name, dev.Uuid(), spec.workers);
    out.push_back(std::move(spec));
  }
#else
  if (config.use_gpus && !config.gpu_devices.empty()) {
    spdlog::warn("gpus.devices is set but this build has no CUDA backend; proving on the CPU");
  }
  if (config.gpu_msm_window_bits || config.gpu_msm_profile || config.gpu_derive_c) {
    spdlog::warn("gpus.msm_window_bits, msm_profile, derive_c are set but this build has no CUDA backend");
  }
#endif
  return out;
}

} // namespace

engine::EngineConfig MakeEngineConfig(const server::DaemonConfig &config) {
  engine::EngineConfig out = config.engine;
  out.working_memory_bytes = server::WorkingMemoryBytes(config, PhysicalMemoryBytes());
  out.devices = GpuDevices(config);
  if (out.devices.empty()) out.devices.push_back(engine::CpuDevice(config.cpu_prover_workers));
  for (const auto &d : out.devices) spdlog::info("proving on {} ({} worker(s))", d.name, d.workers);
  spdlog::info("{} synthesis worker(s); working memory {}", out.synthesis_workers,
               server::FormatByteSize(out.working_memory_bytes));
  return out;
}

} // namespace cuzk::daemon
