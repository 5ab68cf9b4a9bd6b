// tests/common/stopwatch.hpp — what the long tests print beside their checks: elapsed wall time and
// the process's peak resident memory, so a run's log shows what a production size costs.
#pragma once
#include "base/elapsed.hpp"

#include <sys/resource.h>

namespace cuzk::test {

using base::SecondsSince;

//! the process's peak resident set so far (ru_maxrss, which never resets)
inline double PeakRssMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0; // KiB on Linux
}

} // namespace cuzk::test
