// bench/filecoin_bench.cpp — Filecoin tree building (issue 4's figures): the binary trunc254
// SHA-256 tree (comm_d) over 2^20 leaves, and the 8-ary Poseidon tree over 2^18 leaves (the
// tree_r_last shape of an 8 MiB sector), on all threads oneTBB gives (both trees hash level by
// level in parallel). Also commP of a 1 MiB payload. Leaves are seeded random field elements.
#include "filecoin/core/comm_d.hpp"
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/merkle/sha_tree.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using namespace cuzk;

std::vector<uint8_t> RandomNodes(size_t nodes) {
  std::mt19937_64 rng(1);
  std::vector<uint8_t> bytes(nodes * 32);
  for (auto &b : bytes) b = uint8_t(rng());
  for (size_t i = 0; i < nodes; i++) bytes[32 * i + 31] &= 0x3f; // fr32 nodes: top two bits clear
  return bytes;
}

void BM_CommDSha256Tree(benchmark::State &state) {
  const size_t leaves = size_t(1) << state.range(0);
  const auto nodes = RandomNodes(leaves);
  for (auto _ : state) benchmark::DoNotOptimize(filecoin::CommD(nodes));
  state.counters["leaves_per_s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_CommDSha256Tree)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

void BM_PoseidonTree8(benchmark::State &state) {
  const size_t leaves = size_t(1) << state.range(0);
  std::mt19937_64 rng(2);
  std::vector<ff::Fr> values(leaves);
  for (auto &v : values) v = ff::Fr::Random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(filecoin::PoseidonTree::Build(filecoin::TreeShape{8, 0, 0}, values));
  state.counters["leaves_per_s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_PoseidonTree8)->Arg(18)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->Iterations(1);

void BM_CommP1MiB(benchmark::State &state) {
  std::mt19937_64 rng(3);
  std::vector<uint8_t> payload(1040384); // 1 MiB padded
  for (auto &b : payload) b = uint8_t(rng());
  for (auto _ : state) benchmark::DoNotOptimize(filecoin::CommP(payload));
}
BENCHMARK(BM_CommP1MiB)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5);

} // namespace

BENCHMARK_MAIN();
