// src/engine/job.hpp — one submitted request on its way through the engine.
//
// A job is QUEUED until a worker plans it (RUNNING from then on: its kind's handler split it into
// partitions and its parameter sets are leased), and it ends COMPLETED, FAILED or CANCELLED. All
// fields are guarded by the engine's lock. The worker that plans a job takes `request` out of it;
// `partitions` does not change once queued and is read outside the lock by the workers that
// hold one of its partitions (partitions_in_flight > 0 keeps it alive).
#pragma once
#include "engine/engine.hpp"
#include "engine/srs_manager.hpp"
#include "groth16/proof_encoding.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace cuzk::engine {

using Clock = std::chrono::steady_clock;
using Fingerprint = std::array<uint8_t, 32>;

enum class JobState { kQueued, kRunning, kCompleted, kFailed, kCancelled };
//! "queued", "running", "completed", "failed", "cancelled" (for messages)
std::string_view JobStateName(JobState state);

struct Job {
  std::string id;
  uint64_t seq = 0; //!< submission order; unique (queue keys)
  ProofKind kind = ProofKind::UNSPECIFIED;
  Priority priority = Priority::NORMAL;
  Fingerprint fingerprint{};
  ProofRequest request;        //!< payload dropped once planned
  uint64_t admitted_bytes = 0; //!< held against the request budget until the job ends

  JobState state = JobState::kQueued;
  bool planned = false;
  bool parked = false; //!< planned, waiting for room in the SRS budget
  std::vector<PartitionWork> partitions;
  std::vector<uint64_t> partition_bytes;         //!< working-memory estimate per partition
  std::vector<std::shared_ptr<SrsLease>> leases; //!< per partition (shared between equal ids)
  std::vector<std::array<uint8_t, groth16::PROOF_BYTES>> proofs;
  size_t num_partitions = 0; //!< kept after `partitions` is released
  size_t partitions_done = 0;
  size_t partitions_in_flight = 0; //!< popped from the queue, not yet proved or dropped

  //! set when the job ends: its syntheses still running stop at their next check
  //! (r1cs::ScopedSynthesisStop); read without the lock
  std::atomic<bool> stop{false};

  Clock::time_point submitted_at{};
  Clock::time_point finished_at{};
  StageTimings timings;
  std::vector<PartitionTimeline> timeline; //!< sized when planned
  std::string error;

  bool Finished() const {
    return state == JobState::kCompleted || state == JobState::kFailed || state == JobState::kCancelled;
  }
  //! Drops the partitions' synthesis closures and inputs (they may hold a parsed vanilla proof)
  //! once the job is over and no worker is using them; finished jobs are retained for a while.
  void ReleaseWorkIfIdle() {
    if (!Finished() || partitions_in_flight != 0) return;
    std::vector<PartitionWork>().swap(partitions);
  }
  //! what a finished job keeps while it is retained: its record, id, error and proofs (its request
  //! and partitions are dropped when it ends); fixed once it has ended
  uint64_t RetainedBytes() const {
    return sizeof(Job) + id.capacity() + error.capacity() + proofs.capacity() * groth16::PROOF_BYTES +
           partition_bytes.capacity() * sizeof(uint64_t);
  }
  //! the result as Await returns it
  ProofResult Result() const;
};

//! SHA-256 over every field of the request except request_id and priority (a retry may change
//! its priority and still be the same proof), each length-prefixed.
Fingerprint RequestFingerprint(const ProofRequest &request);
//! the bytes a request's payload holds (what the request budget counts)
uint64_t RequestBytes(const ProofRequest &request);
//! a random (version 4) UUID, from the operating system's CSPRNG
std::string NewUuid();

//! 64-bit words from OpenSSL's CSPRNG, for Fr::Random: the proofs' r and s must be unpredictable
//! (zero knowledge) — a seeded PRNG would leak the witness to whoever learns the seed.
struct SecureRng {
  uint64_t operator()();
};

} // namespace cuzk::engine
