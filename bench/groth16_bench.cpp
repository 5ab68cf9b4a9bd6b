// bench/groth16_bench.cpp — Groth16 setup, prove and verify on the CPU (2 threads by default).
//
// Run: groth16_bench [--benchmark_filter=Prove] ; CUZK_BENCH_THREADS overrides the thread count.
// Circuits are random R1CS (r1cs::RandomCircuit) sized so the QAP domain is exactly 2^k. The
// prover reports its phase split as counters: seconds per proof in H (NTTs) and in each MSM, and
// msm_ntt_share = (H + MSMs) / total ProveStart time (the design target is ≥ 0.8).
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"
#include "r1cs/test_cs.hpp"

#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <random>

namespace {

using namespace cuzk;
using groth16::Parameters;

constexpr size_t NUM_INPUTS = 4;

size_t Threads() {
  const char *env = std::getenv("CUZK_BENCH_THREADS");
  return env ? std::max(1, std::atoi(env)) : 2;
}

// constraints + inputs (the appended input·0 = 0 rows, ONE included) = 2^k exactly
r1cs::RandomCircuit CircuitOfLog(unsigned k, uint64_t value_seed = 1) {
  return r1cs::RandomCircuit((size_t(1) << k) - NUM_INPUTS - 1, NUM_INPUTS, 1234, value_seed);
}

const Parameters &ParamsOfLog(unsigned k) {
  static std::map<unsigned, std::unique_ptr<Parameters>> cache;
  auto &p = cache[k];
  if (!p) {
    std::mt19937_64 rng(k);
    p = std::make_unique<Parameters>(groth16::GenerateParameters(CircuitOfLog(k), rng).Value());
  }
  return *p;
}

void BM_Setup(benchmark::State &state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, Threads());
  const unsigned k = unsigned(state.range(0));
  const auto circuit = CircuitOfLog(k);
  std::mt19937_64 rng(1);
  for (auto _ : state) {
    auto params = groth16::GenerateParameters(circuit, rng);
    benchmark::DoNotOptimize(params->h.data());
  }
  state.counters["constraints"] = double(size_t(1) << k);
}

void BM_Prove(benchmark::State &state) {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, Threads());
  const unsigned k = unsigned(state.range(0));
  const Parameters &params = ParamsOfLog(k);
  const auto circuit = CircuitOfLog(k, 7);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(1);
  groth16::ProverTimings t;
  size_t proofs = 0;
  for (auto _ : state) {
    auto proof = groth16::CreateProof(backend, params, circuit, rng, &t);
    benchmark::DoNotOptimize(proof->a);
    proofs++;
  }
  const double msm = t.msm_h + t.msm_l + t.msm_a + t.msm_b_g1 + t.msm_b_g2;
  state.counters["h_ntt_s"] = t.h_ntt / double(proofs);
  state.counters["msm_h_s"] = t.msm_h / double(proofs);
  state.counters["msm_l_s"] = t.msm_l / double(proofs);
  state.counters["msm_a_s"] = t.msm_a / double(proofs);
  state.counters["msm_b_g1_s"] = t.msm_b_g1 / double(proofs);
  state.counters["msm_b_g2_s"] = t.msm_b_g2 / double(proofs);
  state.counters["other_s"] = t.other / double(proofs);
  state.counters["msm_ntt_share"] = (msm + t.h_ntt) / t.Total();
}

// A valid proof and its inputs for the 2^10 circuit, with a prepared vk.
struct VerifyFixture {
  groth16::PreparedVerifyingKey pvk;
  std::vector<groth16::Proof> proofs;
  std::vector<std::vector<ff::Fr>> inputs;
};

const VerifyFixture &Fixture() {
  static const VerifyFixture f = [] {
    VerifyFixture f;
    const Parameters &params = ParamsOfLog(10);
    f.pvk = groth16::PrepareVerifyingKey(params.vk);
    groth16::CpuBackend backend;
    std::mt19937_64 rng(3);
    for (uint64_t v = 0; v < 10; v++) {
      const auto circuit = CircuitOfLog(10, 100 + v);
      f.proofs.push_back(groth16::CreateProof(backend, params, circuit, rng).Value());
      r1cs::TestCS cs;
      circuit.Synthesize(cs);
      f.inputs.emplace_back(cs.input_assignment.begin() + 1, cs.input_assignment.end());
    }
    return f;
  }();
  return f;
}

void BM_Verify(benchmark::State &state) {
  const VerifyFixture &f = Fixture();
  for (auto _ : state) {
    bool ok = *groth16::VerifyProof(f.pvk, f.proofs[0], f.inputs[0]);
    if (!ok) state.SkipWithError("proof did not verify");
  }
}

void BM_VerifyBatch(benchmark::State &state) {
  const VerifyFixture &f = Fixture();
  const size_t n = size_t(state.range(0));
  std::mt19937_64 rng(5);
  for (auto _ : state) {
    bool ok = *groth16::VerifyProofsBatch(f.pvk, std::span(f.proofs).first(n), std::span(f.inputs).first(n), rng);
    if (!ok) state.SkipWithError("batch did not verify");
  }
  state.counters["proofs"] = double(n);
}

BENCHMARK(BM_Setup)->Arg(12)->Arg(16)->Arg(20)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_Prove)->Arg(12)->Arg(16)->Arg(20)->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(BM_Verify)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_VerifyBatch)->Arg(10)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
