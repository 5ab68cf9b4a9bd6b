// src/engine/engine.hpp — the proving engine: jobs, priorities, partitions, workers, SRS, status.
//
// A submitted request becomes a job. A synthesis worker plans it (its kind's ProofKindHandler
// splits it into partitions), takes a reference on each parameter set it needs (loading it on
// first use), and queues its partitions. Partitions are the unit of scheduling: one priority
// queue, CRITICAL > HIGH > NORMAL > LOW, FIFO by submission within a level, so a WinningPoSt
// submitted behind queued PoRep partitions is the next partition synthesised. Synthesis workers
// take a partition only when the working-memory budget holds its estimate and the bounded queue
// to the provers has room for its priority. CRITICAL work also has a synthesis lane of its own
// and, while it is being synthesised, the next free prover waits for it instead of starting
// lower-priority work: a WinningPoSt behind queued PoRep work starts at the next free partition
// slot. Prover workers (per device) run ProveStart / ProveFinish and, unless
// disabled, verify every partition proof against the verifying key (DESIGN.md rule 3). The job
// completes when all its partitions have; its proof is their 192-byte proofs concatenated.
//
// Fixes the reference's defects (spec/cuzk-api.md §5.12): request ids are idempotency keys, queue
// keys are unique, priority holds for the budget too, Cancel / Await timeout / EvictSrs work,
// status is read from the live state, every kind can be self-checked.
//
// Thread safety: every public method may be called from any thread.
#pragma once
#include "base/expected.hpp"
#include "engine/device_spec.hpp"
#include "engine/handler.hpp"
#include "engine/request.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::engine {

//! cuzk.v1.AwaitProofResponse.Status; the values are the wire numbers.
enum class ProofStatus : uint32_t { UNKNOWN = 0, COMPLETED = 1, FAILED = 2, CANCELLED = 3, TIMEOUT = 4 };
std::string_view ProofStatusName(ProofStatus status);

//! Where a job's time went, in milliseconds. Per-partition stages are summed over partitions.
struct StageTimings {
  double queue_ms = 0;         //!< submission → a worker starts planning it
  double srs_load_ms = 0;      //!< waiting for / loading its parameter sets
  double synthesis_ms = 0;     //!< Σ partitions
  double prove_ms = 0;         //!< Σ partitions: ProveStart (backend) + ProveFinish
  double self_check_ms = 0;    //!< Σ partitions
  uint32_t pce_partitions = 0; //!< partitions synthesised through a pre-compiled circuit (the rest: generic)
  double total_ms = 0;         //!< submission → result
};

//! One partition's way through the pipeline, in milliseconds since the job's submission (0 = the
//! stage was not reached): what `cuzk-bench --timeline` draws. A partition retried on another
//! device after a device error keeps the times of its last attempt.
struct PartitionTimeline {
  uint32_t partition = 0;
  int32_t device = -1; //!< the ordinal of the device that proved it; -1 for the CPU backend
  bool pre_compiled = false;
  //! its a, b, c were left to the prover (EngineConfig::pce_gpu_eval): synthesis is the witness
  //! alone, and the device span (prove_start_ms → device_end_ms) includes their evaluation
  bool deferred_abc = false;
  //! deferred_abc, but the prover formed them on the host: its device had no room for the circuit's
  //! matrices beside the SRS (slower than evaluating them in synthesis, which overlaps the device)
  bool abc_on_prover_host = false;
  //! deferred_abc, and its witness waited for the prover packed (r1cs/packed_values.hpp)
  bool witness_packed = false;
  //! bytes its assignment held from synthesis until a prover took it
  uint64_t held_bytes = 0;
  double synthesis_start_ms = 0, synthesis_end_ms = 0;
  double prove_start_ms = 0; //!< a prover took it (the end of its wait for a device)
  double device_end_ms = 0;  //!< the backend's ProveStart returned
  double prove_end_ms = 0;   //!< ProveFinish done
  double self_check_end_ms = 0;
};

struct ProofResult {
  std::string job_id;
  ProofStatus status = ProofStatus::UNKNOWN;
  std::vector<uint8_t> proof; //!< 192 bytes per partition, in partition order (COMPLETED only)
  std::string error_message;  //!< FAILED / CANCELLED: why
  StageTimings timings;
  uint32_t partitions = 0;
  std::vector<PartitionTimeline> timeline; //!< one per partition, in partition order
};

