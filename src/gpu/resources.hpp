// src/gpu/resources.hpp — RAII owners of streams, events, device and pinned host memory.
//
// Each object remembers its device and makes it current before creating or destroying what it
// owns, so objects of different devices can be mixed in one thread. Destructors never throw:
// a failure to release is ignored (the context is being torn down or is already broken).
#pragma once
#include "gpu/cuda_check.hpp"
#include "gpu/device.hpp"

#include <cstddef>
#include <span>
#include <stdexcept>
#include <utility>

namespace cuzk::gpu {

class Stream {
public:
  explicit Stream(const Device &dev) : dev_(dev) {
    dev_.MakeCurrent();
    CUZK_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
  }
  ~Stream() {
    if (s_) {
      cudaSetDevice(dev_.Ordinal());
      cudaStreamDestroy(s_);
    }
  }
  Stream(Stream &&o) noexcept : dev_(o.dev_), s_(std::exchange(o.s_, nullptr)) {}
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  cudaStream_t Get() const { return s_; }
  const Device &Dev() const { return dev_; }
  void Synchronize() const { CUZK_CUDA_CHECK(cudaStreamSynchronize(s_)); }

private:
  Device dev_;
  cudaStream_t s_ = nullptr;
};

class Event {
public:
  explicit Event(const Device &dev) : dev_(dev) {
    dev_.MakeCurrent();
    CUZK_CUDA_CHECK(cudaEventCreate(&e_));
  }
  ~Event() {
    if (e_) {
      cudaSetDevice(dev_.Ordinal());
      cudaEventDestroy(e_);
    }
  }
  Event(Event &&o) noexcept : dev_(o.dev_), e_(std::exchange(o.e_, nullptr)) {}
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  cudaEvent_t Get() const { return e_; }
  void Record(const Stream &s) { CUZK_CUDA_CHECK(cudaEventRecord(e_, s.Get())); }
  void Synchronize() const { CUZK_CUDA_CHECK(cudaEventSynchronize(e_)); }
  //! milliseconds from `start` to this event (both recorded and complete)
  float MillisSince(const Event &start) const {
    float ms = 0;
    CUZK_CUDA_CHECK(cudaEventElapsedTime(&ms, start.e_, e_));
    return ms;
  }

private:
  Device dev_;
  cudaEvent_t e_ = nullptr;
};

//! count elements of T in device memory (uninitialised)
template <class T> class DeviceBuffer {
public:
  DeviceBuffer(const Device &dev, size_t count) : dev_(dev), n_(count) {
    if (count == 0) return;
    dev_.MakeCurrent();
    CUZK_CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&p_), count * sizeof(T)));
  }
  ~DeviceBuffer() { Release(); }
  DeviceBuffer(DeviceBuffer &&o) noexcept
      : dev_(o.dev_), p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept {
    if (this != &o) {
      Release();
      dev_ = o.dev_;
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }

  T *Data() const { return p_; }
  size_t Size() const { return n_; }
  size_t Bytes() const { return n_ * sizeof(T); }
  const Device &Dev() const { return dev_; }

  //! asynchronous on `s`; `src` must stay alive (and be pinned for true asynchrony) until it completes
  void CopyFromHost(std::span<const T> src, const Stream &s, size_t offset = 0) {
    if (offset + src.size() > n_) throw std::out_of_range("DeviceBuffer::CopyFromHost past the end");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(p_ + offset, src.data(), src.size_bytes(), cudaMemcpyHostToDevice, s.Get()));
  }
  void CopyToHost(std::span<T> dst, const Stream &s, size_t offset = 0) const {
    if (offset + dst.size() > n_) throw std::out_of_range("DeviceBuffer::CopyToHost past the end");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(dst.data(), p_ + offset, dst.size_bytes(), cudaMemcpyDeviceToHost, s.Get()));
  }
  void Zero(const Stream &s) {
    if (n_) CUZK_CUDA_CHECK(cudaMemsetAsync(p_, 0, Bytes(), s.Get()));
  }

private:
  void Release() noexcept {
    if (p_) {
      cudaSetDevice(dev_.Ordinal());
      cudaFree(p_);
      p_ = nullptr;
    }
  }
  Device dev_;
  T *p_ = nullptr;
  size_t n_ = 0;
};

//! count elements of T in page-locked host memory, usable from every device (Portable)
template <class T> class PinnedBuffer {
public:
  PinnedBuffer(const Device &dev, size_t count) : dev_(dev), n_(count) {
    if (count == 0) return;
    dev_.MakeCurrent();
    CUZK_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void **>(&p_), count * sizeof(T), cudaHostAllocPortable));
  }
  ~PinnedBuffer() { Release(); }
  PinnedBuffer(PinnedBuffer &&o) noexcept
      : dev_(o.dev_), p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedBuffer(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(PinnedBuffer &&o) noexcept {
    if (this != &o) {
      Release();
      dev_ = o.dev_;
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }

  T *Data() const { return p_; }
  size_t Size() const { return n_; }
  std::span<T> Span() const { return {p_, n_}; }

private:
  void Release() noexcept {
    if (p_) cudaFreeHost(p_);
    p_ = nullptr;
  }
  Device dev_;
  T *p_ = nullptr;
  size_t n_ = 0;
};

} // namespace cuzk::gpu
