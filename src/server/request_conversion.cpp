// src/server/request_conversion.cpp — request validation and message conversion.
#include "server/request_conversion.hpp"

#include <cmath>

namespace cuzk::server {
namespace {

namespace v1 = cuzk::v1;

constexpr size_t COMMITMENT_BYTES = 32; //!< an Fr, little-endian (spec §2.2)
constexpr size_t MAX_REQUEST_ID = 256;  //!< Curio's ids are < 100 bytes; ids go into logs

std::string CheckFixed(const std::string &field, const std::string &value, bool required, const char *kind) {
  if (value.empty()) {
    return required ? field + ": required for " + kind + " (32 bytes)" : std::string();
  }
  if (value.size() != COMMITMENT_BYTES) {
    return field + ": expected 32 bytes, got " + std::to_string(value.size());
  }
  return {};
}

std::string CheckVanillaList(const v1::SubmitProofRequest &r, const char *kind, const char *what) {
  if (r.vanilla_proofs_size() == 0) {
    return std::string("vanilla_proofs: required for ") + kind + " (" + what + ")";
  }
  for (int i = 0; i < r.vanilla_proofs_size(); i++) {
    if (r.vanilla_proofs(i).empty()) return "vanilla_proofs[" + std::to_string(i) + "]: empty";
  }
  if (!r.vanilla_proof().empty()) return std::string("vanilla_proof: not used by ") + kind + "; use vanilla_proofs";
  return {};
}

// The registered-proof numbers the daemon accepts per kind (spec §2.3).
std::string CheckRegistered(uint64_t value, uint64_t lo, uint64_t hi, const char *kind, const char *meaning) {
  if (value >= lo && value <= hi) return {};
  return "registered_proof: " + std::to_string(value) + " is not a " + kind + " proof (" + meaning + ")";
}

std::vector<uint8_t> Bytes(const std::string &s) { return std::vector<uint8_t>(s.begin(), s.end()); }

uint64_t Ms(double ms) { return ms > 0 ? static_cast<uint64_t>(std::llround(ms)) : 0; }

} // namespace

std::string ValidateSubmit(const v1::SubmitProofRequest &r) {
  if (r.request_id().size() > MAX_REQUEST_ID) {
    return "request_id: longer than " + std::to_string(MAX_REQUEST_ID) + " bytes";
  }
  for (unsigned char c : r.request_id()) {
    if (c < 0x20 || c == 0x7f) return "request_id: contains a control character";
  }
  if (!v1::Priority_IsValid(r.priority())) return "priority: invalid value " + std::to_string(r.priority());
  std::string err;
  if (!(err = CheckFixed("randomness", r.randomness(), false, "")).empty()) return err;
  switch (r.proof_kind()) {
  case v1::POREP_SEAL_COMMIT:
    // registered_proof is not checked: the C1 output names its own (Phase1Out.registered_proof),
    // and Curio sends abi.RegisteredSealProof numbers that the reference ignores.
    if (r.vanilla_proof().empty()) return "vanilla_proof: required for POREP_SEAL_COMMIT (the C1 envelope)";
    if (r.vanilla_proofs_size() > 0) return "vanilla_proofs: not used by POREP_SEAL_COMMIT; use vanilla_proof";
    break;
  case v1::SNAP_DEALS_UPDATE:
    if (!(err = CheckVanillaList(r, "SNAP_DEALS_UPDATE", "one bincode PartitionProof per partition")).empty()) {
      return err;
    }
    if (!(err = CheckRegistered(r.registered_proof(), 0, 4, "SnapDeals update", "0..4: 2KiB..64GiB")).empty()) {
      return err;
    }
    for (auto [field, value] : {std::pair<const char *, const std::string *>{"comm_r_old", &r.comm_r_old()},
                                {"comm_r_new", &r.comm_r_new()},
                                {"comm_d_new", &r.comm_d_new()}}) {
      if (!(err = CheckFixed(field, *value, true, "SNAP_DEALS_UPDATE")).empty()) return err;
    }
    return {};
  case v1::WINDOW_POST_PARTITION:
    if (!(err = CheckVanillaList(r, "WINDOW_POST_PARTITION", "one bincode FallbackPoStSectorProof per sector"))
             .empty()) {
      return err;
    }
    if (!(err = CheckRegistered(r.registered_proof(), 5, 14, "WindowPoSt", "5..14: Window 2KiB..64GiB V1, V1_1"))
             .empty()) {
      return err;
    }
    if (!(err = CheckFixed("randomness", r.randomness(), true, "WINDOW_POST_PARTITION")).empty()) return err;
    break;
  case v1::WINNING_POST:
    if (!(err = CheckVanillaList(r, "WINNING_POST", "one bincode FallbackPoStSectorProof per sector")).empty()) {
      return err;
    }
    if (!(err = CheckRegistered(r.registered_proof(), 0, 4, "WinningPoSt", "0..4: Winning 2KiB..64GiB")).empty()) {
      return err;
    }
    if (!(err = CheckFixed("randomness", r.randomness(), true, "WINNING_POST")).empty()) return err;
    break;
  default:
    // the reference's message, so log scrapers keep matching
    return "invalid proof_kind: " + std::to_string(r.proof_kind());
  }
  // only SnapDeals reads the commitments
  for (auto [field, value] : {std::pair<const char *, const std::string *>{"comm_r_old", &r.comm_r_old()},
                              {"comm_r_new", &r.comm_r_new()},
                              {"comm_d_new", &r.comm_d_new()}}) {
    if (!value->empty()) return std::string(field) + ": only SNAP_DEALS_UPDATE takes commitments";
  }
  return {};
}

engine::RequestShape RequestShapeOf(const v1::SubmitProofRequest &r) {
  engine::RequestShape shape;
  shape.proof_kind = static_cast<engine::ProofKind>(r.proof_kind());
  shape.registered_proof = r.registered_proof();
  shape.vanilla_proof_bytes = r.vanilla_proof().size();
  shape.vanilla_proofs = static_cast<uint64_t>(r.vanilla_proofs_size());
  return shape;
}

engine::ProofRequest ToEngineRequest(const v1::SubmitProofRequest &r) {
  engine::ProofRequest out;
  out.request_id = r.request_id();
  out.proof_kind = static_cast<engine::ProofKind>(r.proof_kind());
  out.sector_size = r.sector_size();
  out.registered_proof = r.registered_proof();
  out.priority = static_cast<engine::Priority>(r.priority());
  out.vanilla_proof = Bytes(r.vanilla_proof());
  out.vanilla_proofs.reserve(r.vanilla_proofs_size());
  for (const auto &proof : r.vanilla_proofs()) out.vanilla_proofs.push_back(Bytes(proof));
  out.sector_number = r.sector_number();
  out.miner_id = r.miner_id();
  out.randomness = Bytes(r.randomness());
  out.partition_index = r.partition_index();
  out.comm_r_old = Bytes(r.comm_r_old());
  out.comm_r_new = Bytes(r.comm_r_new());
  out.comm_d_new = Bytes(r.comm_d_new());
  return out;
}

void ToProto(const engine::ProofResult &result, v1::AwaitProofResponse &out) {
  out.set_job_id(result.job_id);
  out.set_status(static_cast<v1::AwaitProofResponse::Status>(result.status));
  out.set_proof(std::string(result.proof.begin(), result.proof.end()));
  out.set_error_message(result.error_message);
  out.set_queue_wait_ms(Ms(result.timings.queue_ms));
  out.set_srs_load_ms(Ms(result.timings.srs_load_ms));
  out.set_synthesis_ms(Ms(result.timings.synthesis_ms));
  out.set_gpu_compute_ms(Ms(result.timings.prove_ms));
  out.set_total_ms(Ms(result.timings.total_ms));
  for (const auto &p : result.timeline) {
    auto *t = out.add_partition_timings();
    t->set_partition(p.partition);
    t->set_device(p.device);
    t->set_pre_compiled(p.pre_compiled);
    t->set_synthesis_start_ms(p.synthesis_start_ms);
    t->set_synthesis_end_ms(p.synthesis_end_ms);
    t->set_prove_start_ms(p.prove_start_ms);
    t->set_device_end_ms(p.device_end_ms);
    t->set_prove_end_ms(p.prove_end_ms);
    t->set_self_check_end_ms(p.self_check_end_ms);
    t->set_abc_evaluation(!p.deferred_abc        ? v1::ABC_EVALUATION_SYNTHESIS
                          : p.abc_on_prover_host ? v1::ABC_EVALUATION_PROVER_HOST
                                                 : v1::ABC_EVALUATION_DEVICE);
    t->set_held_bytes(p.held_bytes);
    t->set_witness_packed(p.witness_packed);
  }
}

void ToProto(const engine::EngineStatus &status, v1::GetStatusResponse &out) {
  for (const auto &device : status.devices) {
    auto *gpu = out.add_gpus();
    gpu->set_ordinal(device.ordinal);
    gpu->set_name(device.name);
    gpu->set_vram_total_bytes(device.memory_total_bytes);
    gpu->set_vram_free_bytes(device.memory_free_bytes);
    std::string jobs;
    for (const auto &id : device.current_job_ids) jobs += (jobs.empty() ? "" : ",") + id;
    gpu->set_current_job_id(jobs);
    gpu->set_current_proof_kind(device.current_proof_kind);
    gpu->set_failed(device.failed);
    gpu->set_last_error(device.last_error);
    gpu->set_consecutive_failures(device.consecutive_failures);
  }
  for (const auto &entry : status.srs) {
    auto *srs = out.add_loaded_srs();
    srs->set_circuit_id(entry.circuit_id);
    srs->set_tier(static_cast<v1::SRSStatus::Tier>(entry.tier));
    srs->set_size_bytes(entry.size_bytes);
    srs->set_ref_count(entry.ref_count);
  }
  for (const auto &pce : status.pce) {
    auto *p = out.add_pre_compiled_circuits();
    p->set_key(pce.key);
    p->set_file(pce.file);
    p->set_loaded(pce.loaded);
    p->set_recording(pce.recording);
    p->set_size_bytes(pce.size_bytes);
    p->set_partitions(pce.partitions);
    p->set_idle_seconds(static_cast<uint64_t>(pce.idle_seconds));
    p->set_last_error(pce.last_error);
  }
  for (const auto &queue : status.queues) {
    auto *q = out.add_queues();
    q->set_proof_kind(queue.proof_kind);
    q->set_pending(queue.pending);
    q->set_in_progress(queue.in_progress);
  }
  out.set_total_proofs_completed(status.proofs_completed);
  out.set_total_proofs_failed(status.proofs_failed);
  out.set_uptime_seconds(static_cast<uint64_t>(status.uptime_seconds));
  out.set_ready_partitions(status.ready_partitions);
  out.set_memory_waits(status.memory_waits);
  out.set_critical_holds(status.critical_holds);
  out.set_pinned_memory_bytes(status.srs_memory_used_bytes + status.working_memory_used_bytes);
  out.set_pinned_memory_limit_bytes(
      status.srs_memory_limit_bytes == 0 ? 0 : status.srs_memory_limit_bytes + status.working_memory_limit_bytes);
}

} // namespace cuzk::server
