// src/engine/job.cpp
#include "engine/job.hpp"

#include "hash/sha256.hpp"

#include <cstdio>
#include <openssl/rand.h>
#include <stdexcept>

namespace cuzk::engine {
namespace {

void PutU64(hash::Sha256Hasher &h, uint64_t v) {
  uint8_t b[8];
  for (int i = 0; i < 8; i++) b[i] = uint8_t(v >> (8 * i));
  h.Update(std::span<const uint8_t>(b, 8));
}

void PutBytes(hash::Sha256Hasher &h, std::span<const uint8_t> bytes) {
  PutU64(h, bytes.size());
  h.Update(bytes);
}

void RandomBytes(uint8_t *out, size_t n) {
  if (RAND_bytes(out, int(n)) != 1) throw std::runtime_error("RAND_bytes failed: no secure randomness");
}

} // namespace

std::string_view JobStateName(JobState state) {
  switch (state) {
  case JobState::kQueued:
    return "queued";
  case JobState::kRunning:
    return "running";
  case JobState::kCompleted:
    return "completed";
  case JobState::kFailed:
    return "failed";
  case JobState::kCancelled:
    return "cancelled";
  }
  return "unknown";
}

ProofResult Job::Result() const {
  ProofResult r;
  r.job_id = id;
  r.timings = timings;
  r.timeline = timeline;
  r.partitions = uint32_t(num_partitions);
  switch (state) {
  case JobState::kCompleted:
    r.status = ProofStatus::COMPLETED;
    r.proof.reserve(proofs.size() * groth16::PROOF_BYTES);
    for (const auto &p : proofs) r.proof.insert(r.proof.end(), p.begin(), p.end());
    break;
  case JobState::kFailed:
    r.status = ProofStatus::FAILED;
    r.error_message = error;
    break;
  case JobState::kCancelled:
    r.status = ProofStatus::CANCELLED;
    r.error_message = error;
    break;
  default:
    r.status = ProofStatus::UNKNOWN;
  }
  return r;
}

Fingerprint RequestFingerprint(const ProofRequest &r) {
  hash::Sha256Hasher h;
  PutU64(h, uint32_t(r.proof_kind));
  PutU64(h, r.sector_size);
  PutU64(h, r.registered_proof);
  PutBytes(h, r.vanilla_proof);
  PutU64(h, r.vanilla_proofs.size());
  for (const auto &v : r.vanilla_proofs) PutBytes(h, v);
  PutU64(h, r.sector_number);
  PutU64(h, r.miner_id);
  PutBytes(h, r.randomness);
  PutU64(h, r.partition_index);
  PutBytes(h, r.comm_r_old);
  PutBytes(h, r.comm_r_new);
  PutBytes(h, r.comm_d_new);
  return h.Finalize();
}

uint64_t RequestBytes(const ProofRequest &r) {
  uint64_t bytes = sizeof(ProofRequest) + r.request_id.size() + r.vanilla_proof.size() + r.randomness.size() +
                   r.comm_r_old.size() + r.comm_r_new.size() + r.comm_d_new.size();
  // each entry is a vector of its own: its bytes and its header
  for (const auto &v : r.vanilla_proofs) bytes += sizeof(v) + v.size(); // NOLINT(bugprone-sizeof-container): the header
  return bytes;
}

std::string NewUuid() {
  uint8_t b[16];
  RandomBytes(b, sizeof b);
  b[6] = uint8_t((b[6] & 0x0f) | 0x40); // version 4
  b[8] = uint8_t((b[8] & 0x3f) | 0x80); // RFC 4122 variant
  char s[37];
  std::snprintf(s, sizeof s, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return s;
}

uint64_t SecureRng::operator()() {
  uint8_t b[8];
  RandomBytes(b, sizeof b);
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= uint64_t(b[i]) << (8 * i);
  return v;
}

} // namespace cuzk::engine