struct SubmitResult {
  std::string job_id;          //!< the request id (or a generated UUIDv4 when it was empty)
  uint32_t queue_position = 0; //!< jobs ahead of it when submitted (pending, higher or equal priority)
  bool duplicate = false;      //!< the request id named an existing job with the same payload
};

struct CancelResult {
  bool was_running = false; //!< true: it had started; it stops at its next partition boundary
};

//! cuzk.v1.SRSStatus.Tier. HOT: decoded and resident, ready for the prover. WARM: evicted or not
//! loaded yet, but the file was read recently (in the page cache) and its verifying key is kept.
//! COLD: on disk only.
enum class SrsTier : uint32_t { HOT = 0, WARM = 1, COLD = 2 };
std::string_view SrsTierName(SrsTier tier);

struct PreloadResult {
  bool already_loaded = false;
  uint64_t load_time_ms = 0;
};

struct EvictResult {
  bool was_loaded = false;
  uint64_t freed_bytes = 0;
};

struct DeviceStatus {
  uint32_t ordinal = 0; //!< position in EngineConfig::devices (for display; identity is `id`)
  std::string id;
  std::string name;
  uint64_t memory_total_bytes = 0;
  uint64_t memory_free_bytes = 0;
  uint32_t workers = 0;
  std::vector<std::string> current_job_ids; //!< one per busy worker
  std::string current_proof_kind;           //!< of the first busy worker, "" when idle
  uint64_t partitions_proved = 0;
  uint64_t partitions_failed = 0;
  double busy_seconds = 0; //!< Σ over workers of time spent proving
  //! taken out of rotation (EngineConfig::device_failure_limit device errors in a row, a failed
  //! probe, or no backend): it takes no more partitions
  bool failed = false;
  uint32_t consecutive_failures = 0; //!< device errors since its last proved partition
  std::string last_error;            //!< of its last failed partition, or why it was taken out
};

//! A pre-compiled circuit the engine knows (engine/pce_cache.hpp).
struct PceStatus {
  std::string key;         //!< its shape, as the handler names it
  std::string file;        //!< its file name in the PCE directory
  bool loaded = false;     //!< resident: partitions of its shape are synthesised through it
  bool recording = false;  //!< being recorded in the background
  uint64_t size_bytes = 0; //!< resident bytes (charged to the working-memory budget)
  uint64_t partitions = 0; //!< partitions synthesised through it
  double idle_seconds = 0;
  std::string last_error; //!< why its last load or recording failed, "" if none did
};

struct SrsEntryStatus {
  std::string circuit_id;
  std::string path; //!< the .params file
  SrsTier tier = SrsTier::COLD;
  uint64_t size_bytes = 0; //!< resident bytes when HOT, else the file size
  uint32_t ref_count = 0;  //!< jobs holding it
  double idle_seconds = 0; //!< since last use (load or release)
};

//! Per proof kind, as cuzk.v1.QueueStatus.
struct QueueStatus {
  ProofKind kind = ProofKind::UNSPECIFIED;
  std::string proof_kind;   //!< ProofKindName
  uint32_t pending = 0;     //!< jobs not started
  uint32_t in_progress = 0; //!< jobs started, not finished
};

struct PriorityQueueStatus {
  Priority priority = Priority::NORMAL;
  uint32_t pending_jobs = 0;      //!< not yet planned
  uint32_t queued_partitions = 0; //!< planned, waiting for synthesis
};

struct EngineStatus {
  std::vector<DeviceStatus> devices;
  std::vector<SrsEntryStatus> srs;             //!< every known entry whose file exists, and every loaded one
  std::vector<PceStatus> pce;                  //!< every pre-compiled circuit asked for since start
  std::vector<QueueStatus> queues;             //!< kinds with pending or running jobs
  std::vector<PriorityQueueStatus> priorities; //!< CRITICAL, HIGH, NORMAL, LOW
  uint64_t proofs_completed = 0;
  uint64_t proofs_failed = 0;
  uint64_t proofs_cancelled = 0;
  uint64_t self_check_failures = 0;
  double uptime_seconds = 0;
  uint64_t working_memory_limit_bytes = 0;
  uint64_t working_memory_used_bytes = 0;
  uint64_t srs_memory_limit_bytes = 0;
  uint64_t srs_memory_used_bytes = 0;
  uint64_t request_memory_limit_bytes = 0; //!< EngineConfig::request_budget_bytes (0: no limit)
  uint64_t request_memory_used_bytes = 0;  //!< held by unfinished jobs' requests
  uint32_t ready_partitions = 0;           //!< synthesised, waiting for a prover
  //! times a synthesis worker found that the next partition did not fit the working memory budget
  //! and waited for memory to be released (memory pressure; tests see the budget hold work back)
  uint64_t memory_waits = 0;
  //! times an idle engine returned the heap's free pages to the system after jobs ended (a large
  //! request, failed or done, must not stay resident: glibc keeps freed small blocks otherwise)
  uint64_t heap_trims = 0;
  //! times an idle prover held off a lower-priority ready partition because a CRITICAL one was
  //! being synthesised (WinningPoSt's lane at work), and the partitions ready the last time
  uint64_t critical_holds = 0;
  uint32_t ready_at_last_critical_hold = 0;
  bool shutting_down = false;
};

