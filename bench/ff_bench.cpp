// bench/ff_bench.cpp — field arithmetic latency: each iteration depends on the previous one
// (x ← x·y), the way blst's numbers in BENCHMARKS.md are measured, so out-of-order overlap
// between independent operations does not flatter the figure.
//
//   ./ff_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "ff/ff.hpp"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using cuzk::ff::Fp;
using cuzk::ff::Fp2;
using cuzk::ff::Fr;

template <class F> F RandomElement(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return F::Random(rng);
}

template <class F> void BM_Mul(benchmark::State &state) {
  F x = RandomElement<F>(1), y = RandomElement<F>(2);
  for (auto _ : state) {
    x = x * y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F> void BM_Square(benchmark::State &state) {
  F x = RandomElement<F>(3);
  for (auto _ : state) {
    x = x.Square();
    benchmark::DoNotOptimize(x);
  }
}

template <class F> void BM_Add(benchmark::State &state) {
  F x = RandomElement<F>(4), y = RandomElement<F>(5);
  for (auto _ : state) {
    x = x + y;
    benchmark::DoNotOptimize(x);
  }
}

template <class F> void BM_Inverse(benchmark::State &state) {
  F x = RandomElement<F>(6);
  for (auto _ : state) {
    x = x.Inverse() + F::One(); // + 1 keeps the chain away from the fixed points 0, ±1
    benchmark::DoNotOptimize(x);
  }
}

void BM_Fp2Mul(benchmark::State &state) {
  Fp2 x{RandomElement<Fp>(7), RandomElement<Fp>(8)}, y{RandomElement<Fp>(9), RandomElement<Fp>(10)};
  for (auto _ : state) {
    x = x * y;
    benchmark::DoNotOptimize(x);
  }
}

void BM_Fp2Square(benchmark::State &state) {
  Fp2 x{RandomElement<Fp>(11), RandomElement<Fp>(12)};
  for (auto _ : state) {
    x = x.Square();
    benchmark::DoNotOptimize(x);
  }
}

BENCHMARK(BM_Mul<Fr>)->Name("Fr/mul");
BENCHMARK(BM_Square<Fr>)->Name("Fr/square");
BENCHMARK(BM_Add<Fr>)->Name("Fr/add");
BENCHMARK(BM_Inverse<Fr>)->Name("Fr/inverse");
BENCHMARK(BM_Mul<Fp>)->Name("Fp/mul");
BENCHMARK(BM_Square<Fp>)->Name("Fp/square");
BENCHMARK(BM_Add<Fp>)->Name("Fp/add");
BENCHMARK(BM_Inverse<Fp>)->Name("Fp/inverse");
BENCHMARK(BM_Fp2Mul)->Name("Fp2/mul");
BENCHMARK(BM_Fp2Square)->Name("Fp2/square");

} // namespace

BENCHMARK_MAIN();
