// bench/hash_bench.cpp — native hashing throughput: Poseidon hashes per second for the arities
// Filecoin uses (2: comm_r/SnapDeals, 8: tree_r, 11: SDR columns), single-threaded; SHA-256
// trunc254 node hashes per second (tree_d/commP); plus the batch APIs and the DRG/Feistel
// primitives. Each Poseidon/SHA iteration feeds its output into the next input so consecutive
// hashes cannot overlap.
//
//   ./hash_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include "hash/hash.hpp"

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

using cuzk::ff::Fr;
using namespace cuzk::hash;

std::vector<Fr> RandomFrs(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

void BM_PoseidonHash(benchmark::State &state) {
  const size_t arity = size_t(state.range(0));
  const PoseidonConstants &c = **GetPoseidonConstants(arity);
  const Fr tag = MerkleTreeTag(arity);
  std::vector<Fr> pre = RandomFrs(arity, arity);
  for (auto _ : state) {
    pre[0] = PoseidonHashWith(c, pre, tag);
    benchmark::DoNotOptimize(pre[0]);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PoseidonHash)->Arg(2)->Arg(8)->Arg(11)->Arg(36);

void BM_PoseidonPermutePlain(benchmark::State &state) {
  const size_t arity = size_t(state.range(0));
  const PoseidonConstants &c = **GetPoseidonConstants(arity);
  std::vector<Fr> s = RandomFrs(arity + 1, 100 + arity);
  for (auto _ : state) {
    PoseidonPermutePlain(c, s);
    benchmark::DoNotOptimize(s.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PoseidonPermutePlain)->Arg(2)->Arg(8)->Arg(11);

// All threads TBB gives us (this is the tree-building path).
void BM_PoseidonHashBatch(benchmark::State &state) {
  const size_t arity = size_t(state.range(0)), n = size_t(1) << 12;
  const std::vector<Fr> in = RandomFrs(arity * n, 7);
  std::vector<Fr> out(n);
  for (auto _ : state) {
    auto s = PoseidonHashBatch(arity, in, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * int64_t(n));
}
BENCHMARK(BM_PoseidonHashBatch)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Sha256Node(benchmark::State &state) {
  Digest32 left{}, right{};
  right[0] = 1;
  for (auto _ : state) {
    left = Sha256Node(left, right);
    benchmark::DoNotOptimize(left);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Sha256Node);

void BM_Sha256NodeBatch(benchmark::State &state) {
  const size_t n = size_t(1) << 16;
  std::vector<uint8_t> children(64 * n), out(32 * n);
  std::mt19937_64 rng(1);
  for (auto &b : children) b = uint8_t(rng());
  for (auto _ : state) {
    auto s = Sha256NodeBatch(children, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * int64_t(n));
}
BENCHMARK(BM_Sha256NodeBatch)->Unit(benchmark::kMillisecond)->UseRealTime();

// The Feistel round function of the expander graph hashes 16 bytes with BLAKE2b-512.
void BM_Blake2b512Feistel(benchmark::State &state) {
  uint8_t data[16] = {1};
  for (auto _ : state) {
    const Digest64 d = Blake2b512(data);
    data[0] ^= d[0];
    benchmark::DoNotOptimize(data);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Blake2b512Feistel);

// One DRG node: seed a ChaCha8Rng and draw the 10 u64 values of its five random parents.
void BM_ChaCha8DrgNode(benchmark::State &state) {
  std::array<uint8_t, 32> seed{};
  uint64_t acc = 0;
  for (auto _ : state) {
    seed[0] = uint8_t(acc);
    auto rng = ChaCha8Rng::FromSeed(seed);
    for (int i = 0; i < 10; i++) acc += rng.NextU64();
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ChaCha8DrgNode);

} // namespace

BENCHMARK_MAIN();
