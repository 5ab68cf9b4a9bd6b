// src/engine/metrics.cpp
#include "engine/metrics.hpp"

#include <cstdio>

namespace cuzk::engine {
namespace {

std::string Label(const char *name, std::string_view key, std::string_view value) {
  // label values here are our own identifiers (kinds, priorities, device ids, circuit ids); escape
  // the three characters the format reserves anyway
  std::string escaped;
  for (char c : value) {
    if (c == '\\' || c == '"') escaped += '\\';
    if (c == '\n') {
      escaped += "\\n";
      continue;
    }
    escaped += c;
  }
  return std::string(name) + "{" + std::string(key) + "=\"" + escaped + "\"}";
}

// One metric family: # HELP and # TYPE, then its samples.
class Writer {
public:
  void Family(const char *name, const char *type, const char *help) {
    out_ += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
  }
  void Sample(const std::string &name_and_labels, double value) {
    char buf[64];
    std::snprintf(buf, sizeof buf, " %.17g\n", value);
    out_ += name_and_labels + buf;
  }
  //! a family of one unlabelled sample
  void One(const char *name, const char *type, const char *help, double value) {
    Family(name, type, help);
    Sample(name, value);
  }
  //! a family of one sample per item, labelled key="label_of(item)"
  template <class Items, class LabelOf, class ValueOf>
  void Each(const char *name, const char *type, const char *help, std::string_view key, const Items &items,
            LabelOf label_of, ValueOf value_of) {
    Family(name, type, help);
    for (const auto &item : items) Sample(Label(name, key, label_of(item)), double(value_of(item)));
  }
  std::string Take() { return std::move(out_); }

private:
  std::string out_;
};

} // namespace

void Metrics::JobFinished(ProofKind kind, ProofStatus status, const StageTimings &t) {
  std::lock_guard lock(mu_);
  PerKind &k = kinds_[std::string(ProofKindLabel(kind))];
  switch (status) {
  case ProofStatus::COMPLETED:
    k.completed++;
    k.duration_sum += t.total_ms / 1000;
    break;
  case ProofStatus::CANCELLED:
    k.cancelled++;
    break;
  default:
    k.failed++;
  }
  k.queue_sum += t.queue_ms / 1000;
  k.srs_sum += t.srs_load_ms / 1000;
  k.synthesis_sum += t.synthesis_ms / 1000;
  k.prove_sum += t.prove_ms / 1000;
  k.self_check_sum += t.self_check_ms / 1000;
}

void Metrics::SelfCheckFailed(ProofKind kind) {
  std::lock_guard lock(mu_);
  kinds_[std::string(ProofKindLabel(kind))].self_check_failures++;
  self_check_failures_++;
}

void Metrics::EstimateExceeded() {
  std::lock_guard lock(mu_);
  estimate_exceeded_++;
}

void Metrics::PartitionProved(AbcSite site) {
  std::lock_guard lock(mu_);
  abc_sites_[size_t(site)]++;
}

Metrics::Totals Metrics::JobTotals() const {
  std::lock_guard lock(mu_);
  Totals t;
  for (const auto &[kind, k] : kinds_) {
    t.completed += k.completed;
    t.failed += k.failed;
    t.cancelled += k.cancelled;
  }
  return t;
}

uint64_t Metrics::SelfCheckFailures() const {
  std::lock_guard lock(mu_);
  return self_check_failures_;
}

uint64_t Metrics::EstimateExceededCount() const {
  std::lock_guard lock(mu_);
  return estimate_exceeded_;
}

std::string Metrics::Render(const EngineStatus &s, const SrsCounters &srs) const {
  std::lock_guard lock(mu_);
  Writer w;
  w.One("cuzk_uptime_seconds", "gauge", "Seconds since the engine started.", s.uptime_seconds);

  const auto per_kind = [&](const char *name, const char *help, uint64_t PerKind::*count) {
    w.Each(
        name, "counter", help, "proof_kind", kinds_, [](const auto &kv) { return kv.first; },
        [&](const auto &kv) { return kv.second.*count; });
  };
  per_kind("cuzk_proofs_completed_total", "Proofs completed, by proof kind.", &PerKind::completed);
  per_kind("cuzk_proofs_failed_total", "Proofs failed, by proof kind.", &PerKind::failed);
  per_kind("cuzk_proofs_cancelled_total", "Proofs cancelled, by proof kind.", &PerKind::cancelled);
  per_kind("cuzk_self_check_failures_total",
           "Partition proofs that did not verify against the verifying key, by proof kind.",
           &PerKind::self_check_failures);

  // a GPU evaluation that falls back to the prover's host (no room for the matrices) is slower than
  // the CPU evaluation in synthesis: the operator sees it here and in a warning
  w.Family("cuzk_partition_abc_total", "counter",
           "Proved partitions by where their a, b, c (A·w, B·w, C·w) were formed: in synthesis, on the GPU, or "
           "on the GPU prover's host.");
  const char *sites[] = {"synthesis", "device", "prover_host"};
  for (size_t i = 0; i < 3; i++)
    w.Sample(Label("cuzk_partition_abc_total", "evaluated", sites[i]), double(abc_sites_[i]));

  w.Family("cuzk_proof_duration_seconds", "summary", "Submission to result of completed proofs, by proof kind.");
  for (const auto &[kind, k] : kinds_) {
    w.Sample(Label("cuzk_proof_duration_seconds_sum", "proof_kind", kind), k.duration_sum);
    w.Sample(Label("cuzk_proof_duration_seconds_count", "proof_kind", kind), double(k.completed));
  }
  const struct {
    const char *stage;
    double PerKind::*field;
  } stages[] = {{"queue", &PerKind::queue_sum},
                {"srs_load", &PerKind::srs_sum},
                {"synthesis", &PerKind::synthesis_sum},
                {"prove", &PerKind::prove_sum},
                {"self_check", &PerKind::self_check_sum}};
  w.Family("cuzk_stage_seconds_total", "counter", "Seconds spent per stage by finished jobs (partitions summed).");
  for (const auto &[kind, k] : kinds_)
    for (const auto &st : stages)
      w.Sample("cuzk_stage_seconds_total{proof_kind=\"" + kind + "\",stage=\"" + st.stage + "\"}", k.*st.field);

  const auto priority = [](const PriorityQueueStatus &p) { return PriorityName(p.priority); };
  w.Each("cuzk_queue_pending_jobs", "gauge", "Jobs waiting to be planned, by priority.", "priority", s.priorities,
         priority, [](const PriorityQueueStatus &p) { return p.pending_jobs; });
  w.Each("cuzk_queue_partitions", "gauge", "Partitions waiting for synthesis, by priority.", "priority", s.priorities,
         priority, [](const PriorityQueueStatus &p) { return p.queued_partitions; });
  w.One("cuzk_ready_partitions", "gauge", "Synthesised partitions waiting for a prover.", s.ready_partitions);
  w.One("cuzk_memory_waits_total", "counter",
        "Times a synthesis worker waited for the working-memory budget before its next partition.",
        double(s.memory_waits));
  w.One("cuzk_heap_trims_total", "counter",
        "Times the idle engine returned the heap's free pages to the system after jobs ended.", double(s.heap_trims));
  w.One("cuzk_critical_holds_total", "counter",
        "Times an idle prover held off a lower-priority partition while a CRITICAL one was being synthesised.",
        double(s.critical_holds));
  uint32_t running = 0;
  for (const auto &q : s.queues) running += q.in_progress;
  w.One("cuzk_running_jobs", "gauge", "Jobs started and not finished.", running);

  const auto per_device = [&](const char *name, const char *type, const char *help, auto value_of) {
    w.Each(
        name, type, help, "device", s.devices, [](const DeviceStatus &d) { return d.id; }, value_of);
  };
  per_device("cuzk_device_partitions_proved_total", "counter", "Partitions proved, by device.",
             [](const DeviceStatus &d) { return d.partitions_proved; });
  per_device("cuzk_device_partitions_failed_total", "counter", "Partitions whose proving failed, by device.",
             [](const DeviceStatus &d) { return d.partitions_failed; });
  per_device("cuzk_device_busy_seconds_total", "counter", "Seconds the device's workers spent proving.",
             [](const DeviceStatus &d) { return d.busy_seconds; });
  per_device("cuzk_device_failed", "gauge",
             "1 when the device was taken out of rotation (device errors in a row, a failed probe, no backend).",
             [](const DeviceStatus &d) { return d.failed ? 1 : 0; });
  per_device("cuzk_device_consecutive_failures", "gauge", "Device errors since the device's last proved partition.",
             [](const DeviceStatus &d) { return d.consecutive_failures; });
  per_device("cuzk_device_workers", "gauge", "Prover workers, by device.",
             [](const DeviceStatus &d) { return d.workers; });

  w.One("cuzk_working_memory_limit_bytes", "gauge", "Working-memory budget for partitions in flight (0 = none).",
        double(s.working_memory_limit_bytes));
  w.One("cuzk_working_memory_used_bytes", "gauge", "Working memory reserved by partitions in flight.",
        double(s.working_memory_used_bytes));
  w.One("cuzk_memory_estimate_exceeded_total", "counter",
        "Partitions whose measured assignment was larger than their working-memory estimate.",
        double(estimate_exceeded_));

  w.One("cuzk_srs_limit_bytes", "gauge", "SRS byte budget (0 = none).", double(s.srs_memory_limit_bytes));
  w.One("cuzk_srs_resident_bytes", "gauge", "Bytes of resident parameters.", double(s.srs_memory_used_bytes));
  w.Each(
      "cuzk_srs_entry_refs", "gauge", "Jobs holding each known parameter set.", "circuit_id", s.srs,
      [](const SrsEntryStatus &e) { return e.circuit_id; }, [](const SrsEntryStatus &e) { return e.ref_count; });
  w.One("cuzk_srs_evictions_total", "counter", "Parameter sets evicted (LRU or on request).", double(srs.evictions));
  w.One("cuzk_srs_loads_total", "counter", "Parameter sets loaded from disk.", double(srs.loads));
  w.One("cuzk_srs_load_seconds_total", "counter", "Seconds spent loading parameter sets.", srs.load_seconds);
  return w.Take();
}

} // namespace cuzk::engine
