// src/gpu/fixed_base_table.hpp — the window table of a fixed base (gpu/fixed_base.hpp), built on the
// host: table[i·2^(w−1) + j − 1] = j·2^(w·i)·base, the layout the device kernels read.
#pragma once
#include "ec/point.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace cuzk::gpu::fixed_base {

//! table[i·row + j − 1] = j·2^(window·i)·base, rows built in parallel threads.
template <class C>
inline std::vector<ec::Affine<C>> BuildTable(const ec::Affine<C> &base, unsigned window, size_t num_windows) {
  const size_t row = size_t(1) << (window - 1);
  std::vector<ec::Jacobian<C>> steps(num_windows);
  steps[0] = ec::Jacobian<C>::FromAffine(base);
  for (size_t i = 1; i < num_windows; i++) {
    steps[i] = steps[i - 1];
    for (unsigned d = 0; d < window; d++) steps[i] = steps[i].Double();
  }
  std::vector<ec::Affine<C>> table(num_windows * row);
  const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, num_windows);
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; t++) {
    pool.emplace_back([&, t] {
      std::vector<ec::Jacobian<C>> r(row);
      for (size_t i = t; i < num_windows; i += threads) {
        r[0] = steps[i];
        for (size_t j = 1; j < row; j++) r[j] = r[j - 1] + steps[i];
        const std::vector<ec::Affine<C>> affine = ec::BatchToAffine<C>(r);
        std::copy(affine.begin(), affine.end(), table.begin() + i * row);
      }
    });
  }
  for (auto &th : pool) th.join();
  return table;
}

} // namespace cuzk::gpu::fixed_base
