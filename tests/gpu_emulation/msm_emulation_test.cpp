// tests/gpu_emulation/msm_emulation_test.cpp — the device MSM's pipeline (digits, sort, items, buckets,
// window reduction) and batch addition, run on the host with the same thread bodies, against
// naive sums. Runs everywhere, CI included.
#include "gpu/msm_kernels.cuh"
#include "gpu/msm_window.hpp"
#include "gpu/tuning.hpp"
#include "gpu_test_util.hpp"
#include "msm_fixtures.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

// msm_impl.cuh's RunOnce and RunPass with every kernel a loop and CUB replaced by std::stable_sort /
// scan; `group` windows a pass (0: all in one pass); the items summed longest first, as the device's (stable)
// descending sort of MsmItemLengthThread's keys orders them
template <class C>
ec::Jacobian<C> TwinMsm(const std::vector<ec::Affine<C>> &hb, const std::vector<ff::Fr> &hk, unsigned c, uint32_t chunk,
                        uint32_t group = 0) {
  using A = typename DevicePoint<C>::AffineT;
  using X = typename DevicePoint<C>::XyzzT;
  std::vector<A> bases(hb.size());
  std::vector<Fr> scalars(hk.size());
  for (size_t i = 0; i < hb.size(); i++) bases[i] = ToDevice<A>(hb[i]);
  for (size_t i = 0; i < hk.size(); i++) scalars[i] = ToDevice<Fr>(hk[i]);
  MsmShape sh;
  sh.n = uint32_t(hb.size());
  sh.c = c;
  sh.windows = MsmWindows(c);
  sh.chunk = chunk;
  std::vector<X> window_sums(sh.windows, X::Infinity());
  const uint32_t step = group ? group : sh.windows;
  for (uint32_t w0 = 0; w0 < sh.windows; w0 += step) {
    sh.w0 = w0;
    sh.group = std::min(step, sh.windows - w0);
    std::vector<uint32_t> start(sh.Slots(), 0), end(sh.Slots(), 0), counts(sh.Slots(), 0), first(sh.Slots());
    std::vector<uint32_t> sv(sh.Pairs());
    std::vector<uint32_t> keys(sh.Pairs()), vals(sh.Pairs());
    for (uint32_t i = 0; i < sh.n; i++) MsmDigitsThread(scalars.data(), i, sh, keys.data(), vals.data());
    std::vector<uint32_t> order(sh.Pairs());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    std::vector<uint32_t> sk(sh.Pairs());
    for (size_t p = 0; p < order.size(); p++) {
      sk[p] = keys[order[p]];
      sv[p] = vals[order[p]];
    }
    for (uint32_t p = 0; p < sh.Pairs(); p++) MsmBoundsThread(sk.data(), p, sh.Pairs(), start.data(), end.data());
    for (uint32_t g = 0; g < sh.Slots(); g++) MsmCountThread(start.data(), end.data(), g, sh, counts.data());
    std::exclusive_scan(counts.begin(), counts.end(), first.begin(), 0u);
    const size_t max_items = sh.Slots() + sh.Pairs() / sh.chunk + 1;
    std::vector<uint32_t> ib(max_items), ie(max_items);
    uint32_t total = 0;
    for (uint32_t g = 0; g < sh.Slots(); g++)
      MsmItemsThread(start.data(), end.data(), counts.data(), first.data(), g, sh, ib.data(), ie.data(), &total);
    EXPECT_LE(total, max_items);
    std::vector<X> partials(max_items);
    std::vector<uint32_t> length(max_items), item_order(max_items);
    for (uint32_t it = 0; it < max_items; it++)
      MsmItemLengthThread(ib.data(), ie.data(), total, it, length.data(), item_order.data());
    std::stable_sort(item_order.begin(), item_order.end(),
                     [&](uint32_t a, uint32_t b) { return length[a] > length[b]; });
    for (uint32_t t = 0; t < total; t++) {
      const uint32_t it = item_order[t];
      EXPECT_GT(length[it], 0u) << "the first total entries of the order are the items";
      partials[it] = MsmAccumulateThread<A, X>(bases.data(), sv.data(), ib[it], ie[it]);
    }
    std::vector<X> buckets(sh.Slots());
    for (uint32_t g = 0; g < sh.Slots(); g++)
      buckets[g] = MsmMergeThread(partials.data(), counts.data(), first.data(), g);
    const uint32_t seg_threads = std::min<uint32_t>(8, sh.Buckets()), seg_len = sh.Buckets() / seg_threads;
    for (uint32_t w = 0; w < sh.Group(); w++)
      for (uint32_t j = 0; j < seg_threads; j++)
        window_sums[w0 + w].Add(MsmSegmentThread(buckets.data(), w, j, seg_len, sh));
  }
  ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
  for (uint32_t w = sh.windows; w-- > 0;) {
    for (uint32_t b = 0; b < sh.c; b++) acc = acc.Double();
    acc += ToJacobian<C>(window_sums[w]);
  }
  return acc;
}

