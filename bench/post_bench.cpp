// bench/post_bench.cpp — vanilla proof work at 2 KiB (issue 6's benchmark list): WindowPoSt
// generation for one partition (2 sectors × 10 challenges) and its verification, WinningPoSt
// generation (66 challenges), the SnapDeals replica update and one partition proof, and the bincode
// decode of each. Sectors are seeded "sealed" replicas (random Fr nodes, tree_r_last built with the
// real Poseidon tree), so only the vanilla work itself is timed. Medians of 5 repetitions.
#include "filecoin/post_bincode.hpp"
#include "filecoin/post_vanilla.hpp"
#include "filecoin/snap_bincode.hpp"
#include "filecoin/snap_vanilla.hpp"

#include <benchmark/benchmark.h>

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
  s.tree = std::make_unique<PoseidonTree>(PoseidonTree::Build(shape, s.replica).value());
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
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, Randomness(), replicas).value();
  const auto part = PoStPartitionFromVanilla(cfg, vanilla).value();
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
  const auto update = SnapUpdateSector(cfg, s.replica, *s.tree, s.comm_c, Fr32Data(cfg.sector_nodes)).value();
  for (auto _ : state) benchmark::DoNotOptimize(SnapProvePartition(cfg, 0, s.comm_c, *s.tree, update));
}
BENCHMARK(BM_SnapVanillaPartition2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

void BM_SnapVerifyAndDecode2KiB(benchmark::State &state) {
  const SnapConfig cfg = SnapConfigFor(RegisteredUpdateProof::k2KiBV1);
  const Sector s = MakeSector(cfg.sector_nodes, cfg.tree_r_shape, 7);
  const auto update = SnapUpdateSector(cfg, s.replica, *s.tree, s.comm_c, Fr32Data(cfg.sector_nodes)).value();
  const auto bytes = EncodeSnapPartitionProof(SnapProvePartition(cfg, 0, s.comm_c, *s.tree, update).value());
  const SnapPublicInputs inputs = SnapPublicInputsOf(cfg, update, 0);
  for (auto _ : state) {
    auto proof = DecodeSnapPartitionProof(bytes, cfg);
    benchmark::DoNotOptimize(SnapVerifyPartition(cfg, inputs, proof.value()));
  }
}
BENCHMARK(BM_SnapVerifyAndDecode2KiB)->Unit(benchmark::kMicrosecond)->UseRealTime()->Repetitions(5);

} // namespace

BENCHMARK_MAIN();
