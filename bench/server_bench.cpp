// bench/server_bench.cpp — what the gRPC daemon adds per request, on the no-op-sized path.
//
// Run: server_bench [--benchmark_repetitions=N]. An engine (CPU device, no handlers) behind the real
// GrpcServer on a unix socket in a temporary directory, and a C++ client on the same machine:
//   BM_GetStatusRpc         GetStatus round trip: the transport and service floor
//   BM_ProveRpcNoHandler    Prove of a kind without a handler: validation, submission, planning
//                           (fails at once: no handler), result, response — a whole request's path
//                           through the daemon with no proving in it
//   BM_EngineProveNoHandler the same request straight through Engine::Prove (no gRPC)
// BM_ProveRpcNoHandler − BM_EngineProveNoHandler is the server layer's cost per request. Counter
// process_cpu_us: CPU time of the whole process (client, gRPC and engine threads) per request,
// which a loaded machine disturbs far less than the wall time.
#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"
#include "server/grpc_server.hpp"

#include <benchmark/benchmark.h>
#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <ctime>
#include <filesystem>

namespace {

using namespace cuzk;
namespace v1 = cuzk::v1;

struct Daemon {
  std::string dir;
  std::unique_ptr<engine::Engine> engine;
  std::unique_ptr<server::GrpcServer> server;
  std::unique_ptr<v1::ProvingEngine::Stub> stub;

  Daemon() {
    spdlog::set_level(spdlog::level::err);
    if (auto engine_log = spdlog::get("cuzk.engine")) engine_log->set_level(spdlog::level::err);
    char tmpl[] = "/tmp/cuzk-server-bench-XXXXXX";
    dir = mkdtemp(tmpl);
    engine::EngineConfig config;
    config.param_dir = dir;
    config.devices = {engine::CpuDevice(1)};
    config.working_memory_bytes = uint64_t{1} << 30;
    engine = std::make_unique<engine::Engine>(config);
    server::ServerOptions options;
    options.listen = "unix://" + dir + "/cuzk.sock";
    auto started = server::GrpcServer::Start(*engine, options);
    if (!started) throw std::runtime_error(started.ErrorMessage());
    server = std::move(started).Value();
    stub = v1::ProvingEngine::NewStub(grpc::CreateChannel(server->endpoint(), grpc::InsecureChannelCredentials()));
  }
  ~Daemon() {
    server.reset();
    engine.reset();
    std::filesystem::remove_all(dir);
  }
};

Daemon &TheDaemon() {
  static Daemon daemon;
  return daemon;
}

// A well-formed WinningPoSt request; no handler is registered, so it fails without proving.
v1::SubmitProofRequest Request(uint64_t n) {
  v1::SubmitProofRequest r;
  r.set_request_id("bench-" + std::to_string(n));
  r.set_proof_kind(v1::WINNING_POST);
  r.set_registered_proof(3);
  r.set_randomness(std::string(32, '\0'));
  r.add_vanilla_proofs(std::string(1024, '\1'));
  return r;
}

double ProcessCpuUs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

// Reports the process CPU time per iteration since `start`.
void CountCpu(benchmark::State &state, double start) {
  state.counters["process_cpu_us"] =
      benchmark::Counter((ProcessCpuUs() - start) / static_cast<double>(state.iterations()));
}

uint64_t NextId() {
  static uint64_t n = 0;
  return n++;
}

void BM_GetStatusRpc(benchmark::State &state) {
  auto &d = TheDaemon();
  const double cpu0 = ProcessCpuUs();
  for (auto _ : state) {
    grpc::ClientContext ctx;
    v1::GetStatusResponse response;
    if (!d.stub->GetStatus(&ctx, v1::GetStatusRequest{}, &response).ok()) state.SkipWithError("GetStatus failed");
    benchmark::DoNotOptimize(response);
  }
  CountCpu(state, cpu0);
}
BENCHMARK(BM_GetStatusRpc)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_ProveRpcNoHandler(benchmark::State &state) {
  auto &d = TheDaemon();
  const double cpu0 = ProcessCpuUs();
  for (auto _ : state) {
    state.PauseTiming();
    v1::ProveRequest request;
    *request.mutable_submit() = Request(NextId());
    state.ResumeTiming();
    grpc::ClientContext ctx;
    v1::ProveResponse response;
    grpc::Status status = d.stub->Prove(&ctx, request, &response);
    if (!status.ok() || response.result().status() != v1::AwaitProofResponse::FAILED) {
      state.SkipWithError("unexpected Prove outcome");
    }
  }
  CountCpu(state, cpu0);
}
BENCHMARK(BM_ProveRpcNoHandler)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_EngineProveNoHandler(benchmark::State &state) {
  auto &d = TheDaemon();
  const double cpu0 = ProcessCpuUs();
  for (auto _ : state) {
    state.PauseTiming();
    engine::ProofRequest request;
    request.request_id = "bench-" + std::to_string(NextId());
    request.proof_kind = engine::ProofKind::WINNING_POST;
    request.registered_proof = 3;
    request.randomness.assign(32, 0);
    request.vanilla_proofs.emplace_back(1024, 1);
    state.ResumeTiming();
    auto result = d.engine->Prove(std::move(request));
    if (!result || result->status != engine::ProofStatus::FAILED) state.SkipWithError("unexpected outcome");
  }
  CountCpu(state, cpu0);
}
BENCHMARK(BM_EngineProveNoHandler)->Unit(benchmark::kMicrosecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
