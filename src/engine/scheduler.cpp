// src/engine/scheduler.cpp
#include "engine/scheduler.hpp"

#include <algorithm>

namespace cuzk::engine {

uint32_t Scheduler::QueueJob(const std::shared_ptr<Job> &job) {
  const QueueKey key{job->priority, job->seq, -1};
  uint32_t ahead = 0;
  queue_.ForEach([&](const QueueKey &k, const QueuedTask &) { ahead += k.partition < 0 && k < key; });
  queue_.Push(key, QueuedTask{job, 0});
  return ahead;
}

void Scheduler::QueuePartitions(const std::shared_ptr<Job> &job) {
  for (uint32_t i = 0; i < job->partitions.size(); i++)
    queue_.Push({job->priority, job->seq, int64_t(i)}, QueuedTask{job, i});
}

void Scheduler::Park(const std::shared_ptr<Job> &job, Clock::time_point now, uint64_t srs_generation) {
  job->parked = true;
  if (parked_.empty()) {
    parked_since_ = now;
    parked_generation_ = srs_generation;
  }
  parked_.push_back(job);
}

void Scheduler::PlanDone(bool on_lane) {
  // the lane's worker is done with this job as its partitions appear: they are the lane's to take
  if (on_lane) lane_busy_ = false;
}

std::vector<ReadyPartition> Scheduler::RemoveJob(Job &job) {
  queue_.RemoveJob(job.seq);
  std::vector<ReadyPartition> out;
  for (auto &item : ready_.RemoveJob(job.seq)) out.push_back(std::move(item.second));
  if (job.parked) std::erase_if(parked_, [&](const std::shared_ptr<Job> &j) { return j.get() == &job; });
  job.parked = false;
  return out;
}

void Scheduler::RequeueParked(Clock::time_point now, uint64_t srs_generation) {
  if (parked_.empty()) return;
  if (srs_generation == parked_generation_ && now - parked_since_ < config_.park_retry) return;
  for (auto &job : parked_) {
    job->parked = false;
    if (!job->Finished()) queue_.Push({job->priority, job->seq, -1}, QueuedTask{job, 0});
  }
  parked_.clear();
}

SynthesisStep Scheduler::NextSynthesis(bool lane, Clock::time_point now, uint64_t srs_generation) {
  RequeueParked(now, srs_generation);
  if (lane) lane_busy_ = false; // back here, the lane's worker has nothing in hand
  SynthesisStep step;
  const auto *top = queue_.Top();
  const bool critical_top = top && top->first.priority == Priority::CRITICAL;
  // The lane's worker leaves everything but CRITICAL work to the others (the queue is ordered by
  // priority, so a top that is not CRITICAL means there is none); they leave CRITICAL work to the
  // lane while it is free, and stay free for the work behind it.
  if (lane ? !critical_top : critical_top && config_.critical_lane && !lane_busy_) top = nullptr;
  if (!top) return step; // IDLE
  // once the lane's worker pops something, the other workers may serve CRITICAL work themselves
  const auto took = [&] {
    if (!lane) return;
    lane_busy_ = true;
    step.lane_took_work = true;
  };
  if (top->first.partition < 0) {
    auto item = queue_.Pop();
    took();
    step.kind = SynthesisStep::Kind::kPlan;
    step.job = std::move(item->second.job);
    step.priority = item->first.priority;
    return step;
  }
  // The partition served next must fit both the bounded queue to the provers and the memory budget;
  // a lower-priority partition never overtakes it, so memory freed goes to the most urgent work
  // first (the reference's budget ignored priority, spec/cuzk-api.md §5.3).
  const Priority priority = top->first.priority;
  const uint32_t index = top->second.index;
  const uint64_t bytes = top->second.job->partition_bytes[index];
  step.priority = priority;
  step.index = index;
  step.bytes = bytes;
  if (!working_.CanEverFit(bytes)) {
    step.kind = SynthesisStep::Kind::kTooLarge;
    step.job = top->second.job;
    return step;
  }
  const bool slot_free = ReadySlotFree(priority);
  if (!slot_free || !working_.TryAcquire(bytes)) {
    if (slot_free) memory_waits_++; // the memory budget, not the bounded queue, held it back
    step.kind = SynthesisStep::Kind::kWait;
    return step;
  }
  auto item = queue_.Pop();
  took();
  step.kind = SynthesisStep::Kind::kSynthesize;
  step.job = std::move(item->second.job);
  step.reservation = MemoryReservation(&working_, bytes);
  synthesizing_[size_t(priority)]++;
  step.job->partitions_in_flight++;
  return step;
}

void Scheduler::SynthesisDone(Priority priority) { synthesizing_[size_t(priority)]--; }

void Scheduler::PushReady(ReadyPartition partition) {
  const Job &job = *partition.job;
  const QueueKey key{job.priority, job.seq, int64_t(partition.index)}; // read before partition is moved
  ready_.Push(key, std::move(partition));
}

bool Scheduler::ReadySlotFree(Priority priority) const {
  uint32_t ahead = 0;
  for (size_t p = size_t(priority); p < synthesizing_.size(); p++) ahead += synthesizing_[p];
  ready_.ForEach([&](const QueueKey &k, const ReadyPartition &) { ahead += k.priority >= priority; });
  return ahead < config_.max_ready_partitions;
}

const std::pair<const QueueKey, ReadyPartition> *Scheduler::TopFor(uint32_t device) const {
  return ready_.FindFirst([&](const QueueKey &, const ReadyPartition &p) { return !p.FailedOn(device); });
}

bool Scheduler::ProverMayTakeTop(uint32_t device) const {
  const auto *top = TopFor(device);
  if (!top) return false;
  if (top->first.priority == Priority::CRITICAL) return true;
  uint32_t critical = synthesizing_[size_t(Priority::CRITICAL)];
  // A CRITICAL partition that a synthesis worker can start right now counts as started: the memory a
  // prover has just released is what it waited for, and the worker may not have woken yet.
  if (const auto *next = queue_.Top(); next && next->first.priority == Priority::CRITICAL &&
                                       next->first.partition >= 0 && ReadySlotFree(Priority::CRITICAL) &&
                                       working_.Fits(next->second.job->partition_bytes[next->second.index]))
    critical++;
  // idle_provers counts the asking prover too: the others must cover the CRITICAL partitions
  const bool may = idle_provers_ - 1 >= critical;
  if (!may) {
    critical_holds_++;
    ready_at_last_hold_ = ready_.Size();
  }
  return may;
}

std::optional<ReadyPartition> Scheduler::TakeReady(uint32_t device) {
  const auto *top = TopFor(device);
  if (!top) return std::nullopt;
  const QueueKey key = top->first;
  auto item = ready_.Extract(key);
  return std::move(item->second);
}

} // namespace cuzk::engine
