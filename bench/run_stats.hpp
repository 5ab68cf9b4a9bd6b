// bench/run_stats.hpp — what the partition benchmarks (partition_synth_bench, witness_bench) report
// of repeated runs: process CPU time beside wall time, the median of R runs, and the process's peak memory.
#pragma once
#include <sys/resource.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace cuzk::bench {

//! CPU seconds of the whole process (every thread, user and system): on a shared machine a run's
//! wall time includes waiting for a core, its CPU time does not
inline double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

//! the peak resident memory of the process so far, in KiB (getrusage's ru_maxrss on Linux)
inline long PeakRssKiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

//! the middle value, or the mean of the two middle ones for an even count (non-empty `v`)
inline double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace cuzk::bench
