// src/engine/engine.cpp — the public API: submission, awaiting, cancelling, status, shutdown.
#include "engine/engine.hpp"

#include "base/echo.hpp"
#include "engine/engine_impl.hpp"
#include "engine/log.hpp"
#include "filecoin/core/parameter_names.hpp"

#include <set>
#include <stdexcept>
#include <unistd.h>

namespace cuzk::engine {
namespace {

constexpr uint64_t GIB = uint64_t(1) << 30;
//! as the server's limit: ids go into every log line of their job
constexpr size_t MAX_REQUEST_ID = 256;

uint64_t AutoWorkingMemory(uint64_t srs_budget) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const uint64_t total = pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
  const uint64_t reserved = srs_budget + 5 * GIB;
  return total > reserved + GIB ? total - reserved : GIB;
}

EngineConfig Normalise(EngineConfig c) {
  if (c.param_dir.empty()) c.param_dir = filecoin::DefaultParameterCache();
  if (c.working_memory_bytes == 0) c.working_memory_bytes = AutoWorkingMemory(c.srs_budget_bytes);
  if (c.synthesis_workers == 0) c.synthesis_workers = 1;
  if (c.max_ready_partitions == 0) c.max_ready_partitions = 1;
  if (c.devices.empty()) c.devices.push_back(CpuDevice(1));
  // one physical device twice would run two sets of workers on it, each taking the other's failures for its own
  std::set<std::string> ids;
  for (const auto &d : c.devices) {
    if (!ids.insert(d.id).second) {
      throw std::invalid_argument("proving device " + d.id +
                                  " is listed twice (an ordinal and a UUID naming one GPU?)");
    }
  }
  return c;
}

double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

} // namespace

std::string_view ProofStatusName(ProofStatus status) {
  switch (status) {
  case ProofStatus::COMPLETED:
    return "COMPLETED";
  case ProofStatus::FAILED:
    return "FAILED";
  case ProofStatus::CANCELLED:
    return "CANCELLED";
  case ProofStatus::TIMEOUT:
    return "TIMEOUT";
  default:
    return "UNKNOWN";
  }
}

std::string_view SrsTierName(SrsTier tier) {
  switch (tier) {
  case SrsTier::HOT:
    return "hot";
  case SrsTier::WARM:
    return "warm";
  default:
    return "cold";
  }
}

Engine::Impl::Impl(EngineConfig cfg)
    : config(Normalise(std::move(cfg))), working(config.working_memory_bytes),
      srs(SrsManager::Config{config.param_dir, config.param_files, config.srs_budget_bytes,
                             config.srs_eviction_min_idle}),
      pces(config.pce, config.pce_dir.empty() ? config.param_dir : config.pce_dir, working),
      sched(Scheduler::Config{config.max_ready_partitions, config.critical_lane}, working) {}