template <class C> void EdgeCases(std::initializer_list<size_t> sizes) {
  auto rng = test::Rng(31);
  for (size_t n : sizes) {
    auto m = test::EdgeCase<C>(n, rng);
    for (unsigned c : {4u, 5u, 7u}) {
      ASSERT_TRUE(TwinMsm<C>(m.bases, m.scalars, c, 3) == m.expected) << "n=" << n << " c=" << c;
    }
  }
}
TEST(GpuMsmEmulation, G1EdgeCases) { EdgeCases<ec::G1Curve>({1, 2, 9, 37, 100}); }

// a long run's windows taken a group a pass (msm_impl.cuh's RunOnce): every group size, uneven
// last groups included, gives the same sum as one pass
TEST(GpuMsmEmulation, WindowGroupsGiveTheSameSum) {
  auto rng = test::Rng(32);
  auto m = test::EdgeCase<ec::G1Curve>(37, rng);
  for (unsigned c : {5u, 8u, 13u})
    for (uint32_t group : {1u, 2u, 3u, 7u}) {
      ASSERT_TRUE(TwinMsm<ec::G1Curve>(m.bases, m.scalars, c, 4, group) == m.expected)
          << "c=" << c << " group=" << group;
    }
}
TEST(GpuMsmEmulation, G2EdgeCases) { EdgeCases<ec::G2Curve>({1, 9, 37}); }

TEST(GpuMsmEmulation, G1SkewedScalars) {
  auto rng = test::Rng(32);
  std::vector<ff::Fr> logs;
  auto bases = test::ProgressionBases<ec::G1Curve>(300, rng, logs);
  for (auto kind : {test::ScalarKind::kAllEqual, test::ScalarKind::kZeroOneMinusOne, test::ScalarKind::kSmall,
                    test::ScalarKind::kUniform}) {
    auto k = test::Scalars(300, kind, rng);
    const auto expected = test::ExpectedFromLogs<ec::G1Curve>(logs, k);
    // chunks that cut runs into 1-point items up to whole runs, alone and in window groups
    for (uint32_t chunk : {1u, 3u, 16u, 1000u}) {
      ASSERT_TRUE(TwinMsm<ec::G1Curve>(bases, k, 6, chunk) == expected) << "chunk " << chunk;
      ASSERT_TRUE(TwinMsm<ec::G1Curve>(bases, k, 9, chunk, 4) == expected) << "grouped, chunk " << chunk;
    }
  }
}

// the measured defaults (BENCHMARKS.md, sessions 5 and 6): the cost-model width (no forced width), no profile, c
// copied; Msm::WindowBits forwards to MsmWindowBits, which gives the partition's A tail 16 bits
TEST(GpuMsmEmulation, TuningDefaults) {
  EXPECT_EQ(MsmTuning{}.window_bits, 0u);
  EXPECT_FALSE(MsmTuning{}.profile);
  EXPECT_FALSE(GpuTuning{}.derive_c);
  EXPECT_TRUE(GpuTuning{}.msm == MsmTuning{});
  EXPECT_EQ(MsmWindowBits(3902194), 16u); // the partition's A tail
}

