// tests/msm/msm_test.cpp — Msm against Σ k_i·P_i (typed over G1/G2): sizes 0..2^12, scalar
// kinds, edge bases, window widths, thread counts, density and canonical inputs, the stop flag.
#include "msm/msm.hpp"

#include "msm/fixtures.hpp"

#include "common/curves.hpp"

#include <gtest/gtest.h>
#include <oneapi/tbb/global_control.h>

#include <atomic>
#include <thread>

using namespace cuzk;
using namespace cuzk::msm::testing;

namespace {

template <class C> class MsmTest : public ::testing::Test {};
TYPED_TEST_SUITE(MsmTest, cuzk::test::Curves);

constexpr ScalarKind KINDS[] = {ScalarKind::kRandom, ScalarKind::kZero, ScalarKind::kOne, ScalarKind::kMinusOne,
                                ScalarKind::kMixed};

template <class C>
ec::Jacobian<C> RunMsm(const std::vector<ec::Affine<C>> &p, const std::vector<Fr> &k, const msm::MsmOptions &o = {}) {
  return msm::Msm(std::span<const ec::Affine<C>>(p), std::span<const Fr>(k), o);
}

TYPED_TEST(MsmTest, SmallSizesAgainstNaive) {
  using C = TypeParam;
  std::mt19937_64 rng(41);
  for (size_t n : {0, 1, 2, 3, 7, 100}) {
    for (bool edges : {false, true}) {
      Bases<C> b = MakeBases<C>(n, rng);
      if (edges) AddEdgeBases<C>(b, rng);
      for (ScalarKind kind : KINDS) {
        const std::vector<Fr> k = MakeScalars(n, kind, rng);
        const auto expect = Naive<C>(b.points, k);
        EXPECT_EQ(expect, ByLogs<C>(b, k)); // the two oracles agree
        EXPECT_EQ(RunMsm<C>(b.points, k), expect) << "n=" << n << " kind=" << int(kind) << " edges=" << edges;
      }
    }
  }
}

TYPED_TEST(MsmTest, LargerSizesAgainstLogs) {
  using C = TypeParam;
  std::mt19937_64 rng(42);
  for (size_t n : {1000, 4096}) {
    Bases<C> b = MakeBases<C>(n, rng);
    AddEdgeBases<C>(b, rng);
    for (ScalarKind kind : KINDS) {
      const std::vector<Fr> k = MakeScalars(n, kind, rng);
      EXPECT_EQ(RunMsm<C>(b.points, k), ByLogs<C>(b, k)) << "n=" << n << " kind=" << int(kind);
    }
  }
}

// A set stop flag ends an MSM with Stopped, from inside its tasks as well as before them; an unset
// one changes nothing.
TYPED_TEST(MsmTest, AStopFlagEndsItAndAnUnsetOneChangesNothing) {
  using C = TypeParam;
  std::mt19937_64 rng(47);
  Bases<C> b = MakeBases<C>(4096, rng);
  const std::vector<Fr> k = MakeScalars(4096, ScalarKind::kRandom, rng);
  std::atomic<bool> stop{false};
  msm::MsmOptions o;
  o.stop = &stop;
  EXPECT_EQ(RunMsm<C>(b.points, k, o), ByLogs<C>(b, k));
  stop = true;
  EXPECT_THROW(RunMsm<C>(b.points, k, o), msm::Stopped);
  // set while the tasks run: the small windows make many tasks, every one of which reads the flag
  stop = false;
  o.window_bits = 2;
  std::atomic<int> seen{0};
  std::thread setter([&] {
    while (seen.load() == 0) std::this_thread::yield();
    stop = true;
  });
  bool stopped = false;
  for (int i = 0; i < 1000 && !stopped; i++) {
    try {
      seen++;
      (void)RunMsm<C>(b.points, k, o);
    } catch (const msm::Stopped &) {
      stopped = true;
    }
  }
  setter.join();
  EXPECT_TRUE(stopped);
}

TYPED_TEST(MsmTest, EveryWindowWidth) {
  using C = TypeParam;
  std::mt19937_64 rng(43);
  Bases<C> b = MakeBases<C>(37, rng);
  AddEdgeBases<C>(b, rng);
  const std::vector<Fr> k = MakeScalars(37, ScalarKind::kMixed, rng);
  const auto expect = ByLogs<C>(b, k);
  // widths above 12 cost thousands of bucket additions per window for 37 points; 13..20 share
  // the same digit code, covered by tests/msm/digits_test.cpp
  for (unsigned c = 1; c <= 12; c++) {
    for (auto mode : {msm::BucketAddition::kXyzz, msm::BucketAddition::kBatchAffine}) {
      msm::MsmOptions o;
      o.window_bits = c;
      o.bucket_addition = mode;
      EXPECT_EQ(RunMsm<C>(b.points, k, o), expect) << "c=" << c << " mode=" << int(mode);
      o.ones_fast_path = false;
      EXPECT_EQ(RunMsm<C>(b.points, k, o), expect) << "c=" << c << " mode=" << int(mode) << " without ones path";
    }
  }
}

TYPED_TEST(MsmTest, CollidingBucketsInBatchAffine) {
  using C = TypeParam;
  // few distinct scalars over many points: most points find their bucket already pending in
  // the batch (the XYZZ overflow), and P with −P and P with P meet as pending pairs
  std::mt19937_64 rng(48);
  Bases<C> b = MakeBases<C>(600, rng);
  AddEdgeBases<C>(b, rng);
  std::vector<Fr> k(b.points.size());
  const Fr few[] = {Fr::FromUint(2), Fr::FromUint(3), -Fr::One(), Fr::Random(rng)};
  for (auto &v : k) v = few[rng() % 4];
  msm::MsmOptions o;
  o.bucket_addition = msm::BucketAddition::kBatchAffine;
  for (unsigned c : {4u, 10u}) {
    o.window_bits = c;
    EXPECT_EQ(RunMsm<C>(b.points, k, o), ByLogs<C>(b, k)) << "c=" << c;
  }
}

TYPED_TEST(MsmTest, SameBaseInOneBucket) {
  using C = TypeParam;
  // the same scalar on P, P, −P, P: equal and opposite points meet in one bucket of every window
  std::mt19937_64 rng(44);
  Bases<C> b = MakeBases<C>(1, rng);
  const ec::Affine<C> p = b.points[0];
  const std::vector<ec::Affine<C>> pts{p, p, -p, p, -p, -p};
  const Fr s = Fr::Random(rng);
  for (size_t n = 1; n <= pts.size(); n++) {
    std::vector<ec::Affine<C>> sub(pts.begin(), pts.begin() + n);
    const std::vector<Fr> k(n, s), ones(n, Fr::One());
    EXPECT_EQ(RunMsm<C>(sub, k), Naive<C>(sub, k)) << "n=" << n;
    EXPECT_EQ(RunMsm<C>(sub, ones), Naive<C>(sub, ones)) << "n=" << n;
    msm::MsmOptions o;
    o.bucket_addition = msm::BucketAddition::kBatchAffine;
    EXPECT_EQ(RunMsm<C>(sub, k, o), Naive<C>(sub, k)) << "n=" << n;
  }
}

TYPED_TEST(MsmTest, OneAndTwoThreadsAgree) {
  using C = TypeParam;
  std::mt19937_64 rng(45);
  const size_t n = 3000;
  Bases<C> b = MakeBases<C>(n, rng);
  AddEdgeBases<C>(b, rng);
  for (ScalarKind kind : {ScalarKind::kRandom, ScalarKind::kMixed}) {
    const std::vector<Fr> k = MakeScalars(n, kind, rng);
    const auto expect = ByLogs<C>(b, k);
    for (size_t threads : {1, 2}) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
      for (auto mode : {msm::BucketAddition::kXyzz, msm::BucketAddition::kBatchAffine}) {
        msm::MsmOptions o;
        o.bucket_addition = mode;
        EXPECT_EQ(RunMsm<C>(b.points, k, o), expect) << "threads=" << threads << " mode=" << int(mode);
      }
    }
  }
}

