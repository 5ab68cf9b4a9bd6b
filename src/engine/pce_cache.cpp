// src/engine/pce_cache.cpp
#include "engine/pce_cache.hpp"

#include "engine/log.hpp"
#include "pce/pce_file.hpp"
#include "pce/recorder.hpp"

#include <filesystem>

namespace cuzk::engine {
namespace {

// After a recording fails or a circuit does not fit the budget, partitions of its shape are
// synthesised generically for this long before it is tried again.
constexpr std::chrono::seconds RETRY_AFTER{60};

// Gives a resident circuit's memory back; its file stays, so the next use loads it again.
template <class Entry> void EvictResident(const std::string &key, Entry &e, std::string_view why) {
  Log().info("pce {}: evicted ({} bytes): {}", key, e.circuit->MemoryBytes(), why);
  e.circuit.reset();
  e.reservation.Release();
  e.state = decltype(e.state)::kUnknown;
}

} // namespace

PceCache::PceCache(bool enabled, std::string dir, MemoryBudget &budget)
    : enabled_(enabled), dir_(std::move(dir)), budget_(budget) {}

PceCache::~PceCache() { Stop(); }

void PceCache::Stop() {
  stop_ = true;
  std::vector<std::thread> threads;
  {
    std::lock_guard lock(mu_);
    threads.swap(recorders_);
  }
  for (std::thread &t : threads)
    if (t.joinable()) t.join();
}

std::string PceCache::PathOf(const std::string &file) const {
  return dir_.empty() ? std::string() : (std::filesystem::path(dir_) / file).string();
}

bool PceCache::MakeRoom(uint64_t bytes, const std::string &keep) {
  while (!budget_.TryAcquire(bytes)) {
    Entry *victim = nullptr;
    std::string victim_key;
    for (auto &[key, e] : entries_)
      if (e.state == State::kLoaded && key != keep && e.circuit.use_count() == 1 &&
          (!victim || e.last_used < victim->last_used)) {
        victim = &e;
        victim_key = key;
      }
    if (!victim) return false;
    EvictResident(victim_key, *victim, "to make room");
  }
  return true;
}

std::shared_ptr<const pce::PreCompiledCircuit> PceCache::Acquire(const std::string &key, const std::string &file_stem,
                                                                 const Synthesize &record, uint64_t record_bytes) {
  if (!enabled_ || key.empty()) return nullptr;
  std::unique_lock lock(mu_);
  Entry &e = entries_[key];
  if (e.file.empty()) e.file = file_stem + ".pce";
  e.last_used = Clock::now();
  if (e.state == State::kLoading) loaded_.wait(lock, [&] { return e.state != State::kLoading; });
  if (e.state == State::kLoaded) return e.circuit;
  if (e.state == State::kRecording) return nullptr; // generic meanwhile: recording takes a synthesis' time
  if (e.state == State::kUnknown) {
    e.state = State::kAbsent;
    const std::string path = PathOf(e.file);
    std::error_code ec;
    if (!path.empty() && std::filesystem::exists(path, ec)) {
      e.state = State::kLoading;
      lock.unlock();
      const auto t0 = Clock::now();
      auto loaded = pce::Load(path, key);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      lock.lock();
      e.state = State::kAbsent; // entries are never erased, so e is still this key's
      loaded_.notify_all();     // the waiters see the outcome once this returns and unlocks
      if (loaded) {
        if (MakeRoom((*loaded)->MemoryBytes(), key)) {
          e.circuit = *loaded;
          e.reservation = MemoryReservation(&budget_, e.circuit->MemoryBytes());
          e.state = State::kLoaded;
          e.last_error.clear();
          Log().info("pce {}: loaded {} ({} bytes) in {:.0f} ms", key, e.file, e.circuit->MemoryBytes(), ms);
          return e.circuit;
        }
        e.last_error = "does not fit in the working-memory budget";
        e.retry_after = Clock::now() + RETRY_AFTER;
        Log().warn("pce {}: {} ({} bytes); synthesising generically", key, e.last_error, (*loaded)->MemoryBytes());
        return nullptr;
      }
      e.last_error = loaded.ErrorMessage();
      Log().warn("pce {}: {}; recording it again", key, e.last_error);
    }
  }
  // ABSENT: record it, unless a recording failed a moment ago
  if (!record || Clock::now() < e.retry_after || stop_) return nullptr;
  if (!MakeRoom(record_bytes, key)) return nullptr; // tried again by a later partition
  e.state = State::kRecording;
  recorders_.emplace_back(&PceCache::RecordInBackground, this, key, record, MemoryReservation(&budget_, record_bytes));
  return nullptr;
}

void PceCache::RecordInBackground(const std::string &key, const Synthesize &record, MemoryReservation reservation) {
  const auto t0 = Clock::now();
  auto recorded = pce::Record(record, key, &stop_);
  const double record_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  std::string file;
  {
    std::lock_guard lock(mu_);
    file = entries_[key].file;
  }
  std::string save_error;
  if (recorded && !dir_.empty()) {
    if (cuzk::Status s = pce::Save(**recorded, PathOf(file)); !s) save_error = s.ErrorMessage();
  }
  reservation.Release(); // the recording's transient memory; the circuit is charged below
  std::lock_guard lock(mu_);
  Entry &e = entries_[key];
  if (!recorded) {
    e.state = State::kAbsent;
    e.last_error = recorded.ErrorMessage();
    e.retry_after = Clock::now() + RETRY_AFTER;
    if (!stop_) Log().warn("pce {}: {}", key, e.last_error);
    return;
  }
  const auto &circuit = *recorded;
  Log().info("pce {}: recorded in {:.0f} ms: {} constraints, {} non-zeros, {} coefficients, {} bytes{}", key, record_ms,
             circuit->NumConstraints(), circuit->Nnz(), circuit->Coefficients().size(), circuit->MemoryBytes(),
             dir_.empty()         ? ""
             : save_error.empty() ? ", saved as " + file
                                  : "");
  if (!save_error.empty()) Log().warn("pce {}: not saved: {}", key, save_error);
  if (!MakeRoom(circuit->MemoryBytes(), key)) {
    e.state = save_error.empty() && !dir_.empty() ? State::kUnknown : State::kAbsent;
    e.last_error = "does not fit in the working-memory budget";
    e.retry_after = Clock::now() + RETRY_AFTER;
    return;
  }
  e.circuit = circuit;
  e.reservation = MemoryReservation(&budget_, circuit->MemoryBytes());
  e.state = State::kLoaded;
  e.last_error = save_error;
}

uint64_t PceCache::HeldBytes() const {
  std::lock_guard lock(mu_);
  uint64_t bytes = 0;
  for (const auto &[key, e] : entries_) bytes += e.reservation.Bytes();
  return bytes;
}

void PceCache::EvictUnused() {
  std::lock_guard lock(mu_);
  for (auto &[key, e] : entries_)
    if (e.state == State::kLoaded && e.circuit.use_count() == 1) EvictResident(key, e, "a partition needs the memory");
}

void PceCache::CountUse(const std::string &key) {
  std::lock_guard lock(mu_);
  if (auto it = entries_.find(key); it != entries_.end()) it->second.partitions++;
}

void PceCache::Invalidate(const std::string &key, const std::string &why) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(key);
  if (it == entries_.end()) return;
  Entry &e = it->second;
  Log().error("pce {}: dropped: {}", key, why);
  e.circuit.reset();
  e.reservation.Release();
  e.state = State::kAbsent;
  e.last_error = why;
  if (const std::string path = PathOf(e.file); !path.empty()) {
    std::error_code ec;
    std::filesystem::remove(path, ec);
  }
}

std::vector<PceStatus> PceCache::Status() const {
  std::lock_guard lock(mu_);
  std::vector<PceStatus> out;
  const auto now = Clock::now();
  for (const auto &[key, e] : entries_) {
    PceStatus s;
    s.key = key;
    s.file = e.file;
    s.loaded = e.state == State::kLoaded;
    s.recording = e.state == State::kRecording;
    s.size_bytes = e.circuit ? e.circuit->MemoryBytes() : 0;
    s.partitions = e.partitions;
    s.idle_seconds = std::chrono::duration<double>(now - e.last_used).count();
    s.last_error = e.last_error;
    out.push_back(std::move(s));
  }
  return out;
}

} // namespace cuzk::engine
