// src/engine/engine_impl.hpp — the engine's state and workers (internal to src/engine).
//
// One lock (mu) guards the jobs, the scheduler and the device bookkeeping; work runs outside it.
// Three condition variables: synth_cv (work or room for synthesis workers), prove_cv (ready
// partitions, or a CRITICAL synthesis ended), done_cv (a job finished). Lock order: mu before the SRS manager's and the
// memory budget's own locks; their release callbacks only notify, never take mu.
#pragma once
#include "engine/engine.hpp"
#include "engine/job.hpp"
#include "engine/memory_budget.hpp"
#include "engine/metrics.hpp"
#include "engine/pce_cache.hpp"
#include "engine/scheduler.hpp"
#include "engine/srs_manager.hpp"

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace cuzk::engine {

struct DeviceState {
  DeviceSpec spec;
  uint32_t ordinal = 0;
  std::mutex prove_mu;                 //!< one ProveStart at a time per device
  std::vector<std::string> worker_job; //!< per worker: job being proved, "" when idle
  std::vector<ProofKind> worker_kind;
  uint64_t proved = 0, failed = 0;
  double busy_seconds = 0;
  uint32_t live_workers = 0;         //!< workers still serving (they leave when it is taken out)
  uint32_t consecutive_failures = 0; //!< ProveStart failures since its last success
  bool out = false;                  //!< taken out of rotation: its workers take no more partitions
  std::string last_error;            //!< of its last failed partition, or why it was taken out
  bool warned_abc_on_host = false;   //!< said once that its prover formed deferred a, b, c on the host
};

struct Engine::Impl {
  explicit Impl(EngineConfig cfg);

  // ---- workers (pipeline.cpp) ----
  //! critical_lane: this worker takes CRITICAL work only (EngineConfig::critical_lane)
  void SynthesisWorker(bool critical_lane);
  void ProverWorker(DeviceState &device, uint32_t worker);
  //! One partition's synthesis into `out` (fresh): through its pre-compiled circuit when there is
  //! one (starting a recording of its shape when there is none), generically otherwise or when the
  //! pre-compiled path fails. Returns whether the pre-compiled path made it. Called without mu;
  //! throws what synthesis throws. Through the pre-compiled path, a, b, c are left to the prover
  //! (out.IsDeferred()) when DeferAbc().
  //! where a pre-compiled synthesis spent its time (for the log; zero on the generic path)
  struct SynthesisSteps {
    double witness_ms = 0, abc_ms = 0, pack_ms = 0;
  };
  bool SynthesizePartition(const PartitionWork &work, const std::optional<r1cs::AssignmentShape> &shape,
                           uint64_t partition_bytes, r1cs::ProvingAssignment &out, SynthesisSteps &steps);
  //! EngineConfig::pce_gpu_eval and every proving device a GPU: only a GPU prover forms a, b, c
  //! without holding them in host memory, so with a CPU device in the engine they are formed in
  //! synthesis, within the partition's reservation, as before
  bool DeferAbc() const;
  //! takes a device out of rotation (it failed EngineConfig::device_failure_limit times in a row,
  //! failed its probe, or has no backend): its workers stop taking partitions; partitions that
  //! cannot be retried on any device left fail their jobs, and with no device left every
  //! unfinished job fails; requires mu
  void TakeOutOfRotation(DeviceState &device, const std::string &why);
  //! plans a job and leases its parameters; called without mu (on_lane: by the CRITICAL lane)
  void PlanJob(const std::shared_ptr<Job> &job, bool on_lane);

  // ---- bookkeeping (engine.cpp) ----
  //! ends a job (no-op if it has ended): drops its queued work and leases, wakes awaiters; requires mu
  void FinishJob(Job &job, JobState state, const std::string &error);
  EngineStatus StatusLocked() const; // requires mu

  EngineConfig config;
  const Clock::time_point started_at = Clock::now();
  Metrics metrics;
  MemoryBudget working;
  SrsManager srs; // outlives the jobs below (leases point into it)
  PceCache pces;  // its recordings are joined before the jobs their functions capture go

  mutable std::mutex mu;
  std::condition_variable synth_cv, prove_cv, done_cv;
  std::map<ProofKind, std::shared_ptr<const ProofKindHandler>> handlers;
  std::map<std::string, std::shared_ptr<Job>, std::less<>> jobs;
  std::deque<std::shared_ptr<Job>> finished; //!< retention order
  uint64_t finished_bytes = 0;               //!< Σ RetainedBytes over `finished`
  uint64_t admitted_bytes = 0;               //!< Σ Job::admitted_bytes (the request budget's use)
  Scheduler sched;                           //!< the queues and the rules of what goes next (scheduler.hpp)
  //! each circuit id's assignment shape from its last synthesis: the next partition of that circuit reserves it up
  //! front (ProvingAssignment::Reserve), so its buffers hold exactly its data and are never regrown (a 32 GiB SnapDeals
  //! partition: 10.4 GB instead of 17.2 GB allocated, and the regrowth's copies saved; BENCHMARKS.md)
  std::map<std::string, r1cs::AssignmentShape, std::less<>> shapes;
  std::atomic<uint64_t> srs_release_generation{0};
  uint64_t next_seq = 1;
  //! a job ended and its request and partitions went back to the heap: an idle synthesis worker
  //! returns the heap's free pages to the system (ReturnFreeHeapMemory), then counts it
  bool heap_trim_wanted = false;
  uint64_t heap_trims = 0;
  //! Witness buffers of packed partitions, emptied, for the next witnesses: a 32 GiB PoRep witness is
  //! 4.2 GB, whose first-touch faults and freeing each partition paid again. At most one per
  //! synthesis worker; freed when an idle worker finds no job running (requires mu).
  std::vector<r1cs::FrVector> spare_witnesses;
  bool accepting = true;
  bool stopping = false;
  bool joined = false;
  std::vector<std::unique_ptr<DeviceState>> devices;
  uint32_t devices_in_rotation = 0;
  std::vector<std::thread> threads;
};

} // namespace cuzk::engine
