// bench/ec_bench.cpp — curve operations on one thread: additions, doublings, scalar multiplication
// (double-and-add, wNAF, GLV/GLS, fixed-base table), subgroup checks and point decoding.
//
// Group operations are chained (acc ← acc + q) so every iteration depends on the previous one, as
// in ff_bench. Targets from the issue (blst, 1 thread, Zen5-class): G1 add 582 ns, G1 mixed add
// 435 ns, G2 mixed add 1.18 µs, G1 scalar mult 69.7 µs.
//
//   ./ec_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "ec/ec.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk::ec;
using cuzk::ff::Fr;

template <class J> J RandomPoint(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return J::Generator() * Fr::Random(rng);
}

Fr RandomScalar(uint64_t seed) {
  std::mt19937_64 rng(seed);
  return Fr::Random(rng);
}

template <class J> void BM_Add(benchmark::State &state) {
  J acc = RandomPoint<J>(1);
  const J q = RandomPoint<J>(2);
  for (auto _ : state) {
    acc = acc + q;
    benchmark::DoNotOptimize(acc);
  }
}

template <class J> void BM_AddMixed(benchmark::State &state) {
  J acc = RandomPoint<J>(3);
  const auto q = RandomPoint<J>(4).ToAffine();
  for (auto _ : state) {
    acc = acc.AddMixed(q);
    benchmark::DoNotOptimize(acc);
  }
}

template <class J> void BM_Double(benchmark::State &state) {
  J acc = RandomPoint<J>(5);
  for (auto _ : state) {
    acc = acc.Double();
    benchmark::DoNotOptimize(acc);
  }
}

//! the reference left-to-right double-and-add of point.hpp
template <class J> void BM_MulDoubleAndAdd(benchmark::State &state) {
  J p = RandomPoint<J>(6);
  const Fr k = RandomScalar(7);
  for (auto _ : state) {
    p = p.MulLimbs(k.ToCanonical());
    benchmark::DoNotOptimize(p);
  }
}

template <class J> void BM_MulWnaf(benchmark::State &state) {
  J p = RandomPoint<J>(8);
  const Fr k = RandomScalar(9);
  const unsigned w = unsigned(state.range(0));
  for (auto _ : state) {
    p = MulWnaf(p, k, w);
    benchmark::DoNotOptimize(p);
  }
}

//! GLV on G1, GLS on G2: the fastest variable-base method for subgroup points
template <class J> void BM_MulEndo(benchmark::State &state) {
  J p = RandomPoint<J>(10);
  const Fr k = RandomScalar(11);
  for (auto _ : state) {
    p = Mul(p, k);
    benchmark::DoNotOptimize(p);
  }
}

template <class J> void BM_MulFixedBase(benchmark::State &state) {
  using C = typename J::Curve;
  const FixedBaseTable<C> table(RandomPoint<J>(12), unsigned(state.range(0)));
  Fr k = RandomScalar(13);
  const Fr step = RandomScalar(14);
  for (auto _ : state) {
    benchmark::DoNotOptimize(table.Mul(k));
    k += step;
  }
}

template <class J> void BM_SubgroupCheck(benchmark::State &state) {
  const J p = RandomPoint<J>(15);
  for (auto _ : state) benchmark::DoNotOptimize(IsInSubgroup(p));
}

template <class J> void BM_SubgroupCheckSlow(benchmark::State &state) {
  const J p = RandomPoint<J>(16);
  for (auto _ : state) benchmark::DoNotOptimize(IsInSubgroupSlow(p));
}

//! decoders on a pool of distinct valid encodings; range(0) = 1 for the checked decoder
template <class C> void BM_Decompress(benchmark::State &state) {
  std::vector<CompressedBytes<C>> pool;
  for (uint64_t i = 0; i < 16; i++) pool.push_back(ToCompressed(RandomPoint<Jacobian<C>>(100 + i).ToAffine()));
  const bool checked = state.range(0) != 0;
  size_t i = 0;
  for (auto _ : state) {
    const auto &b = pool[i++ % pool.size()];
    auto r = checked ? FromCompressed<C>(b) : FromCompressedUnchecked<C>(b);
    benchmark::DoNotOptimize(r);
  }
}

template <class C> void BM_DecodeUncompressed(benchmark::State &state) {
  std::vector<UncompressedBytes<C>> pool;
  for (uint64_t i = 0; i < 16; i++) pool.push_back(ToUncompressed(RandomPoint<Jacobian<C>>(200 + i).ToAffine()));
  const bool checked = state.range(0) != 0;
  size_t i = 0;
  for (auto _ : state) {
    const auto &b = pool[i++ % pool.size()];
    auto r = checked ? FromUncompressed<C>(b) : FromUncompressedUnchecked<C>(b);
    benchmark::DoNotOptimize(r);
  }
}

//! the parameter-loading path: 2^14 uncompressed points, parallel over TBB's default threads
template <class C> void BM_BatchDecodeUncompressed(benchmark::State &state) {
  constexpr size_t N = size_t(1) << 14;
  std::vector<Jacobian<C>> jac(N);
  Jacobian<C> acc = RandomPoint<Jacobian<C>>(400);
  const Jacobian<C> step = RandomPoint<Jacobian<C>>(401);
  for (auto &p : jac) p = acc = acc + step;
  std::vector<uint8_t> bytes;
  for (const auto &p : BatchToAffine<C>(jac)) {
    const auto u = ToUncompressed(p);
    bytes.insert(bytes.end(), u.begin(), u.end());
  }
  std::vector<Affine<C>> out(N);
  const bool checked = state.range(0) != 0;
  for (auto _ : state) {
    auto st = checked ? BatchFromUncompressed<C>(bytes, std::span(out))
                      : BatchFromUncompressedUnchecked<C>(bytes, std::span(out));
    benchmark::DoNotOptimize(st);
  }
  state.SetItemsProcessed(int64_t(state.iterations() * N));
}

template <class C> void BM_Compress(benchmark::State &state) {
  const auto p = RandomPoint<Jacobian<C>>(300).ToAffine();
  for (auto _ : state) benchmark::DoNotOptimize(ToCompressed(p));
}

BENCHMARK(BM_Add<G1>);
BENCHMARK(BM_AddMixed<G1>);
BENCHMARK(BM_Double<G1>);
BENCHMARK(BM_Add<G2>);
BENCHMARK(BM_AddMixed<G2>);
BENCHMARK(BM_Double<G2>);

BENCHMARK(BM_MulDoubleAndAdd<G1>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulWnaf<G1>)->Arg(4)->Arg(5)->Arg(6)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulEndo<G1>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulFixedBase<G1>)->Arg(8)->Arg(12)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulDoubleAndAdd<G2>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulWnaf<G2>)->Arg(5)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulEndo<G2>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MulFixedBase<G2>)->Arg(8)->Unit(benchmark::kMicrosecond);

BENCHMARK(BM_SubgroupCheck<G1>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SubgroupCheckSlow<G1>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SubgroupCheck<G2>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SubgroupCheckSlow<G2>)->Unit(benchmark::kMicrosecond);

BENCHMARK(BM_Decompress<G1Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Decompress<G2Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeUncompressed<G1Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_DecodeUncompressed<G2Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_BatchDecodeUncompressed<G1Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchDecodeUncompressed<G2Curve>)->ArgName("checked")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Compress<G1Curve>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Compress<G2Curve>)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
