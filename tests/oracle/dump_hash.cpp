// tests/oracle/dump_hash.cpp — seeded neptune Poseidon cases (src/hash) for check.mjs, recomputed by
// a Poseidon assembled from @noble/curves' generic pieces with neptune's parameters (ops_hash.mjs).
// Fixed vectors pin a few inputs (tests/hash); random preimages cover the rest of the input space.
#include "oracle_cases.hpp"

#include "hash/poseidon.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::oracle;
using ff::Fr;

constexpr int CASES = 6;

} // namespace

int main(int argc, char **argv) {
  std::mt19937_64 rng(SeedFromArgs(argc, argv));
  CaseWriter w;
  for (size_t arity : {2, 4, 8, 11}) {
    for (int i = 0; i < CASES; i++) {
      std::vector<Fr> pre(arity);
      for (auto &x : pre) x = i == 0 ? -Fr::One() : Fr::Random(rng); // r − 1 everywhere once
      Strings all;
      for (const auto &x : pre) Flatten(all, x);
      auto h = hash::PoseidonHashMerkle(pre);
      w.Emit("poseidon.merkle", all, h ? Vals(*h) : Strings{});
      // ConstantLength(n) for n ≤ arity: one permutation over the zero-padded input
      const size_t n = 1 + rng() % arity;
      auto c = hash::PoseidonHashConstantLength(arity, std::span<const Fr>(pre.data(), n));
      Strings in = {std::to_string(arity)};
      for (size_t j = 0; j < n; j++) Flatten(in, pre[j]);
      w.Emit("poseidon.constant_length", in, c ? Vals(*c) : Strings{});
    }
  }
  // SnapDeals' Custom(Arbitrary(1)) tag over arity 2
  for (int i = 0; i < CASES; i++) {
    std::vector<Fr> pre = {Fr::Random(rng), Fr::Random(rng)};
    auto h = hash::PoseidonHash(pre, hash::SnapDealsGenRandomnessTag());
    w.Emit("poseidon.custom1", Vals(pre[0], pre[1]), h ? Vals(*h) : Strings{});
  }
  return 0;
}
