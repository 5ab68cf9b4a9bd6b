// tests/gpu_emulation/fixed_base_emulation_test.cpp — the fixed-base multiplier's thread bodies
// (gpu/fixed_base_body.cuh) compiled for the host, with the host's table (ec::FixedBaseTable::Table) and
// the strided Montgomery-trick normalisation of ToAffineKernel written as loops, against the host's
// double-and-add. Runs everywhere, CI included; tests/gpu/fixed_base_test.cpp runs the kernels.
#include "ec/fixed_base.hpp"
#include "gpu/fixed_base_body.cuh"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace cuzk;

namespace {

// "" when every product matches, else the first mismatch
template <class C> std::string Check(unsigned window, size_t n, size_t points_per_inversion) {
  using DF = typename gpu::DevicePoint<C>::Field;
  using DA = typename gpu::DevicePoint<C>::AffineT;
  using DX = typename gpu::DevicePoint<C>::XyzzT;
  const size_t num_windows = ff::Fr::NUM_BITS / window + 1;
  const ec::FixedBaseTable<C> host(ec::Jacobian<C>::FromAffine(ec::Affine<C>::Generator()), window);
  if (host.NumWindows() != num_windows) return "the host table has another window count";
  const std::span<const ec::Affine<C>> host_table = host.Table();
  std::vector<DA> table(host_table.size());
  for (size_t i = 0; i < table.size(); i++) table[i] = gpu::ToDevice<DA>(host_table[i]);

  std::vector<ff::Fr> s = {ff::Fr::Zero(), ff::Fr::One(), -ff::Fr::One(), -ff::Fr::FromUint(2),
                           ff::Fr::FromUint(2).Pow(254)};
  auto rng = gpu::test::Rng(window * 7 + n);
  while (s.size() < n) s.push_back(ff::Fr::Random(rng));
  std::vector<DX> xyzz(n);
  for (size_t i = 0; i < n; i++)
    xyzz[i] = gpu::fixed_base::MulOne(gpu::ToDevice<gpu::Fr>(s[i]), table.data(), window, unsigned(num_windows));
  // ToAffineKernel's threads, one after another
  const size_t stride = (n + points_per_inversion - 1) / points_per_inversion;
  std::vector<DF> prefix(n);
  std::vector<DA> out(n);
  for (size_t t = 0; t < stride && t < n; t++) {
    const size_t count = (n - 1 - t) / stride + 1;
    DF acc = DF::One();
    for (size_t j = 0; j < count; j++) {
      prefix[t + j * stride] = acc;
      acc = acc * gpu::fixed_base::Denominator(xyzz[t + j * stride]);
    }
    DF inv = gpu::fixed_base::Invert(acc);
    for (size_t j = count; j-- > 0;) {
      const size_t i = t + j * stride;
      out[i] = gpu::fixed_base::ToAffine(xyzz[i], inv * prefix[i]);
      inv = inv * gpu::fixed_base::Denominator(xyzz[i]);
    }
  }
  const ec::Jacobian<C> g = ec::Jacobian<C>::Generator();
  for (size_t i = 0; i < n; i++) {
    if (gpu::ToHost<ec::Affine<C>>(out[i]) != g.MulLimbs(s[i].ToCanonical()).ToAffine())
      return "scalar " + std::to_string(i) + ", window " + std::to_string(window);
  }
  return "";
}

TEST(GpuFixedBaseEmulation, G1) {
  for (unsigned w : {2u, 5u, 8u, 13u}) {
    const std::string r = Check<ec::G1Curve>(w, 70, 8);
    EXPECT_TRUE(r.empty()) << r;
  }
}
TEST(GpuFixedBaseEmulation, G2) {
  for (unsigned w : {3u, 8u}) {
    const std::string r = Check<ec::G2Curve>(w, 20, 3);
    EXPECT_TRUE(r.empty()) << r;
  }
}
TEST(GpuFixedBaseEmulation, Fp2Inverse) {
  auto rng = gpu::test::Rng(5);
  for (int i = 0; i < 20; i++) {
    const ff::Fp2 a{ff::Fp::Random(rng), ff::Fp::Random(rng)};
    EXPECT_TRUE(gpu::ToHost<ff::Fp2>(gpu::fixed_base::Invert(gpu::ToDevice<gpu::Fp2>(a))) == a.Inverse());
  }
  EXPECT_TRUE(gpu::fixed_base::Invert(gpu::Fp2::Zero()).IsZero());
}

} // namespace
