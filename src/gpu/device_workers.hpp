// src/gpu/device_workers.hpp — prover workers on several GPUs, fed partition jobs from one queue.
//
// Each device gets N worker threads; each worker makes its device current in its own thread and
// owns one prover backend built for that device (DESIGN.md rule 2). Workers of one physical GPU
// share its lock (DeviceLock, by UUID) and, with the default factory, its SRS cache. Partitions of
// one job may land on different devices. When a job fails its device is probed: a device that no
// longer runs work (sticky CUDA error, lost GPU) stops taking jobs, so a device failure fails
// only the partitions it held, with an error naming the device; the other devices carry on. When
// no usable device is left, queued and new jobs fail at once.
#pragma once
#include "gpu/device.hpp"
#include "groth16/prover.hpp"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace cuzk::gpu {

//! One partition: an assignment proved against params (both kept alive by the job).
struct PartitionJob {
  std::shared_ptr<const groth16::Parameters> params;
  std::shared_ptr<const r1cs::ProvingAssignment> assignment;
};

struct PartitionResult {
  explicit PartitionResult(Expected<groth16::PartialProof> p) : partial(std::move(p)) {}
  Expected<groth16::PartialProof> partial;
  int device = -1;         //!< position in the pool's device list; −1 when no device took the job
  std::string device_uuid; //!< the physical device that ran it
  groth16::ProverTimings timings;
};

//! Per-device counters, for status and metrics.
struct DeviceCounters {
  int ordinal = -1;
  std::string uuid;
  unsigned workers = 0;    //!< worker threads still serving this device
  uint64_t completed = 0;  //!< jobs that returned a partial proof
  uint64_t failed = 0;     //!< jobs that returned an error
  uint64_t in_flight = 0;  //!< jobs running now
  double busy_seconds = 0; //!< summed over its workers
  bool usable = true;      //!< false once the device failed its probe or its backends failed to start
  std::string last_error;  //!< the latest job or device error
};

//! Builds one worker's backend for dev, in the worker's thread (dev already current).
using BackendFactory = std::function<std::unique_ptr<groth16::ProverBackend>(const Device &)>;

//! GpuBackend workers; the workers of one device share one SrsCache of srs_budget_bytes (0: half
//! of the device's free memory when its first worker starts) and one DevicePceCache (an eighth).
BackendFactory GpuBackendFactory(size_t srs_budget_bytes = 0);

class DeviceWorkers {
public:
  //! devices must be distinct physical GPUs (by UUID); throws std::invalid_argument otherwise.
  //! Returns once every worker has built its backend (or failed to: see Counters), so a device
  //! that cannot start is known before the first job.
  DeviceWorkers(std::vector<Device> devices, unsigned workers_per_device, BackendFactory factory);
  //! finishes the queued and running jobs, then joins the workers
  ~DeviceWorkers();
  DeviceWorkers(const DeviceWorkers &) = delete;
  DeviceWorkers &operator=(const DeviceWorkers &) = delete;

  //! Queues a partition; the future is always fulfilled (with an error when it cannot run).
  std::future<PartitionResult> Submit(PartitionJob job);

  std::vector<DeviceCounters> Counters() const;

private:
  struct Queued {
    PartitionJob job;
    std::promise<PartitionResult> promise;
  };
  void WorkerLoop(size_t d);
  void MarkUnusable(size_t d, const std::string &why); // mu_ held
  bool AnyUsable() const;                              // mu_ held

  BackendFactory factory_;
  std::vector<Device> devices_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Queued> queue_;
  std::vector<DeviceCounters> counters_;
  bool stop_ = false;
  size_t starting_ = 0; // workers still building their backend
  std::vector<std::thread> threads_;
};

} // namespace cuzk::gpu
