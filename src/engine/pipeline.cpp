// src/engine/pipeline.cpp — the workers: planning, synthesis, proving and self-check.
#include "engine/engine_impl.hpp"
#include "engine/log.hpp"
#include "groth16/proof_encoding.hpp"
#include "groth16/prover.hpp"
#include "groth16/verifier.hpp"

#include <optional>
#include <set>

namespace cuzk::engine {
namespace {

double MsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// bytes the assignment actually holds (compared with the estimate it was admitted under)
uint64_t AssignmentBytes(const r1cs::ProvingAssignment &pa) {
  return (pa.a.capacity() + pa.b.capacity() + pa.c.capacity() + pa.input_assignment.capacity() +
          pa.aux_assignment.capacity()) *
         sizeof(ff::Fr);
}

// Waits on cv; with parked jobs or full queues a timeout bounds the wait so that conditions whose
// change is signalled without the lock (SRS releases) are seen promptly anyway.
constexpr std::chrono::milliseconds RECHECK{100};

} // namespace

void Engine::Impl::RequeueParked() {
  if (parked.empty()) return;
  if (srs_release_generation.load() == parked_generation && Clock::now() - parked_since < std::chrono::seconds(1))
    return;
  for (auto &job : parked) {
    job->parked = false;
    if (!job->Finished()) queue.Push({job->priority, job->seq, -1}, QueuedTask{job, 0});
  }
  parked.clear();
}

bool Engine::Impl::ReadySlotFree(Priority priority) const {
  uint32_t ahead = 0;
  for (size_t p = size_t(priority); p < synthesizing.size(); p++) ahead += synthesizing[p];
  ready.ForEach([&](const QueueKey &k, const ReadyPartition &) { ahead += k.priority >= priority; });
  return ahead < config.max_ready_partitions;
}

bool Engine::Impl::ProverMayTakeTop() const {
  const auto *top = ready.Top();
  if (!top) return false;
  if (top->first.priority == Priority::CRITICAL) return true;
  uint32_t critical = synthesizing[size_t(Priority::CRITICAL)];
  // A CRITICAL partition that a synthesis worker can start right now counts as started: the memory
  // a prover has just released is what it waited for, and the worker may not have woken yet.
  if (const auto *next = queue.Top(); next && next->first.priority == Priority::CRITICAL &&
                                      next->first.partition >= 0 && ReadySlotFree(Priority::CRITICAL) &&
                                      working.Fits(next->second.job->partition_bytes[next->second.index]))
    critical++;
  // idle_provers counts the asking prover too: the others must cover the CRITICAL partitions
  return idle_provers - 1 >= critical;
}

void Engine::Impl::SynthesisWorker(bool critical_lane) {
  std::unique_lock lock(mu);
  for (;;) {
    if (stopping) return;
    RequeueParked();
    if (critical_lane) lane_busy = false; // back here, the lane's worker has nothing in hand
    const auto *top = queue.Top();
    const bool critical_top = top && top->first.priority == Priority::CRITICAL;
    // The lane's worker leaves everything but CRITICAL work to the others (the queue is ordered by
    // priority, so a top that is not CRITICAL means there is none); they leave CRITICAL work to the
    // lane while it is free, and stay free for the work behind it.
    if (critical_lane ? !critical_top : critical_top && config.critical_lane && !lane_busy) top = nullptr;
    if (!top) {
      if (parked.empty())
        synth_cv.wait(lock);
      else
        synth_cv.wait_for(lock, RECHECK);
      continue;
    }
    // once the lane's worker pops something, the other workers may serve CRITICAL work themselves
    const auto mark_lane_busy = [&] {
      if (!critical_lane) return;
      lane_busy = true;
      synth_cv.notify_all();
    };
    if (top->first.partition < 0) {
      auto item = queue.Pop();
      mark_lane_busy();
      auto job = item->second.job;
      if (job->state == JobState::QUEUED) {
        job->state = JobState::RUNNING;
        job->timings.queue_ms = MsBetween(job->submitted_at, Clock::now());
      }
      lock.unlock();
      PlanJob(job, critical_lane);
      lock.lock();
      continue;
    }
    // The partition served next must fit both the bounded queue to the provers and the memory
    // budget; a lower-priority partition never overtakes it, so memory freed goes to the most
    // urgent work first (the reference's budget ignored priority, spec/cuzk-api.md §5.3). The
    // bounded queue only counts work of its priority or higher: lower-priority partitions that
    // fill it do not make an urgent one wait for their proofs (the memory budget still holds).
    Job &job = *top->second.job;
    const Priority priority = top->first.priority;
    const uint32_t index = top->second.index;
    const uint64_t bytes = job.partition_bytes[index];
    if (!working.CanEverFit(bytes)) {
      FinishJob(job, JobState::FAILED,
                "partition " + std::to_string(index) + " needs about " + std::to_string(bytes) +
                    " bytes of working memory, more than the whole budget of " + std::to_string(working.Limit()));
      continue;
    }
    const bool slot_free = ReadySlotFree(priority);
    if (!slot_free || !working.TryAcquire(bytes)) {
      if (slot_free) memory_waits++; // the memory budget, not the bounded queue, held it back
      synth_cv.wait_for(lock, RECHECK);
      continue;
    }
    auto item = queue.Pop();
    mark_lane_busy();
    std::shared_ptr<Job> owner = std::move(item->second.job);
    MemoryReservation reservation(&working, bytes);
    synthesizing[size_t(priority)]++;
    owner->partitions_in_flight++;
    const PartitionWork &work = owner->partitions[index]; // not modified after planning
    const std::string circuit_id = work.circuit_id;
    std::optional<r1cs::AssignmentShape> shape;
    if (auto it = shapes.find(circuit_id); it != shapes.end()) shape = it->second;
    lock.unlock();

    auto assignment = std::make_unique<r1cs::ProvingAssignment>();
    std::string error;
    const auto t0 = Clock::now();
    try {
      if (shape) assignment->Reserve(*shape);
      work.synthesize(*assignment);
    } catch (const std::exception &e) {
      error = e.what();
    } catch (...) {
      error = "unknown exception";
    }
    const double synth_ms = MsBetween(t0, Clock::now());
    const uint64_t measured = error.empty() ? AssignmentBytes(*assignment) : 0;
    if (measured > bytes) {
      metrics.EstimateExceeded();
      Log().warn("job {} partition {}: assignment holds {} bytes, more than its estimate of {}", owner->id, index,
                 measured, bytes);
    }

    lock.lock();
    if (error.empty()) shapes.insert_or_assign(circuit_id, assignment->Shape());
    synthesizing[size_t(priority)]--;
    if (priority == Priority::CRITICAL) prove_cv.notify_all(); // provers holding off for it
    if (!error.empty() || owner->Finished()) {
      owner->partitions_in_flight--;
      if (!error.empty())
        FinishJob(*owner, JobState::FAILED, "partition " + std::to_string(index) + " synthesis failed: " + error);
      owner->ReleaseWorkIfIdle();
      synth_cv.notify_all();
      lock.unlock();
      assignment.reset(); // large: freed outside the lock
      reservation.Release();
      lock.lock();
      continue;
    }
    owner->timings.synthesis_ms += synth_ms;
    Log().debug("job {} partition {}: synthesised in {:.1f} ms", owner->id, index, synth_ms);
    const QueueKey key{owner->priority, owner->seq, int64_t(index)};
    ready.Push(key, ReadyPartition{std::move(owner), index, std::move(assignment), std::move(reservation)});
    prove_cv.notify_one();
  }
}

void Engine::Impl::PlanJob(const std::shared_ptr<Job> &job, bool on_lane) {
  std::shared_ptr<const ProofKindHandler> handler;
  std::vector<PartitionWork> parts;
  ProofRequest request; // taken out of the job: a Cancel meanwhile must not free it under the handler
  {
    std::lock_guard lock(mu);
    if (job->Finished()) return;
    if (auto it = handlers.find(job->kind); it != handlers.end()) handler = it->second;
    if (job->planned)
      parts = std::move(job->partitions);
    else
      request = std::move(job->request);
  }
  auto fail = [&](std::string message) {
    std::lock_guard lock(mu);
    FinishJob(*job, JobState::FAILED, std::move(message));
  };
  if (parts.empty()) {
    if (!handler) {
      fail("no handler registered for proof kind " + ProofKindName(job->kind) + " (" +
           std::to_string(uint32_t(job->kind)) + ")");
      return;
    }
    Expected<std::vector<PartitionWork>> plan = Error{"handler threw"};
    try {
      plan = handler->Plan(request);
    } catch (const std::exception &e) {
      plan = Error{std::string("handler threw: ") + e.what()};
    } catch (...) {
      plan = Error{"handler threw an unknown exception"};
    }
    if (!plan) {
      fail("invalid " + ProofKindName(job->kind) + " request: " + plan.ErrorMessage());
      return;
    }
    parts = std::move(plan).Value();
    if (parts.empty()) {
      fail("invalid " + ProofKindName(job->kind) + " request: it has no partitions");
      return;
    }
  }

  // one lease per distinct parameter set, all or nothing (holding some while waiting for others
  // could deadlock two jobs against each other)
  const auto t0 = Clock::now();
  std::map<std::string, std::shared_ptr<SrsLease>> by_id;
  for (const PartitionWork &p : parts) {
    if (by_id.count(p.circuit_id)) continue;
    auto acquired = srs.Acquire(p.circuit_id);
    if (acquired.code == ErrorCode::UNAVAILABLE) {
      by_id.clear();
      std::lock_guard lock(mu);
      if (job->Finished()) return;
      Log().info("job {}: waiting for room in the SRS budget ({})", job->id, acquired.message);
      job->timings.srs_load_ms += MsBetween(t0, Clock::now());
      job->partitions = std::move(parts);
      job->planned = true;
      job->parked = true;
      if (parked.empty()) {
        parked_since = Clock::now();
        parked_generation = srs_release_generation.load();
      }
      parked.push_back(job);
      return;
    }
    if (!acquired.ok()) {
      fail("parameters for circuit " + p.circuit_id + ": " + acquired.message);
      return;
    }
    by_id[p.circuit_id] = std::move(acquired.value.lease);
  }
  const double srs_ms = MsBetween(t0, Clock::now());

  std::vector<std::shared_ptr<SrsLease>> leases;
  std::vector<uint64_t> bytes;
  for (size_t i = 0; i < parts.size(); i++) {
    const auto &lease = by_id[parts[i].circuit_id];
    const groth16::Parameters &params = lease->Params();
    if (parts[i].public_inputs.size() + 1 != params.vk.ic.size()) {
      fail("partition " + std::to_string(i) + " has " + std::to_string(parts[i].public_inputs.size()) +
           " public inputs; the verifying key of " + parts[i].circuit_id + " expects " +
           std::to_string(params.vk.ic.size() - 1));
      return;
    }
    if (!parts[i].synthesize) {
      fail("partition " + std::to_string(i) + " has no synthesis function");
      return;
    }
    leases.push_back(lease);
    bytes.push_back(parts[i].working_bytes
                        ? parts[i].working_bytes
                        : EstimatePartitionBytes(params.h.size() + 1, params.l.size(), params.vk.ic.size()));
  }

  std::lock_guard lock(mu);
  if (job->Finished()) return; // cancelled while planning; the leases go with this scope
  job->timings.srs_load_ms += srs_ms;
  job->partitions = std::move(parts);
  job->planned = true;
  job->leases = std::move(leases);
  job->partition_bytes = std::move(bytes);
  job->num_partitions = job->partitions.size();
  job->proofs.assign(job->partitions.size(), {});
  for (uint32_t i = 0; i < job->partitions.size(); i++)
    queue.Push({job->priority, job->seq, int64_t(i)}, QueuedTask{job, i});
  // the lane's worker is done with this job as its partitions appear: they are the lane's to take
  if (on_lane) lane_busy = false;
  Log().info("job {}: {} partition(s) queued (queue {:.1f} ms, srs {:.1f} ms)", job->id, job->num_partitions,
             job->timings.queue_ms, srs_ms);
  synth_cv.notify_all();
}

void Engine::Impl::ProverWorker(DeviceState &device, uint32_t worker) {
  std::unique_ptr<groth16::ProverBackend> backend;
  try {
    backend = device.spec.make_backend();
  } catch (const std::exception &e) {
    Log().error("device {} worker {}: no backend: {}", device.spec.id, worker, e.what());
  }
  if (!backend) {
    Log().error("device {} worker {}: backend factory gave nothing; this worker does not prove", device.spec.id,
                worker);
    return;
  }
  SecureRng rng;
  std::unique_lock lock(mu);
  for (;;) {
    // A prover holds off lower-priority work while a CRITICAL partition (WinningPoSt, due within
    // the epoch) is being synthesised and no other prover is free for it: that synthesis is short,
    // and starting a long partition now would make the CRITICAL one wait for all of it.
    idle_provers++;
    if (synthesizing[size_t(Priority::CRITICAL)] > 0) prove_cv.notify_all(); // one more prover is free
    prove_cv.wait(lock, [&] { return stopping || ProverMayTakeTop(); });
    idle_provers--;
    if (stopping) return;
    auto item = ready.Pop();
    synth_cv.notify_all(); // a slot in the bounded queue is free
    ReadyPartition rp = std::move(item->second);
    Job &job = *rp.job;
    if (job.Finished()) {
      job.partitions_in_flight--;
      job.ReleaseWorkIfIdle();
      lock.unlock();
      rp = ReadyPartition{};
      lock.lock();
      continue;
    }
    const std::shared_ptr<SrsLease> lease = job.leases[rp.index];
    const PartitionWork &work = job.partitions[rp.index];
    device.worker_job[worker] = job.id;
    device.worker_kind[worker] = job.kind;
    lock.unlock();

    std::string error;
    bool verified = true;
    std::array<uint8_t, groth16::PROOF_BYTES> bytes{};
    const auto t0 = Clock::now();
    double prove_ms = 0, check_ms = 0;
    try {
      Expected<std::vector<groth16::PartialProof>> partial = Error{""};
      {
        std::unique_lock device_lock(device.prove_mu, std::defer_lock);
        if (device.spec.serialize_prove_start) device_lock.lock();
        partial = backend->ProveStart(lease->Params(), std::span(rp.assignment.get(), 1));
      }
      rp.assignment.reset(); // a, b, c and the witness are done with
      rp.reservation.Release();
      if (!partial) throw std::runtime_error("prove: " + partial.ErrorMessage());
      const ff::Fr r = ff::Fr::Random(rng), s = ff::Fr::Random(rng);
      auto proof = groth16::ProveFinish(lease->Params().vk, (*partial)[0], r, s);
      if (!proof) throw std::runtime_error("prove: " + proof.ErrorMessage());
      prove_ms = MsBetween(t0, Clock::now());
      if (config.self_check) {
        const auto t1 = Clock::now();
        auto ok = groth16::VerifyProof(lease->Pvk(), *proof, work.public_inputs);
        check_ms = MsBetween(t1, Clock::now());
        if (!ok) throw std::runtime_error("self-check: " + ok.ErrorMessage());
        verified = *ok;
      }
      bytes = groth16::EncodeProof(*proof);
    } catch (const std::exception &e) {
      error = e.what();
    } catch (...) {
      error = "prove: unknown exception";
    }
    rp.assignment.reset();
    rp.reservation.Release();

    lock.lock();
    device.worker_job[worker].clear();
    device.busy_seconds += MsBetween(t0, Clock::now()) / 1000;
    if (error.empty())
      device.proved++;
    else
      device.failed++;
    job.partitions_in_flight--;
    if (job.Finished()) { // cancelled or failed meanwhile: the proof is discarded
      job.ReleaseWorkIfIdle();
      continue;
    }
    job.timings.prove_ms += prove_ms;
    job.timings.self_check_ms += check_ms;
    if (!error.empty()) {
      FinishJob(job, JobState::FAILED, "partition " + std::to_string(rp.index) + ": " + error);
    } else if (!verified) {
      metrics.SelfCheckFailed(job.kind);
      Log().error("job {} partition {}: SELF-CHECK FAILED on device {}: the proof does not verify against the "
                  "verifying key of {}",
                  job.id, rp.index, device.spec.id, lease->CircuitId());
      FinishJob(job, JobState::FAILED,
                "partition " + std::to_string(rp.index) +
                    " failed its self-check: the proof does not verify against the verifying key of " +
                    lease->CircuitId() + " with the request's public inputs");
    } else {
      job.proofs[rp.index] = bytes;
      if (++job.partitions_done == job.num_partitions) FinishJob(job, JobState::COMPLETED, {});
    }
  }
}

} // namespace cuzk::engine
