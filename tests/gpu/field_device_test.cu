// tests/gpu/field_device_test.cu — device field and curve arithmetic (PTX carry chains) against
// src/ff and src/ec, element by element on random inputs and edge values.
#include "gpu/cuda_check.hpp"
#include "gpu/curve.cuh"
#include "gpu/resources.hpp"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

constexpr int OPS = 6;

template <class F> __global__ void FieldOpsKernel(const F *a, const F *b, F *out, uint32_t n) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const F x = a[i], y = b[i];
  out[OPS * i + 0] = x * y;
  out[OPS * i + 1] = x + y;
  out[OPS * i + 2] = x - y;
  out[OPS * i + 3] = x.Square();
  out[OPS * i + 4] = -x;
  out[OPS * i + 5] = x.Double();
}

template <class HF, class DF, class MakeRandom> void CheckField(MakeRandom random) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(41);
  const size_t n = 1 << 16;
  std::vector<HF> a(n), b(n);
  const std::vector<HF> edge = {HF::Zero(), HF::One(), -HF::One(), HF::One() + HF::One()};
  for (size_t i = 0; i < n; i++) {
    a[i] = i < 16 ? edge[i % 4] : random(rng);
    b[i] = i < 16 ? edge[i / 4] : random(rng);
  }
  DeviceBuffer<HF> da(dev, n), db(dev, n), dout(dev, OPS * n);
  da.CopyFromHost(a, s);
  db.CopyFromHost(b, s);
  FieldOpsKernel<DF><<<unsigned((n + 255) / 256), 256, 0, s.Get()>>>(reinterpret_cast<const DF *>(da.Data()),
                                                                     reinterpret_cast<const DF *>(db.Data()),
                                                                     reinterpret_cast<DF *>(dout.Data()), uint32_t(n));
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<HF> out(OPS * n);
  dout.CopyToHost(out, s);
  s.Synchronize();
  for (size_t i = 0; i < n; i++) {
    ASSERT_TRUE(out[OPS * i + 0] == a[i] * b[i]) << "mul at " << i;
    ASSERT_TRUE(out[OPS * i + 1] == a[i] + b[i]) << "add at " << i;
    ASSERT_TRUE(out[OPS * i + 2] == a[i] - b[i]) << "sub at " << i;
    ASSERT_TRUE(out[OPS * i + 3] == a[i].Square()) << "sqr at " << i;
    ASSERT_TRUE(out[OPS * i + 4] == -a[i]) << "neg at " << i;
    ASSERT_TRUE(out[OPS * i + 5] == a[i].Double()) << "dbl at " << i;
  }
}

TEST(GpuFieldDevice, Fr) {
  CheckField<ff::Fr, gpu::Fr>([](auto &rng) { return ff::Fr::Random(rng); });
}
TEST(GpuFieldDevice, Fp) {
  CheckField<ff::Fp, gpu::Fp>([](auto &rng) { return ff::Fp::Random(rng); });
}
TEST(GpuFieldDevice, Fp2) {
  CheckField<ff::Fp2, gpu::Fp2>([](auto &rng) { return ff::Fp2{ff::Fp::Random(rng), ff::Fp::Random(rng)}; });
}

//! per i: p + q (mixed), 2(p + q), 2(p + q) + (p + q) (full), p + p (mixed doubling), p − p
template <class A, class X> __global__ void CurveOpsKernel(const A *p, const A *q, X *out, uint32_t n) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  X s = X::FromAffine(p[i]);
  s.AddAffine(q[i]);
  X d = s.Double();
  X t = d;
  t.Add(s);
  X pp = X::FromAffine(p[i]);
  pp.AddAffine(p[i]);
  X z = X::FromAffine(p[i]);
  z.AddAffine(-p[i]);
  out[5 * i + 0] = s;
  out[5 * i + 1] = d;
  out[5 * i + 2] = t;
  out[5 * i + 3] = pp;
  out[5 * i + 4] = z;
}

template <class C> void CheckCurve() {
  CUZK_REQUIRE_GPU();
  using DP = DevicePoint<C>;
  using A = typename DP::AffineT;
  using X = typename DP::XyzzT;
  using J = ec::Jacobian<C>;
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(42);
  const size_t n = 256;
  std::vector<J> pj(n), qj(n);
  const J g = J::Generator();
  for (size_t i = 0; i < n; i++) {
    pj[i] = g * ff::Fr::Random(rng);
    qj[i] = i % 7 == 0 ? pj[i] : g * ff::Fr::Random(rng); // some p = q: the doubling case
  }
  auto pa = ec::BatchToAffine<C>(pj), qa = ec::BatchToAffine<C>(qj);
  pa[1] = ec::Affine<C>::Infinity(); // infinity on either side
  qa[2] = ec::Affine<C>::Infinity();
  DeviceBuffer<ec::Affine<C>> dp(dev, n), dq(dev, n);
  DeviceBuffer<X> dout(dev, 5 * n);
  dp.CopyFromHost(pa, s);
  dq.CopyFromHost(qa, s);
  CurveOpsKernel<A, X><<<unsigned(n / 64), 64, 0, s.Get()>>>(
      reinterpret_cast<const A *>(dp.Data()), reinterpret_cast<const A *>(dq.Data()), dout.Data(), uint32_t(n));
  CUZK_CUDA_CHECK_LAUNCH();
  std::vector<X> out(5 * n);
  dout.CopyToHost(out, s);
  s.Synchronize();
  for (size_t i = 0; i < n; i++) {
    const J p = J::FromAffine(pa[i]), q = J::FromAffine(qa[i]), sum = p + q;
    ASSERT_TRUE(ToJacobian<C>(out[5 * i + 0]) == sum) << i;
    ASSERT_TRUE(ToJacobian<C>(out[5 * i + 1]) == sum.Double()) << i;
    ASSERT_TRUE(ToJacobian<C>(out[5 * i + 2]) == sum.Double() + sum) << i;
    ASSERT_TRUE(ToJacobian<C>(out[5 * i + 3]) == p.Double()) << i;
    ASSERT_TRUE(out[5 * i + 4].IsInfinity()) << i;
  }
}

TEST(GpuCurveDevice, G1) { CheckCurve<ec::G1Curve>(); }
TEST(GpuCurveDevice, G2) { CheckCurve<ec::G2Curve>(); }

} // namespace
