// src/engine/memory_budget.hpp — a byte budget and RAII reservations against it.
//
// The engine gates partition synthesis with one of these (working memory) and the SRS manager keeps
// its resident parameters under another. Acquisition never blocks: callers that must wait do so on
// their own condition (the scheduler retries when on_release tells it memory came back), which
// keeps the waiting priority-ordered and lets shutdown interrupt it.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>

namespace cuzk::engine {

class MemoryBudget {
public:
  //! limit 0 = unlimited
  explicit MemoryBudget(uint64_t limit) : limit_(limit) {}

  //! reserves bytes if they fit; false otherwise (nothing reserved)
  bool TryAcquire(uint64_t bytes);
  //! reserves bytes even past the limit (accounting for memory that already exists)
  void ForceAcquire(uint64_t bytes);
  void Release(uint64_t bytes);
  //! whether a request of this size would fit now (TryAcquire would succeed)
  bool Fits(uint64_t bytes) const;
  //! whether a request of this size could ever fit
  bool CanEverFit(uint64_t bytes) const { return limit_ == 0 || bytes <= limit_; }

  uint64_t Limit() const { return limit_; }
  uint64_t Used() const;
  //! called (without the budget's lock held) after every Release
  void SetOnRelease(std::function<void()> fn);

private:
  const uint64_t limit_;
  mutable std::mutex mu_;
  uint64_t used_ = 0;
  std::function<void()> on_release_;
};

//! Bytes held against a budget until released or destroyed. Move-only.
class MemoryReservation {
public:
  MemoryReservation() = default;
  MemoryReservation(MemoryBudget *budget, uint64_t bytes) : budget_(budget), bytes_(bytes) {}
  MemoryReservation(MemoryReservation &&o) noexcept : budget_(o.budget_), bytes_(o.bytes_) { o.budget_ = nullptr; }
  MemoryReservation &operator=(MemoryReservation &&o) noexcept;
  MemoryReservation(const MemoryReservation &) = delete;
  MemoryReservation &operator=(const MemoryReservation &) = delete;
  ~MemoryReservation() { Release(); }

  void Release();
  //! gives back all but `bytes` (nothing when it holds no more): a partition that turned out smaller
  void ShrinkTo(uint64_t bytes);
  uint64_t Bytes() const { return budget_ ? bytes_ : 0; }

private:
  MemoryBudget *budget_ = nullptr;
  uint64_t bytes_ = 0;
};

} // namespace cuzk::engine