struct EngineConfig {
  //! .params / .vk directory; "" → $FIL_PROOFS_PARAMETER_CACHE, else /var/tmp/filecoin-proof-parameters
  std::string param_dir;
  //! circuit id → file stem (without .params/.vk) in param_dir, added to (or overriding) the
  //! official names of SrsFileStem; test parameters and custom circuits go here
  std::map<std::string, std::string> param_files;
  //! bytes of decoded parameters kept resident; least recently used unreferenced entries are
  //! evicted to make room. 0 = no limit.
  uint64_t srs_budget_bytes = 0;
  //! an unreferenced entry must have been idle this long before eviction may pick it
  std::chrono::milliseconds srs_eviction_min_idle{0};
  //! circuit ids loaded at start (failures are logged, not fatal)
  std::vector<std::string> srs_preload;
  //! bytes of working memory for partitions in flight (synthesis through ProveStart); 0 = auto
  //! (physical memory − srs_budget_bytes − 5 GiB, at least 1 GiB)
  uint64_t working_memory_bytes = 0;
  uint32_t synthesis_workers = 2;
  //! one more synthesis worker that takes CRITICAL work only (planning and partitions), so that a
  //! WinningPoSt never waits for a long partition's synthesis to free a worker (the PoSt fast lane
  //! the reference lacked, spec/cuzk-api.md §9); the memory budget gates it like the others
  bool critical_lane = true;
  //! synthesised partitions waiting for a prover, at most (the bounded queue); counted per
  //! priority: a partition only counts those of its priority or higher, so lower-priority work
  //! never holds an urgent partition back (at most 4 × this in all, one per priority level)
  uint32_t max_ready_partitions = 2;
  //! empty → {CpuDevice(1)}; distinct ids (the Engine throws std::invalid_argument on one listed twice)
  std::vector<DeviceSpec> devices;
  //! bytes of request payload (C1 envelopes, vanilla proofs) that unfinished jobs may hold: a job
  //! holds its request's bytes from Submit until it ends (its parsed form lives in its partitions
  //! that long); a request that would pass the budget is refused with RESOURCE_EXHAUSTED, so a
  //! burst of large requests cannot grow memory without bound. 0 = no limit.
  uint64_t request_budget_bytes = uint64_t(4) << 30;
  //! a device whose ProveStart fails this many times in a row (a device error: the partition is
  //! retried on another device) is taken out of rotation; 0 = never for errors (a failed probe,
  //! DeviceSpec::usable, still takes it out)
  uint32_t device_failure_limit = 3;
  //! verify each partition proof against the verifying key before it leaves the engine
  bool self_check = true;
  //! pre-compiled synthesis (engine/pce_cache.hpp) for partitions whose handler names their
  //! shape; false: generic synthesis always (the daemon's synthesis.pce, CUZK_DISABLE_PCE=1)
  bool pce = true;
  //! with pce, when every proving device is a GPU: a partition's a, b, c are left to the GPU prover,
  //! which evaluates the circuit where its matrices are resident (pce/deferred.hpp), so the partition
  //! holds no a, b, c in host memory (its working-memory reservation shrinks to what it holds once
  //! synthesised) and sends its witness over PCIe instead of them. false: evaluated on the CPU in
  //! synthesis (the daemon's synthesis.pce_gpu_eval, CUZK_PCE_CPU_EVAL=1).
  bool pce_gpu_eval = true;
  //! where pre-compiled circuit files are kept, beside the parameters they belong to; "" = param_dir
  std::string pce_dir;
  //! finished jobs kept for Await and idempotency (oldest forgotten first), at most this many
  size_t finished_job_retention = 4096;
  //! and at most this many bytes of them (each holds its id, error and proofs; Job::RetainedBytes)
  uint64_t finished_job_retention_bytes = uint64_t(64) << 20;
};

