// src/engine/pipeline.cpp — the workers: planning, synthesis, proving and self-check.
#include "base/echo.hpp"
#include "engine/engine_impl.hpp"
#include "engine/log.hpp"
#include "groth16/proof_encoding.hpp"
#include "groth16/prover.hpp"
#include "groth16/verifier.hpp"
#include "msm/msm.hpp"
#include "pce/deferred.hpp"
#include "pce/evaluate.hpp"
#include "r1cs/synthesis_stop.hpp"

#include <algorithm>
#include <filesystem>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <optional>
#include <set>

namespace cuzk::engine {
namespace {

double MsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

// glibc keeps freed small blocks (a request's millions of parsed vanilla-proof entries) in its
// arenas, resident; malloc_trim gives their whole pages back. Other C libraries: nothing to do.
void ReturnFreeHeapMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

// bytes the assignment actually holds (compared with the estimate it was admitted under)
uint64_t AssignmentBytes(const r1cs::ProvingAssignment &pa) {
  return (pa.a.capacity() + pa.b.capacity() + pa.c.capacity() + pa.input_assignment.capacity() +
          pa.aux_assignment.capacity()) *
             sizeof(ff::Fr) +
         pa.packed_aux.Bytes() + pa.a_aux_density.CapacityBytes() + pa.b_input_density.CapacityBytes() +
         pa.b_aux_density.CapacityBytes();
}

// Whether a ProveStart error is the device's: a CUDA call, a lost device or its memory (kInternal,
// kUnavailable, kResourceExhausted), counted against it and retried on another. The other codes say
// the partition itself was refused, which no other device would take either.
bool IsDeviceFailure(ErrorCode code) {
  return code == ErrorCode::kInternal || code == ErrorCode::kUnavailable || code == ErrorCode::kResourceExhausted;
}

// Waits on cv; with parked jobs or full queues a timeout bounds the wait so that conditions whose
// change is signalled without the lock (SRS releases) are seen promptly anyway.
constexpr std::chrono::milliseconds RECHECK{100};

} // namespace

void Engine::Impl::SynthesisWorker(bool critical_lane) {
  std::unique_lock lock(mu);
  for (;;) {
    if (stopping) return;
    SynthesisStep step = sched.NextSynthesis(critical_lane, Clock::now(), srs_release_generation.load());
    if (step.lane_took_work) synth_cv.notify_all();
    switch (step.kind) {
    case SynthesisStep::Kind::kIdle:
      if (heap_trim_wanted) {
        heap_trim_wanted = false;
        std::vector<r1cs::FrVector> spares;
        if (std::none_of(jobs.begin(), jobs.end(), [](const auto &j) { return !j.second->Finished(); }))
          spares.swap(spare_witnesses);
        lock.unlock();
        spares.clear();
        ReturnFreeHeapMemory();
        lock.lock();
        heap_trims++;
        continue;
      }
      if (sched.HasParked())
        synth_cv.wait_for(lock, RECHECK);
      else
        synth_cv.wait(lock);
      continue;
    case SynthesisStep::Kind::kWait:
      // Partitions give their memory back when proved; pre-compiled circuits keep theirs until
      // evicted. A partition that could only fit without them would wait for ever: they go.
      if (working.Limit() != 0 && step.bytes + pces.HeldBytes() > working.Limit()) pces.EvictUnused();
      synth_cv.wait_for(lock, RECHECK);
      continue;
    case SynthesisStep::Kind::kTooLarge:
      FinishJob(*step.job, JobState::kFailed,
                "partition " + std::to_string(step.index) + " needs about " + std::to_string(step.bytes) +
                    " bytes of working memory, more than the whole budget of " + std::to_string(working.Limit()));
      continue;
    case SynthesisStep::Kind::kPlan: {
      auto job = std::move(step.job);
      if (job->state == JobState::kQueued) {
        job->state = JobState::kRunning;
        job->timings.queue_ms = MsBetween(job->submitted_at, Clock::now());
      }
      lock.unlock();
      PlanJob(job, critical_lane);
      lock.lock();
      continue;
    }
    case SynthesisStep::Kind::kSynthesize:
      break;
    }
    std::shared_ptr<Job> owner = std::move(step.job);
    MemoryReservation reservation = std::move(step.reservation);
    const Priority priority = step.priority;
    const uint32_t index = step.index;
    const uint64_t bytes = step.bytes;
    const PartitionWork &work = owner->partitions[index]; // not modified after planning
    const std::string circuit_id = work.circuit_id;
    std::optional<r1cs::AssignmentShape> shape;
    if (auto it = shapes.find(circuit_id); it != shapes.end()) shape = it->second;
    lock.unlock();

    auto assignment = std::make_unique<r1cs::ProvingAssignment>();
    std::string error;
    bool via_pce = false;
    SynthesisSteps steps;
    const auto t0 = Clock::now();
    try {
      // owner keeps the job (and its flag) alive until after synthesis
      const r1cs::ScopedSynthesisStop stop(&owner->stop);
      via_pce = SynthesizePartition(work, shape, bytes, *assignment, steps);
    } catch (const std::exception &e) {
      error = e.what();
    } catch (...) {
      error = "unknown exception";
    }
    const auto t1 = Clock::now();
    const double synth_ms = MsBetween(t0, t1);
    const uint64_t measured = error.empty() ? AssignmentBytes(*assignment) : 0;
    if (measured > bytes) {
      metrics.EstimateExceeded();
      Log().warn("job {} partition {}: assignment holds {} bytes, more than its estimate of {}", owner->id, index,
                 measured, bytes);
    }
    // A partition with deferred a, b, c holds its witness alone until a GPU prover takes it (the
    // estimate counted a, b, c and the CPU prover's H vectors): the rest goes back to the budget,
    // so more partitions fit in flight. The allowance for allocator slack stays.
    const bool deferred = error.empty() && assignment->IsDeferred();
    if (deferred) reservation.ShrinkTo(measured + measured / 4);

    lock.lock();
    if (error.empty()) shapes.insert_or_assign(circuit_id, assignment->Shape());
    sched.SynthesisDone(priority);
    if (priority == Priority::CRITICAL) prove_cv.notify_all(); // provers holding off for it
    if (!error.empty() || owner->Finished()) {
      owner->partitions_in_flight--;
      if (!error.empty())
        FinishJob(*owner, JobState::kFailed, "partition " + std::to_string(index) + " synthesis failed: " + error);
      owner->ReleaseWorkIfIdle();
      synth_cv.notify_all();
      lock.unlock();
      assignment.reset(); // large: freed outside the lock
      reservation.Release();
      lock.lock();
      continue;
    }
    owner->timings.synthesis_ms += synth_ms;
    owner->timings.pce_partitions += via_pce;
    PartitionTimeline &span = owner->timeline[index];
    span.pre_compiled = via_pce;
    span.deferred_abc = deferred;
    span.witness_packed = assignment->aux_packed;
    span.held_bytes = measured;
    span.synthesis_start_ms = MsBetween(owner->submitted_at, t0);
    span.synthesis_end_ms = MsBetween(owner->submitted_at, t1);
    Log().info("job {} partition {}: synthesised in {:.1f} ms ({}; witness {:.1f} ms, a, b, c {:.1f} ms, packing "
               "{:.1f} ms), holding {} bytes",
               owner->id, index, synth_ms,
               deferred && assignment->aux_packed ? "pre-compiled witness, packed, a, b, c left to the GPU"
               : deferred                         ? "pre-compiled witness, a, b, c left to the GPU"
               : via_pce                          ? "pre-compiled"
                                                  : "generic",
               steps.witness_ms, steps.abc_ms, steps.pack_ms, measured);
    sched.PushReady(
        ReadyPartition{std::move(owner), index, std::move(assignment), std::move(reservation), via_pce, {}});
    prove_cv.notify_one();
  }
}

bool Engine::Impl::SynthesizePartition(const PartitionWork &work, const std::optional<r1cs::AssignmentShape> &shape,
                                       uint64_t partition_bytes, r1cs::ProvingAssignment &out, SynthesisSteps &steps) {
  if (pces.Enabled() && !work.pce_key.empty()) {
    const std::string stem = std::filesystem::path(srs.ParamsPath(work.circuit_id)).stem().string();
    if (auto circuit =
            pces.Acquire(work.pce_key, stem.empty() ? work.circuit_id : stem, work.synthesize, partition_bytes)) {
      const bool defer = DeferAbc();
      const auto t0 = Clock::now();
      r1cs::WitnessCS witness;
      if (defer) {
        // a buffer a packed partition left, its pages mapped already (within this partition's reservation)
        std::lock_guard lock(mu);
        if (!spare_witnesses.empty()) {
          witness.aux_assignment = std::move(spare_witnesses.back());
          spare_witnesses.pop_back();
        }
      }
      witness.Reserve(circuit->NumInputs(), circuit->NumAux());
      if (work.witness)
        work.witness(witness);
      else
        work.synthesize(witness);
      // the witness generators do not look at the job's stop flag; a cancelled job stops here
      if (r1cs::SynthesisStopRequested()) throw r1cs::SynthesisError("synthesis stopped");
      const auto t1 = Clock::now();
      const cuzk::Status evaluated =
          defer ? pce::Defer(circuit, std::move(witness), out) : pce::Evaluate(*circuit, std::move(witness), out);
      const auto t2 = Clock::now();
      steps.witness_ms = MsBetween(t0, t1);
      steps.abc_ms = MsBetween(t1, t2);
      if (evaluated) {
        // until a GPU prover takes it, the witness is all the partition holds: packed, a 32 GiB PoRep
        // partition's is ~0.16 GB instead of 4.2 (the device unpacks it, gpu/witness_unpack.cuh)
        r1cs::FrVector storage;
        if (defer && out.PackAux(&storage) && storage.capacity()) {
          std::lock_guard lock(mu);
          if (spare_witnesses.size() < config.synthesis_workers + 1) spare_witnesses.push_back(std::move(storage));
        }
        steps.pack_ms = MsBetween(t2, Clock::now());
        pces.CountUse(work.pce_key);
        return true;
      }
      // a witness of another shape than the recording: the recording is what is wrong (the
      // handler's synthesis defines the circuit), so it goes and this partition is made generically
      pces.Invalidate(work.pce_key, evaluated.ErrorMessage());
      out = r1cs::ProvingAssignment();
    }
  }
  if (shape) out.Reserve(*shape);
  work.synthesize(out);
  return false;
}

bool Engine::Impl::DeferAbc() const {
  if (!config.pce_gpu_eval || devices.empty()) return false;
  for (const auto &d : devices)
    if (d->spec.id == CPU_DEVICE_ID) return false;
  return true;
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
  auto fail = [&](const std::string &message) {
    std::lock_guard lock(mu);
    FinishJob(*job, JobState::kFailed, message);
  };
  if (parts.empty()) {
    if (!handler) {
      fail("no handler registered for proof kind " + ProofKindName(job->kind) + " (" +
           std::to_string(uint32_t(job->kind)) + ")");
      return;
    }
    Expected<std::vector<PartitionWork>> plan = cuzk::MakeError(cuzk::ErrorCode::kInternal, "handler threw");
    try {
      plan = handler->Plan(request);
    } catch (const std::exception &e) {
      plan = cuzk::MakeError(cuzk::ErrorCode::kInternal, std::string("handler threw: ") + e.what());
    } catch (...) {
      plan = cuzk::MakeError(cuzk::ErrorCode::kInternal, "handler threw an unknown exception");
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
    if (!acquired && acquired.Code() == ErrorCode::kUnavailable) {
      by_id.clear();
      std::lock_guard lock(mu);
      if (job->Finished()) return;
      Log().info("job {}: waiting for room in the SRS budget ({})", job->id, acquired.ErrorMessage());
      job->timings.srs_load_ms += MsBetween(t0, Clock::now());
      job->partitions = std::move(parts);
      job->planned = true;
      sched.Park(job, Clock::now(), srs_release_generation.load());
      sched.PlanDone(on_lane);
      return;
    }
    if (!acquired) {
      fail("parameters for circuit " + p.circuit_id + ": " + acquired.ErrorMessage());
      return;
    }
    by_id[p.circuit_id] = std::move(acquired->lease);
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
  job->timeline.resize(job->partitions.size());
  for (size_t i = 0; i < job->timeline.size(); i++) job->timeline[i].partition = uint32_t(i);
  sched.QueuePartitions(job);
  sched.PlanDone(on_lane);
  Log().info("job {}: {} partition(s) queued (queue {:.1f} ms, srs {:.1f} ms)", job->id, job->num_partitions,
             job->timings.queue_ms, srs_ms);
  synth_cv.notify_all();
}

void Engine::Impl::TakeOutOfRotation(DeviceState &device, const std::string &why) {
  if (device.out) return;
  device.out = true;
  device.last_error = base::Echo(why, base::MESSAGE_BYTES);
  devices_in_rotation--;
  Log().error("device {} taken out of rotation: {}", device.spec.id, device.last_error);
  prove_cv.notify_all(); // its other workers stop; provers of other devices may take its partitions
  if (devices_in_rotation == 0) {
    // nothing can prove what is queued: fail it now rather than leave callers waiting
    std::vector<std::shared_ptr<Job>> unfinished;
    for (const auto &[id, job] : jobs)
      if (!job->Finished()) unfinished.push_back(job);
    for (auto &job : unfinished)
      FinishJob(*job, JobState::kFailed, "no proving device left: device " + device.spec.id + " " + device.last_error);
    return;
  }
  // a partition that has failed on every device still in rotation cannot be proved
  std::vector<std::shared_ptr<Job>> stuck;
  sched.ForEachReady([&](const ReadyPartition &p) {
    for (const auto &d : devices)
      if (!d->out && !p.FailedOn(d->ordinal)) return;
    stuck.push_back(p.job);
  });
  for (auto &job : stuck)
    FinishJob(*job, JobState::kFailed,
              "partition failed on every proving device left (the last: " + device.spec.id + ", " + device.last_error +
                  ")");
}

void Engine::Impl::ProverWorker(DeviceState &device, uint32_t worker) {
  std::unique_ptr<groth16::ProverBackend> backend;
  std::string no_backend;
  try {
    backend = device.spec.make_backend();
    if (!backend) no_backend = "the backend factory gave nothing";
  } catch (const std::exception &e) {
    no_backend = e.what();
  }
  if (!backend) {
    Log().error("device {} worker {}: no backend: {}; this worker does not prove", device.spec.id, worker, no_backend);
    std::lock_guard lock(mu);
    if (--device.live_workers == 0) TakeOutOfRotation(device, "has no working prover: " + no_backend);
    return;
  }
  SecureRng rng;
  std::unique_lock lock(mu);
  for (;;) {
    // A prover holds off lower-priority work while a CRITICAL partition (WinningPoSt, due within
    // the epoch) is being synthesised and no other prover is free for it: that synthesis is short,
    // and starting a long partition now would make the CRITICAL one wait for all of it.
    sched.ProverIdle();
    if (sched.CriticalSynthesizing() > 0) prove_cv.notify_all(); // one more prover is free
    prove_cv.wait(lock, [&] { return stopping || device.out || sched.ProverMayTakeTop(device.ordinal); });
    sched.ProverBusy();
    if (stopping || device.out) break;
    ReadyPartition rp = std::move(*sched.TakeReady(device.ordinal));
    synth_cv.notify_all(); // a slot in the bounded queue is free
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

    // ProveStart is the device's part: its failure is the device's (counted, and the partition is
    // retried elsewhere) unless its code says the input was refused (a shape that does not fit
    // the parameters fails on every device); what follows runs on the CPU and fails the job.
    std::string device_error, error;
    bool verified = true;
    std::array<uint8_t, groth16::PROOF_BYTES> bytes{};
    const auto t0 = Clock::now();
    double prove_ms = 0, check_ms = 0;
    Clock::time_point device_end{}, prove_end{}, check_end{};
    Expected<std::vector<groth16::PartialProof>> partial = cuzk::MakeError(cuzk::ErrorCode::kInternal, "not run");
    const bool deferred = rp.assignment->IsDeferred();
    groth16::ProverTimings prover_timings; // a prover that forms deferred a, b, c on its host times them in .abc
    bool stopped = false; // by the job's stop flag (a cancel, or a shutdown past its grace): no device's fault
    try {
      std::unique_lock device_lock(device.prove_mu, std::defer_lock);
      if (device.spec.serialize_prove_start) device_lock.lock();
      // a prover that obeys the flag (the CPU one) ends within one MSM task
      const r1cs::ScopedSynthesisStop stop(&job.stop);
      partial = backend->ProveStart(lease->Params(), std::span(rp.assignment.get(), 1), &prover_timings);
      device_end = Clock::now();
      if (!partial) (IsDeviceFailure(partial.Code()) ? device_error : error) = "prove: " + partial.ErrorMessage();
    } catch (const msm::Stopped &e) {
      stopped = true;
      error = std::string("prove: ") + e.what();
    } catch (const std::exception &e) {
      device_error = std::string("prove: ") + e.what();
    } catch (...) {
      device_error = "prove: unknown exception";
    }
    const auto site = !deferred                ? Metrics::AbcSite::kSynthesis
                      : prover_timings.abc > 0 ? Metrics::AbcSite::kProverHost
                                               : Metrics::AbcSite::kDevice;
    std::string probe_says;
    const bool usable = device_error.empty() || !device.spec.usable || device.spec.usable(&probe_says);
    if (device_error.empty() && error.empty() && !stopped) {
      rp.assignment.reset(); // a, b, c and the witness are done with
      rp.reservation.Release();
      try {
        const ff::Fr r = ff::Fr::Random(rng), s = ff::Fr::Random(rng);
        auto proof = groth16::ProveFinish(lease->Params().vk, (*partial)[0], r, s);
        if (!proof) throw std::runtime_error("prove: " + proof.ErrorMessage());
        prove_end = Clock::now();
        prove_ms = MsBetween(t0, prove_end);
        if (config.self_check) {
          auto ok = groth16::VerifyProof(lease->Pvk(), *proof, work.public_inputs);
          check_end = Clock::now();
          check_ms = MsBetween(prove_end, check_end);
          if (!ok) throw std::runtime_error("self-check: " + ok.ErrorMessage());
          verified = *ok;
        }
        bytes = groth16::EncodeProof(*proof);
      } catch (const std::exception &e) {
        error = e.what();
      } catch (...) {
        error = "prove: unknown exception";
      }
    }

    lock.lock();
    device.worker_job[worker].clear();
    device.busy_seconds += MsBetween(t0, Clock::now()) / 1000;
    if (!device_error.empty()) {
      device.failed++;
      device.consecutive_failures++;
      device.last_error = base::Echo(device_error, base::MESSAGE_BYTES);
      Log().warn("device {}: job {} partition {} failed ({} in a row): {}", device.spec.id, job.id, rp.index,
                 device.consecutive_failures, device.last_error);
      if (!usable) {
        std::string why = "failed its probe after a device error (" + probe_says + "): ";
        why += device_error;
        TakeOutOfRotation(device, why);
      } else if (config.device_failure_limit > 0 && device.consecutive_failures >= config.device_failure_limit) {
        TakeOutOfRotation(device, std::to_string(device.consecutive_failures) +
                                      " device errors in a row, the last: " + device_error);
      }
    } else if (!stopped) {
      device.consecutive_failures = 0;
      if (error.empty())
        device.proved++;
      else
        device.failed++;
    }
    // a stop of a job not finished is a shutdown past its grace: it fails, and goes as a cancelled one
    if (stopped && !job.Finished())
      FinishJob(job, JobState::kFailed, "partition " + std::to_string(rp.index) + ": " + error);
    if (job.Finished()) { // cancelled or failed meanwhile: the proof is discarded
      job.partitions_in_flight--;
      job.ReleaseWorkIfIdle();
      lock.unlock();
      rp = ReadyPartition{};
      lock.lock();
      if (device.out) break;
      continue;
    }
    if (!device_error.empty()) {
      // retried on a device it has not failed on, if one is still in rotation; never returned unproved
      rp.failed_on.push_back(device.ordinal);
      bool another = false;
      for (const auto &d : devices) another = another || (!d->out && !rp.FailedOn(d->ordinal));
      if (another) {
        Log().info("job {} partition {}: retried on another device", job.id, rp.index);
        sched.Retry(std::move(rp));
        prove_cv.notify_all();
      } else {
        job.partitions_in_flight--;
        FinishJob(job, JobState::kFailed,
                  "partition " + std::to_string(rp.index) + ": device " + device.spec.id + ": " + device_error +
                      " (no other device left to retry it on)");
        lock.unlock();
        rp = ReadyPartition{};
        lock.lock();
      }
      if (device.out) break;
      continue;
    }
    job.partitions_in_flight--;
    job.timings.prove_ms += prove_ms;
    job.timings.self_check_ms += check_ms;
    {
      PartitionTimeline &span = job.timeline[rp.index];
      span.device = device.spec.id == CPU_DEVICE_ID ? -1 : int32_t(device.ordinal);
      span.prove_start_ms = MsBetween(job.submitted_at, t0);
      auto since = [&](Clock::time_point t) { return t == Clock::time_point{} ? 0.0 : MsBetween(job.submitted_at, t); };
      span.device_end_ms = since(device_end);
      span.prove_end_ms = since(prove_end);
      span.self_check_end_ms = since(check_end);
      span.abc_on_prover_host = site == Metrics::AbcSite::kProverHost;
    }
    metrics.PartitionProved(site);
    if (site == Metrics::AbcSite::kProverHost && !device.warned_abc_on_host) {
      device.warned_abc_on_host = true;
      Log().warn("device {}: a, b, c of job {} partition {} were left to the prover and formed on its host "
                 "({:.0f} ms): the device had no room for the circuit's matrices beside its SRS; "
                 "synthesis.pce_gpu_eval = false evaluates them in synthesis instead, overlapped with the device "
                 "(counted in cuzk_partition_abc_total{{evaluated=\"prover_host\"}})",
                 device.spec.id, job.id, rp.index, prover_timings.abc * 1000);
    }
    if (!error.empty()) {
      FinishJob(job, JobState::kFailed, "partition " + std::to_string(rp.index) + ": " + error);
    } else if (!verified) {
      metrics.SelfCheckFailed(job.kind);
      // a stale or wrong recording must not fail the next partitions of its shape too
      if (rp.via_pce) pces.Invalidate(work.pce_key, "a proof synthesised through it failed its self-check");
      Log().error("job {} partition {}: SELF-CHECK FAILED on device {}: the proof does not verify against the "
                  "verifying key of {}",
                  job.id, rp.index, device.spec.id, lease->CircuitId());
      FinishJob(job, JobState::kFailed,
                "partition " + std::to_string(rp.index) +
                    " failed its self-check: the proof does not verify against the verifying key of " +
                    lease->CircuitId() + " with the request's public inputs");
    } else {
      job.proofs[rp.index] = bytes;
      if (++job.partitions_done == job.num_partitions) FinishJob(job, JobState::kCompleted, {});
    }
  }
  device.live_workers--;
  lock.unlock();
  backend.reset(); // device resources are freed in the thread that owns the device
}

} // namespace cuzk::engine
