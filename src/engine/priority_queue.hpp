// src/engine/priority_queue.hpp — the order partitions are served in.
//
// Key = (priority, job sequence number, partition index): higher priority first, then the job
// submitted first, then the lower partition. Job sequence numbers are unique per engine, so two
// items never share a key (the reference's queue silently dropped a job when (job_seq, p)
// collided, spec/cuzk-api.md §5.12 #2). Partition −1 is a job's planning step, which therefore
// precedes its own partitions. Not thread-safe: the engine guards it with its lock.
#pragma once
#include "engine/request.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace cuzk::engine {

struct QueueKey {
  Priority priority = Priority::NORMAL;
  uint64_t job_seq = 0;
  int64_t partition = 0; //!< −1: the job's planning step

  //! "less" = served earlier
  bool operator<(const QueueKey &o) const {
    if (priority != o.priority) return priority > o.priority;
    if (job_seq != o.job_seq) return job_seq < o.job_seq;
    return partition < o.partition;
  }
  bool operator==(const QueueKey &) const = default;
};

template <class T> class PriorityQueue {
public:
  //! false (and nothing changes) if the key is already queued
  bool Push(const QueueKey &key, T value) { return items_.emplace(key, std::move(value)).second; }
  bool Empty() const { return items_.empty(); }
  size_t Size() const { return items_.size(); }
  //! the item served next; nullptr when empty
  const std::pair<const QueueKey, T> *Top() const { return items_.empty() ? nullptr : &*items_.begin(); }
  std::optional<std::pair<QueueKey, T>> Pop() {
    if (items_.empty()) return std::nullopt;
    auto node = items_.extract(items_.begin());
    return std::pair<QueueKey, T>(node.key(), std::move(node.mapped()));
  }
  //! the first item (in serving order) for which pred(key, value) holds; nullptr when none
  template <class P> const std::pair<const QueueKey, T> *FindFirst(P &&pred) const {
    for (const auto &item : items_)
      if (pred(item.first, item.second)) return &item;
    return nullptr;
  }
  //! removes the item of this key
  std::optional<std::pair<QueueKey, T>> Extract(const QueueKey &key) {
    auto node = items_.extract(key);
    if (!node) return std::nullopt;
    return std::pair<QueueKey, T>(node.key(), std::move(node.mapped()));
  }
  //! removes every item of one job; returns them in order
  std::vector<std::pair<QueueKey, T>> RemoveJob(uint64_t job_seq) {
    std::vector<std::pair<QueueKey, T>> out;
    for (auto it = items_.begin(); it != items_.end();) {
      if (it->first.job_seq == job_seq) {
        out.emplace_back(it->first, std::move(it->second));
        it = items_.erase(it);
      } else {
        ++it;
      }
    }
    return out;
  }
  template <class F> void ForEach(F &&f) const {
    for (const auto &[k, v] : items_) f(k, v);
  }

private:
  std::map<QueueKey, T> items_;
};

} // namespace cuzk::engine
