// bench/snap_circuit_bench.cpp — synthesis of the SnapDeals partition circuit
// (filecoin/snap/snap_circuit.hpp), in constraints per second, one thread, a fresh system per iteration:
//
//   BM_SnapCircuit2KiB<ProvingAssignment | WitnessCS>: a real partition (1,705,039 constraints)
//     from a seeded update's vanilla proof;
//   BM_SnapCircuit32GiBWitness: one 32 GiB partition (81,049,499 constraints) into WitnessCS, from
//     the blank circuit (zero values: the work per constraint does not depend on them), with the
//     process's peak resident memory afterwards (≈ 2.6 GB of aux values).
//
//   ./snap_circuit_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include "filecoin/snap/snap_circuit.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk;
using namespace cuzk::filecoin;

// A seeded "sealed" sector (random replica nodes, the real tree_r_last) updated with seeded data,
// and partition 0's circuit input from its vanilla proof.
SnapCircuitInput Real2KiBInput() {
  const SnapConfig cfg = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  std::mt19937_64 rng(31);
  std::vector<ff::Fr> key;
  for (uint64_t i = 0; i < cfg.sector_nodes; i++) key.push_back(ff::Fr::Random(rng));
  const PoseidonTree tree = PoseidonTree::Build(cfg.tree_r_shape, key).Value();
  const ff::Fr comm_c = ff::Fr::Random(rng);
  std::vector<uint8_t> data(cfg.sector_nodes * 32);
  for (auto &b : data) b = uint8_t(rng());
  for (uint64_t i = 0; i < cfg.sector_nodes; i++) data[32 * i + 31] &= 0x3f;
  const SnapUpdate update = SnapUpdateSector(cfg, key, tree, comm_c, data).Value();
  const SnapPartitionProof proof = SnapProvePartition(cfg, 0, comm_c, tree, update).Value();
  return SnapCircuitInputFromProof(cfg, SnapPublicInputsOf(cfg, update, 0), proof).Value();
}

template <class CS> void Run(benchmark::State &state, const SnapCircuitInput &input) {
  size_t constraints = 0;
  for (auto _ : state) {
    CS cs;
    SynthesizeSnapCircuit(cs, input);
    constraints = cs.NumConstraints();
    benchmark::DoNotOptimize(cs.NumAux());
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}

template <class CS> void BM_SnapCircuit2KiB(benchmark::State &state) {
  static const SnapCircuitInput input = Real2KiBInput();
  Run<CS>(state, input);
}
BENCHMARK(BM_SnapCircuit2KiB<r1cs::ProvingAssignment>)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SnapCircuit2KiB<r1cs::WitnessCS>)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SnapCircuit32GiBWitness(benchmark::State &state) {
  const SnapCircuitInput input = BlankSnapCircuitInput(SnapConfigFor(RegisteredUpdateProof::k32GiBV1)).Value();
  Run<r1cs::WitnessCS>(state, input);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  state.counters["peak_rss_MiB"] = double(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}
BENCHMARK(BM_SnapCircuit32GiBWitness)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

} // namespace

BENCHMARK_MAIN();
