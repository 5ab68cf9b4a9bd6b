// tests/gpu/gpu_test_util.hpp — shared helpers of the GPU tests.
#pragma once
#include "gpu/device.hpp"

#include <random>

namespace cuzk::gpu::test {

//! seeded generator: every test is reproducible
inline std::mt19937_64 Rng(uint64_t seed = 0x6375'7a6b) { return std::mt19937_64(seed); }

} // namespace cuzk::gpu::test

//! Skip (visibly) when this machine has no CUDA device: CI has none.
#define CUZK_REQUIRE_GPU()                                                                                             \
  do {                                                                                                                 \
    if (::cuzk::gpu::DeviceCount() == 0) GTEST_SKIP() << "no CUDA device";                                             \
  } while (0)
