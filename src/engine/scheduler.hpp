// src/engine/scheduler.hpp — which work goes next: the queue policy, without threads.
//
// One priority queue of planning steps and partitions (CRITICAL > HIGH > NORMAL > LOW, FIFO by
// submission within a level), the bounded queue of synthesised partitions waiting for a prover,
// and the jobs parked for room in the SRS budget. The rules:
//  * the partition served next must fit both the bounded queue (counted per priority: only work of
//    its priority or higher takes its slot, ReadySlotFree) and the working-memory budget; a
//    lower-priority partition never overtakes it, so memory freed goes to the most urgent work;
//  * the CRITICAL lane's synthesis worker takes CRITICAL work only, and the other workers leave
//    CRITICAL work to it while it is free;
//  * a prover holds off lower-priority work while a CRITICAL partition is being synthesised (or
//    about to be) and no other idle prover is left for it (ProverMayTakeTop);
//  * parked jobs go back to the queue when an SRS lease was released, or after a while.
// Not thread-safe: the engine calls it under its lock; the workers' threads and condition
// variables stay in pipeline.cpp. Time comes in as an argument, so tests drive it with a fake clock.
#pragma once
#include "engine/job.hpp"
#include "engine/memory_budget.hpp"
#include "engine/priority_queue.hpp"

#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <utility>
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
  bool via_pce = false; //!< synthesised through its pre-compiled circuit
  //! devices (by DeviceState ordinal) whose ProveStart failed on it: it is retried on another
  std::vector<uint32_t> failed_on;

  bool FailedOn(uint32_t device) const {
    for (uint32_t d : failed_on)
      if (d == device) return true;
    return false;
  }
};

//! what a synthesis worker does next
struct SynthesisStep {
  enum class Kind {
    kIdle,       //!< nothing for this worker: wait for a notification (HasParked: with a timeout)
    kWait,       //!< work heads the queue but its ready slot or its memory is not free: wait, timed
    kPlan,       //!< plan `job` (popped; the job is RUNNING)
    kTooLarge,   //!< partition `index` of `job` can never fit the budget: fail the job (still queued)
    kSynthesize, //!< synthesise partition `index` of `job` (popped; `reservation` holds `bytes`)
  };
  Kind kind = Kind::kIdle;
  std::shared_ptr<Job> job;
  uint32_t index = 0;
  Priority priority = Priority::NORMAL;
  uint64_t bytes = 0;
  MemoryReservation reservation;
  //! the CRITICAL lane took work: the other workers may serve CRITICAL work now (notify them)
  bool lane_took_work = false;
};

class Scheduler {
public:
  struct Config {
    uint32_t max_ready_partitions = 2; //!< EngineConfig::max_ready_partitions
    bool critical_lane = true;         //!< EngineConfig::critical_lane
    //! parked jobs are retried after this long even without an SRS release
    std::chrono::milliseconds park_retry{1000};
  };
  Scheduler(Config config, MemoryBudget &working) : config_(config), working_(working) {}

  // ---- submission and planning ----
  //! queues a job's planning step; returns the jobs queued ahead of it (not yet planned, served first)
  uint32_t QueueJob(const std::shared_ptr<Job> &job);
  //! queues every partition of a planned job
  void QueuePartitions(const std::shared_ptr<Job> &job);
  //! a planned job waits for room in the SRS budget; `srs_generation` counts SRS releases so far
  void Park(const std::shared_ptr<Job> &job, Clock::time_point now, uint64_t srs_generation);
  bool HasParked() const { return !parked_.empty(); }
  //! planning of a job ended (its partitions are queued, it failed, or it is parked)
  void PlanDone(bool on_lane);
  //! takes every queued, ready and parked item of a job out; returns the ready partitions removed
  //! (each was one of the job's partitions_in_flight)
  std::vector<ReadyPartition> RemoveJob(Job &job);

  // ---- synthesis workers ----
  //! the next step of a synthesis worker (lane: the CRITICAL lane's); first puts parked jobs back
  //! when an SRS lease was released since they parked (`srs_generation` moved) or park_retry passed
  SynthesisStep NextSynthesis(bool lane, Clock::time_point now, uint64_t srs_generation);
  //! a kSynthesize step ended; a partition that succeeded goes to PushReady right after
  void SynthesisDone(Priority priority);
  void PushReady(ReadyPartition partition);
  //! whether a partition of this priority may start synthesis now, as far as the bounded queue is
  //! concerned: fewer than max_ready_partitions of equal or higher priority are being synthesised
  //! or wait for a prover
  bool ReadySlotFree(Priority priority) const;
  //! CRITICAL partitions being synthesised now
  uint32_t CriticalSynthesizing() const { return synthesizing_[size_t(Priority::CRITICAL)]; }

  // ---- provers ----
  void ProverIdle() { idle_provers_++; }
  void ProverBusy() { idle_provers_--; }
  //! whether the asking (idle) prover of `device` may take its top ready partition now (the first
  //! one that has not failed on that device): not while a CRITICAL partition is being synthesised
  //! (or heads the queue and fits the budget, so a worker is about to start it) and no other idle
  //! prover is left to take that one as soon as it is ready; a CRITICAL top always goes
  //! (each "no" with a partition on offer counts in CriticalHolds)
  bool ProverMayTakeTop(uint32_t device) const;
  //! pops that partition (call when ProverMayTakeTop)
  std::optional<ReadyPartition> TakeReady(uint32_t device);
  //! puts back a partition whose device failed (its failed_on names that device)
  void Retry(ReadyPartition partition) { PushReady(std::move(partition)); }
  //! calls f(const ReadyPartition &) for every ready partition, in order
  template <class F> void ForEachReady(F &&f) const {
    ready_.ForEach([&](const QueueKey &, const ReadyPartition &p) { f(p); });
  }

  // ---- for status ----
  const PriorityQueue<QueuedTask> &Queue() const { return queue_; }
  size_t ReadyCount() const { return ready_.Size(); }
  //! times NextSynthesis found the next partition's bytes did not fit the working memory (it waits)
  uint64_t MemoryWaits() const { return memory_waits_; }
  //! times ProverMayTakeTop held a prover off a ready partition for a CRITICAL synthesis, and how many
  //! partitions were ready the last time (what a test waits for instead of sleeping)
  uint64_t CriticalHolds() const { return critical_holds_; }
  size_t ReadyAtLastCriticalHold() const { return ready_at_last_hold_; }

private:
  //! the first ready partition a prover of `device` may take; nullptr when none
  const std::pair<const QueueKey, ReadyPartition> *TopFor(uint32_t device) const;
  void RequeueParked(Clock::time_point now, uint64_t srs_generation);

  const Config config_;
  MemoryBudget &working_;
  PriorityQueue<QueuedTask> queue_;
  PriorityQueue<ReadyPartition> ready_;
  std::vector<std::shared_ptr<Job>> parked_;
  Clock::time_point parked_since_{};
  uint64_t parked_generation_ = 0;
  //! partitions being synthesised, by priority (index = the Priority value); they hold a ready slot
  std::array<uint32_t, 5> synthesizing_{};
  uint32_t idle_provers_ = 0; //!< prover workers waiting for a partition
  bool lane_busy_ = false;    //!< the CRITICAL lane's worker is planning or synthesising
  uint64_t memory_waits_ = 0;
  // counted by a const query (the provers' wait predicate): observation only, never a decision
  mutable uint64_t critical_holds_ = 0;
  mutable size_t ready_at_last_hold_ = 0;
};

} // namespace cuzk::engine
