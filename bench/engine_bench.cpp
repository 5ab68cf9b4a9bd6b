// bench/engine_bench.cpp — what the engine adds to a proof: per-request overhead on a tiny circuit.
//
// Run: engine_bench [--benchmark_filter=Overhead]. The circuit is r1cs::MulChainCircuit of length 8
// (one partition, domain 16) with test parameters generated into a temporary directory, so proving
// itself takes about a millisecond and what remains is the engine's own path: submission, planning,
// the hand-offs between synthesis and prover threads, result assembly and wake-up.
//   BM_DirectProve       synthesis + CpuBackend ProveStart + ProveFinish + VerifyProof, no engine
//   BM_EngineProve/sc    the same through Engine::Prove, self-check on (1) or off (0)
//   BM_EngineBatch/w     8 requests of 2 partitions (chain length 2^9) at once, w synthesis
//                        workers: time per request, i.e. how well synthesis overlaps proving
// Counters: overhead_us = the job's total time minus its synthesis, prove and self-check stages
// (what the engine itself costs per request), reported per iteration; run with
// --benchmark_repetitions=N to get medians.
#include "engine/engine.hpp"
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"

#include <benchmark/benchmark.h>
#include <spdlog/spdlog.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>

namespace {

using namespace cuzk;
using engine::ProofKind;
using ff::Fr;

constexpr size_t LENGTH = 8;
constexpr size_t BATCH_LENGTH = 1 << 9;

size_t Threads() {
  const char *env = std::getenv("CUZK_BENCH_THREADS");
  return env ? std::max(1, std::atoi(env)) : 2;
}

const groth16::Parameters &Params(size_t length = LENGTH) {
  static std::map<size_t, groth16::Parameters> cache;
  auto it = cache.find(length);
  if (it == cache.end()) {
    std::mt19937_64 rng(length);
    it =
        cache.emplace(length, groth16::GenerateParameters(r1cs::MulChainCircuit{Fr::One(), length}, rng).Value()).first;
  }
  return it->second;
}

// A parameter directory that removes itself.
struct TempParams {
  std::string dir;
  TempParams() {
    char tmpl[] = "/tmp/cuzk-engine-bench-XXXXXX";
    dir = mkdtemp(tmpl);
    for (size_t length : {LENGTH, BATCH_LENGTH}) {
      const std::string stem = dir + "/bench-chain-" + std::to_string(length);
      (void)groth16::WriteParametersFile(stem + ".params", Params(length));
      (void)groth16::WriteVerifyingKeyFile(stem + ".vk", Params(length).vk);
    }
  }
  ~TempParams() { std::filesystem::remove_all(dir); }
};

// An 8-byte x in vanilla_proof; registered_proof partitions (x, x+1, ...) of chain length sector_size.
class ChainHandler final : public engine::ProofKindHandler {
public:
  Expected<std::vector<engine::PartitionWork>> Plan(const engine::ProofRequest &request) const override {
    if (request.vanilla_proof.size() != 8) return InvalidArgument("expected 8 bytes");
    uint64_t v = 0;
    for (int b = 0; b < 8; b++) v |= uint64_t(request.vanilla_proof[b]) << (8 * b);
    const size_t length = request.sector_size;
    std::vector<engine::PartitionWork> parts;
    for (uint64_t p = 0; p < std::max<uint64_t>(1, request.registered_proof); p++) {
      const Fr x = Fr::FromUint(v + p);
      engine::PartitionWork w;
      w.circuit_id = "bench-chain-" + std::to_string(length);
      w.public_inputs = {x, r1cs::MulChainCircuit::Output(x, length)};
      w.synthesize = [x, length](r1cs::ConstraintSystem &pa) { r1cs::MulChainCircuit{x, length}.Synthesize(pa); };
      parts.push_back(std::move(w));
    }
    return parts;
  }
};

engine::ProofRequest Request(uint64_t x, size_t length, uint64_t partitions) {
  engine::ProofRequest r;
  r.proof_kind = ProofKind::WINNING_POST;
  r.sector_size = length;
  r.registered_proof = partitions;
  r.vanilla_proof.resize(8);
  for (int b = 0; b < 8; b++) r.vanilla_proof[b] = uint8_t(x >> (8 * b));
  return r;
}

engine::EngineConfig Config(const TempParams &params, uint32_t synthesis_workers, bool self_check) {
  engine::EngineConfig config;
  config.param_dir = params.dir;
  for (size_t length : {LENGTH, BATCH_LENGTH})
    config.param_files["bench-chain-" + std::to_string(length)] = "bench-chain-" + std::to_string(length);
  config.synthesis_workers = synthesis_workers;
  config.working_memory_bytes = uint64_t(1) << 30;
  config.self_check = self_check;
  return config;
}

void BM_DirectProve(benchmark::State &state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, Threads());
  const auto pvk = groth16::PrepareVerifyingKey(Params().vk);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(3);
  uint64_t i = 0;
  for (auto _ : state) {
    const Fr x = Fr::FromUint(++i);
    auto proof = groth16::CreateProof(backend, Params(), r1cs::MulChainCircuit{x, LENGTH}, rng);
    auto ok = groth16::VerifyProof(pvk, *proof, std::vector<Fr>{x, r1cs::MulChainCircuit::Output(x, LENGTH)});
    if (!ok || !*ok) state.SkipWithError("proof did not verify");
    benchmark::DoNotOptimize(proof);
  }
}

