// bench/porep_c2_bench.cpp — PoRep C2 at 2KiB on the CPU backend (issue 5), split by stage:
// preparation (C1 vanilla verification + verifier inputs), synthesis of the partition
// (2,687,921 constraints) into the proving assignment, ProveStart (H by NTTs + MSMs), and the whole
// ProvePorepC2 (with ProveFinish and the self-check). Each reports process CPU seconds too: on the
// shared build machine wall time mostly measures the other tenants.
//
// Parameters: 2KiB PoRep test parameters from $CUZK_TEST_PARAM_DIR, else ./test-params, made there
// on first use (EnsureTestParameters: minutes) and reused afterwards.
#include "filecoin/porep_c2.hpp"
#include "filecoin/test_params.hpp"

#include "../tests/filecoin/porep_c2_sector.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
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

const Fixture *Load() {
  static const std::unique_ptr<Fixture> fixture = [] {
    const char *env = std::getenv("CUZK_TEST_PARAM_DIR");
    auto files = EnsureTestParameters({TestParamsKind::kPorep, SECTOR_SIZE_2KIB, env ? env : "test-params", {}});
    if (!files) {
      std::fprintf(stderr, "test parameters: %s\n", files.error().message.c_str());
      return std::unique_ptr<Fixture>();
    }
    auto params = groth16::ReadParametersFile(files->params_path, groth16::PointChecks::UNCHECKED);
    if (!params) {
      std::fprintf(stderr, "%s: %s\n", files->params_path.c_str(), params.ErrorMessage().c_str());
      return std::unique_ptr<Fixture>();
    }
    auto f = std::make_unique<Fixture>();
    f->sealed = test::SealSeeded2KiB(3);
    f->job = PreparePorepC2(f->sealed.c1, f->sealed.prover_id, f->sealed.sector_id).value();
    f->params = std::move(params).Value();
    return f;
  }();
  return fixture.get();
}

#define REQUIRE_FIXTURE(state, f)                                                                                      \
  const Fixture *f = Load();                                                                                           \
  if (!f) {                                                                                                            \
    state.SkipWithError("no 2KiB PoRep parameters");                                                                   \
    return;                                                                                                            \
  }

void BM_C2Prepare2KiB(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(PreparePorepC2(f->sealed.c1, f->sealed.prover_id, f->sealed.sector_id));
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / double(state.iterations());
}
BENCHMARK(BM_C2Prepare2KiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(3);

void BM_C2Synthesis2KiB(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const double cpu0 = ProcessCpuSeconds();
  size_t constraints = 0;
  for (auto _ : state) {
    auto assignment = SynthesizePorepPartition(f->job.partitions[0]);
    constraints = assignment->NumConstraints();
    benchmark::DoNotOptimize(assignment);
  }
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / double(state.iterations());
  state.counters["constraints_per_s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_C2Synthesis2KiB)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1)->Repetitions(3);

void BM_C2ProveStart2KiB(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  const std::vector<r1cs::ProvingAssignment> assignments{SynthesizePorepPartition(f->job.partitions[0]).value()};
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
BENCHMARK(BM_C2ProveStart2KiB)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1)->Repetitions(3);

void BM_C2Whole2KiB(benchmark::State &state) {
  REQUIRE_FIXTURE(state, f);
  groth16::CpuBackend backend;
  std::mt19937_64 rng(1);
  PorepC2Timings timings;
  const double cpu0 = ProcessCpuSeconds();
  for (auto _ : state) {
    auto proof = ProvePorepC2(f->job, f->params, backend, rng, {}, &timings);
    if (!proof) state.SkipWithError(proof.error().message.c_str());
    benchmark::DoNotOptimize(proof);
  }
  const double n = double(state.iterations());
  state.counters["cpu_s"] = (ProcessCpuSeconds() - cpu0) / n;
  state.counters["synthesis_s"] = timings.synthesis_s / n;
  state.counters["prove_start_s"] = timings.prove_start_s / n;
  state.counters["self_check_s"] = timings.self_check_s / n;
}
BENCHMARK(BM_C2Whole2KiB)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1)->Repetitions(3);

} // namespace

BENCHMARK_MAIN();
