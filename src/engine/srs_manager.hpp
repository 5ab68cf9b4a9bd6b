// src/engine/srs_manager.hpp — Groth16 parameter sets: where they are, which are resident, who holds them.
//
// Entries are found by circuit id in one directory under their official file names (SrsFileStem)
// or names given in the configuration. An entry is loaded on first use or by preload, stays
// resident (HOT) while jobs hold leases on it, and is evicted least-recently-used first when a
// load needs room in the byte budget and it is unreferenced and idle long enough. Evicted entries
// keep their prepared verifying key (WARM). Loads run outside the manager's lock; a second
// acquirer of an entry being loaded waits for that load instead of starting another.
#pragma once
#include "engine/engine.hpp"
#include "engine/memory_budget.hpp"
#include "engine/metrics.hpp"
#include "groth16/parameters.hpp"
#include "groth16/verifier.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cuzk::engine {

class SrsManager;

//! A reference on a resident entry; the parameters stay loaded while any lease lives.
class SrsLease {
public:
  SrsLease(SrsManager *manager, std::string circuit_id, std::shared_ptr<const groth16::Parameters> params,
           std::shared_ptr<const groth16::PreparedVerifyingKey> pvk)
      : manager_(manager), circuit_id_(std::move(circuit_id)), params_(std::move(params)), pvk_(std::move(pvk)) {}
  ~SrsLease();
  SrsLease(const SrsLease &) = delete;
  SrsLease &operator=(const SrsLease &) = delete;

  const std::string &CircuitId() const { return circuit_id_; }
  const groth16::Parameters &Params() const { return *params_; }
  const groth16::PreparedVerifyingKey &Pvk() const { return *pvk_; }

private:
  SrsManager *manager_;
  std::string circuit_id_;
  std::shared_ptr<const groth16::Parameters> params_;
  std::shared_ptr<const groth16::PreparedVerifyingKey> pvk_;
};

struct SrsAcquired {
  std::shared_ptr<SrsLease> lease;
  double load_ms = 0;      //!< time spent loading (or waiting for another caller's load)
  bool was_loaded = false; //!< it was resident already
};

class SrsManager {
public:
  struct Config {
    std::string dir;
    std::map<std::string, std::string> files; //!< circuit id → file stem, beside the official names
    uint64_t budget_bytes = 0;                //!< 0 = unlimited
    std::chrono::milliseconds min_idle{0};
  };
  explicit SrsManager(Config config);
  ~SrsManager();

  //! A lease on a resident entry, loading it if needed. NOT_FOUND: unknown id or no file;
  //! INTERNAL: the file does not parse or its .vk disagrees; FAILED_PRECONDITION: larger than the
  //! whole budget; UNAVAILABLE: no room now (every resident entry is held or too recently used) —
  //! retry after a lease is released.
  Expected<SrsAcquired> Acquire(std::string_view circuit_id);
  Expected<PreloadResult> Preload(std::string_view circuit_id);
  Expected<EvictResult> Evict(std::string_view circuit_id);

  std::vector<SrsEntryStatus> Status() const;
  uint64_t UsedBytes() const { return budget_.Used(); }
  uint64_t LimitBytes() const { return budget_.Limit(); }
  //! loads, their seconds, evictions since start
  SrsCounters Counters() const;
  //! the .params path of a circuit id ("" if unknown)
  std::string ParamsPath(std::string_view circuit_id) const;
  //! called (without locks held) whenever a lease is released or an entry evicted
  void SetOnRelease(std::function<void()> fn);

private:
  friend class SrsLease;
  enum class State { kCold, kLoading, kHot, kWarm };
  struct Entry {
    std::string id;
    std::string stem;
    State state = State::kCold;
    std::shared_ptr<const groth16::Parameters> params;
    std::shared_ptr<const groth16::PreparedVerifyingKey> pvk;
    uint64_t resident_bytes = 0; //!< held in the budget while LOADING / HOT
    uint32_t refs = 0;
    std::chrono::steady_clock::time_point last_used{}; //!< for min_idle
    //! the manager's use counter at the last use: the LRU order, exact even when two uses share a
    //! clock tick
    uint64_t last_use_seq = 0;
  };
  void Touch(Entry &e); // requires mu_: marks e used now

  void Release(const std::string &circuit_id);
  std::string StemOf(std::string_view circuit_id) const;
  Entry *FindOrCreate(std::string_view circuit_id); // requires mu_
  //! evicts LRU unreferenced idle entries until `bytes` more fit; requires mu_
  void EvictForRoom(uint64_t bytes);
  uint64_t FreeEntry(Entry &e); // requires mu_; returns freed bytes

  Config config_;
  MemoryBudget budget_;
  mutable std::mutex mu_;
  std::condition_variable loaded_cv_;
  std::map<std::string, Entry, std::less<>> entries_;
  SrsCounters counters_;
  uint64_t use_seq_ = 0;
  std::function<void()> on_release_;
};

} // namespace cuzk::engine
