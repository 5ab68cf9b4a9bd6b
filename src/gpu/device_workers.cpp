// src/gpu/device_workers.cpp — see device_workers.hpp.
#include "gpu/device_workers.hpp"

#include "gpu/groth16_backend.hpp"
#include "gpu/pce_device.hpp"

#include <chrono>
#include <map>
#include <set>
#include <stdexcept>

namespace cuzk::gpu {

BackendFactory GpuBackendFactory(size_t srs_budget_bytes) {
  struct Caches {
    std::mutex mu;
    std::map<std::string, std::shared_ptr<SrsCache>> by_uuid;
    std::map<std::string, std::shared_ptr<DevicePceCache>> pce_by_uuid;
  };
  auto caches = std::make_shared<Caches>();
  return [caches, srs_budget_bytes](const Device &dev) -> std::unique_ptr<groth16::ProverBackend> {
    std::shared_ptr<SrsCache> cache;
    std::shared_ptr<DevicePceCache> pce_cache;
    {
      std::lock_guard lock(caches->mu);
      auto &c = caches->by_uuid[dev.Uuid()];
      // the PCE budget is taken first, from the same free memory: the SRS half and the PCE eighth
      // leave three eighths for the workers' scratch (NTT vectors, MSM sort space)
      auto &p = caches->pce_by_uuid[dev.Uuid()];
      if (!p) p = std::make_shared<DevicePceCache>(dev, dev.Info().free_memory / 8);
      if (!c) c = std::make_shared<SrsCache>(dev, srs_budget_bytes ? srs_budget_bytes : dev.Info().free_memory / 2);
      cache = c;
      pce_cache = p;
    }
    return std::make_unique<GpuBackend>(dev, std::move(cache), std::move(pce_cache));
  };
}

DeviceWorkers::DeviceWorkers(std::vector<Device> devices, unsigned workers_per_device, BackendFactory factory)
    : factory_(std::move(factory)), devices_(std::move(devices)) {
  if (devices_.empty()) throw std::invalid_argument("DeviceWorkers: no devices");
  if (workers_per_device == 0) throw std::invalid_argument("DeviceWorkers: zero workers per device");
  std::set<std::string> seen;
  for (const Device &d : devices_) {
    if (!seen.insert(d.Uuid()).second)
      throw std::invalid_argument("DeviceWorkers: device " + d.Uuid() + " listed twice (ordinals name positions, " +
                                  "UUIDs name GPUs)");
    DeviceCounters c;
    c.ordinal = d.Ordinal();
    c.uuid = d.Uuid();
    c.workers = workers_per_device;
    counters_.push_back(c);
  }
  starting_ = devices_.size() * workers_per_device;
  for (size_t d = 0; d < devices_.size(); d++)
    for (unsigned w = 0; w < workers_per_device; w++) threads_.emplace_back([this, d] { WorkerLoop(d); });
  std::unique_lock lock(mu_);
  cv_.wait(lock, [&] { return starting_ == 0; });
}

DeviceWorkers::~DeviceWorkers() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto &t : threads_) t.join();
}

bool DeviceWorkers::AnyUsable() const {
  for (const auto &c : counters_)
    if (c.usable && c.workers > 0) return true;
  return false;
}

void DeviceWorkers::MarkUnusable(size_t d, const std::string &why) {
  counters_[d].usable = false;
  counters_[d].last_error = why;
  if (AnyUsable()) return;
  // nobody is left to run the queue: fail it now rather than leave the futures hanging
  for (auto &q : queue_) {
    PartitionResult r{Error{"no usable GPU left (last: gpu " + std::to_string(devices_[d].Ordinal()) + " (" +
                            devices_[d].Uuid() + "): " + why + ")"}};
    q.promise.set_value(std::move(r));
  }
  queue_.clear();
}

std::future<PartitionResult> DeviceWorkers::Submit(PartitionJob job) {
  std::promise<PartitionResult> promise;
  auto future = promise.get_future();
  if (!job.params || !job.assignment) {
    promise.set_value(PartitionResult{Error{"partition job without parameters or assignment"}});
    return future;
  }
  {
    std::lock_guard lock(mu_);
    if (!AnyUsable()) {
      std::string why = "no usable GPU";
      for (const auto &c : counters_)
        why += "; gpu " + std::to_string(c.ordinal) + " (" + c.uuid + "): " + c.last_error;
      promise.set_value(PartitionResult{Error{why}});
      return future;
    }
    queue_.push_back(Queued{std::move(job), std::move(promise)});
  }
  cv_.notify_one();
  return future;
}

std::vector<DeviceCounters> DeviceWorkers::Counters() const {
  std::lock_guard lock(mu_);
  return counters_;
}

void DeviceWorkers::WorkerLoop(size_t d) {
  const Device &dev = devices_[d];
  const std::string where = "gpu " + std::to_string(dev.Ordinal()) + " (" + dev.Uuid() + "): ";
  std::unique_ptr<groth16::ProverBackend> backend;
  try {
    dev.MakeCurrent();
    backend = factory_(dev);
    if (!backend) throw std::runtime_error("the backend factory returned no backend");
  } catch (const std::exception &e) {
    {
      std::lock_guard lock(mu_);
      counters_[d].workers--;
      if (counters_[d].workers == 0) MarkUnusable(d, std::string("starting a prover: ") + e.what());
      starting_--;
    }
    cv_.notify_all();
    return;
  }
  {
    std::lock_guard lock(mu_);
    starting_--;
  }
  cv_.notify_all();
  for (;;) {
    Queued q;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return !counters_[d].usable || !queue_.empty() || stop_; });
      if (!counters_[d].usable || queue_.empty()) break; // failed device, or stopping with nothing left
      q = std::move(queue_.front());
      queue_.pop_front();
      counters_[d].in_flight++;
    }
    PartitionResult result{Error{"not run"}};
    result.device = int(d);
    result.device_uuid = dev.Uuid();
    const auto t0 = std::chrono::steady_clock::now();
    std::string error;
    try {
      dev.MakeCurrent();
      auto partials = backend->ProveStart(*q.job.params, std::span(q.job.assignment.get(), 1), &result.timings);
      if (partials)
        result.partial = std::move((*partials)[0]);
      else
        error = partials.ErrorMessage();
    } catch (const std::exception &e) {
      error = e.what();
    }
    // GpuBackend already names its device in device errors; shape errors and others' do not
    if (!error.empty()) result.partial = Error{error.rfind(where, 0) == 0 ? error : where + error};
    const double busy = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // probe outside the lock: a failing device can take a while to answer
    std::string why;
    const bool usable = error.empty() || dev.Usable(&why);
    {
      std::lock_guard lock(mu_);
      auto &c = counters_[d];
      c.in_flight--;
      c.busy_seconds += busy;
      if (error.empty()) {
        c.completed++;
      } else {
        c.failed++;
        c.last_error = error;
      }
      if (!usable && c.usable) MarkUnusable(d, why);
    }
    q.promise.set_value(std::move(result));
    if (!usable) {
      cv_.notify_all(); // the device's other workers stop too
      break;
    }
  }
  backend.reset(); // device resources are freed in the thread that owns the device
  std::lock_guard lock(mu_);
  counters_[d].workers--;
}

} // namespace cuzk::gpu
