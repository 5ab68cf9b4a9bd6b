// bench/por_bench.cpp — synthesis speed of the Poseidon circuit and the PoR gadget, in
// constraints per second, into the systems provers use: ProvingAssignment (values, a/b/c
// evaluations and density: what the Groth16 prover consumes) and WitnessCS (values only, for
// pre-compiled circuits). One thread; each iteration synthesises into a fresh system.
//
//   ./por_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//
// BM_Por*: the 32GiB tree_r / tree_c path (9 base levels of arity 8 + one sub level of 8, private
// root: 5,302 constraints, spec/porep.md §3.3) — a PoRep partition has 18·3 of them per
// challenge set, a WindowPoSt partition 10 per sector; BM_PorSha: one level of the binary SHA
// tree_d (45,382 constraints + 2); BM_StackedCircuit2KiB: a whole PoRep partition circuit
// (2,687,921 constraints; the SHA-256 labels and tree_d dominate) from a sealed 2KiB sector's C1.
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "gadgets/por.hpp"
#include "gadgets/poseidon_circuit.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_cs.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk;
using namespace cuzk::gadgets;
using ff::Fr;

std::vector<Fr> RandomFrs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

template <class CS> void BM_PoseidonCircuit(benchmark::State &state) {
  const size_t arity = size_t(state.range(0));
  const std::vector<Fr> preimage = RandomFrs(arity, arity);
  size_t constraints = 0;
  for (auto _ : state) {
    CS cs;
    std::vector<AllocatedNum> nums;
    for (const Fr &x : preimage) nums.push_back(AllocatedNum::Alloc(cs, x));
    benchmark::DoNotOptimize(PoseidonHashMerkleCircuit(cs, nums));
    constraints = cs.NumConstraints();
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PoseidonCircuit<r1cs::ProvingAssignment>)->Arg(2)->Arg(8)->Arg(11);
BENCHMARK(BM_PoseidonCircuit<r1cs::WitnessCS>)->Arg(2)->Arg(8)->Arg(11);

// a random path of the given arities (the values do not change the work)
std::vector<PorPathLevel> RandomPath(const std::vector<size_t> &arities, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PorPathLevel> path;
  for (size_t arity : arities) {
    PorPathLevel level{arity, uint32_t(rng() % arity), RandomFrs(arity - 1, rng())};
    path.push_back(std::move(level));
  }
  return path;
}

template <class CS> void RunPor(benchmark::State &state, MerkleHasher hasher, const std::vector<size_t> &arities) {
  const std::vector<PorPathLevel> path = RandomPath(arities, 7);
  const Fr leaf = RandomFrs(1, 1)[0];
  size_t constraints = 0;
  for (auto _ : state) {
    CS cs;
    // the root is a private value here: its equality fails, which costs the same as passing
    benchmark::DoNotOptimize(PorCircuit(cs, hasher, PorRoot::Val(leaf), path, PorRoot::Val(leaf), true));
    constraints = cs.NumConstraints();
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}

const std::vector<size_t> TREE_R_32GIB(10, 8);

template <class CS> void BM_PorTreeR32GiB(benchmark::State &state) {
  RunPor<CS>(state, MerkleHasher::kPoseidon, TREE_R_32GIB);
}
BENCHMARK(BM_PorTreeR32GiB<r1cs::ProvingAssignment>);
BENCHMARK(BM_PorTreeR32GiB<r1cs::WitnessCS>);

template <class CS> void BM_PorShaOneLevel(benchmark::State &state) { RunPor<CS>(state, MerkleHasher::kSha256, {2}); }
BENCHMARK(BM_PorShaOneLevel<r1cs::ProvingAssignment>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PorShaOneLevel<r1cs::WitnessCS>)->Unit(benchmark::kMillisecond);

template <class CS> void BM_StackedCircuit2KiB(benchmark::State &state) {
  using namespace cuzk::filecoin;
  const PorepConfig config = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  std::vector<uint8_t> payload(Fr32UnpaddedCapacity(config.sector_size), 0x5a);
  SealInputs in;
  in.prover_id = ProverIdFromActorId(1000);
  auto sector = SealUnpadded(config, payload, in);
  Digest32 seed{};
  auto c1 = SealCommitPhase1(*sector, seed);
  const StackedCircuitInput input = *StackedCircuitInputFromC1(*c1, 0, config.layers);
  size_t constraints = 0;
  for (auto _ : state) {
    CS cs;
    SynthesizeStackedCircuit(cs, input);
    constraints = cs.NumConstraints();
  }
  state.counters["constraints"] = double(constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_StackedCircuit2KiB<r1cs::ProvingAssignment>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_StackedCircuit2KiB<r1cs::WitnessCS>)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
