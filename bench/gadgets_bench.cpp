// bench/gadgets_bench.cpp — gadget synthesis speed (issue 4's figure): constraints per second of
// the SHA-256 gadget synthesised into the ProvingAssignment (values and a·w, b·w, c·w per
// constraint, what the Groth16 prover consumes), into the witness-only system, and into the
// recording system (shape only). Inputs are 512 seeded random allocated bits hashed to one
// digest (45,386 constraints), and the SDR label gadget (one PoRep layer ≥ 2, 525,853
// constraints). One thread; medians of 5 repetitions.
#include "filecoin/porep/label_circuit.hpp"
#include "gadgets/sha256.hpp"
#include "r1cs/r1cs.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk;
using gadgets::AllocatedBit;
using gadgets::AllocatedNum;
using gadgets::Boolean;

template <class CS> size_t SynthesizeSha256(CS &cs, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Boolean> bits;
  bits.reserve(512);
  for (size_t i = 0; i < 512; i++) bits.push_back(AllocatedBit::Alloc(cs, rng() & 1));
  benchmark::DoNotOptimize(gadgets::Sha256(cs, bits));
  return cs.NumConstraints();
}

template <class CS> void BM_Sha256Gadget(benchmark::State &state) {
  size_t constraints = 0;
  for (auto _ : state) {
    CS cs;
    constraints = SynthesizeSha256(cs, 1);
    benchmark::DoNotOptimize(cs.NumAux());
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints_per_s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Sha256Gadget<r1cs::ProvingAssignment>)
    ->Name("BM_Sha256Gadget/ProvingAssignment")
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_Sha256Gadget<r1cs::WitnessCS>)
    ->Name("BM_Sha256Gadget/WitnessCS")
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_Sha256Gadget<r1cs::RecordingCS>)
    ->Name("BM_Sha256Gadget/RecordingCS")
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

void BM_LabelGadgetProvingAssignment(benchmark::State &state) {
  std::mt19937_64 rng(2);
  std::vector<ff::Fr> values(1 + 14);
  for (auto &v : values) v = ff::Fr::Random(rng);
  size_t constraints = 0;
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    AllocatedNum id = AllocatedNum::Alloc(cs, values[0]);
    const std::vector<Boolean> id_bits = filecoin::LabelParentBits(cs, id);
    gadgets::UInt64 challenge = gadgets::UInt64::Alloc(cs, 12345);
    std::vector<AllocatedNum> drg, exp;
    for (size_t i = 0; i < 6; i++) drg.push_back(AllocatedNum::Alloc(cs, values[1 + i]));
    for (size_t i = 0; i < 8; i++) exp.push_back(AllocatedNum::Alloc(cs, values[7 + i]));
    const size_t before = cs.NumConstraints();
    benchmark::DoNotOptimize(filecoin::LayerLabelCircuit(cs, id_bits, drg, exp, 2, challenge));
    constraints = cs.NumConstraints() - before;
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints_per_s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_LabelGadgetProvingAssignment)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

} // namespace

BENCHMARK_MAIN();
