// bench/ntt_bench.cpp — NTT throughput for 2^16, 2^20, 2^22 on 1 and 2 threads, plus the
// Groth16 H computation (7 transforms). Threads are limited with a oneTBB arena per run;
// the domain (twiddles) is built before timing, as the prover caches it.
//
//   ./ntt_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "poly/poly.hpp"

#include <benchmark/benchmark.h>
#include <tbb/task_arena.h>

#include <random>

namespace {

using cuzk::poly::Domain;
using cuzk::poly::Fr;
using cuzk::poly::Order;

std::vector<Fr> RandomVector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

//! state.range(0) = log2 size, state.range(1) = threads
template <class Fn> void RunTransform(benchmark::State &state, Fn fn) {
  const Domain &d = Domain::Get(unsigned(state.range(0)));
  tbb::task_arena arena(int(state.range(1)));
  auto a = RandomVector(d.Size(), 1);
  for (auto _ : state) {
    arena.execute([&] { fn(d, std::span<Fr>(a)); });
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.Size()));
}

void BM_Ntt(benchmark::State &state) {
  RunTransform(state, [](const Domain &d, std::span<Fr> a) { cuzk::poly::Ntt(d, a); });
}
void BM_NttNoPermute(benchmark::State &state) {
  RunTransform(state, [](const Domain &d, std::span<Fr> a) { Ntt(d, a, Order::kNatural, Order::kBitReversed); });
}
void BM_Intt(benchmark::State &state) {
  RunTransform(state, [](const Domain &d, std::span<Fr> a) { cuzk::poly::Intt(d, a); });
}
void BM_CosetNtt(benchmark::State &state) {
  RunTransform(state, [](const Domain &d, std::span<Fr> a) { cuzk::poly::CosetNtt(d, a); });
}

void BM_ComputeH(benchmark::State &state) {
  const Domain &d = Domain::Get(unsigned(state.range(0)));
  tbb::task_arena arena(int(state.range(1)));
  const auto a0 = RandomVector(d.Size(), 2), b0 = RandomVector(d.Size(), 3), c0 = RandomVector(d.Size(), 4);
  std::vector<Fr> a, b, c;
  for (auto _ : state) {
    state.PauseTiming();
    a = a0, b = b0, c = c0;
    state.ResumeTiming();
    arena.execute([&] { cuzk::poly::ComputeH(d, a, b, c); });
    benchmark::ClobberMemory();
  }
}

void Sizes(benchmark::internal::Benchmark *b) {
  for (int k : {16, 20, 22}) {
    for (int t : {1, 2}) b->Args({k, t});
  }
  b->ArgNames({"log_n", "threads"})->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_Ntt)->Apply(Sizes);
BENCHMARK(BM_NttNoPermute)->Apply(Sizes);
BENCHMARK(BM_Intt)->Apply(Sizes);
BENCHMARK(BM_CosetNtt)->Apply(Sizes);
BENCHMARK(BM_ComputeH)
    ->Args({16, 2})
    ->Args({20, 2})
    ->ArgNames({"log_n", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace

BENCHMARK_MAIN();
