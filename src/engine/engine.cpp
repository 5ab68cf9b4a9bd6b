// src/engine/engine.cpp — the public API: submission, awaiting, cancelling, status, shutdown.
#include "engine/engine.hpp"

#include "engine/engine_impl.hpp"
#include "engine/log.hpp"

#include <cstdlib>
#include <unistd.h>

namespace cuzk::engine {
namespace {

constexpr uint64_t GIB = uint64_t(1) << 30;

std::string DefaultParamDir() {
  if (const char *env = std::getenv("FIL_PROOFS_PARAMETER_CACHE"); env && *env) return env;
  return "/var/tmp/filecoin-proof-parameters"; // rust-fil-proofs' default
}

uint64_t AutoWorkingMemory(uint64_t srs_budget) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  const uint64_t total = pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
  const uint64_t reserved = srs_budget + 5 * GIB;
  return total > reserved + GIB ? total - reserved : GIB;
}

EngineConfig Normalise(EngineConfig c) {
  if (c.param_dir.empty()) c.param_dir = DefaultParamDir();
  if (c.working_memory_bytes == 0) c.working_memory_bytes = AutoWorkingMemory(c.srs_budget_bytes);
  if (c.synthesis_workers == 0) c.synthesis_workers = 1;
  if (c.max_ready_partitions == 0) c.max_ready_partitions = 1;
  if (c.devices.empty()) c.devices.push_back(CpuDevice(1));
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
                             config.srs_eviction_min_idle}) {}

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
    m.devices.push_back(std::move(d));
  }
  for (uint32_t i = 0; i < m.config.synthesis_workers; i++) m.threads.emplace_back([&m] { m.SynthesisWorker(false); });
  if (m.config.critical_lane) m.threads.emplace_back([&m] { m.SynthesisWorker(true); });
  for (auto &d : m.devices)
    for (uint32_t w = 0; w < d->spec.workers; w++)
      m.threads.emplace_back([&m, dev = d.get(), w] { m.ProverWorker(*dev, w); });
  if (!m.config.srs_preload.empty()) {
    m.threads.emplace_back([&m] {
      for (const std::string &id : m.config.srs_preload) {
        auto r = m.srs.Preload(id);
        if (!r.ok()) Log().warn("srs preload of {} failed: {}", id, r.message);
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

Outcome<SubmitResult> Engine::Submit(ProofRequest request) {
  Impl &m = *impl_;
  const Fingerprint fingerprint = RequestFingerprint(request); // before the lock: payloads are large
  std::lock_guard lock(m.mu);
  if (!m.accepting) return Outcome<SubmitResult>::Fail(ErrorCode::UNAVAILABLE, "engine is shutting down");
  if (request.request_id.empty()) request.request_id = NewUuid();
  const std::string id = request.request_id;
  if (auto it = m.jobs.find(id); it != m.jobs.end()) {
    const Job &old = *it->second;
    if (old.fingerprint != fingerprint)
      return Outcome<SubmitResult>::Fail(ErrorCode::INVALID_ARGUMENT,
                                         "request_id " + id + " is already used by a job with a different payload");
    if (old.state != JobState::FAILED && old.state != JobState::CANCELLED)
      return {ErrorCode::OK, {}, SubmitResult{id, 0, true}};
    Log().info("job {}: resubmitted after it ended {}; running it again", id,
               old.state == JobState::FAILED ? "FAILED" : "CANCELLED");
  }
  auto job = std::make_shared<Job>();
  job->id = id;
  job->seq = m.next_seq++;
  job->kind = request.proof_kind;
  job->priority = EffectivePriority(request.proof_kind, request.priority);
  job->fingerprint = fingerprint;
  job->request = std::move(request);
  job->submitted_at = Clock::now();
  const QueueKey key{job->priority, job->seq, -1};
  uint32_t ahead = 0;
  m.queue.ForEach([&](const QueueKey &k, const QueuedTask &) { ahead += k.partition < 0 && k < key; });
  m.queue.Push(key, QueuedTask{job, 0});
  m.jobs[id] = job;
  m.synth_cv.notify_all();
  Log().info("job {}: submitted ({}, priority {}, {} job(s) ahead)", id, ProofKindName(job->kind),
             PriorityName(job->priority), ahead);
  return {ErrorCode::OK, {}, SubmitResult{id, ahead, false}};
}

Outcome<ProofResult> Engine::Await(std::string_view job_id, std::chrono::milliseconds timeout) {
  Impl &m = *impl_;
  std::unique_lock lock(m.mu);
  auto it = m.jobs.find(job_id);
  if (it == m.jobs.end()) return Outcome<ProofResult>::Fail(ErrorCode::NOT_FOUND, "unknown job " + std::string(job_id));
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
    return {ErrorCode::OK, {}, std::move(r)};
  }
  return {ErrorCode::OK, {}, job->Result()};
}

Outcome<ProofResult> Engine::Prove(ProofRequest request) {
  auto submitted = Submit(std::move(request));
  if (!submitted.ok()) return Outcome<ProofResult>::Fail(submitted.code, submitted.message);
  return Await(submitted.value.job_id, std::chrono::milliseconds(0));
}

Outcome<CancelResult> Engine::Cancel(std::string_view job_id) {
  Impl &m = *impl_;
  std::lock_guard lock(m.mu);
  auto it = m.jobs.find(job_id);
  if (it == m.jobs.end())
    return Outcome<CancelResult>::Fail(ErrorCode::NOT_FOUND, "unknown job " + std::string(job_id));
  Job &job = *it->second;
  if (job.Finished()) return {ErrorCode::OK, {}, CancelResult{false}};
  const bool running = job.state == JobState::RUNNING;
  m.FinishJob(job, JobState::CANCELLED,
              running ? "cancelled while running (stopped at a partition boundary)" : "cancelled before it started");
  return {ErrorCode::OK, {}, CancelResult{running}};
}

void Engine::Impl::FinishJob(Job &job, JobState state, std::string error) {
  if (job.Finished()) return;
  job.state = state;
  job.error = std::move(error);
  job.finished_at = Clock::now();
  job.timings.total_ms = std::chrono::duration<double, std::milli>(job.finished_at - job.submitted_at).count();
  queue.RemoveJob(job.seq);
  for (auto &item : ready.RemoveJob(job.seq)) {
    (void)item;
    job.partitions_in_flight--;
  }
  if (job.parked) std::erase_if(parked, [&](const std::shared_ptr<Job> &j) { return j.get() == &job; });
  job.parked = false;
  job.leases.clear(); // partitions being proved keep their own references
  job.request = ProofRequest{};
  job.ReleaseWorkIfIdle();
  const ProofResult result = job.Result();
  metrics.JobFinished(job.kind, result.status, job.timings);
  const StageTimings &t = job.timings;
  if (state == JobState::COMPLETED)
    Log().info("job {}: COMPLETED {} partition(s), {} bytes; total {:.1f} ms (queue {:.1f}, srs {:.1f}, synthesis "
               "{:.1f}, prove {:.1f}, self-check {:.1f})",
               job.id, job.num_partitions, result.proof.size(), t.total_ms, t.queue_ms, t.srs_load_ms, t.synthesis_ms,
               t.prove_ms, t.self_check_ms);
  else
    Log().warn("job {}: {} after {:.1f} ms: {}", job.id, ProofStatusName(result.status), t.total_ms, job.error);
  // the job is referenced from `jobs`; keep a bounded number of finished ones for Await/idempotency
  if (auto it = jobs.find(job.id); it != jobs.end() && it->second.get() == &job) finished.push_back(it->second);
  while (finished.size() > config.finished_job_retention) {
    auto old = std::move(finished.front());
    finished.pop_front();
    if (auto it = jobs.find(old->id); it != jobs.end() && it->second == old) jobs.erase(it);
  }
  done_cv.notify_all();
  synth_cv.notify_all();
  prove_cv.notify_all(); // a prover may have been holding off for this job's partition
}

EngineStatus Engine::Impl::StatusLocked() const {
  EngineStatus s;
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
    s.devices.push_back(std::move(ds));
  }
  std::map<ProofKind, QueueStatus> by_kind;
  for (const auto &[id, job] : jobs) {
    if (job->Finished()) continue;
    QueueStatus &q = by_kind[job->kind];
    q.kind = job->kind;
    q.proof_kind = ProofKindName(job->kind);
    if (job->state == JobState::QUEUED)
      q.pending++;
    else
      q.in_progress++;
  }
  for (auto &[k, q] : by_kind) s.queues.push_back(q);
  for (Priority p : {Priority::CRITICAL, Priority::HIGH, Priority::NORMAL, Priority::LOW}) {
    PriorityQueueStatus ps;
    ps.priority = p;
    queue.ForEach([&](const QueueKey &k, const QueuedTask &) {
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
  s.ready_partitions = uint32_t(ready.Size());
  s.memory_waits = memory_waits;
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

Outcome<PreloadResult> Engine::PreloadSrs(std::string_view circuit_id) { return impl_->srs.Preload(circuit_id); }

Outcome<EvictResult> Engine::EvictSrs(std::string_view circuit_id) { return impl_->srs.Evict(circuit_id); }

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
    if (job->state == JobState::QUEUED)
      m.FinishJob(*job, JobState::FAILED, "engine shutting down before the job started");
  const auto deadline = Clock::now() + grace;
  m.done_cv.wait_until(lock, deadline, [&] { return unfinished().empty(); });
  for (auto &job : unfinished())
    m.FinishJob(*job, JobState::FAILED, "engine shutting down: stopped at a partition boundary");
  m.stopping = true;
  m.synth_cv.notify_all();
  m.prove_cv.notify_all();
  std::vector<std::thread> threads = std::move(m.threads);
  lock.unlock();
  for (auto &t : threads) t.join();
  lock.lock();
  m.joined = true;
  Log().info("engine stopped");
}

} // namespace cuzk::engine
