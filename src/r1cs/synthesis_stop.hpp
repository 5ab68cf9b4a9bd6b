// src/r1cs/synthesis_stop.hpp — a stop flag a synthesis on this thread obeys.
//
// A cancelled job or a daemon shutting down should free its synthesis worker within milliseconds,
// not after the whole partition (minutes at 32 GiB). While a flag is installed on a thread,
// ProvingAssignment checks it every STOP_CHECK_INTERVAL constraints synthesised on that thread and,
// once it is set, throws SynthesisError. Thread-local, so circuits need no parameter for it. The CPU
// prover (groth16::CpuBackend) obeys the same flag between its phases and inside its MSMs.
#pragma once
#include <atomic>
#include <cstddef>

namespace cuzk::r1cs {

inline constexpr size_t STOP_CHECK_INTERVAL = size_t(1) << 14;

//! Installs `stop` for syntheses on this thread while it lives (nullptr: none); restores the
//! previous flag when it ends.
class ScopedSynthesisStop {
public:
  explicit ScopedSynthesisStop(const std::atomic<bool> *stop);
  ~ScopedSynthesisStop();
  ScopedSynthesisStop(const ScopedSynthesisStop &) = delete;
  ScopedSynthesisStop &operator=(const ScopedSynthesisStop &) = delete;

private:
  const std::atomic<bool> *previous_;
};

//! whether the flag installed on this thread is set
bool SynthesisStopRequested();
//! the flag installed on this thread, or null: for work that runs on other threads too (the CPU
//! prover hands it to its MSMs' tasks)
const std::atomic<bool> *InstalledSynthesisStop();

} // namespace cuzk::r1cs
