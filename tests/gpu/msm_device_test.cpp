// tests/gpu/msm_device_test.cpp — device MSM (G1, G2) and batch addition against host sums:
// naive Σ k·P with every edge case mixed in for small n, and the discrete-log oracle of
// msm_fixtures.hpp for large n and skewed scalar distributions.
#include "gpu/msm.hpp"
#include "gpu_test_util.hpp"
#include "msm_fixtures.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

template <class C>
ec::Jacobian<C> MsmOnDevice(Msm<C> &msm, const Device &dev, const std::vector<ec::Affine<C>> &bases,
                            const std::vector<ff::Fr> &k, const Stream &s) {
  DeviceBuffer<ec::Affine<C>> db(dev, bases.size());
  DeviceBuffer<ff::Fr> dk(dev, k.size());
  db.CopyFromHost(bases, s);
  dk.CopyFromHost(k, s);
  return msm.Run(db.Data(), dk.Data(), k.size(), s);
}

// a window width other than the automatic one
MsmTuning Window(unsigned window_bits) {
  MsmTuning t;
  t.window_bits = window_bits;
  return t;
}
MsmTuning Auto() { return MsmTuning{}; }

template <class C> void EdgeCases(std::initializer_list<size_t> sizes, MsmTuning tuning) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(61);
  Msm<C> msm(dev, 4096, tuning);
  for (size_t n : sizes) {
    auto m = test::EdgeCase<C>(n, rng);
    ASSERT_TRUE(MsmOnDevice(msm, dev, m.bases, m.scalars, s) == m.expected) << C::NAME << " n=" << n;
  }
  // all scalars zero, and an empty input
  auto m = test::EdgeCase<C>(50, rng);
  std::vector<ff::Fr> zeros(50, ff::Fr::Zero());
  EXPECT_TRUE(MsmOnDevice(msm, dev, m.bases, zeros, s).IsInfinity());
  EXPECT_TRUE(msm.Run(nullptr, nullptr, 0, s).IsInfinity());
}

TEST(GpuMsmDevice, G1EdgeCases) { EdgeCases<ec::G1Curve>({1, 2, 3, 31, 32, 33, 100, 511, 1000, 4096}, Auto()); }
TEST(GpuMsmDevice, G2EdgeCases) { EdgeCases<ec::G2Curve>({1, 2, 33, 100, 600}, Auto()); }

template <class C> void Large(std::initializer_list<size_t> sizes, bool skewed, MsmTuning tuning = Auto()) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(62);
  size_t max_n = 0;
  for (size_t n : sizes) max_n = std::max(max_n, n);
  Msm<C> msm(dev, max_n, tuning);
  for (size_t n : sizes) {
    std::vector<ff::Fr> logs;
    auto bases = test::ProgressionBases<C>(n, rng, logs);
    std::vector<test::ScalarKind> kinds = {test::ScalarKind::kUniform};
    if (skewed) {
      kinds.push_back(test::ScalarKind::kAllEqual);
      kinds.push_back(test::ScalarKind::kZeroOneMinusOne);
      kinds.push_back(test::ScalarKind::kSmall);
    }
    for (auto kind : kinds) {
      auto k = test::Scalars(n, kind, rng);
      ASSERT_TRUE(MsmOnDevice(msm, dev, bases, k, s) == test::ExpectedFromLogs<C>(logs, k))
          << C::NAME << " n=" << n << " kind=" << int(kind);
    }
  }
}

// One Msm serves every shorter run: a run with narrower windows and smaller work items than the
// size it was built for must still fit its buffers (4095 points give 4-bit windows and 1153 items;
// 190 points need 1157 at their natural chunk).
TEST(GpuMsmDevice, RunsShorterThanTheCapacity) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(64);
  Msm<ec::G1Curve> msm(dev, 4095, Auto());
  for (size_t n : {4095, 2047, 1000, 190, 100, 33, 1}) {
    std::vector<ff::Fr> logs;
    auto bases = test::ProgressionBases<ec::G1Curve>(n, rng, logs);
    auto k = test::Scalars(n, test::ScalarKind::kUniform, rng);
    ASSERT_TRUE(MsmOnDevice(msm, dev, bases, k, s) == test::ExpectedFromLogs<ec::G1Curve>(logs, k)) << "n=" << n;
  }
}

TEST(GpuMsmDevice, G1LargeUniform) { Large<ec::G1Curve>({1 << 12, 1 << 16, (1 << 20) + 3}, false); }
TEST(GpuMsmDevice, G1Skewed) { Large<ec::G1Curve>({1 << 14, 1 << 18}, true); }
TEST(GpuMsmDevice, G2Large) { Large<ec::G2Curve>({1 << 12, 1 << 16}, true); }
// windows wider than the automatic choice: many buckets per window, few points per bucket
TEST(GpuMsmDevice, WideWindows) {
  Large<ec::G1Curve>({1 << 16}, true, Window(20));
  Large<ec::G1Curve>({1 << 16}, false, Window(17));
  Large<ec::G2Curve>({1 << 12}, false, Window(18));
}

// MsmTuning::profile (gpus.msm_profile) prints the phases and changes no sum
TEST(GpuMsmDevice, ProfiledRuns) {
  MsmTuning t;
  t.profile = true;
  EdgeCases<ec::G1Curve>({1, 33, 4096}, t);
  Large<ec::G1Curve>({1 << 16}, true, t);
}

template <class C> void BatchAddCheck(std::initializer_list<size_t> sizes, MsmTuning tuning = Auto()) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(63);
  BatchAdd<C> adder(dev, tuning);
  for (size_t n : sizes) {
    std::vector<ff::Fr> logs;
    auto bases = test::ProgressionBases<C>(n, rng, logs);
    if (n > 2) bases[n / 2] = ec::Affine<C>::Infinity();
    for (int density : {0, 50, 97, 100}) {
      std::vector<uint64_t> bitmap((n + 63) / 64, 0);
      ff::Fr sum = ff::Fr::Zero();
      for (size_t i = 0; i < n; i++) {
        if (uint64_t(rng() % 100) < uint64_t(density)) {
          bitmap[i / 64] |= uint64_t(1) << (i % 64);
          if (!bases[i].IsInfinity()) sum += logs[i];
        }
      }
      DeviceBuffer<ec::Affine<C>> db(dev, n);
      DeviceBuffer<uint64_t> dm(dev, bitmap.size());
      db.CopyFromHost(bases, s);
      dm.CopyFromHost(bitmap, s);
      ASSERT_TRUE(adder.Run(db.Data(), dm.Data(), n, s) == ec::Jacobian<C>::Generator() * sum)
          << C::NAME << " n=" << n << " density=" << density;
    }
  }
}

TEST(GpuBatchAddDevice, G1) { BatchAddCheck<ec::G1Curve>({1, 64, 65, 1000, 1 << 20}); }
TEST(GpuBatchAddDevice, G2) { BatchAddCheck<ec::G2Curve>({1, 100, 1 << 16}); }

} // namespace
