// apps/cuzk-bench/latency_stats.hpp — latency summaries (min, mean, percentiles, max) for batch and stress.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace cuzk::bench {

struct LatencySummary {
  size_t count = 0;
  double min = 0, mean = 0, p50 = 0, p90 = 0, p99 = 0, max = 0;
};

//! Nearest-rank percentiles of `samples` (any unit).
inline LatencySummary Summarize(std::vector<double> samples) {
  LatencySummary s;
  s.count = samples.size();
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  auto rank = [&](double p) {
    return samples[std::min(samples.size() - 1, size_t(std::ceil(p * samples.size())) - 1)];
  };
  double sum = 0;
  for (double v : samples) sum += v;
  s.min = samples.front();
  s.max = samples.back();
  s.mean = sum / samples.size();
  s.p50 = rank(0.50);
  s.p90 = rank(0.90);
  s.p99 = rank(0.99);
  return s;
}

//! "min 1.20 / avg 1.35 / p50 1.31 / p90 1.52 / p99 1.60 / max 1.60 <unit>"
inline std::string FormatSummary(const LatencySummary &s, const char *unit) {
  char buf[200];
  std::snprintf(buf, sizeof(buf), "min %.2f / avg %.2f / p50 %.2f / p90 %.2f / p99 %.2f / max %.2f %s", s.min, s.mean,
                s.p50, s.p90, s.p99, s.max, unit);
  return buf;
}

} // namespace cuzk::bench
