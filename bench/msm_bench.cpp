// bench/msm_bench.cpp — CPU MSM throughput: G1 2^16, 2^20 and G2 2^16 on 1 and 2 threads.
//
// On a loaded machine read the CPU column too: it is the calling thread's CPU time, i.e. the
// whole MSM on 1 thread and that thread's share of it on 2 (≈ half when the split is even).
// Arguments: {log2 n, threads, bucket addition (0 default, 1 XYZZ, 2 batched affine)}. Each case runs once per
// repetition (an MSM is long enough to time alone) and reports the median of the repetitions; the counter s_per_point
// is the wall time per point (µs appear as "u"). Bases are consecutive multiples P_(i+1) = P_i + G, normalised in one
// batch, generated once per process; scalars are uniform in Fr ("Random") or a Filecoin-like witness ("Witness": ~40%
// 0, ~40% 1, the rest uniform).
#include "msm/msm.hpp"

#include <benchmark/benchmark.h>
#include <oneapi/tbb/global_control.h>

#include <map>
#include <random>
#include <vector>

using namespace cuzk;

namespace {

template <class C> const std::vector<ec::Affine<C>> &Bases(unsigned log_n) {
  static std::map<unsigned, std::vector<ec::Affine<C>>> cache;
  auto it = cache.find(log_n);
  if (it != cache.end()) return it->second;
  const size_t n = size_t(1) << log_n;
  std::vector<ec::Jacobian<C>> jac(n);
  const auto g = ec::Affine<C>::Generator();
  std::mt19937_64 rng(1);
  ec::Jacobian<C> p = ec::Jacobian<C>::Generator() * ff::Fr::Random(rng);
  for (size_t i = 0; i < n; i++) {
    jac[i] = p;
    p += g;
  }
  return cache.emplace(log_n, ec::BatchToAffine<C>(jac)).first->second;
}

std::vector<ff::Fr> Scalars(size_t n, bool witness) {
  std::mt19937_64 rng(2);
  std::vector<ff::Fr> k(n);
  for (auto &v : k) {
    const unsigned t = unsigned(rng() % 10);
    v = !witness || t >= 8 ? ff::Fr::Random(rng) : t < 4 ? ff::Fr::Zero() : ff::Fr::One();
  }
  return k;
}

template <class C> void MsmCase(benchmark::State &state, bool witness) {
  const unsigned log_n = unsigned(state.range(0));
  const size_t threads = size_t(state.range(1));
  const auto &bases = Bases<C>(log_n);
  const auto scalars = Scalars(bases.size(), witness);
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  msm::MsmScratch scratch;
  msm::MsmOptions options;
  options.scratch = &scratch;
  if (state.range(2) == 1) options.bucket_addition = msm::BucketAddition::kXyzz;
  if (state.range(2) == 2) options.bucket_addition = msm::BucketAddition::kBatchAffine;
  for (auto _ : state) {
    auto r = msm::Msm(std::span<const ec::Affine<C>>(bases), std::span<const ff::Fr>(scalars), options);
    benchmark::DoNotOptimize(r);
  }
  state.counters["s_per_point"] = benchmark::Counter(
      double(bases.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["threads"] = double(threads);
}

void BM_MsmG1Random(benchmark::State &s) { MsmCase<ec::G1Curve>(s, false); }
void BM_MsmG2Random(benchmark::State &s) { MsmCase<ec::G2Curve>(s, false); }
void BM_MsmG1Witness(benchmark::State &s) { MsmCase<ec::G1Curve>(s, true); }

void Timing(benchmark::internal::Benchmark *b) {
  b->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true)->UseRealTime()->Unit(benchmark::kMillisecond);
}
//! {log2 n, threads, 0}: default options (bucket addition chosen by window)
void Sizes(benchmark::internal::Benchmark *b, std::initializer_list<int64_t> logs) {
  for (int64_t t : {1, 2})
    for (int64_t l : logs) b->Args({l, t, 0});
  Timing(b);
}
//! {log2 n, 1, mode}: XYZZ (1) against batched affine (2) bucket additions, one thread
void Modes(benchmark::internal::Benchmark *b, std::initializer_list<int64_t> logs) {
  for (int64_t l : logs)
    for (int64_t m : {1, 2}) b->Args({l, 1, m});
  Timing(b);
}

BENCHMARK(BM_MsmG1Random)->Apply([](auto *b) { Sizes(b, {16, 20}); });
BENCHMARK(BM_MsmG2Random)->Apply([](auto *b) { Sizes(b, {16}); });
BENCHMARK(BM_MsmG1Witness)->Apply([](auto *b) { Sizes(b, {20}); });
BENCHMARK(BM_MsmG1Random)->Name("BM_MsmG1Buckets")->Apply([](auto *b) { Modes(b, {16, 20}); });
BENCHMARK(BM_MsmG2Random)->Name("BM_MsmG2Buckets")->Apply([](auto *b) { Modes(b, {16}); });

} // namespace

BENCHMARK_MAIN();