TYPED_TEST(MsmTest, DensityCanonicalAndScratch) {
  using C = TypeParam;
  std::mt19937_64 rng(46);
  const size_t total = 1000;
  std::vector<uint64_t> density((total + 63) / 64, 0);
  std::vector<size_t> set;
  for (size_t i = 0; i < total; i++) {
    if (rng() % 3) {
      density[i / 64] |= uint64_t(1) << (i % 64);
      set.push_back(i);
    }
  }
  Bases<C> b = MakeBases<C>(set.size(), rng);
  AddEdgeBases<C>(b, rng);
  const std::vector<Fr> k = MakeScalars(total, ScalarKind::kMixed, rng);
  std::vector<Fr> packed;
  for (size_t i : set) packed.push_back(k[i]);
  const auto expect = ByLogs<C>(b, packed);

  msm::MsmScratch scratch;
  msm::MsmOptions o;
  o.density = density;
  o.scratch = &scratch;
  EXPECT_EQ(RunMsm<C>(b.points, k, o), expect);
  std::vector<ff::Limbs<4>> canonical;
  for (const Fr &v : k) canonical.push_back(v.ToCanonical());
  EXPECT_EQ(msm::Msm(std::span<const ec::Affine<C>>(b.points), std::span<const ff::Limbs<4>>(canonical), o), expect);
  // canonical without density, reusing the grown scratch
  std::vector<ff::Limbs<4>> packed_canonical;
  for (const Fr &v : packed) packed_canonical.push_back(v.ToCanonical());
  o.density = {};
  EXPECT_EQ(msm::Msm(std::span<const ec::Affine<C>>(b.points), std::span<const ff::Limbs<4>>(packed_canonical), o),
            expect);
  EXPECT_GT(scratch.Bytes(), 0u);
}

TYPED_TEST(MsmTest, RejectsMismatchedLengths) {
  using C = TypeParam;
  std::mt19937_64 rng(47);
  Bases<C> b = MakeBases<C>(5, rng);
  const std::vector<Fr> k = MakeScalars(4, ScalarKind::kRandom, rng);
  EXPECT_THROW(RunMsm<C>(b.points, k), std::invalid_argument);
  msm::MsmOptions o;
  const std::vector<uint64_t> density{0b1111};
  o.density = density; // 4 set bits, 5 bases
  EXPECT_THROW(RunMsm<C>(b.points, k, o), std::invalid_argument);
  o.density = {};
  o.window_bits = 21;
  EXPECT_THROW(RunMsm<C>(b.points, MakeScalars(5, ScalarKind::kRandom, rng), o), std::invalid_argument);
}

} // namespace
