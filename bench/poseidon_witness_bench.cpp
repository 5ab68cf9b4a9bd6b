// bench/poseidon_witness_bench.cpp — the Poseidon circuit's native witness values
// (gadgets/poseidon_witness.hpp), one thread: CPU nanoseconds per hash, values written included, of
// the scalar path and the eight-lane AVX-512 IFMA path, for arities 2 and 8 (PoSt's Merkle paths) and
// the other Filecoin arities; and a last pass of 1..7 jobs through the vector path against the same
// jobs one at a time, the measurement behind POSEIDON_IFMA_MIN_JOBS. Jobs are 64 seeded random
// preimages with separate aux regions, reused every iteration (the aux is warm in cache, as a
// partition's current Merkle path is).
//
//   poseidon_witness_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "ff/fr_ifma.hpp"
#include "gadgets/poseidon_witness.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"
#include "hash/poseidon.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk;
using ff::Fr;
using gadgets::PoseidonWitnessJob;

struct Jobs {
  const hash::PoseidonConstants &c;
  Fr tag;
  std::vector<Fr> preimages, aux;
  std::vector<PoseidonWitnessJob> jobs;

  Jobs(size_t arity, size_t n) : c(**hash::GetPoseidonConstants(arity)), tag(hash::MerkleTreeTag(arity)) {
    std::mt19937_64 rng(arity);
    for (size_t i = 0; i < n * arity; i++) preimages.push_back(Fr::Random(rng));
    const size_t size = gadgets::PoseidonWitnessSize(c);
    aux.resize(n * size);
    for (size_t k = 0; k < n; k++) jobs.push_back({preimages.data() + k * arity, aux.data() + k * size});
  }
};

enum class Path { kScalar, kIfma };

// the jobs' values, eight per vector pass or one hash at a time
void Pass(Jobs &j, Path path) {
  if (path == Path::kIfma) {
    gadgets::PoseidonWitnessValuesIfma(j.c, j.tag, j.jobs);
  } else {
    for (const PoseidonWitnessJob &job : j.jobs)
      gadgets::PoseidonWitnessValuesScalar(j.c, j.tag, job.preimage, job.aux);
  }
  benchmark::DoNotOptimize(j.aux.data());
  benchmark::ClobberMemory();
}

void BM_PoseidonWitness(benchmark::State &state, Path path) {
  if (path == Path::kIfma && !ff::ifma::CpuHasIfma()) {
    state.SkipWithError("no AVX-512 IFMA on this CPU");
    return;
  }
  Jobs j(size_t(state.range(0)), 64);
  for (auto _ : state) Pass(j, path);
  state.SetItemsProcessed(int64_t(state.iterations() * j.jobs.size()));
  // CPU seconds per hash (the counter's rate inverted), shown with an SI prefix: 6.5u is 6.5 µs
  state.counters["per_hash"] = benchmark::Counter(double(state.iterations() * j.jobs.size()),
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// one pass of range(1) jobs, vector (padded lanes) or scalar, at arity range(0)
void BM_LastPass(benchmark::State &state, Path path) {
  if (!ff::ifma::CpuHasIfma()) {
    state.SkipWithError("no AVX-512 IFMA on this CPU");
    return;
  }
  Jobs j(size_t(state.range(0)), size_t(state.range(1)));
  for (auto _ : state) Pass(j, path);
}

void Arities(benchmark::internal::Benchmark *b) {
  for (size_t arity : hash::POSEIDON_ARITIES) b->Arg(int64_t(arity));
}

void LastPasses(benchmark::internal::Benchmark *b) {
  for (int64_t arity : {2, 8})
    for (int64_t n = 1; n < 8; n++) b->Args({arity, n});
}

BENCHMARK_CAPTURE(BM_PoseidonWitness, scalar, Path::kScalar)->Apply(Arities)->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_PoseidonWitness, ifma, Path::kIfma)->Apply(Arities)->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_LastPass, scalar, Path::kScalar)->Apply(LastPasses)->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_LastPass, ifma, Path::kIfma)->Apply(LastPasses)->MeasureProcessCPUTime();

} // namespace

BENCHMARK_MAIN();
