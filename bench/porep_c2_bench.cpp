// bench/porep_c2_bench.cpp — PoRep C2 at 2KiB and 8MiB on the CPU backend (issue 5), split by
// stage: preparation (C1 vanilla verification + verifier inputs), synthesis of the partition
// (2,687,921 / 3,844,929 constraints) into the proving assignment, ProveStart (H by NTTs + MSMs),
// and the whole ProvePorepC2 (synthesis, ProveStart, ProveFinish and the self-check, each timed).
// Each reports process CPU seconds too: on the shared build machine wall time mostly measures the
// other tenants.
//
// Parameters: PoRep test parameters from $CUZK_TEST_PARAM_DIR, else ./test-params, made there on
// first use (EnsureTestParameters, as `cuzk-bench params --type porep --sector-size 8MiB`: minutes)
// and reused afterwards. A size whose parameters cannot be had is skipped with an error.
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/testing/test_params.hpp"

#include "../tests/filecoin/porep_c2_sector.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

namespace {

using namespace cuzk;
using namespace cuzk::filecoin;

double ProcessCpuSeconds() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * double(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Fixture {
  test::SealedC1 sealed;
  PorepC2Job job;
  groth16::Parameters params;
};

//! The sealed sector, its C2 job and the parameters of `proof`'s size, made once per size (the
//! parameters of the other size are then dropped: together they would not fit in memory).
const Fixture *Load(RegisteredSealProof proof) {
  static RegisteredSealProof loaded_proof;
  static std::unique_ptr<Fixture> fixture;
  if (fixture && loaded_proof == proof) return fixture.get();
  fixture.reset();
  loaded_proof = proof;
  const char *env = std::getenv("CUZK_TEST_PARAM_DIR");
  const uint64_t size = GetSealProofInfo(proof).sector_size;
  const double cpu0 = ProcessCpuSeconds();
  auto files = EnsureTestParameters({CircuitKind::kPorep, size, env ? env : "test-params", {}});
  if (!files) {
    std::fprintf(stderr, "test parameters: %s\n", files.ErrorMessage().c_str());
    return nullptr;
  }
  if (files->generated) { // what `cuzk-bench params` (the same call) costs at this size
    std::fprintf(stderr, "made %s: %zu constraints, synthesis %.1f s, setup %.1f s, write %.1f s wall; %.1f CPU-s\n",
                 files->params_path.c_str(), files->constraints, files->synthesis_s, files->setup_s, files->write_s,
                 ProcessCpuSeconds() - cpu0);
  }
  auto params = groth16::ReadParametersFile(files->params_path, groth16::PointChecks::kUnchecked);
  if (!params) {
    std::fprintf(stderr, "%s: %s\n", files->params_path.c_str(), params.ErrorMessage().c_str());
    return nullptr;
  }
  auto f = std::make_unique<Fixture>();
  f->sealed = test::SealSeeded(3, proof);
  f->job = PreparePorepC2(f->sealed.c1, f->sealed.prover_id, f->sealed.sector_id).Value();
  f->params = std::move(params).Value();
  fixture = std::move(f);
  return fixture.get();
}

RegisteredSealProof ProofOf(const benchmark::State &state) { return RegisteredSealProof(state.range(0)); }

#define REQUIRE_FIXTURE(state, f)                                                                                      \
  const Fixture *f = Load(ProofOf(state));                                                                             \
  if (!f) {                                                                                                            \
    state.SkipWithError("no PoRep test parameters for this size");                                                     \
    return;                                                                                                            \
  }

void BM_C2Prepare(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(PreparePorepC2(f->sealed.c1, f->sealed.prover_id, f->sealed.sector_id));
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / double(state.iterations());
}

void BM_C2Synthesis(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const double cpu0 = ProcessCpuSeconds();
  size_t constraints = 0;
  for (auto _ : state) {
    auto assignment = SynthesizePorepPartition(f->job.partitions[0]);
    constraints = assignment->NumConstraints();
    benchmark::DoNotOptimize(assignment);
  }
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / double(state.iterations());
  state.counters["constraints"] = double(constraints);
  state.counters["constraints_per_s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_C2ProveStart(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const std::vector<r1cs::ProvingAssignment> assignments{SynthesizePorepPartition(f->job.partitions[0]).Value()};
  groth16::CpuBackend backend;
  groth16::ProverTimings timings;
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(backend.ProveStart(f->params, assignments, &timings));
  const double n = double(state.iterations());
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / n;
  state.counters["h_ntt_s"] = timings.h_ntt / n;
  state.counters["msm_h_s"] = timings.msm_h / n;
  state.counters["msm_l_s"] = timings.msm_l / n;
  state.counters["msm_a_s"] = timings.msm_a / n;
  state.counters["msm_b_s"] = (timings.msm_b_g1 + timings.msm_b_g2) / n;
}

void BM_C2Whole(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(1);
  PorepC2Timings timings;
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) {
    auto proof = ProvePorepC2(f->job, f->params, backend, rng, {}, &timings);
    if (!proof) state.SkipWithError(proof.ErrorMessage().c_str());
    benchmark::DoNotOptimize(proof);
  }
  const double n = double(state.iterations());
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / n;
  state.counters["synthesis_s"] = timings.synthesis_s / n;
  state.counters["prove_start_s"] = timings.prove_start_s / n;
  state.counters["prove_finish_s"] = timings.prove_finish_s / n;
  state.counters["self_check_s"] = timings.self_check_s / n;
}

constexpr int64_t P2KIB = int64_t(RegisteredSealProof::kStackedDrg2KiBV1_1);
constexpr int64_t P8MIB = int64_t(RegisteredSealProof::kStackedDrg8MiBV1_1);

// Registered size by size, so one size's fixture is loaded once for all of its benchmarks.
BENCHMARK(BM_C2Prepare)
    ->Name("BM_C2Prepare2KiB")
    ->Arg(P2KIB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3);
BENCHMARK(BM_C2Synthesis)
    ->Name("BM_C2Synthesis2KiB")
    ->Arg(P2KIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_C2ProveStart)
    ->Name("BM_C2ProveStart2KiB")
    ->Arg(P2KIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_C2Whole)
    ->Name("BM_C2Whole2KiB")
    ->Arg(P2KIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_C2Prepare)
    ->Name("BM_C2Prepare8MiB")
    ->Arg(P8MIB)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3);
BENCHMARK(BM_C2Synthesis)
    ->Name("BM_C2Synthesis8MiB")
    ->Arg(P8MIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_C2ProveStart)
    ->Name("BM_C2ProveStart8MiB")
    ->Arg(P8MIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_C2Whole)
    ->Name("BM_C2Whole8MiB")
    ->Arg(P8MIB)
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1)
    ->Repetitions(3);

} // namespace

BENCHMARK_MAIN();
