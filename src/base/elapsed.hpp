// src/base/elapsed.hpp — wall seconds since a steady-clock instant: the unit of every phase timing
// (setup, C2 steps, test-parameter generation) and of the benchmarks' and long tests' reports.
#pragma once
#include <chrono>

namespace cuzk::base {

inline double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace cuzk::base
