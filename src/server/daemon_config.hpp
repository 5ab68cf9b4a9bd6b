// src/server/daemon_config.hpp — cuzk-daemon's configuration: cuzk.toml plus command-line overrides.
//
// Keys follow the reference daemon's where they mean the same thing (spec/cuzk-api.md §3.2);
// cuzk.example.toml at the repository root documents every key. Keys the reference has but that
// mean nothing here (its batching, slotted pipeline, pinned pool) are accepted with a warning so
// an existing file still loads; unknown keys are warned about too, so a typo does not pass
// silently; a malformed value is an error naming the key.
#pragma once
#include "engine/engine.hpp"
#include "server/listener_security.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::server {

//! Where the daemon looks when -c/--config is not given; a missing file there means defaults.
inline constexpr const char *DEFAULT_CONFIG_PATH = "/data/zk/cuzk.toml";

struct DaemonConfig {
  // [daemon]
  std::string listen = "unix:///run/curio/cuzk.sock";
  uint64_t max_message_bytes = uint64_t{256} << 20; //!< gRPC receive/send limit per message
  std::chrono::milliseconds shutdown_grace{30'000}; //!< running jobs get this long on SIGTERM
  // [listen]
  ListenSecurity listen_security; //!< TLS and token (or insecure) for a TCP daemon.listen
  // [logging]
  std::string log_level = "info";
  std::string log_format = "text";
  // [synthesis]
  uint32_t synthesis_threads = 0; //!< CPU threads for synthesis and the CPU prover; 0 = all
  // [gpus] / [cpu]
  //! GPUs by CUDA ordinal ("0") or UUID ("GPU-8c2a…", as nvidia-smi -L prints it; stable across
  //! reboots and CUDA_VISIBLE_DEVICES, DESIGN.md rule 2); empty = every GPU found
  std::vector<std::string> gpu_devices;
  uint32_t gpu_workers_per_device = 2;
  // [gpus] tuning of the CUDA backend: the fields of gpu::GpuTuning (src/gpu/tuning.hpp), which the daemon fills from
  // these and gives every GPU backend (the server layer does not include src/gpu)
  uint32_t gpu_msm_window_bits = 0; //!< 0: each MSM's width from the cost model; else this width (4..22) for all
  bool gpu_msm_profile = false;     //!< every MSM's per-phase times on stderr
  bool gpu_derive_c = false;        //!< c = a∘b formed on the device instead of copied
  uint32_t cpu_prover_workers = 1;  //!< prover workers on the CPU device (used when no GPU is)
  bool use_gpus = true;             //!< false: prove on the CPU even when GPUs are present
  // [memory]
  bool memory_auto = true;                           //!< total_budget = "auto"
  uint64_t memory_total_bytes = 0;                   //!< total_budget when not auto
  uint64_t memory_safety_margin = uint64_t{5} << 30; //!< kept free when auto
  //! Everything else the engine takes ([srs], [scheduler], [pipeline], self_check); the daemon
  //! fills in working memory and devices at start-up (FinishEngineConfig).
  engine::EngineConfig engine;
  //! Deprecated or unknown keys seen while loading, logged once logging is configured.
  std::vector<std::string> warnings;
};

//! Parses TOML text into `out` (which holds the defaults, or an earlier file's values).
//! `source` names the text in messages. kInvalidArgument on a syntax error or bad value, `out`
//! left as it was.
Status ParseDaemonConfig(std::string_view toml_text, const std::string &source, DaemonConfig &out);

//! Reads and parses a file. A missing file is kNotFound when `required`, else leaves the defaults.
Status LoadDaemonConfig(const std::string &path, bool required, DaemonConfig &out);

//! Working memory for the engine from [memory]: with a fixed total_budget, the total less the SRS
//! budget; with "auto", physical memory less the SRS budget and the safety margin. At least 1 GiB.
//! `physical_bytes` is the machine's memory (a parameter so tests need not depend on the host).
uint64_t WorkingMemoryBytes(const DaemonConfig &config, uint64_t physical_bytes);

} // namespace cuzk::server