//! Working memory for one partition, estimated from its parameters (domain size n = h + 1
//! points, aux = l points, inputs = ic points): the assignment (a, b, c per constraint ≤ n, the
//! input and aux values) plus the CPU prover's H step, which holds three n-element vectors;
//! 32 bytes per Fr, with a 25% allowance for allocator slack and densities. The engine logs
//! (and counts in cuzk_memory_estimate_exceeded_total) any partition whose measured assignment is
//! larger.
uint64_t EstimatePartitionBytes(uint64_t domain_size, uint64_t num_aux, uint64_t num_inputs);

//! Official parameter file stems (without .params/.vk) for the circuit ids the engine knows:
//! porep-, wpost-, winning-, snap- followed by 2k, 8m, 512m, 32g, 64g (spec/porep.md §1,
//! spec/vectors.md §9: v28-<prefix>-<tree shape>-<SHA-256 of the public-params identifier>).
//! Empty for an unknown id.
std::string SrsFileStem(std::string_view circuit_id);
//! every circuit id SrsFileStem knows
std::vector<std::string> KnownCircuitIds();

class Engine {
public:
  //! Starts the workers (and SRS preloads, in the background).
  explicit Engine(EngineConfig config);
  //! Shutdown(0) if not done yet.
  ~Engine();
  Engine(const Engine &) = delete;
  Engine &operator=(const Engine &) = delete;

  //! The handler for a kind; replaces any earlier one. Jobs planned afterwards use it.
  void RegisterHandler(ProofKind kind, std::shared_ptr<const ProofKindHandler> handler);

  //! Queues a request. Idempotent by request_id: the same id with the same payload returns the
  //! same job (duplicate = true: a queued or running one is joined, a completed one's result kept).
  //! An id whose job FAILED or was CANCELLED is free again: the request, with the same payload or
  //! a new one (Curio re-runs C1 and retries under its deterministic id), runs as a new job under
  //! that id and replaces the old record. A different payload for an id whose job is queued,
  //! running or completed is INVALID_ARGUMENT naming the id and that state. UNAVAILABLE when no
  //! proving device is left in rotation. RESOURCE_EXHAUSTED
  //! when the request's bytes do not fit the request budget (EngineConfig::request_budget_bytes).
  //! UNAVAILABLE while shutting down.
  Expected<SubmitResult> Submit(ProofRequest request);
  //! Whether a request of this shape may be submitted, as far as its counts go (the kind's
  //! ProofKindHandler::CheckShape): INVALID_ARGUMENT naming the field when not. Cheap; for callers
  //! that hold a request in another form (the server's wire message) and want to refuse it before
  //! copying it. A kind without a handler passes (Submit's job then fails with "no handler").
  cuzk::Status CheckShape(const RequestShape &shape) const;
  //! Waits for a job. timeout 0 = no limit; on expiry the result's status is TIMEOUT (the job
  //! goes on). NOT_FOUND for an unknown (or forgotten) id.
  Expected<ProofResult> Await(std::string_view job_id, std::chrono::milliseconds timeout);
  //! Submit then Await without limit (the Prove RPC).
  Expected<ProofResult> Prove(ProofRequest request);
  //! A pending job is removed (CANCELLED at once); a running one stops at its next partition
  //! boundary and ends CANCELLED; a finished one is left as it is. NOT_FOUND for an unknown id.
  Expected<CancelResult> Cancel(std::string_view job_id);

  EngineStatus Status() const;
  //! Prometheus text exposition format 0.0.4
  std::string MetricsText() const;

  //! Loads a parameter set now (NOT_FOUND for an unknown id or a missing file, INTERNAL for a
  //! file that does not parse).
  Expected<PreloadResult> PreloadSrs(std::string_view circuit_id);
  //! Frees a loaded parameter set; FAILED_PRECONDITION while jobs hold it.
  Expected<EvictResult> EvictSrs(std::string_view circuit_id);

  //! Stops accepting (Submit → UNAVAILABLE), fails jobs that have not started, gives running
  //! jobs until `grace` to finish, then cancels them at their next partition boundary (FAILED,
  //! "engine shutting down"), and joins the workers. Returns after at most grace plus the
  //! partitions being proved at that moment. Idempotent.
  void Shutdown(std::chrono::milliseconds grace);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace cuzk::engine
