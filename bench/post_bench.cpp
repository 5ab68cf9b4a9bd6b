// bench/post_bench.cpp — vanilla proof work at 2 KiB (issue 6's benchmark list): WindowPoSt
// generation for one partition (2 sectors × 10 challenges) and its verification, WinningPoSt
// generation (66 challenges), the SnapDeals replica update and one partition proof, and the bincode
// decode of each. Sectors are seeded "sealed" replicas (random Fr nodes, tree_r_last built with the
// real Poseidon tree), so only the vanilla work itself is timed. Also the synthesis rate of the 32GiB
// FallbackPoSt circuit into a ProvingAssignment (witness from a sparse 2^30-leaf tree_r_last): one
// WindowPoSt sector (53,333 constraints; the 2349-sector partition is 2349 of them) and a whole
// WinningPoSt partition (370,590). Medians of 5 repetitions.
#include "filecoin/merkle/sparse_poseidon_tree.hpp"
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_circuit.hpp"
#include "filecoin/post/post_vanilla.hpp"
#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_vanilla.hpp"
#include "r1cs/proving_assignment.hpp"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <random>
#include <vector>

namespace {

using namespace cuzk;
using namespace cuzk::filecoin;

struct Sector {
  std::vector<ff::Fr> replica;
  std::unique_ptr<PoseidonTree> tree;
  ff::Fr comm_c;
};

Sector MakeSector(uint64_t nodes, const TreeShape &shape, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Sector s;
  for (uint64_t i = 0; i < nodes; i++) s.replica.push_back(ff::Fr::Random(rng));
  s.tree = std::make_unique<PoseidonTree>(PoseidonTree::Build(shape, s.replica).Value());
  s.comm_c = ff::Fr::Random(rng);
  return s;
}

Digest32 Randomness() {
  Digest32 r{};
  for (size_t i = 0; i < 32; i++) r[i] = uint8_t(17 * i + 3);
  r[31] &= 0x3f;
  return r;
}

void BM_WindowPoStVanilla2KiB(benchmark::State &state) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const Sector a = MakeSector(64, cfg.tree_shape, 1), b = MakeSector(64, cfg.tree_shape, 2);
  const PoStReplica replicas[] = {{1, a.tree.get(), a.comm_c}, {2, b.tree.get(), b.comm_c}};
  for (auto _ : state) benchmark::DoNotOptimize(GenerateFallbackVanillaProofs(cfg, Randomness(), replicas));
}
BENCHMARK(BM_WindowPoStVanilla2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_WindowPoStVerify2KiB(benchmark::State &state) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const Sector a = MakeSector(64, cfg.tree_shape, 1), b = MakeSector(64, cfg.tree_shape, 2);
  const PoStReplica replicas[] = {{1, a.tree.get(), a.comm_c}, {2, b.tree.get(), b.comm_c}};
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, Randomness(), replicas).Value();
  const auto part = PoStPartitionFromVanilla(cfg, vanilla).Value();
  for (auto _ : state) benchmark::DoNotOptimize(VerifyPoStPartition(part, Randomness()));
}
BENCHMARK(BM_WindowPoStVerify2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_WinningPoStVanilla2KiB(benchmark::State &state) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const Sector a = MakeSector(64, cfg.tree_shape, 3);
  const PoStReplica replicas[] = {{5, a.tree.get(), a.comm_c}};
  for (auto _ : state) benchmark::DoNotOptimize(GenerateFallbackVanillaProofs(cfg, Randomness(), replicas));
}
BENCHMARK(BM_WinningPoStVanilla2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_PoStBincodeDecode2KiB(benchmark::State &state) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const Sector a = MakeSector(64, cfg.tree_shape, 4);
  const PoStReplica replicas[] = {{1, a.tree.get(), a.comm_c}};
  const auto bytes = EncodeFallbackPoStSectorProof(GenerateFallbackVanillaProofs(cfg, Randomness(), replicas)->at(0));
  for (auto _ : state) benchmark::DoNotOptimize(DecodeFallbackPoStSectorProof(bytes, cfg));
  state.SetBytesProcessed(int64_t(state.iterations() * bytes.size()));
}
BENCHMARK(BM_PoStBincodeDecode2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

std::vector<uint8_t> Fr32Data(uint64_t nodes) {
  std::mt19937_64 rng(9);
  std::vector<uint8_t> data(nodes * 32);
  for (auto &x : data) x = uint8_t(rng());
  for (uint64_t i = 0; i < nodes; i++) data[32 * i + 31] &= 0x3f;
  return data;
}

void BM_SnapUpdate2KiB(benchmark::State &state) {
  const SnapConfig cfg = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  const Sector s = MakeSector(cfg.sector_nodes, cfg.tree_r_shape, 5);
  const auto data = Fr32Data(cfg.sector_nodes);
  for (auto _ : state) benchmark::DoNotOptimize(SnapUpdateSector(cfg, s.replica, *s.tree, s.comm_c, data));
}
BENCHMARK(BM_SnapUpdate2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_SnapVanillaPartition2KiB(benchmark::State &state) {
  const SnapConfig cfg = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  const Sector s = MakeSector(cfg.sector_nodes, cfg.tree_r_shape, 6);
  const auto update = SnapUpdateSector(cfg, s.replica, *s.tree, s.comm_c, Fr32Data(cfg.sector_nodes)).Value();
  for (auto _ : state) benchmark::DoNotOptimize(SnapProvePartition(cfg, 0, s.comm_c, *s.tree, update));
}
BENCHMARK(BM_SnapVanillaPartition2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_SnapVerifyAndDecode2KiB(benchmark::State &state) {
  const SnapConfig cfg = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  const Sector s = MakeSector(cfg.sector_nodes, cfg.tree_r_shape, 7);
  const auto update = SnapUpdateSector(cfg, s.replica, *s.tree, s.comm_c, Fr32Data(cfg.sector_nodes)).Value();
  const auto bytes = EncodeSnapPartitionProof(SnapProvePartition(cfg, 0, s.comm_c, *s.tree, update).Value());
  const SnapPublicInputs inputs = SnapPublicInputsOf(cfg, update, 0);
  for (auto _ : state) {
    auto proof = DecodeSnapPartitionProof(bytes, cfg);
    benchmark::DoNotOptimize(SnapVerifyPartition(cfg, inputs, proof.Value()));
  }
}
BENCHMARK(BM_SnapVerifyAndDecode2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

//! A 32GiB PoSt circuit input from virtual sectors: sparse tree_r_last, real challenges.
PoStCircuitInput Virtual32GiBInput(RegisteredPoStProof proof, size_t sectors) {
  const PoStConfig cfg = PoStConfigFor(proof);
  std::mt19937_64 rng(11);
  std::map<uint64_t, ff::Fr> real;
  for (int i = 0; i < 8; i++) real[rng() % cfg.SectorNodes()] = ff::Fr::Random(rng);
  static const SparsePoseidonTree tree =
      SparsePoseidonTree::Build(cfg.tree_shape, cfg.SectorNodes(), ff::Fr::FromUint(3), real).Value();
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < sectors; i++) replicas.push_back({i + 1, nullptr, ff::Fr::Random(rng), &tree});
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, Randomness(), replicas).Value();
  return PoStCircuitInputFromPartition(PoStPartitionFromVanilla(cfg, vanilla).Value()).Value();
}

// one synthesis of `input` into a fresh ProvingAssignment per iteration, reported as constraints per second
void SynthesisRate(benchmark::State &state, const PoStCircuitInput &input) {
  size_t constraints = 0;
  for (auto _ : state) {
    r1cs::ProvingAssignment pa;
    SynthesizePoStCircuit(pa, input);
    constraints = pa.NumConstraints();
  }
  state.counters["constraints_per_s"] =
      benchmark::Counter(double(constraints), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_WindowPoSt32GiBSectorSynthesis(benchmark::State &state) {
  PoStCircuitInput input = Virtual32GiBInput(RegisteredPoStProof::kWindow32GiBV1_2, 1);
  input.params.sector_count = 1; // one sector's sub-circuit: the partition is 2349 copies of it
  input.sectors.resize(1);
  SynthesisRate(state, input);
}
BENCHMARK(BM_WindowPoSt32GiBSectorSynthesis)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

void BM_WinningPoSt32GiBSynthesis(benchmark::State &state) {
  SynthesisRate(state, Virtual32GiBInput(RegisteredPoStProof::kWinning32GiBV1, 1));
}
BENCHMARK(BM_WinningPoSt32GiBSynthesis)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
