// bench/c1_bench.cpp — the C1 codec on a 32GiB-shaped C1 (10 partitions × 18 challenges, 11
// layers, 8-8-0 trees, 30-level tree_d; spec/porep.md §1, §5): parse and write of the JSON, and
// of the Curio envelope around it; a valid 32GiB C1 from the virtual-sector generator and its
// vanilla verification. Contents are seeded random canonical values: parsing cost
// depends on the shape and the digits, not on whether the proofs verify. Throughput is reported
// as bytes of JSON per second (MB/s = bytes_per_second / 1e6); run with
// --benchmark_repetitions=N for medians.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/testing/virtual_sector.hpp"

#include "../tests/filecoin/c1_sample.hpp"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

namespace {

using namespace cuzk;

const std::string &C1Text32GiB() {
  static const std::string text = [] {
    auto r = filecoin::WriteC1Json(test::MakeSampleC1(test::Sample32GiB(), 1));
    if (!r.HasValue()) std::abort();
    return *r;
  }();
  return text;
}

const std::string &Envelope32GiB() {
  static const std::string text = [] {
    const std::string &c1 = C1Text32GiB();
    filecoin::C1Envelope env;
    env.sector_num = 1234;
    env.sector_size = uint64_t(32) << 30;
    env.phase1_out.assign(c1.begin(), c1.end());
    return filecoin::WriteC1Envelope(env);
  }();
  return text;
}

void BM_C1JsonParse32GiB(benchmark::State &state) {
  const std::string &text = C1Text32GiB();
  for (auto _ : state) {
    auto r = filecoin::ParseC1Json(text);
    if (!r.HasValue()) state.SkipWithError(r.ErrorMessage().c_str());
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.counters["json_MB"] = double(text.size()) / 1e6;
}
BENCHMARK(BM_C1JsonParse32GiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

void BM_C1JsonWrite32GiB(benchmark::State &state) {
  auto c1 = filecoin::ParseC1Json(C1Text32GiB());
  if (!c1.HasValue()) std::abort();
  size_t bytes = 0;
  for (auto _ : state) {
    auto r = filecoin::WriteC1Json(*c1);
    bytes = r->size();
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}
BENCHMARK(BM_C1JsonWrite32GiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

void BM_C1EnvelopeParse32GiB(benchmark::State &state) {
  const std::string &text = Envelope32GiB();
  for (auto _ : state) {
    auto r = filecoin::ParseC1Request(text);
    if (!r.HasValue()) state.SkipWithError(r.ErrorMessage().c_str());
    benchmark::DoNotOptimize(r);
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
  state.counters["envelope_MB"] = double(text.size()) / 1e6;
}
BENCHMARK(BM_C1EnvelopeParse32GiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

filecoin::VirtualSectorInputs VirtualInputs() {
  filecoin::VirtualSectorInputs in;
  in.prover_id = filecoin::ProverIdFromActorId(1000);
  in.sector_id = 1;
  for (size_t i = 0; i < 32; i++) {
    in.ticket[i] = uint8_t(3 * i);
    in.seed[i] = uint8_t(5 * i + 1);
  }
  in.ticket[31] &= 0x3f;
  in.seed[31] &= 0x3f;
  return in;
}

//! A valid 32GiB C1 without the sector: the virtual-sector generator (issue 5).
void BM_VirtualSectorC1_32GiB(benchmark::State &state) {
  const auto config = filecoin::PorepConfigFor(filecoin::RegisteredSealProof::kStackedDrg32GiBV1_1);
  for (auto _ : state) {
    auto c1 = filecoin::VirtualSectorC1(config, VirtualInputs());
    if (!c1.HasValue()) state.SkipWithError(c1.ErrorMessage().c_str());
    benchmark::DoNotOptimize(c1);
  }
}
BENCHMARK(BM_VirtualSectorC1_32GiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->Iterations(1);

//! Vanilla verification of all 180 challenges of a 32GiB C1 (every path hashed), on all threads.
void BM_VerifyC1_32GiB(benchmark::State &state) {
  const auto config = filecoin::PorepConfigFor(filecoin::RegisteredSealProof::kStackedDrg32GiBV1_1);
  auto c1 = filecoin::VirtualSectorC1(config, VirtualInputs());
  if (!c1.HasValue()) std::abort();
  for (auto _ : state) {
    auto s = filecoin::VerifyC1(*c1, config);
    if (!s.IsOk()) state.SkipWithError(s.ErrorMessage().c_str());
  }
}
BENCHMARK(BM_VerifyC1_32GiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
