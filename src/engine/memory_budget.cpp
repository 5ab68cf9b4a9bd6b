// src/engine/memory_budget.cpp
#include "engine/memory_budget.hpp"

#include "engine/engine.hpp"

namespace cuzk::engine {

bool MemoryBudget::TryAcquire(uint64_t bytes) {
  std::lock_guard lock(mu_);
  if (limit_ != 0 && (used_ + bytes > limit_ || used_ + bytes < used_)) return false;
  used_ += bytes;
  return true;
}

bool MemoryBudget::Fits(uint64_t bytes) const {
  std::lock_guard lock(mu_);
  return limit_ == 0 || (used_ + bytes <= limit_ && used_ + bytes >= used_);
}

void MemoryBudget::ForceAcquire(uint64_t bytes) {
  std::lock_guard lock(mu_);
  used_ += bytes;
}

void MemoryBudget::Release(uint64_t bytes) {
  std::function<void()> notify;
  {
    std::lock_guard lock(mu_);
    used_ = bytes > used_ ? 0 : used_ - bytes;
    notify = on_release_;
  }
  if (notify) notify();
}

uint64_t MemoryBudget::Used() const {
  std::lock_guard lock(mu_);
  return used_;
}

void MemoryBudget::SetOnRelease(std::function<void()> fn) {
  std::lock_guard lock(mu_);
  on_release_ = std::move(fn);
}

MemoryReservation &MemoryReservation::operator=(MemoryReservation &&o) noexcept {
  if (this != &o) {
    Release();
    budget_ = o.budget_;
    bytes_ = o.bytes_;
    o.budget_ = nullptr;
  }
  return *this;
}

void MemoryReservation::Release() {
  if (budget_) budget_->Release(bytes_);
  budget_ = nullptr;
}

void MemoryReservation::ShrinkTo(uint64_t bytes) {
  if (!budget_ || bytes >= bytes_) return;
  budget_->Release(bytes_ - bytes);
  bytes_ = bytes;
}

uint64_t EstimatePartitionBytes(uint64_t domain_size, uint64_t num_aux, uint64_t num_inputs) {
  constexpr uint64_t FR_BYTES = 32;
  // assignment: a, b, c (≤ n rows each) + values; CPU H step: three n-element vectors
  const uint64_t elements = 3 * domain_size + num_aux + num_inputs + 3 * domain_size;
  const uint64_t bytes = elements * FR_BYTES;
  return bytes + bytes / 4;
}

} // namespace cuzk::engine
