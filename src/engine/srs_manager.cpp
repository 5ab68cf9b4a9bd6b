// src/engine/srs_manager.cpp
#include "engine/srs_manager.hpp"

#include "base/echo.hpp"
#include "engine/log.hpp"
#include "groth16/params_io.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace cuzk::engine {
namespace {

using Clock = std::chrono::steady_clock;

double MsSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

template <class V> uint64_t VectorBytes(const V &v) { return v.capacity() * sizeof(typename V::value_type); }

uint64_t ResidentBytes(const groth16::Parameters &p) {
  return sizeof(p) + VectorBytes(p.vk.ic) + VectorBytes(p.h) + VectorBytes(p.l) + VectorBytes(p.a) +
         VectorBytes(p.b_g1) + VectorBytes(p.b_g2);
}

// The parameter file is trusted as rust-fil-proofs trusts its cache (points not subgroup-checked:
// that would take longer than proving), but its verifying key, when a .vk file sits beside it, is
// fully checked and must be the one inside the .params file: a mismatched pair would make every
// self-check fail with a misleading message.
Expected<groth16::Parameters> LoadParams(const std::string &params_path, const std::string &vk_path) {
  auto params = groth16::ReadParametersFile(params_path, groth16::PointChecks::kUnchecked);
  if (!params) return params.GetError();
  std::error_code ec;
  if (std::filesystem::exists(vk_path, ec)) {
    auto vk = groth16::ReadVerifyingKeyFile(vk_path, groth16::PointChecks::kChecked);
    if (!vk) return vk.GetError();
    if (!(*vk == params->vk)) return cuzk::InvalidArgument(vk_path + " is not the verifying key of " + params_path);
  }
  return std::move(params).Value();
}

// A message for a client, with the parameter directory taken out of every path in it: clients learn
// which file (its official name) is wrong, not where the host keeps it; the log has the full path.
std::string FileNamesOnly(std::string message, const std::string &dir) {
  if (dir.empty()) return message;
  std::string prefix = dir;
  if (prefix.back() != '/') prefix += '/';
  for (size_t at = message.find(prefix); at != std::string::npos; at = message.find(prefix, at))
    message.erase(at, prefix.size());
  return message;
}

} // namespace

SrsLease::~SrsLease() {
  params_.reset();
  manager_->Release(circuit_id_);
}

SrsManager::SrsManager(Config config) : config_(std::move(config)), budget_(config_.budget_bytes) {}

SrsManager::~SrsManager() = default;

std::string SrsManager::StemOf(std::string_view circuit_id) const {
  if (auto it = config_.files.find(std::string(circuit_id)); it != config_.files.end()) return it->second;
  return SrsFileStem(circuit_id);
}

std::string SrsManager::ParamsPath(std::string_view circuit_id) const {
  const std::string stem = StemOf(circuit_id);
  return stem.empty() ? std::string() : (std::filesystem::path(config_.dir) / (stem + ".params")).string();
}

SrsManager::Entry *SrsManager::FindOrCreate(std::string_view circuit_id) {
  if (auto it = entries_.find(circuit_id); it != entries_.end()) return &it->second;
  const std::string stem = StemOf(circuit_id);
  if (stem.empty()) return nullptr;
  Entry &e = entries_[std::string(circuit_id)];
  e.id = std::string(circuit_id);
  e.stem = stem;
  return &e;
}

uint64_t SrsManager::FreeEntry(Entry &e) {
  const uint64_t freed = e.resident_bytes;
  e.params.reset();
  e.state = State::kWarm;
  e.resident_bytes = 0;
  budget_.Release(freed);
  counters_.evictions++;
  return freed;
}

void SrsManager::Touch(Entry &e) {
  e.last_used = Clock::now();
  e.last_use_seq = ++use_seq_;
}

void SrsManager::EvictForRoom(uint64_t bytes) {
  if (budget_.Limit() == 0) return;
  std::vector<Entry *> candidates;
  const auto now = Clock::now();
  for (auto &[id, e] : entries_)
    if (e.state == State::kHot && e.refs == 0 && now - e.last_used >= config_.min_idle) candidates.push_back(&e);
  std::sort(candidates.begin(), candidates.end(), [](Entry *a, Entry *b) { return a->last_use_seq < b->last_use_seq; });
  for (Entry *e : candidates) {
    if (budget_.Used() + bytes <= budget_.Limit()) return;
    const uint64_t freed = FreeEntry(*e);
    Log().info("srs: evicted {} ({} bytes) to make room for {} bytes", e->id, freed, bytes);
  }
}

