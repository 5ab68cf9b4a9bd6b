// apps/cuzk-bench/timer.hpp — wall-clock medians for the self-test's timings.
#pragma once
#include <algorithm>
#include <chrono>
#include <vector>

namespace cuzk::bench {

//! Runs `body` once to warm caches and lazily built tables, then `runs` times, and returns the
//! median wall time in nanoseconds divided by `ops` (the work one run does).
template <class F> double MedianNs(unsigned runs, double ops, F &&body) {
  body();
  std::vector<double> ns;
  for (unsigned i = 0; i < runs; i++) {
    auto t0 = std::chrono::steady_clock::now();
    body();
    auto t1 = std::chrono::steady_clock::now();
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / ops);
  }
  std::sort(ns.begin(), ns.end());
  return ns[ns.size() / 2];
}

//! keeps a computed value alive so the optimiser cannot drop the loop that produced it
template <class T> void KeepAlive(const T &value) { asm volatile("" : : "r"(&value) : "memory"); }

} // namespace cuzk::bench
