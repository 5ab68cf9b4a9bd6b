// tests/gpu/fixed_base_test.cpp — gpu::FixedBaseMul against the host's double-and-add
// (ec::Jacobian::MulLimbs), for G1 and G2, at edge scalars (0, 1, 2, r − 1, r − 2, 2^k) and random
// ones, several windows, counts that are not multiples of anything and chunks smaller than the
// count.
#include "gpu/fixed_base.hpp"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::gpu {
namespace {

using ff::Fr;

std::vector<Fr> Scalars(size_t n, uint64_t seed) {
  std::vector<Fr> s = {Fr::Zero(), Fr::One(), Fr::FromUint(2), -Fr::One(), -Fr::FromUint(2), Fr::FromUint(3)};
  // powers of two cross every window boundary; 2^254 is the top bit of the largest scalars
  for (unsigned k : {15u, 16u, 31u, 32u, 63u, 64u, 127u, 128u, 200u, 254u}) s.push_back(Fr::FromUint(2).Pow(k));
  auto rng = test::Rng(seed);
  while (s.size() < n) s.push_back(Fr::Random(rng));
  s.resize(n);
  return s;
}

// "" when every product matches, else the first mismatch
template <class C> std::string Check(unsigned window, size_t n, size_t max_chunk) {
  const std::vector<Fr> s = Scalars(n, window * 1000 + n);
  const ec::Jacobian<C> g = ec::Jacobian<C>::Generator();
  FixedBaseMul<C> mul(Device::ByOrdinal(0), ec::Affine<C>::Generator(), window);
  std::vector<ec::Affine<C>> out(n);
  mul.Mul(s, out, max_chunk);
  for (size_t i = 0; i < n; i++) {
    if (out[i] != g.MulLimbs(s[i].ToCanonical()).ToAffine())
      return "scalar " + std::to_string(i) + " of " + std::to_string(n) + ", window " + std::to_string(window) +
             ", chunk " + std::to_string(max_chunk);
  }
  if (!out[0].IsInfinity()) return "[0]G is not infinity";
  if (n > 1 && out[1] != ec::Affine<C>::Generator()) return "[1]G is not G";
  return "";
}

template <class F> bool Throws(F &&f) {
  try {
    f();
  } catch (const std::invalid_argument &) {
    return true;
  }
  return false;
}

TEST(GpuFixedBase, G1Window16) {
  CUZK_REQUIRE_GPU();
  const std::string r = Check<ec::G1Curve>(16, 3001, 0);
  EXPECT_TRUE(r.empty()) << r;
}
TEST(GpuFixedBase, G1Window13Chunked) {
  CUZK_REQUIRE_GPU();
  const std::string r = Check<ec::G1Curve>(13, 1000, 77);
  EXPECT_TRUE(r.empty()) << r;
}
TEST(GpuFixedBase, G1Window2) {
  CUZK_REQUIRE_GPU();
  const std::string r = Check<ec::G1Curve>(2, 100, 0);
  EXPECT_TRUE(r.empty()) << r;
}
TEST(GpuFixedBase, G1SmallCounts) {
  CUZK_REQUIRE_GPU();
  for (size_t n : {1, 2, 31, 33}) {
    const std::string r = Check<ec::G1Curve>(8, n, 0);
    EXPECT_TRUE(r.empty()) << r;
  }
}
TEST(GpuFixedBase, G2Window16) {
  CUZK_REQUIRE_GPU();
  const std::string r = Check<ec::G2Curve>(16, 700, 0);
  EXPECT_TRUE(r.empty()) << r;
}
TEST(GpuFixedBase, G2Window5Chunked) {
  CUZK_REQUIRE_GPU();
  const std::string r = Check<ec::G2Curve>(5, 300, 64);
  EXPECT_TRUE(r.empty()) << r;
}

TEST(GpuFixedBase, RejectsBadArguments) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  EXPECT_TRUE(Throws([&] { FixedBaseMul<ec::G1Curve>(dev, ec::G1Affine::Generator(), 1); }));
  EXPECT_TRUE(Throws([&] { FixedBaseMul<ec::G1Curve>(dev, ec::G1Affine::Generator(), 17); }));
  EXPECT_TRUE(Throws([&] { FixedBaseMul<ec::G1Curve>(dev, ec::G1Affine::Infinity(), 8); }));
  FixedBaseMul<ec::G1Curve> mul(dev, ec::G1Affine::Generator(), 4);
  std::vector<Fr> s(3, Fr::One());
  std::vector<ec::G1Affine> out(2);
  EXPECT_TRUE(Throws([&] { mul.Mul(s, out); }));
}

} // namespace
} // namespace cuzk::gpu
