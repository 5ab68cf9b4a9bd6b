// src/engine/metrics.hpp — counters the engine keeps, rendered as Prometheus text.
//
// Counters are monotonic and end in _total; gauges (queue depths, memory, uptime) are read from
// the live status when rendering, so they cannot drift from what GetStatus reports.
#pragma once
#include "engine/engine.hpp"

#include <map>
#include <mutex>
#include <string>

namespace cuzk::engine {

struct SrsCounters {
  uint64_t loads = 0;
  double load_seconds = 0;
  uint64_t evictions = 0;
};

class Metrics {
public:
  //! a job ended; total_seconds counts for COMPLETED jobs' duration summary
  void JobFinished(ProofKind kind, ProofStatus status, const StageTimings &timings);
  void SelfCheckFailed(ProofKind kind);
  void EstimateExceeded();
  //! where a proved partition's a, b, c were formed (PartitionTimeline::deferred_abc, abc_on_prover_host)
  enum class AbcSite { kSynthesis, kDevice, kProverHost };
  void PartitionProved(AbcSite site);

  struct Totals {
    uint64_t completed = 0, failed = 0, cancelled = 0;
  };
  //! over all kinds
  Totals JobTotals() const;
  uint64_t SelfCheckFailures() const;
  uint64_t EstimateExceededCount() const;

  //! counters plus the gauges of status (Prometheus text format 0.0.4)
  std::string Render(const EngineStatus &status, const SrsCounters &srs) const;

private:
  struct PerKind {
    uint64_t completed = 0, failed = 0, cancelled = 0, self_check_failures = 0;
    double duration_sum = 0; //!< seconds, completed jobs
    double queue_sum = 0, srs_sum = 0, synthesis_sum = 0, prove_sum = 0, self_check_sum = 0;
  };
  mutable std::mutex mu_;
  std::map<std::string, PerKind> kinds_; //!< by ProofKindLabel
  uint64_t self_check_failures_ = 0;
  uint64_t estimate_exceeded_ = 0;
  uint64_t abc_sites_[3] = {};
};

} // namespace cuzk::engine
