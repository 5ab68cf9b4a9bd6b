// tests/gpu/scalar_split_test.cpp — the host-side plan of the GPU prover's MSMs (no GPU needed):
// ones bitmap + tail must reproduce the density-filtered scalar vector exactly, and the plan
// switches to one Pippenger when the tail is more than half the points.
#include "gpu/scalar_split.hpp"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace cuzk;
using namespace cuzk::gpu;
using ff::Fr;

namespace {

// the scalars the MSM pairs with its bases, in base order, rebuilt from the plan
std::vector<Fr> Rebuild(const ScalarSplit &sp) {
  if (!sp.use_batch_add) return {sp.scalars.begin(), sp.scalars.end()};
  std::vector<Fr> k(sp.n, Fr::Zero());
  for (size_t j = 0; j < sp.n; j++)
    if ((sp.packed.ones[j / 64] >> (j % 64)) & 1) k[j] = Fr::One();
  for (size_t t = 0; t < sp.packed.tail_index.size(); t++) {
    EXPECT_TRUE(k[sp.packed.tail_index[t]].IsZero()); // a position is either a one or in the tail
    k[sp.packed.tail_index[t]] = sp.packed.tail_value[t];
  }
  return k;
}

std::vector<Fr> Values(size_t n, int tail_percent, std::mt19937_64 &rng) {
  std::vector<Fr> v(n);
  for (auto &x : v) x = int(rng() % 100) < tail_percent ? Fr::Random(rng) : Fr::FromUint(rng() & 1);
  return v;
}

// the plans of v, alone and under a random density (3 in 4 kept), rebuild the scalars they stand
// for; sp is reused from call to call (plans keep their buffers' capacity)
void CheckPlans(const std::vector<Fr> &v, std::mt19937_64 &rng, ScalarSplit &sp, const std::string &what) {
  r1cs::DensityTracker density;
  std::vector<Fr> expected_dense;
  for (size_t i = 0; i < v.size(); i++) {
    density.AddElement();
    if (rng() % 4 != 0) {
      density.Inc(i);
      expected_dense.push_back(v[i]);
    }
  }
  // the values as given, and packed first (a deferred assignment's witness as the engine holds it)
  const r1cs::PackedValues packed = r1cs::Pack(v);
  for (const r1cs::ValueSource source : {r1cs::ValueSource(v), r1cs::ValueSource(packed)}) {
    const std::string from = source.Packed() ? " from packed" : "";
    SplitScalars(source, nullptr, sp);
    EXPECT_EQ(sp.n, v.size());
    EXPECT_TRUE(Rebuild(sp) == v) << what << from;
    EXPECT_TRUE(std::is_sorted(sp.packed.tail_index.begin(), sp.packed.tail_index.end())) << what << from;
    SplitScalars(source, &density, sp);
    EXPECT_EQ(sp.n, expected_dense.size());
    EXPECT_TRUE(Rebuild(sp) == expected_dense) << "dense " << what << from;
    EXPECT_TRUE(std::is_sorted(sp.packed.tail_index.begin(), sp.packed.tail_index.end())) << "dense " << what << from;
  }
}

TEST(GpuScalarSplit, PlansReproduceTheFilteredScalars) {
  auto rng = gpu::test::Rng(81);
  ScalarSplit sp;
  for (size_t n : {0, 1, 63, 64, 65, 1000})
    for (int tail : {0, 3, 40, 60, 100})
      CheckPlans(Values(n, tail, rng), rng, sp, "n=" + std::to_string(n) + " tail=" + std::to_string(tail));
}

// the split runs over blocks of 2^16 values in parallel (scalar_split.cpp): dense positions,
// bitmap words and tail entries must join exactly across block boundaries, with and without density
TEST(GpuScalarSplit, ParallelBlocksJoinExactly) {
  auto rng = gpu::test::Rng(83);
  ScalarSplit sp;
  for (int tail : {3, 60})
    CheckPlans(Values(3 * (size_t(1) << 16) + 77, tail, rng), rng, sp, "tail=" + std::to_string(tail));
}

TEST(GpuScalarSplit, ChoosesBatchAdditionOnlyForBitHeavyScalars) {
  auto rng = gpu::test::Rng(82);
  ScalarSplit sp;
  SplitScalars(Values(10000, 3, rng), nullptr, sp); // Filecoin-like: 97% bits
  EXPECT_TRUE(sp.use_batch_add);
  EXPECT_GT(sp.packed.ones_count, 4000u);
  EXPECT_LT(sp.packed.tail_index.size(), 500u);
  SplitScalars(Values(10000, 90, rng), nullptr, sp); // random witness: one Pippenger
  EXPECT_FALSE(sp.use_batch_add);
  EXPECT_TRUE(sp.packed.ones.empty() && sp.packed.tail_index.empty());
  // exactly half in the tail still uses batch addition
  std::vector<Fr> half = {Fr::One(), Fr::FromUint(7)};
  SplitScalars(half, nullptr, sp);
  EXPECT_TRUE(sp.use_batch_add);
  EXPECT_EQ(sp.packed.ones_count, 1u);
  ASSERT_EQ(sp.packed.tail_index.size(), 1u);
  EXPECT_EQ(sp.packed.tail_index[0], 1u);
}

TEST(GpuScalarSplit, DensityOfAnotherLengthIsRejected) {
  r1cs::DensityTracker d;
  d.AddElement();
  std::vector<Fr> v(2, Fr::One());
  ScalarSplit sp;
  bool threw = false;
  try {
    SplitScalars(v, &d, sp);
  } catch (const std::invalid_argument &) {
    threw = true;
  }
  EXPECT_TRUE(threw);
}

} // namespace
