// src/engine/engine_impl.hpp — the engine's state and workers (internal to src/engine).
//
// One lock (mu) guards the jobs, both queues and the device bookkeeping; work runs outside it.
// Three condition variables: synth_cv (work or room for synthesis workers), prove_cv (ready
// partitions, or a CRITICAL synthesis ended), done_cv (a job finished). Lock order: mu before the SRS manager's and the
// memory budget's own locks; their release callbacks only notify, never take mu.
#pragma once
#include "engine/engine.hpp"
#include "engine/job.hpp"
#include "engine/memory_budget.hpp"
#include "engine/metrics.hpp"
#include "engine/priority_queue.hpp"
#include "engine/srs_manager.hpp"

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace cuzk::engine {

//! a partition waiting for synthesis, or (partition −1 in its key) a job waiting to be planned
struct QueuedTask {
  std::shared_ptr<Job> job;
  uint32_t index = 0;
};

//! a synthesised partition waiting for a prover
struct ReadyPartition {
  std::shared_ptr<Job> job;
  uint32_t index = 0;
  std::unique_ptr<r1cs::ProvingAssignment> assignment;
  MemoryReservation reservation;
};

struct DeviceState {
  DeviceSpec spec;
  uint32_t ordinal = 0;
  std::mutex prove_mu;                 //!< one ProveStart at a time per device
  std::vector<std::string> worker_job; //!< per worker: job being proved, "" when idle
  std::vector<ProofKind> worker_kind;
  uint64_t proved = 0, failed = 0;
  double busy_seconds = 0;
};

struct Engine::Impl {
  explicit Impl(EngineConfig cfg);

  // ---- workers (pipeline.cpp) ----
  //! critical_lane: this worker takes CRITICAL work only (EngineConfig::critical_lane)
  void SynthesisWorker(bool critical_lane);
  void ProverWorker(DeviceState &device, uint32_t worker);
  //! whether a partition of this priority may start synthesis now, as far as the bounded queue is
  //! concerned: fewer than max_ready_partitions of equal or higher priority are being synthesised
  //! or wait for a prover (lower-priority ones never take its slot); requires mu
  bool ReadySlotFree(Priority priority) const;
  //! whether the prover `ready`'s top would go to may take it now: it may not while a CRITICAL
  //! partition is being synthesised (or heads the queue and fits the budget, so a worker is about
  //! to start it) and no other idle prover is left to take that one as soon as it is ready; a
  //! CRITICAL top always goes; requires mu
  bool ProverMayTakeTop() const;
  //! plans a job and leases its parameters; called without mu (on_lane: by the CRITICAL lane)
  void PlanJob(const std::shared_ptr<Job> &job, bool on_lane);
  //! puts parked jobs back in the queue once an SRS lease was released (or a while passed); requires mu
  void RequeueParked();

  // ---- bookkeeping (engine.cpp) ----
  //! ends a job (no-op if it has ended): drops its queued work and leases, wakes awaiters; requires mu
  void FinishJob(Job &job, JobState state, std::string error);
  EngineStatus StatusLocked() const; // requires mu

  EngineConfig config;
  const Clock::time_point started_at = Clock::now();
  Metrics metrics;
  MemoryBudget working;
  SrsManager srs; // outlives the jobs below (leases point into it)

  mutable std::mutex mu;
  std::condition_variable synth_cv, prove_cv, done_cv;
  std::map<ProofKind, std::shared_ptr<const ProofKindHandler>> handlers;
  std::map<std::string, std::shared_ptr<Job>, std::less<>> jobs;
  std::deque<std::shared_ptr<Job>> finished; //!< retention order
  PriorityQueue<QueuedTask> queue;
  PriorityQueue<ReadyPartition> ready;
  std::vector<std::shared_ptr<Job>> parked; //!< planned, waiting for SRS room
  //! each circuit id's assignment shape from its last synthesis: the next partition of that circuit reserves it up
  //! front (ProvingAssignment::Reserve), so its buffers hold exactly its data and are never regrown (a 32 GiB SnapDeals
  //! partition: 10.4 GB instead of 17.2 GB allocated, and the regrowth's copies saved; BENCHMARKS.md)
  std::map<std::string, r1cs::AssignmentShape, std::less<>> shapes;
  Clock::time_point parked_since{};
  uint64_t parked_generation = 0;
  std::atomic<uint64_t> srs_release_generation{0};
  //! partitions being synthesised, by priority (index = the Priority value); they hold a ready slot
  std::array<uint32_t, 5> synthesizing{};
  //! times a synthesis worker found that the next partition did not fit the working memory and
  //! waited (EngineStatus::memory_waits)
  uint64_t memory_waits = 0;
  uint32_t idle_provers = 0; //!< prover workers waiting for a partition
  bool lane_busy = false;    //!< the CRITICAL lane's worker is planning or synthesising
  uint64_t next_seq = 1;
  bool accepting = true;
  bool stopping = false;
  bool joined = false;
  std::vector<std::unique_ptr<DeviceState>> devices;
  std::vector<std::thread> threads;
};

} // namespace cuzk::engine
