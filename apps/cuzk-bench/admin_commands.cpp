// apps/cuzk-bench/admin_commands.cpp — `status`, `preload`, `evict`, `metrics`: the daemon's
// read-out and parameter-management RPCs, printed for an operator.
#include "client.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <grpcpp/grpcpp.h>
#include <iostream>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;

std::string Bytes(std::uint64_t bytes) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%.2f GiB", static_cast<double>(bytes) / (1ull << 30));
  return buf;
}

const char *TierName(v1::SRSStatus::Tier tier) {
  switch (tier) {
  case v1::SRSStatus::HOT:
    return "hot";
  case v1::SRSStatus::WARM:
    return "warm";
  case v1::SRSStatus::COLD:
    return "cold";
  default:
    return "?";
  }
}

int RunStatus(const ClientOptions &client) {
  auto stub = Connect(client);
  if (!stub) return 2;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::GetStatusResponse status;
  grpc::Status rpc = stub->GetStatus(&ctx, v1::GetStatusRequest{}, &status);
  if (!rpc.ok()) {
    PrintRpcError("GetStatus", rpc);
    return 1;
  }
  std::cout << "=== cuzk daemon status (" << client.addr << ") ===\n"
            << "uptime:           " << status.uptime_seconds() << " s\n"
            << "proofs completed: " << status.total_proofs_completed() << "\n"
            << "proofs failed:    " << status.total_proofs_failed()
            << "\n"
            // cuzk reports in pinned_memory_* what it holds for proving: resident parameters plus
            // the working memory of partitions in flight (limit 0 = the parameter budget is unlimited)
            << "proving memory:   " << Bytes(status.pinned_memory_bytes()) << " of "
            << (status.pinned_memory_limit_bytes() ? Bytes(status.pinned_memory_limit_bytes()) : "no limit")
            << " (parameters + partitions in flight)\n"
            << "scheduler:        " << status.ready_partitions() << " partition(s) ready for a prover; "
            << status.memory_waits() << " wait(s) for working memory, " << status.critical_holds()
            << " hold(s) for a CRITICAL partition since start\n";
  std::cout << "devices (" << status.gpus_size() << "):\n";
  for (const auto &gpu : status.gpus()) {
    std::cout << "  [" << gpu.ordinal() << "] " << gpu.name();
    if (gpu.vram_total_bytes() > 0) {
      std::cout << "  memory " << Bytes(gpu.vram_free_bytes()) << " free of " << Bytes(gpu.vram_total_bytes());
    }
    if (gpu.failed()) {
      std::cout << "  FAILED (out of rotation)";
    } else if (!gpu.current_job_id().empty()) {
      std::cout << "  busy: " << gpu.current_job_id() << " (" << gpu.current_proof_kind() << ")";
    } else {
      std::cout << "  idle";
    }
    std::cout << "\n";
    if (!gpu.last_error().empty()) {
      std::cout << "      last error (" << gpu.consecutive_failures() << " in a row): " << gpu.last_error() << "\n";
    }
  }
  std::cout << "parameter sets (" << status.loaded_srs_size() << "):\n";
  for (const auto &srs : status.loaded_srs()) {
    std::cout << "  " << srs.circuit_id() << "  " << TierName(srs.tier()) << "  " << Bytes(srs.size_bytes())
              << "  refs " << srs.ref_count() << "\n";
  }
  std::cout << "pre-compiled circuits (" << status.pre_compiled_circuits_size() << "):\n";
  for (const auto &pce : status.pre_compiled_circuits()) {
    std::cout << "  " << pce.key() << "  "
              << (pce.loaded()      ? "loaded"
                  : pce.recording() ? "recording"
                                    : "not resident")
              << "  " << Bytes(pce.size_bytes()) << "  " << pce.partitions() << " partitions  idle "
              << pce.idle_seconds() << " s  (" << pce.file() << ")\n";
    if (!pce.last_error().empty()) std::cout << "      last error: " << pce.last_error() << "\n";
  }
  std::cout << "queues (" << status.queues_size() << "):\n";
  for (const auto &queue : status.queues()) {
    std::cout << "  " << queue.proof_kind() << "  pending " << queue.pending() << "  in progress "
              << queue.in_progress() << "\n";
  }
  return 0;
}

int RunPreload(const ClientOptions &client, const std::string &circuit_id) {
  auto stub = Connect(client);
  if (!stub) return 2;
  grpc::ClientContext ctx;
  v1::PreloadSrsRequest request;
  request.set_circuit_id(circuit_id);
  v1::PreloadSrsResponse response;
  grpc::Status rpc = stub->PreloadSRS(&ctx, request, &response);
  if (!rpc.ok()) {
    PrintRpcError("PreloadSRS", rpc);
    return 1;
  }
  if (response.already_loaded()) {
    std::cout << circuit_id << " already loaded\n";
  } else {
    std::cout << circuit_id << " loaded in " << response.load_time_ms() << " ms\n";
  }
  return 0;
}

int RunEvict(const ClientOptions &client, const std::string &circuit_id) {
  auto stub = Connect(client);
  if (!stub) return 2;
  grpc::ClientContext ctx;
  v1::EvictSrsRequest request;
  request.set_circuit_id(circuit_id);
  v1::EvictSrsResponse response;
  grpc::Status rpc = stub->EvictSRS(&ctx, request, &response);
  if (!rpc.ok()) {
    PrintRpcError("EvictSRS", rpc);
    return 1;
  }
  if (response.was_loaded()) {
    std::cout << circuit_id << " evicted, " << Bytes(response.freed_bytes()) << " freed\n";
  } else {
    std::cout << circuit_id << " was not loaded\n";
  }
  return 0;
}

int RunMetrics(const ClientOptions &client) {
  auto stub = Connect(client);
  if (!stub) return 2;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::GetMetricsResponse response;
  grpc::Status rpc = stub->GetMetrics(&ctx, v1::GetMetricsRequest{}, &response);
  if (!rpc.ok()) {
    PrintRpcError("GetMetrics", rpc);
    return 1;
  }
  std::cout << response.prometheus_text();
  return 0;
}

} // namespace

void AddAdminCommands(CLI::App &app, const std::shared_ptr<ClientOptions> &client, int &exit_code) {
  app.add_subcommand("status", "print the daemon's devices, parameter sets, queues and counters")
      ->callback([client, &exit_code] { exit_code = RunStatus(*client); });
  app.add_subcommand("metrics", "print the daemon's Prometheus metrics")->callback([client, &exit_code] {
    exit_code = RunMetrics(*client);
  });

  auto preload_id = std::make_shared<std::string>();
  auto *preload = app.add_subcommand("preload", "load a parameter set before the first proof needs it");
  preload->add_option("-c,--circuit-id", *preload_id, "parameter set, e.g. porep-32g, winning-32g")->required();
  preload->callback([client, preload_id, &exit_code] { exit_code = RunPreload(*client, *preload_id); });

  auto evict_id = std::make_shared<std::string>();
  auto *evict = app.add_subcommand("evict", "drop a loaded parameter set no job is using");
  evict->add_option("-c,--circuit-id", *evict_id, "parameter set, e.g. porep-32g")->required();
  evict->callback([client, evict_id, &exit_code] { exit_code = RunEvict(*client, *evict_id); });
}

} // namespace cuzk::bench
