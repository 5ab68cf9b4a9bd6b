// bench/pairing_bench.cpp — the BLS12-381 pairing and its parts, single-threaded.
//
// Target: blst's 0.54 ms per pairing on a Zen5-class core (≤ 0.8 ms for us). Run with
// --benchmark_repetitions=N --benchmark_report_aggregates_only=true for medians; inputs are random
// subgroup points (the pairing's cost does not depend on them: the loop is over the fixed seed).
#include "ec/pairing.hpp"

#include <benchmark/benchmark.h>
#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::ec;
using ff::Fp12;

namespace {

std::mt19937_64 rng(1);

G1Affine RandG1() { return (G1::Generator() * ff::Fr::Random(rng)).ToAffine(); }
G2Affine RandG2() { return (G2::Generator() * ff::Fr::Random(rng)).ToAffine(); }
Fp12 RandCyclotomic() {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  return Pairing(p, q);
}

void BM_MillerLoop(benchmark::State &st) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  for (auto _ : st)
    benchmark::DoNotOptimize(MillerLoop(std::span<const G1Affine>{&p, 1}, std::span<const G2Affine>{&q, 1}));
}
BENCHMARK(BM_MillerLoop)->Unit(benchmark::kMicrosecond);

void BM_MillerLoopPrepared(benchmark::State &st) {
  G1Affine p = RandG1();
  G2Prepared q = G2Prepared::From(RandG2());
  for (auto _ : st)
    benchmark::DoNotOptimize(MillerLoop(std::span<const G1Affine>{&p, 1}, std::span<const G2Prepared>{&q, 1}));
}
BENCHMARK(BM_MillerLoopPrepared)->Unit(benchmark::kMicrosecond);

void BM_G2Prepare(benchmark::State &st) {
  G2Affine q = RandG2();
  for (auto _ : st) benchmark::DoNotOptimize(G2Prepared::From(q));
}
BENCHMARK(BM_G2Prepare)->Unit(benchmark::kMicrosecond);

void BM_FinalExponentiation(benchmark::State &st) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  Fp12 f = MillerLoop(std::span<const G1Affine>{&p, 1}, std::span<const G2Affine>{&q, 1});
  for (auto _ : st) benchmark::DoNotOptimize(FinalExponentiation(f));
}
BENCHMARK(BM_FinalExponentiation)->Unit(benchmark::kMicrosecond);

void BM_Pairing(benchmark::State &st) {
  G1Affine p = RandG1();
  G2Affine q = RandG2();
  for (auto _ : st) benchmark::DoNotOptimize(Pairing(p, q));
}
BENCHMARK(BM_Pairing)->Unit(benchmark::kMicrosecond);

//! n pairs, one final exponentiation: 4 is a Groth16 verification's shape, 2 a BLS signature
//! check's (comparable with blst's verify minus its hash-to-curve)
void BM_MultiPairing(benchmark::State &st) {
  std::vector<G1Affine> ps;
  std::vector<G2Affine> qs;
  for (int64_t i = 0; i < st.range(0); i++) ps.push_back(RandG1()), qs.push_back(RandG2());
  for (auto _ : st) benchmark::DoNotOptimize(MultiPairing(ps, qs));
}
BENCHMARK(BM_MultiPairing)->Arg(2)->Arg(4)->Unit(benchmark::kMicrosecond);

void BM_MultiPairingPrepared(benchmark::State &st) {
  std::vector<G1Affine> ps;
  std::vector<G2Prepared> qs;
  for (int64_t i = 0; i < st.range(0); i++) ps.push_back(RandG1()), qs.push_back(G2Prepared::From(RandG2()));
  for (auto _ : st) benchmark::DoNotOptimize(MultiPairing(ps, std::span<const G2Prepared>(qs)));
}
BENCHMARK(BM_MultiPairingPrepared)->Arg(2)->Arg(4)->Unit(benchmark::kMicrosecond);

// ---- the Fp12 operations the pairing is made of, for a cost breakdown ----------------------
void BM_Fp12Mul(benchmark::State &st) {
  Fp12 a = RandCyclotomic(), b = RandCyclotomic();
  for (auto _ : st) benchmark::DoNotOptimize(a = a * b);
}
BENCHMARK(BM_Fp12Mul)->Unit(benchmark::kNanosecond);

void BM_Fp12Square(benchmark::State &st) {
  Fp12 a = RandCyclotomic();
  for (auto _ : st) benchmark::DoNotOptimize(a = a.Square());
}
BENCHMARK(BM_Fp12Square)->Unit(benchmark::kNanosecond);

void BM_Fp12CyclotomicSquare(benchmark::State &st) {
  Fp12 a = RandCyclotomic();
  for (auto _ : st) benchmark::DoNotOptimize(a = a.CyclotomicSquare());
}
BENCHMARK(BM_Fp12CyclotomicSquare)->Unit(benchmark::kNanosecond);

void BM_Fp12MulBy014(benchmark::State &st) {
  Fp12 a = RandCyclotomic(), b = RandCyclotomic();
  for (auto _ : st) benchmark::DoNotOptimize(a = a.MulBy014(b.c0.c0, b.c0.c1, b.c1.c1));
}
BENCHMARK(BM_Fp12MulBy014)->Unit(benchmark::kNanosecond);

void BM_FpMul(benchmark::State &st) {
  ff::Fp a = ff::Fp::Random(rng), b = ff::Fp::Random(rng);
  for (auto _ : st) benchmark::DoNotOptimize(a = a * b);
}
BENCHMARK(BM_FpMul)->Unit(benchmark::kNanosecond);

} // namespace

BENCHMARK_MAIN();
