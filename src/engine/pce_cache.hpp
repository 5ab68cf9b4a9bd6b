// src/engine/pce_cache.hpp — the engine's pre-compiled circuits: loaded from disk, recorded in the
// background, held within the working-memory budget.
//
// A partition whose handler names a shape (PartitionWork::pce_key) is synthesised as witness +
// evaluation when its circuit is here. The first time a shape is asked for, its file
// (<dir>/<parameter file stem>.pce, beside the .params it belongs to) is loaded if it exists and
// matches; otherwise the shape is recorded on a background thread from that partition's own
// synthesis function while the partition itself is synthesised the generic way (so a WinningPoSt
// never waits for a recording), then saved for the next start. A file that is stale or corrupt is
// logged and recorded again. Circuits are charged to the budget while held, and one no partition
// uses is evicted (least recently used first) when another needs the room.
#pragma once
#include "engine/engine.hpp"
#include "engine/memory_budget.hpp"
#include "pce/pre_compiled.hpp"
#include "r1cs/constraint_system.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace cuzk::engine {

class PceCache {
public:
  using Synthesize = std::function<void(r1cs::ConstraintSystem &)>;

  //! enabled false: Acquire always answers nullptr. dir: where the files live ("" = not saved).
  PceCache(bool enabled, std::string dir, MemoryBudget &budget);
  //! Stop()
  ~PceCache();
  PceCache(const PceCache &) = delete;
  PceCache &operator=(const PceCache &) = delete;

  bool Enabled() const { return enabled_; }

  //! The circuit for key, or nullptr (synthesise generically). Loads key's file on first use; a
  //! partition that finds it being loaded waits for the load (a map and a checksum, far shorter
  //! than a generic synthesis). When there is no file, starts recording with `record` in the
  //! background (once per key at a time, under a reservation of record_bytes from the budget; not
  //! started when it does not fit) and answers nullptr while it records.
  std::shared_ptr<const pce::PreCompiledCircuit> Acquire(const std::string &key, const std::string &file_stem,
                                                         const Synthesize &record, uint64_t record_bytes);
  //! Counts one more partition synthesised through key's circuit.
  void CountUse(const std::string &key);
  //! Drops key's circuit and file: its evaluation disagreed with a witness, or a proof made
  //! through it failed its self-check. It is recorded again on next use.
  void Invalidate(const std::string &key, const std::string &why);
  std::vector<PceStatus> Status() const;
  //! bytes the resident circuits hold in the budget
  uint64_t HeldBytes() const;
  //! evicts every resident circuit no synthesis is using (their files stay, for the next load)
  void EvictUnused();
  //! Stops recordings (at their next constraint) and joins them. Idempotent.
  void Stop();

private:
  using Clock = std::chrono::steady_clock;
  enum class State { kUnknown, kLoading, kLoaded, kRecording, kAbsent };
  struct Entry {
    State state = State::kUnknown;
    std::string file;
    std::shared_ptr<const pce::PreCompiledCircuit> circuit;
    MemoryReservation reservation;
    uint64_t partitions = 0;
    Clock::time_point last_used = Clock::now();
    Clock::time_point retry_after{};
    std::string last_error;
  };

  std::string PathOf(const std::string &file) const;
  //! charges bytes to the budget, evicting unused circuits (other than keep) for room; requires mu_
  bool MakeRoom(uint64_t bytes, const std::string &keep);
  void RecordInBackground(const std::string &key, const Synthesize &record, MemoryReservation reservation);

  const bool enabled_;
  const std::string dir_;
  MemoryBudget &budget_;
  mutable std::mutex mu_;
  std::condition_variable loaded_; //!< a load finished (successfully or not)
  std::map<std::string, Entry, std::less<>> entries_;
  std::vector<std::thread> recorders_;
  std::atomic<bool> stop_{false};
};

} // namespace cuzk::engine