void BM_EngineProve(benchmark::State &state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, Threads());
  spdlog::set_level(spdlog::level::warn); // one info line per job would dominate the measurement
  TempParams params;
  engine::Engine eng(Config(params, 1, state.range(0) != 0));
  eng.RegisterHandler(ProofKind::WINNING_POST, std::make_shared<ChainHandler>());
  if (!eng.PreloadSrs("bench-chain-" + std::to_string(LENGTH)).HasValue()) state.SkipWithError("preload failed");
  uint64_t i = 0;
  double overhead_ms = 0;
  for (auto _ : state) {
    auto result = eng.Prove(Request(++i, LENGTH, 1));
    if (!result.HasValue() || result->status != engine::ProofStatus::COMPLETED) {
      state.SkipWithError("engine proof failed");
      break;
    }
    const engine::StageTimings &t = result->timings;
    overhead_ms += t.total_ms - t.synthesis_ms - t.prove_ms - t.self_check_ms;
  }
  state.counters["overhead_us"] = benchmark::Counter(overhead_ms * 1000 / double(state.iterations()));
}

void BM_EngineBatch(benchmark::State &state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, Threads());
  spdlog::set_level(spdlog::level::warn);
  TempParams params;
  engine::Engine eng(Config(params, uint32_t(state.range(0)), true));
  eng.RegisterHandler(ProofKind::WINNING_POST, std::make_shared<ChainHandler>());
  if (!eng.PreloadSrs("bench-chain-" + std::to_string(BATCH_LENGTH)).HasValue()) state.SkipWithError("preload failed");
  constexpr int REQUESTS = 8, PARTITIONS = 2;
  uint64_t x = 0;
  for (auto _ : state) {
    std::vector<std::string> ids;
    for (int i = 0; i < REQUESTS; i++)
      ids.push_back(eng.Submit(Request(x += PARTITIONS, BATCH_LENGTH, PARTITIONS))->job_id);
    for (const auto &id : ids)
      if (eng.Await(id, std::chrono::milliseconds(0))->status != engine::ProofStatus::COMPLETED)
        state.SkipWithError("engine proof failed");
  }
  state.counters["s_per_request"] = benchmark::Counter(double(REQUESTS) * double(state.iterations()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_DirectProve)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EngineProve)->Arg(1)->Arg(0)->ArgName("self_check")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EngineBatch)->Arg(1)->Arg(2)->ArgName("synthesis_workers")->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
