// tests/gpu/ntt_device_test.cpp — the device NTT (forward, inverse, coset forward, coset
// inverse) and the H step against host references, sizes 2^1 … 2^24.
//   ≤ 2^16: every output against the textbook reference (reference.hpp).
//   > 2^16: round trips, plus outputs checked as evaluations of the input polynomial (Horner)
//           at a few indices; H on a satisfied system checked by h(τ)·Z(τ) = A(τ)B(τ) − C(τ).
#include "ff/ff.hpp"
#include "gpu/ntt.hpp"
#include "gpu_test_util.hpp"
#include "ntt_test_util.hpp"
#include "reference.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

using Fr = ff::Fr; // the host field; gpu::Fr is the device twin

TEST(GpuNttDevice, SmallSizesMatchReferenceExactly) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(51);
  const NttKind kinds[] = {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse};
  void (*refs[])(std::vector<Fr> &) = {test::RefForward, test::RefInverse, test::RefCosetForward,
                                       test::RefCosetInverse};
  for (unsigned k = 1; k <= 16; k++) {
    NttDomain dom(dev, k);
    auto a = test::RandomVector(size_t(1) << k, rng);
    DeviceBuffer<Fr> two(dev, 2 * a.size());
    EXPECT_THROW(dom.TransformPlan(two.Data(), NttKind::kForward, two.Data() + a.size() - 1), std::invalid_argument)
        << "scratch overlapping the data, 2^" << k;
    for (int i = 0; i < 4; i++) {
      auto ref = a;
      refs[i](ref);
      // in place (a bit-reversal pass) and through scratch (the permutation fused into the lowest pass)
      for (bool oop : {false, true})
        ASSERT_TRUE(test::RunOnDevice(dom, a, kinds[i], s, oop) == ref)
            << "kind " << i << " at 2^" << k << (oop ? ", out of place" : ", in place");
    }
  }
}

TEST(GpuNttDevice, LargeSizesEvaluateAndRoundTrip) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(52);
  for (unsigned k = 17; k <= 24; k++) {
    const size_t n = size_t(1) << k;
    NttDomain dom(dev, k);
    auto a = test::RandomVector(n, rng);
    auto fwd = test::RunOnDevice(dom, a, NttKind::kForward, s);
    auto cfwd = test::RunOnDevice(dom, a, NttKind::kCosetForward, s);
    const Fr w = DomainRoot(k), g = CosetGenerator();
    for (size_t i : {size_t(0), size_t(1), n - 1, (n / 3) | 1}) {
      const Fr x = w.Pow(i);
      ASSERT_TRUE(fwd[i] == test::Horner(a, x)) << "forward 2^" << k << " at " << i;
      ASSERT_TRUE(cfwd[i] == test::Horner(a, g * x)) << "coset forward 2^" << k << " at " << i;
    }
    ASSERT_TRUE(test::RunOnDevice(dom, fwd, NttKind::kInverse, s) == a) << "inverse∘forward 2^" << k;
    ASSERT_TRUE(test::RunOnDevice(dom, cfwd, NttKind::kCosetInverse, s) == a) << "coset inverse∘forward 2^" << k;
    // through scratch: the same outputs, element for element
    ASSERT_TRUE(test::RunOnDevice(dom, a, NttKind::kForward, s, true) == fwd) << "forward out of place 2^" << k;
    ASSERT_TRUE(test::RunOnDevice(dom, a, NttKind::kCosetForward, s, true) == cfwd)
        << "coset forward out of place 2^" << k;
    ASSERT_TRUE(test::RunOnDevice(dom, fwd, NttKind::kInverse, s, true) == a) << "inverse out of place 2^" << k;
    ASSERT_TRUE(test::RunOnDevice(dom, cfwd, NttKind::kCosetInverse, s, true) == a)
        << "coset inverse out of place 2^" << k;
  }
}

std::vector<Fr> HOnDevice(const NttDomain &dom, const std::vector<Fr> &a, const std::vector<Fr> &b,
                          const std::vector<Fr> &c, const Stream &s, bool natural_out = true) {
  const Device &dev = dom.Dev();
  DeviceBuffer<Fr> da(dev, a.size()), db(dev, a.size()), dc(dev, a.size());
  da.CopyFromHost(a, s);
  db.CopyFromHost(b, s);
  dc.CopyFromHost(c, s);
  dom.ComputeH(da.Data(), db.Data(), dc.Data(), s, natural_out);
  std::vector<Fr> h(a.size());
  da.CopyToHost(h, s);
  s.Synchronize();
  return h;
}

TEST(GpuNttDevice, QuotientMatchesReference) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(53);
  for (unsigned k = 1; k <= 12; k++) {
    const size_t n = size_t(1) << k;
    NttDomain dom(dev, k);
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    ASSERT_TRUE(HOnDevice(dom, a, b, c, s) == test::RefH(a, b, c)) << "H at 2^" << k;
  }
}

TEST(GpuNttDevice, QuotientBitReversedOutput) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(55);
  for (unsigned k : {1u, 6u, 9u, 10u, 13u}) {
    const size_t n = size_t(1) << k;
    NttDomain dom(dev, k);
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    const auto ref = test::RefH(a, b, c);
    const auto h = HOnDevice(dom, a, b, c, s, false);
    for (size_t j = 0; j < n; j++) ASSERT_TRUE(h[RevBits(uint32_t(j), k)] == ref[j]) << "h_" << j << " at 2^" << k;
  }
}

//! Σ v_i L_i(τ), with L_i(τ) = Z(τ)·ω^i / (n·(τ − ω^i)) and one batched inversion
Fr EvaluateLagrange(const std::vector<Fr> &v, unsigned k, const Fr &tau) {
  const size_t n = v.size();
  const Fr w = DomainRoot(k);
  std::vector<Fr> den(n), scratch(n);
  Fr wi = Fr::One();
  std::vector<Fr> powers(n);
  for (size_t i = 0; i < n; i++) {
    powers[i] = wi;
    den[i] = tau - wi;
    wi = wi * w;
  }
  ff::BatchInverse<Fr>(den, scratch);
  const Fr z = tau.Pow(uint64_t(n)) - Fr::One();
  const Fr factor = z * Fr::FromUint(n).Inverse();
  Fr acc = Fr::Zero();
  for (size_t i = 0; i < n; i++) acc += v[i] * powers[i] * den[i];
  return acc * factor;
}

TEST(GpuNttDevice, QuotientOfSatisfiedSystemDividesExactly) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto rng = test::Rng(54);
  for (unsigned k : {14u, 18u, 24u}) {
    const size_t n = size_t(1) << k;
    NttDomain dom(dev, k);
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng);
    std::vector<Fr> c(n);
    for (size_t i = 0; i < n; i++) c[i] = a[i] * b[i]; // a satisfied R1CS: A·B − C vanishes on the domain
    auto h = HOnDevice(dom, a, b, c, s);
    EXPECT_TRUE(h[n - 1].IsZero()) << "deg h ≤ n − 2 at 2^" << k;
    const Fr tau = Fr::Random(rng);
    const Fr lhs = test::Horner(h, tau) * (tau.Pow(uint64_t(n)) - Fr::One());
    const Fr rhs = EvaluateLagrange(a, k, tau) * EvaluateLagrange(b, k, tau) - EvaluateLagrange(c, k, tau);
    ASSERT_TRUE(lhs == rhs) << "h·Z = A·B − C at 2^" << k;
  }
}

} // namespace