// the window widths at the sizes measured on an H200 (BENCHMARKS.md); they keep the top window at least c/2 bits wide
// and widen with n
TEST(GpuMsmEmulation, WindowWidths) {
  const struct {
    size_t n;
    unsigned c;
  } cases[] = {{size_t(1) << 20, 15},       {size_t(1) << 22, 16}, {size_t(1) << 24, 17}, {size_t(1) << 26, 20},
               {(size_t(1) << 27) - 1, 20}, {3902194, 16},         {3889784, 16},         {991507, 15},
               {size_t(1) << 28, 22}};
  for (const auto &k : cases) EXPECT_EQ(MsmWindowBits(k.n), k.c) << "n=" << k.n;
  unsigned last = 0;
  for (size_t n = 1; n <= (size_t(1) << 28); n = n * 3 / 2 + 1) {
    const unsigned c = MsmWindowBits(n), top = MsmTopBits(c);
    ASSERT_TRUE(c >= MSM_MIN_WINDOW_BITS && c <= MSM_MAX_WINDOW_BITS) << "n=" << n;
    ASSERT_GE(2 * top, c) << "n=" << n;
    ASSERT_GE(c, last) << "n=" << n; // Msm::CapFor sizes the buffers by that
    last = c;
  }
}

TEST(GpuMsmEmulation, DigitsRecombine) {
  // Σ_w d_w·2^(c·w) = k for every window width: the signed recoding loses nothing
  auto rng = test::Rng(33);
  const ff::Fr half = ff::Fr::FromUint(2).Inverse() * -ff::Fr::One(); // (r − 1)/2, the largest scalar not folded
  const ff::Fr edges[] = {-ff::Fr::One(),
                          ff::Fr::Zero(),
                          ff::Fr::One(),
                          half,
                          half + ff::Fr::One(),
                          -half,
                          ff::Fr::FromUint(2).Pow(253),
                          ff::Fr::FromUint(2).Pow(254) - ff::Fr::One()};
  for (unsigned c = 4; c <= 22; c++) {
    for (size_t t = 0; t < 40; t++) {
      ff::Fr k = t < std::size(edges) ? edges[t] : ff::Fr::Random(rng);
      Fr dk = ToDevice<Fr>(k);
      MsmShape sh;
      sh.n = 1;
      sh.c = c;
      sh.windows = MsmWindows(c);
      ASSERT_GE(sh.windows * c, 255u);
      std::vector<uint32_t> keys(sh.windows), vals(sh.windows);
      MsmDigitsThread(&dk, 0, sh, keys.data(), vals.data());
      ff::Fr acc = ff::Fr::Zero(), scale = ff::Fr::FromUint(uint64_t(1) << c);
      for (uint32_t w = sh.windows; w-- > 0;) {
        ASSERT_EQ(keys[w] >> c, w);
        const uint32_t mag = keys[w] & ((1u << c) - 1);
        ASSERT_LE(mag, 1u << (c - 1));
        ff::Fr d = ff::Fr::FromUint(mag);
        acc = acc * scale + ((vals[w] >> 31) ? -d : d);
      }
      ASSERT_TRUE(acc == k) << "c=" << c;
    }
  }
}

template <class C> void BatchAddTwin() {
  using A = typename DevicePoint<C>::AffineT;
  using X = typename DevicePoint<C>::XyzzT;
  auto rng = test::Rng(34);
  for (size_t n : {1, 63, 64, 65, 200, 700}) {
    std::vector<ff::Fr> logs;
    auto hb = test::ProgressionBases<C>(n, rng, logs);
    hb[n / 2] = ec::Affine<C>::Infinity();
    std::vector<A> bases(n);
    for (size_t i = 0; i < n; i++) bases[i] = ToDevice<A>(hb[i]);
    std::vector<uint64_t> bitmap((n + 63) / 64 + 1, ~uint64_t(0)); // bits past n set on purpose
    for (auto &w : bitmap) w = rng();
    // n = 700: empty words, runs of them included, that a thread's loop skips to reach its next bit
    if (n == 700)
      for (size_t w : {0, 2, 3, 4, 8}) bitmap[w] = 0;
    ec::Jacobian<C> expected = ec::Jacobian<C>::Infinity();
    for (size_t i = 0; i < n; i++)
      if ((bitmap[i / 64] >> (i % 64)) & 1) expected += hb[i];
    X acc = X::Infinity();
    for (uint64_t t = 0; t < 3; t++) acc.Add(BatchAddThread<A, X>(bases.data(), bitmap.data(), n, t, 3));
    ASSERT_TRUE(ToJacobian<C>(acc) == expected) << "n=" << n;
  }
}
TEST(GpuBatchAddEmulation, G1) { BatchAddTwin<ec::G1Curve>(); }
TEST(GpuBatchAddEmulation, G2) { BatchAddTwin<ec::G2Curve>(); }

} // namespace
