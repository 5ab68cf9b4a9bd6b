// src/base/phase_timer.hpp — adds the seconds a scope took to a running total: the provers' per-phase
// timings (groth16::ProverTimings) are sums of these.
#pragma once
#include <chrono>

namespace cuzk {

class PhaseTimer {
public:
  explicit PhaseTimer(double &sink) : sink_(sink), start_(std::chrono::steady_clock::now()) {}
  ~PhaseTimer() { sink_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  PhaseTimer(const PhaseTimer &) = delete;
  PhaseTimer &operator=(const PhaseTimer &) = delete;

private:
  double &sink_;
  std::chrono::steady_clock::time_point start_;
};

} // namespace cuzk