Expected<SrsAcquired> SrsManager::Acquire(std::string_view circuit_id) {
  const auto start = Clock::now();
  std::unique_lock lock(mu_);
  Entry *e = FindOrCreate(circuit_id);
  if (!e) return MakeError(ErrorCode::kNotFound, "unknown circuit id " + base::Echo(circuit_id));
  bool waited = false;
  for (;;) {
    if (e->state == State::kHot) {
      e->refs++;
      Touch(*e);
      SrsAcquired out;
      out.lease = std::make_shared<SrsLease>(this, e->id, e->params, e->pvk);
      out.was_loaded = !waited;
      out.load_ms = waited ? MsSince(start) : 0;
      return out;
    }
    if (e->state == State::kLoading) {
      loaded_cv_.wait(lock);
      waited = true;
      continue;
    }
    const std::filesystem::path dir(config_.dir);
    const std::string params_path = (dir / (e->stem + ".params")).string();
    const std::string vk_path = (dir / (e->stem + ".vk")).string();
    std::error_code ec;
    const uint64_t file_bytes = std::filesystem::file_size(params_path, ec);
    if (ec) {
      Log().warn("srs: parameters for {} not found: {} ({})", e->id, params_path, ec.message());
      return MakeError(ErrorCode::kNotFound, "parameters for " + e->id + " not found: " + e->stem +
                                                 ".params is not in the parameter directory (" + ec.message() + ")");
    }
    if (!budget_.CanEverFit(file_bytes))
      return MakeError(ErrorCode::kFailedPrecondition, e->id + " needs " + std::to_string(file_bytes) +
                                                           " bytes, more than the SRS budget of " +
                                                           std::to_string(budget_.Limit()));
    if (!budget_.TryAcquire(file_bytes)) {
      EvictForRoom(file_bytes);
      if (!budget_.TryAcquire(file_bytes))
        return MakeError(ErrorCode::kUnavailable,
                         "no room in the SRS budget for " + e->id + " (" + std::to_string(file_bytes) + " bytes; " +
                             std::to_string(budget_.Used()) + " of " + std::to_string(budget_.Limit()) +
                             " held by referenced or recent entries)");
    }
    const State before = e->state;
    e->state = State::kLoading;
    e->resident_bytes = file_bytes;
    lock.unlock();
    const auto load_start = Clock::now();
    auto params = LoadParams(params_path, vk_path);
    std::shared_ptr<const groth16::PreparedVerifyingKey> pvk;
    uint64_t actual = 0;
    if (params) {
      actual = ResidentBytes(*params);
      pvk = std::make_shared<const groth16::PreparedVerifyingKey>(groth16::PrepareVerifyingKey(params->vk));
    }
    lock.lock();
    // the estimate (file size) becomes the measured size
    budget_.Release(file_bytes);
    if (!params) {
      e->state = before;
      e->resident_bytes = 0;
      loaded_cv_.notify_all();
      Log().error("srs: loading {} from {} failed: {}", e->id, params_path, params.ErrorMessage());
      return MakeError(ErrorCode::kInternal,
                       "loading " + e->id + ": " + FileNamesOnly(params.ErrorMessage(), config_.dir));
    }
    budget_.ForceAcquire(actual);
    e->params = std::make_shared<const groth16::Parameters>(std::move(params).Value());
    e->pvk = std::move(pvk);
    e->resident_bytes = actual;
    e->state = State::kHot;
    Touch(*e);
    counters_.loads++;
    counters_.load_seconds += MsSince(load_start) / 1000;
    loaded_cv_.notify_all();
    Log().info("srs: loaded {} from {} ({} bytes resident) in {:.1f} ms", e->id, params_path, actual,
               MsSince(load_start));
    waited = true; // the caller's time includes the load
  }
}

Expected<PreloadResult> SrsManager::Preload(std::string_view circuit_id) {
  auto acquired = Acquire(circuit_id);
  if (!acquired) return std::move(acquired).GetError();
  PreloadResult out;
  out.already_loaded = acquired->was_loaded;
  out.load_time_ms = uint64_t(std::llround(acquired->load_ms));
  return out;
}

Expected<EvictResult> SrsManager::Evict(std::string_view circuit_id) {
  uint64_t freed = 0;
  std::function<void()> notify;
  {
    std::lock_guard lock(mu_);
    Entry *e = FindOrCreate(circuit_id);
    if (!e) return MakeError(ErrorCode::kNotFound, "unknown circuit id " + base::Echo(circuit_id));
    if (e->state != State::kHot) return EvictResult{};
    if (e->refs > 0)
      return MakeError(ErrorCode::kFailedPrecondition, e->id + " is in use by " + std::to_string(e->refs) + " job(s)");
    freed = FreeEntry(*e);
    Log().info("srs: evicted {} on request ({} bytes)", e->id, freed);
    notify = on_release_;
  }
  if (notify) notify();
  return EvictResult{true, freed};
}

void SrsManager::Release(const std::string &circuit_id) {
  std::function<void()> notify;
  {
    std::lock_guard lock(mu_);
    if (auto it = entries_.find(circuit_id); it != entries_.end()) {
      if (it->second.refs > 0) it->second.refs--;
      Touch(it->second);
    }
    notify = on_release_;
  }
  if (notify) notify();
}

std::vector<SrsEntryStatus> SrsManager::Status() const {
  std::map<std::string, std::string> ids(config_.files.begin(), config_.files.end());
  for (const std::string &id : KnownCircuitIds())
    if (!ids.count(id)) ids[id] = SrsFileStem(id);
  std::vector<SrsEntryStatus> out;
  std::lock_guard lock(mu_);
  const auto now = Clock::now();
  for (const auto &[id, stem] : ids) {
    SrsEntryStatus s;
    s.circuit_id = id;
    s.path = (std::filesystem::path(config_.dir) / (stem + ".params")).string();
    std::error_code ec;
    const uint64_t file_bytes = std::filesystem::file_size(s.path, ec);
    auto it = entries_.find(id);
    const bool known = it != entries_.end() && it->second.state != State::kCold;
    if (ec && !known) continue;
    s.size_bytes = ec ? 0 : file_bytes;
    if (known) {
      const Entry &e = it->second;
      s.tier = e.state == State::kHot ? SrsTier::HOT : SrsTier::WARM;
      if (e.state == State::kHot) s.size_bytes = e.resident_bytes;
      s.ref_count = e.refs;
      s.idle_seconds = std::chrono::duration<double>(now - e.last_used).count();
    }
    out.push_back(std::move(s));
  }
  return out;
}

SrsCounters SrsManager::Counters() const {
  std::lock_guard lock(mu_);
  return counters_;
}

void SrsManager::SetOnRelease(std::function<void()> fn) {
  std::lock_guard lock(mu_);
  on_release_ = std::move(fn);
}

} // namespace cuzk::engine
