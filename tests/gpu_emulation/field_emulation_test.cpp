// tests/gpu_emulation/field_emulation_test.cpp — the device field and curve code, compiled for the host
// (carry.hpp's portable chain), against src/ff and src/ec. Runs everywhere, CI included.
#include "gpu/curve.cuh"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using gpu::ToDevice;
using gpu::ToHost;

namespace {

template <class HF, class DF> void CheckFieldOps(int rounds) {
  auto rng = gpu::test::Rng();
  std::vector<HF> edge = {HF::Zero(), HF::One(), -HF::One(), HF::FromUint(2), -HF::FromUint(2)};
  for (int i = 0; i < rounds + int(edge.size() * edge.size()); i++) {
    HF a, b;
    if (i < int(edge.size() * edge.size())) {
      a = edge[i % edge.size()];
      b = edge[i / edge.size()];
    } else {
      a = HF::Random(rng);
      b = HF::Random(rng);
    }
    DF da = ToDevice<DF>(a), db = ToDevice<DF>(b);
    ASSERT_TRUE(ToHost<HF>(da * db) == a * b) << "mul " << a.ToHex() << " " << b.ToHex();
    ASSERT_TRUE(ToHost<HF>(da + db) == a + b) << "add";
    ASSERT_TRUE(ToHost<HF>(da - db) == a - b) << "sub";
    ASSERT_TRUE(ToHost<HF>(-da) == -a) << "neg";
    ASSERT_TRUE(ToHost<HF>(da.Square()) == a.Square()) << "sqr";
    ASSERT_TRUE(ToHost<HF>(da.Double()) == a.Double()) << "dbl";
    ASSERT_EQ(da.IsZero(), a.IsZero());
    ASSERT_EQ(da == db, a == b);
  }
}

TEST(GpuFieldEmulation, FrMatchesHost) { CheckFieldOps<ff::Fr, gpu::Fr>(2000); }
TEST(GpuFieldEmulation, FpMatchesHost) { CheckFieldOps<ff::Fp, gpu::Fp>(2000); }

// Square has its own product (cross terms once) and reduction: the largest inputs stress its carries
template <class HF, class DF> void CheckSquareAndInverse() {
  auto rng = gpu::test::Rng(7);
  std::vector<HF> xs = {HF::Zero(), HF::One(), -HF::One(), -HF::FromUint(2), HF::FromUint(1) - HF::FromUint(3)};
  for (int i = 0; i < 300; i++) xs.push_back(HF::Random(rng));
  for (const HF &a : xs) {
    const DF da = ToDevice<DF>(a);
    ASSERT_TRUE(ToHost<HF>(da.Square()) == a * a) << a.ToHex();
    ASSERT_TRUE(ToHost<HF>(da.Square()) == ToHost<HF>(da * da)) << a.ToHex();
  }
  for (int i = 0; i < 5; i++) {
    const HF a = i == 0 ? -HF::One() : HF::Random(rng);
    ASSERT_TRUE(ToHost<HF>(ToDevice<DF>(a).Inverse()) * a == HF::One()) << a.ToHex();
  }
  EXPECT_TRUE(DF::Zero().Inverse().IsZero());
}

TEST(GpuFieldEmulation, FrSquareAndInverse) { CheckSquareAndInverse<ff::Fr, gpu::Fr>(); }
TEST(GpuFieldEmulation, FpSquareAndInverse) { CheckSquareAndInverse<ff::Fp, gpu::Fp>(); }

TEST(GpuFieldEmulation, FromMontgomeryIsCanonical) {
  auto rng = gpu::test::Rng(3);
  for (int i = 0; i < 100; i++) {
    ff::Fr a = ff::Fr::Random(rng);
    auto c = ToHost<ff::Fr>(ToDevice<gpu::Fr>(a).FromMontgomery());
    ASSERT_TRUE(c.l == a.ToCanonical());
  }
  EXPECT_TRUE(ToHost<ff::Fr>(gpu::Fr::One()) == ff::Fr::One());
  EXPECT_TRUE(ToHost<ff::Fp>(gpu::Fp::One()) == ff::Fp::One());
}

TEST(GpuFieldEmulation, Fp2MatchesHost) {
  auto rng = gpu::test::Rng(5);
  for (int i = 0; i < 500; i++) {
    ff::Fp2 a{ff::Fp::Random(rng), ff::Fp::Random(rng)}, b{ff::Fp::Random(rng), ff::Fp::Random(rng)};
    gpu::Fp2 da = ToDevice<gpu::Fp2>(a), db = ToDevice<gpu::Fp2>(b);
    ASSERT_TRUE(ToHost<ff::Fp2>(da * db) == a * b);
    ASSERT_TRUE(ToHost<ff::Fp2>(da.Square()) == a.Square());
    ASSERT_TRUE(ToHost<ff::Fp2>(da + db) == a + b);
    ASSERT_TRUE(ToHost<ff::Fp2>(da - db) == a - b);
  }
}

template <class C> void CheckCurveOps() {
  using DP = gpu::DevicePoint<C>;
  using J = ec::Jacobian<C>;
  auto rng = gpu::test::Rng(11);
  const J g = J::Generator();
  for (int i = 0; i < 20; i++) {
    J p = g * ff::Fr::Random(rng), q = g * ff::Fr::Random(rng);
    auto pa = p.ToAffine(), qa = q.ToAffine();
    auto dpa = ToDevice<typename DP::AffineT>(pa), dqa = ToDevice<typename DP::AffineT>(qa);
    auto x = DP::XyzzT::FromAffine(dpa);
    // mixed addition, including the doubling and the opposite-point cases
    auto s = x;
    s.AddAffine(dqa);
    ASSERT_TRUE(gpu::ToJacobian<C>(s) == p + q);
    s = x;
    s.AddAffine(dpa);
    ASSERT_TRUE(gpu::ToJacobian<C>(s) == p.Double());
    s = x;
    s.AddAffine(-dpa);
    ASSERT_TRUE(s.IsInfinity());
    s = DP::XyzzT::Infinity();
    s.AddAffine(dpa);
    ASSERT_TRUE(gpu::ToJacobian<C>(s) == p);
    s.AddAffine(DP::AffineT::Infinity());
    ASSERT_TRUE(gpu::ToJacobian<C>(s) == p);
    // full addition and doubling of non-normalised points
    auto y = DP::XyzzT::FromAffine(dqa);
    y.AddAffine(dpa); // p + q, with ZZ ≠ 1
    auto z = y.Double();
    ASSERT_TRUE(gpu::ToJacobian<C>(z) == (p + q).Double());
    auto w = z;
    w.Add(y);
    ASSERT_TRUE(gpu::ToJacobian<C>(w) == (p + q).Double() + p + q);
    w = y;
    w.Add(y);
    ASSERT_TRUE(gpu::ToJacobian<C>(w) == (p + q).Double());
    w = z;
    w.Add(DP::XyzzT::Infinity());
    ASSERT_TRUE(gpu::ToJacobian<C>(w) == (p + q).Double());
    auto inf = DP::XyzzT::Infinity();
    inf.Add(z);
    ASSERT_TRUE(gpu::ToJacobian<C>(inf) == (p + q).Double());
  }
}

TEST(GpuCurveEmulation, G1MatchesHost) { CheckCurveOps<ec::G1Curve>(); }
TEST(GpuCurveEmulation, G2MatchesHost) { CheckCurveOps<ec::G2Curve>(); }

} // namespace
