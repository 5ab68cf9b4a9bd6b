// apps/cuzk-bench/timeline/timeline.hpp — where a request's time goes, partition by partition: an SVG
// picture (one row per partition, coloured spans for each stage) and a text summary, drawn from the
// per-partition timings the daemon returns (AwaitProofResponse.partition_timings). Kept apart from the
// proto so that it is tested on its own.
#pragma once
#include <cstdint>
#include <span>
#include <string>

namespace cuzk::bench {

//! One partition of one job. Offsets are milliseconds since the job's submission (the daemon's
//! clock); a stage that did not happen is 0. submitted_s places the job on the picture's clock.
struct PartitionTrace {
  std::string job; //!< a short label ("#3")
  uint32_t partition = 0;
  int32_t device = -1; //!< device ordinal, -1 for the CPU backend
  bool pre_compiled = false;
  double submitted_s = 0;
  double synthesis_start_ms = 0, synthesis_end_ms = 0;
  double prove_start_ms = 0; //!< a prover took it: the end of its wait for a device
  double device_end_ms = 0;  //!< the device's part (ProveStart) is done
  double prove_end_ms = 0;   //!< the CPU's part (ProveFinish) is done
  double self_check_end_ms = 0;
  //! where its a, b, c were formed (the daemon's AbcEvaluation)
  enum class Abc { kSynthesis, kDevice, kProverHost } abc = Abc::kSynthesis;
  uint64_t held_bytes = 0;     //!< host memory its assignment held from synthesis until a prover took it
  bool witness_packed = false; //!< its witness waited packed (a, b, c left to the GPU)
};

//! Stages in the order they happen; each is the span [its start, the next one's start].
enum class Stage { kQueued, kSynthesis, kWaitingForDevice, kOnDevice, kFinish, kSelfCheck };
inline constexpr int STAGE_COUNT = 6;
const char *StageName(Stage s);

//! A self-contained SVG document (no scripts, no external references). Rows are sorted by job
//! submission, then partition.
std::string TimelineSvg(std::span<const PartitionTrace> traces, const std::string &title);

//! Plain text: one line per partition (each stage's seconds), then the totals: wall time, the sum
//! of each stage, and each device's busy fraction (the union of its on-device spans over the wall).
std::string TimelineSummary(std::span<const PartitionTrace> traces);

//! The union of [start, end) intervals, in the same unit (for busy fractions).
double UnionLength(std::span<const std::pair<double, double>> intervals);

} // namespace cuzk::bench
