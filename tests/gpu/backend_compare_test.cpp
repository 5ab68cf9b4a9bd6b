// tests/gpu/backend_compare_test.cpp — the GPU kernels against the CPU backend (DESIGN rule 5:
// the CPU backend is the reference): every NTT kind and the H step equal src/poly element for
// element, and the MSM and batch addition equal src/msm, for G1 and G2, on uniform scalars and on
// the edge cases (zero, one, −1, repeated and infinity bases). Built only where the CPU backend is
// (oneTBB present); skips without a device.
#include "ff/ff.hpp"
#include "gpu/msm.hpp"
#include "gpu/ntt.hpp"
#include "gpu_test_util.hpp"
#include "msm/msm.hpp"
#include "msm_fixtures.hpp"
#include "ntt_test_util.hpp"
#include "poly/ntt.hpp"
#include "poly/quotient.hpp"
#include "reference.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

using Fr = ff::Fr; // the host field; gpu::Fr is the device twin

TEST(GpuVsCpuBackend, NttEveryKindEqualsPoly) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(71);
  for (unsigned k : {1u, 2u, 5u, 10u, 13u, 16u, 18u, 20u, 22u}) {
    const poly::Domain &cpu = poly::Domain::Get(k);
    NttDomain gpu(dev, k);
    const auto a = test::RandomVector(size_t(1) << k, rng);
    auto ref = a;
    poly::Ntt(cpu, ref);
    ASSERT_TRUE(test::RunOnDevice(gpu, a, NttKind::kForward, s) == ref) << "forward 2^" << k;
    ref = a;
    poly::Intt(cpu, ref);
    ASSERT_TRUE(test::RunOnDevice(gpu, a, NttKind::kInverse, s) == ref) << "inverse 2^" << k;
    ref = a;
    poly::CosetNtt(cpu, ref);
    ASSERT_TRUE(test::RunOnDevice(gpu, a, NttKind::kCosetForward, s) == ref) << "coset forward 2^" << k;
    ref = a;
    poly::CosetIntt(cpu, ref);
    ASSERT_TRUE(test::RunOnDevice(gpu, a, NttKind::kCosetInverse, s) == ref) << "coset inverse 2^" << k;
  }
}

TEST(GpuVsCpuBackend, QuotientEqualsPolyComputeH) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(72);
  for (unsigned k : {3u, 12u, 18u}) {
    const size_t n = size_t(1) << k;
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    DeviceBuffer<Fr> da(dev, n), db(dev, n), dc(dev, n);
    da.CopyFromHost(a, s);
    db.CopyFromHost(b, s);
    dc.CopyFromHost(c, s);
    NttDomain(dev, k).ComputeH(da.Data(), db.Data(), dc.Data(), s);
    std::vector<Fr> h(n);
    da.CopyToHost(h, s);
    s.Synchronize();
    poly::ComputeH(poly::Domain::Get(k), a, b, c);
    ASSERT_TRUE(h == a) << "H at 2^" << k;
  }
}

template <class C> void CompareMsm(uint64_t seed) {
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(seed);
  const size_t max_n = size_t(1) << 16;
  Msm<C> gpu_msm(dev, max_n);
  for (size_t n : {size_t(1), size_t(2), size_t(100), size_t(4096), max_n}) {
    for (int kind = 0; kind < 2; kind++) {
      test::MsmCase<C> m;
      if (kind == 0) {
        m = test::EdgeCase<C>(n, rng);
      } else {
        std::vector<Fr> logs;
        m.bases = test::ProgressionBases<C>(n, rng, logs);
        m.scalars = test::Scalars(n, test::ScalarKind::kUniform, rng);
      }
      DeviceBuffer<ec::Affine<C>> bases(dev, n);
      DeviceBuffer<Fr> scalars(dev, n);
      bases.CopyFromHost(m.bases, s);
      scalars.CopyFromHost(m.scalars, s);
      const ec::Jacobian<C> on_gpu = gpu_msm.Run(bases.Data(), scalars.Data(), n, s);
      const ec::Jacobian<C> on_cpu = msm::Msm(std::span<const ec::Affine<C>>(m.bases), std::span<const Fr>(m.scalars));
      ASSERT_TRUE(on_gpu == on_cpu) << C::NAME << " n=" << n << (kind == 0 ? " edge" : " uniform");
    }
  }
}

TEST(GpuVsCpuBackend, MsmG1EqualsCpu) {
  CUZK_REQUIRE_GPU();
  CompareMsm<ec::G1Curve>(73);
}

TEST(GpuVsCpuBackend, MsmG2EqualsCpu) {
  CUZK_REQUIRE_GPU();
  CompareMsm<ec::G2Curve>(74);
}

TEST(GpuVsCpuBackend, BatchAddEqualsCpuMsmOfZeroOneScalars) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(75);
  const size_t n = 10000;
  std::vector<Fr> logs;
  const auto bases = test::ProgressionBases<ec::G1Curve>(n, rng, logs);
  std::vector<uint64_t> bitmap((n + 63) / 64, 0);
  std::vector<Fr> scalars(n, Fr::Zero());
  for (size_t i = 0; i < n; i++) {
    if (rng() % 3 == 0) {
      bitmap[i / 64] |= uint64_t(1) << (i % 64);
      scalars[i] = Fr::One();
    }
  }
  DeviceBuffer<ec::G1Affine> dbases(dev, n);
  DeviceBuffer<uint64_t> dbitmap(dev, bitmap.size());
  dbases.CopyFromHost(bases, s);
  dbitmap.CopyFromHost(bitmap, s);
  BatchAddG1 add(dev);
  const ec::G1 on_gpu = add.Run(dbases.Data(), dbitmap.Data(), n, s);
  const ec::G1 on_cpu = msm::Msm(std::span<const ec::G1Affine>(bases), std::span<const Fr>(scalars));
  ASSERT_TRUE(on_gpu == on_cpu);
}

} // namespace