Engine::Engine(EngineConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {
  Impl &m = *impl_;
  // Both callbacks run without mu held by their callers' locks, so they only notify; waiters
  // re-check with a timeout (see pipeline.cpp) in case a notification raced their check.
  m.working.SetOnRelease([&m] { m.synth_cv.notify_all(); });
  m.srs.SetOnRelease([&m] {
    m.srs_release_generation++;
    m.synth_cv.notify_all();
  });
  for (uint32_t i = 0; i < m.config.devices.size(); i++) {
    auto d = std::make_unique<DeviceState>();
    d->spec = m.config.devices[i];
    d->ordinal = i;
    d->worker_job.assign(d->spec.workers, "");
    d->worker_kind.assign(d->spec.workers, ProofKind::UNSPECIFIED);
    d->live_workers = d->spec.workers;
    m.devices.push_back(std::move(d));
  }
  m.devices_in_rotation = uint32_t(m.devices.size());
  for (uint32_t i = 0; i < m.config.synthesis_workers; i++) m.threads.emplace_back([&m] { m.SynthesisWorker(false); });
  if (m.config.critical_lane) m.threads.emplace_back([&m] { m.SynthesisWorker(true); });
  for (auto &d : m.devices)
    for (uint32_t w = 0; w < d->spec.workers; w++)
      m.threads.emplace_back([&m, dev = d.get(), w] { m.ProverWorker(*dev, w); });
  if (!m.config.srs_preload.empty()) {
    m.threads.emplace_back([&m] {
      for (const std::string &id : m.config.srs_preload) {
        auto r = m.srs.Preload(id);
        if (!r) Log().warn("srs preload of {} failed: {}", id, r.ErrorMessage());
      }
    });
  }
  Log().info("engine started: {} synthesis worker(s){}, {} device(s), params in {}, working memory {} bytes, "
             "SRS budget {} bytes, self-check {}",
             m.config.synthesis_workers, m.config.critical_lane ? " + a CRITICAL lane" : "", m.devices.size(),
             m.config.param_dir, m.config.working_memory_bytes, m.config.srs_budget_bytes,
             m.config.self_check ? "on" : "off");
}

Engine::~Engine() { Shutdown(std::chrono::milliseconds(0)); }

void Engine::RegisterHandler(ProofKind kind, std::shared_ptr<const ProofKindHandler> handler) {
  std::lock_guard lock(impl_->mu);
  impl_->handlers[kind] = std::move(handler);
}

Expected<SubmitResult> Engine::Submit(ProofRequest request) {
  Impl &m = *impl_;
  const Fingerprint fingerprint = RequestFingerprint(request); // before the lock: payloads are large
  const uint64_t bytes = RequestBytes(request);
  std::lock_guard lock(m.mu);
  if (!m.accepting) return MakeError(ErrorCode::kUnavailable, "engine is shutting down");
  if (m.devices_in_rotation == 0) {
    std::string why = "no proving device left in rotation";
    for (const auto &d : m.devices) why += "; " + d->spec.id + ": " + d->last_error;
    return MakeError(ErrorCode::kUnavailable, why);
  }
  if (request.request_id.size() > MAX_REQUEST_ID)
    return MakeError(ErrorCode::kInvalidArgument,
                     "request_id: longer than " + std::to_string(MAX_REQUEST_ID) + " bytes");
  if (base::Echo(request.request_id) != request.request_id)
    return MakeError(ErrorCode::kInvalidArgument,
                     "request_id: contains a control character or bytes that are not UTF-8");
  if (request.request_id.empty()) request.request_id = NewUuid();
  const std::string id = request.request_id;
  if (auto it = m.jobs.find(id); it != m.jobs.end()) {
    const std::shared_ptr<Job> old = it->second;
    const bool same = old->fingerprint == fingerprint;
    const bool ended_unproved = old->state == JobState::kFailed || old->state == JobState::kCancelled;
    // Curio's ids are deterministic (porep-<miner>-<sector>): after a failed C2 it re-runs C1 and
    // sends the same id with a new payload, so an id whose job ended without a proof is free again.
    // A job that is queued, running or has a proof keeps its id: answering a different payload with
    // that proof (or joining it) would return the wrong sector's proof.
    if (!ended_unproved) {
      if (same) return SubmitResult{id, 0, true};
      return MakeError(ErrorCode::kInvalidArgument, "request_id " + id + " is already used by a " +
                                                        std::string(JobStateName(old->state)) +
                                                        " job with a different payload");
    }
    Log().info("job {}: resubmitted after it ended {}{}; running it as a new job (the old record is replaced)", id,
               JobStateName(old->state), same ? "" : ", with a different payload");
    if (std::erase(m.finished, old)) m.finished_bytes -= old->RetainedBytes();
  }
  if (const uint64_t limit = m.config.request_budget_bytes; limit != 0 && m.admitted_bytes + bytes > limit) {
    Log().warn("job {}: refused: its request holds {} bytes; queued and running requests hold {} of the {}-byte "
               "request budget",
               id, bytes, m.admitted_bytes, limit);
    return MakeError(ErrorCode::kResourceExhausted,
                     bytes > limit
                         ? "request " + id + " holds " + std::to_string(bytes) +
                               " bytes, more than the whole request budget of " + std::to_string(limit) +
                               " bytes (memory.request_budget)"
                         : "request budget full: queued and running requests hold " + std::to_string(m.admitted_bytes) +
                               " of " + std::to_string(limit) + " bytes (memory.request_budget) and request " + id +
                               " needs " + std::to_string(bytes) + "; retry when jobs finish");
  }
  auto job = std::make_shared<Job>();
  job->id = id;
  job->admitted_bytes = bytes;
  m.admitted_bytes += bytes;
  job->seq = m.next_seq++;
  job->kind = request.proof_kind;
  job->priority = EffectivePriority(request.proof_kind, request.priority);
  job->fingerprint = fingerprint;
  job->request = std::move(request);
  job->submitted_at = Clock::now();
  const uint32_t ahead = m.sched.QueueJob(job);
  m.jobs[id] = job;
  m.synth_cv.notify_all();
  Log().info("job {}: submitted ({}, priority {}, {} job(s) ahead)", id, ProofKindName(job->kind),
             PriorityName(job->priority), ahead);
  return SubmitResult{id, ahead, false};
}

Status Engine::CheckShape(const RequestShape &shape) const {
  std::shared_ptr<const ProofKindHandler> handler;
  {
    std::lock_guard lock(impl_->mu);
    if (auto it = impl_->handlers.find(shape.proof_kind); it != impl_->handlers.end()) handler = it->second;
  }
  if (!handler) return cuzk::Status::Ok();
  const cuzk::Status status = handler->CheckShape(shape);
  if (!status) return MakeError(ErrorCode::kInvalidArgument, base::Echo(status.ErrorMessage(), base::MESSAGE_BYTES));
  return cuzk::Status::Ok();
}

Expected<ProofResult> Engine::Await(std::string_view job_id, std::chrono::milliseconds timeout) {
  Impl &m = *impl_;
  std::unique_lock lock(m.mu);
  auto it = m.jobs.find(job_id);
  if (it == m.jobs.end()) return MakeError(ErrorCode::kNotFound, "unknown job " + base::Echo(job_id));
  const std::shared_ptr<Job> job = it->second;
  auto done = [&] { return job->Finished(); };
  if (timeout.count() <= 0) {
    m.done_cv.wait(lock, done);
  } else if (!m.done_cv.wait_for(lock, timeout, done)) {
    ProofResult r;
    r.job_id = job->id;
    r.status = ProofStatus::TIMEOUT;
    r.error_message = "not finished after " + std::to_string(timeout.count()) + " ms; the job goes on";
    r.timings = job->timings;
    r.partitions = uint32_t(job->num_partitions);
    return r;
  }
  return job->Result();
}

Expected<ProofResult> Engine::Prove(ProofRequest request) {
  auto submitted = Submit(std::move(request));
  if (!submitted) return std::move(submitted).GetError();
  return Await(submitted->job_id, std::chrono::milliseconds(0));
}

Expected<CancelResult> Engine::Cancel(std::string_view job_id) {
  Impl &m = *impl_;
  std::lock_guard lock(m.mu);
  auto it = m.jobs.find(job_id);
  if (it == m.jobs.end()) return MakeError(ErrorCode::kNotFound, "unknown job " + base::Echo(job_id));
  Job &job = *it->second;
  if (job.Finished()) return CancelResult{false};
  const bool running = job.state == JobState::kRunning;
  m.FinishJob(job, JobState::kCancelled,
              running ? "cancelled while running (stopped at a partition boundary)" : "cancelled before it started");
  return CancelResult{running};
}

void Engine::Impl::FinishJob(Job &job, JobState state, const std::string &error) {
  if (job.Finished()) return;
  job.state = state;
  job.stop = true;
  // messages carry what the request said (a registered-proof name, a field); bounded and escaped
  // once here, they are safe in the log, in Await's answer and in the retained record
  job.error = base::Echo(error, base::MESSAGE_BYTES);
  job.finished_at = Clock::now();
  job.timings.total_ms = std::chrono::duration<double, std::milli>(job.finished_at - job.submitted_at).count();
  admitted_bytes -= job.admitted_bytes;
  job.admitted_bytes = 0;
  for (auto &item : sched.RemoveJob(job)) {
    (void)item;
    job.partitions_in_flight--;
  }
  job.leases.clear(); // partitions being proved keep their own references
  job.request = ProofRequest{};
  job.ReleaseWorkIfIdle();
  heap_trim_wanted = true;
  const ProofResult result = job.Result();
  metrics.JobFinished(job.kind, result.status, job.timings);
  const StageTimings &t = job.timings;
  if (state == JobState::kCompleted)
    Log().info("job {}: COMPLETED {} partition(s), {} bytes; total {:.1f} ms (queue {:.1f}, srs {:.1f}, synthesis "
               "{:.1f}, prove {:.1f}, self-check {:.1f})",
               job.id, job.num_partitions, result.proof.size(), t.total_ms, t.queue_ms, t.srs_load_ms, t.synthesis_ms,
               t.prove_ms, t.self_check_ms);
  else
    Log().warn("job {}: {} after {:.1f} ms: {}", job.id, ProofStatusName(result.status), t.total_ms, job.error);
  // the job is referenced from `jobs`; keep a bounded number (and bytes) of finished ones for
  // Await/idempotency
  if (auto it = jobs.find(job.id); it != jobs.end() && it->second.get() == &job) {
    finished.push_back(it->second);
    finished_bytes += job.RetainedBytes();
  }
  while (!finished.empty() &&
         (finished.size() > config.finished_job_retention || finished_bytes > config.finished_job_retention_bytes)) {
    auto old = std::move(finished.front());
    finished.pop_front();
    finished_bytes -= old->RetainedBytes();
    if (auto it = jobs.find(old->id); it != jobs.end() && it->second == old) jobs.erase(it);
  }
  done_cv.notify_all();
  synth_cv.notify_all();
  prove_cv.notify_all(); // a prover may have been holding off for this job's partition
}

EngineStatus Engine::Impl::StatusLocked() const {
  EngineStatus s;
  s.pce = pces.Status();
  for (const auto &d : devices) {
    DeviceStatus ds;
    ds.ordinal = d->ordinal;
    ds.id = d->spec.id;
    ds.name = d->spec.name;
    ds.memory_total_bytes = d->spec.memory_total_bytes;
    ds.memory_free_bytes = d->spec.memory_free_bytes ? d->spec.memory_free_bytes() : 0;
    ds.workers = d->spec.workers;
    for (size_t w = 0; w < d->worker_job.size(); w++) {
      if (d->worker_job[w].empty()) continue;
      if (ds.current_job_ids.empty()) ds.current_proof_kind = ProofKindName(d->worker_kind[w]);
      ds.current_job_ids.push_back(d->worker_job[w]);
    }
    ds.partitions_proved = d->proved;
    ds.partitions_failed = d->failed;
    ds.busy_seconds = d->busy_seconds;
    ds.failed = d->out;
    ds.consecutive_failures = d->consecutive_failures;
    ds.last_error = d->last_error;
    s.devices.push_back(std::move(ds));
  }
  std::map<ProofKind, QueueStatus> by_kind;
  for (const auto &[id, job] : jobs) {
    if (job->Finished()) continue;
    QueueStatus &q = by_kind[job->kind];
    q.kind = job->kind;
    q.proof_kind = ProofKindName(job->kind);
    if (job->state == JobState::kQueued)
      q.pending++;
    else
      q.in_progress++;
  }
  for (auto &[k, q] : by_kind) s.queues.push_back(q);
  for (Priority p : {Priority::CRITICAL, Priority::HIGH, Priority::NORMAL, Priority::LOW}) {
    PriorityQueueStatus ps;
    ps.priority = p;
    sched.Queue().ForEach([&](const QueueKey &k, const QueuedTask &) {
      if (k.priority != p) return;
      if (k.partition < 0)
        ps.pending_jobs++;
      else
        ps.queued_partitions++;
    });
    s.priorities.push_back(ps);
  }
  s.srs = srs.Status();
  const Metrics::Totals totals = metrics.JobTotals();
  s.proofs_completed = totals.completed;
  s.proofs_failed = totals.failed;
  s.proofs_cancelled = totals.cancelled;
  s.self_check_failures = metrics.SelfCheckFailures();
  s.uptime_seconds = MsSince(started_at) / 1000;
  s.working_memory_limit_bytes = working.Limit();
  s.working_memory_used_bytes = working.Used();
  s.srs_memory_limit_bytes = srs.LimitBytes();
  s.srs_memory_used_bytes = srs.UsedBytes();
  s.request_memory_limit_bytes = config.request_budget_bytes;
  s.request_memory_used_bytes = admitted_bytes;
  s.ready_partitions = uint32_t(sched.ReadyCount());
  s.memory_waits = sched.MemoryWaits();
  s.heap_trims = heap_trims;
  s.critical_holds = sched.CriticalHolds();
  s.ready_at_last_critical_hold = uint32_t(sched.ReadyAtLastCriticalHold());
  s.shutting_down = !accepting;
  return s;
}

EngineStatus Engine::Status() const {
  std::lock_guard lock(impl_->mu);
  return impl_->StatusLocked();
}

std::string Engine::MetricsText() const {
  EngineStatus s;
  {
    std::lock_guard lock(impl_->mu);
    s = impl_->StatusLocked();
  }
  return impl_->metrics.Render(s, impl_->srs.Counters());
}

Expected<PreloadResult> Engine::PreloadSrs(std::string_view circuit_id) { return impl_->srs.Preload(circuit_id); }

Expected<EvictResult> Engine::EvictSrs(std::string_view circuit_id) { return impl_->srs.Evict(circuit_id); }

void Engine::Shutdown(std::chrono::milliseconds grace) {
  Impl &m = *impl_;
  std::unique_lock lock(m.mu);
  if (m.joined) return;
  if (m.accepting) Log().info("engine shutting down (grace {} ms)", grace.count());
  m.accepting = false;
  auto unfinished = [&] {
    std::vector<std::shared_ptr<Job>> out;
    for (const auto &[id, job] : m.jobs)
      if (!job->Finished()) out.push_back(job);
    return out;
  };
  for (auto &job : unfinished())
    if (job->state == JobState::kQueued)
      m.FinishJob(*job, JobState::kFailed, "engine shutting down before the job started");
  const auto deadline = Clock::now() + grace;
  m.done_cv.wait_until(lock, deadline, [&] { return unfinished().empty(); });
  for (auto &job : unfinished())
    m.FinishJob(*job, JobState::kFailed, "engine shutting down: stopped at a partition boundary");
  m.stopping = true;
  m.synth_cv.notify_all();
  m.prove_cv.notify_all();
  std::vector<std::thread> threads = std::move(m.threads);
  lock.unlock();
  for (auto &t : threads) t.join();
  m.pces.Stop();
  lock.lock();
  m.joined = true;
  Log().info("engine stopped");
}

} // namespace cuzk::engine
