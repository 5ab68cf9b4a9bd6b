// bench/engine_bench.cpp — what the engine adds to a proof: per-request overhead on a tiny circuit.
//
// Run: engine_bench [--benchmark_filter=Overhead]. The circuit is r1cs::MulChainCircuit of length 8
// (one partition, domain 16) with test parameters generated into a temporary directory, so proving
// itself takes about a millisecond and what remains is the engine's own path: submission, planning,
// the hand-offs between synthesis and prover threads, result assembly and wake-up.
//   BM_DirectProve       synthesis + CpuBackend ProveStart + ProveFinish + VerifyProof, no engine
//   BM_EngineProve/sc    the same through Engine::Prove, self-check on (1) or off (0)
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
#include <random>

namespace {

using namespace cuzk;
using engine::ProofKind;
using ff::Fr;

constexpr size_t LENGTH = 8;

size_t Threads() {
  const char *env = std::getenv("CUZK_BENCH_THREADS");
  return env ? std::max(1, std::atoi(env)) : 2;
}

const groth16::Parameters &Params() {
  static const groth16::Parameters params = [] {
    std::mt19937_64 rng(LENGTH);
    return groth16::GenerateParameters(r1cs::MulChainCircuit{Fr::One(), LENGTH}, rng).Value();
  }();
  return params;
}

// A parameter directory that removes itself.
struct TempParams {
  std::string dir;
  TempParams() {
    char tmpl[] = "/tmp/cuzk-engine-bench-XXXXXX";
    dir = mkdtemp(tmpl);
    (void)groth16::WriteParametersFile(dir + "/bench-chain.params", Params());
    (void)groth16::WriteVerifyingKeyFile(dir + "/bench-chain.vk", Params().vk);
  }
  ~TempParams() { std::filesystem::remove_all(dir); }
};

// One partition per request: an 8-byte x in vanilla_proof.
class ChainHandler final : public engine::ProofKindHandler {
public:
  Expected<std::vector<engine::PartitionWork>> Plan(const engine::ProofRequest &request) const override {
    if (request.vanilla_proof.size() != 8) return Error{"expected 8 bytes"};
    uint64_t v = 0;
    for (int b = 0; b < 8; b++) v |= uint64_t(request.vanilla_proof[b]) << (8 * b);
    const Fr x = Fr::FromUint(v);
    engine::PartitionWork w;
    w.circuit_id = "bench-chain";
    w.public_inputs = {x, r1cs::MulChainCircuit::Output(x, LENGTH)};
    w.synthesize = [x](r1cs::ProvingAssignment &pa) { r1cs::MulChainCircuit{x, LENGTH}.Synthesize(pa); };
    return std::vector<engine::PartitionWork>{std::move(w)};
  }
};

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
  engine::EngineConfig config;
  config.param_dir = params.dir;
  config.param_files = {{"bench-chain", "bench-chain"}};
  config.synthesis_workers = 1;
  config.working_memory_bytes = uint64_t(1) << 30;
  config.self_check = state.range(0) != 0;
  engine::Engine eng(config);
  eng.RegisterHandler(ProofKind::WINNING_POST, std::make_shared<ChainHandler>());
  if (!eng.PreloadSrs("bench-chain").ok()) state.SkipWithError("preload failed");
  uint64_t i = 0;
  double overhead_ms = 0;
  for (auto _ : state) {
    engine::ProofRequest r;
    r.proof_kind = ProofKind::WINNING_POST;
    r.vanilla_proof.resize(8);
    ++i;
    for (int b = 0; b < 8; b++) r.vanilla_proof[b] = uint8_t(i >> (8 * b));
    auto result = eng.Prove(std::move(r));
    if (!result.ok() || result.value.status != engine::ProofStatus::COMPLETED) {
      state.SkipWithError("engine proof failed");
      break;
    }
    const engine::StageTimings &t = result.value.timings;
    overhead_ms += t.total_ms - t.synthesis_ms - t.prove_ms - t.self_check_ms;
  }
  state.counters["overhead_us"] = benchmark::Counter(overhead_ms * 1000 / double(state.iterations()));
}

BENCHMARK(BM_DirectProve)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EngineProve)->Arg(1)->Arg(0)->ArgName("self_check")->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
