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
  Stream(Stream &&o) noexcept : dev_(std::move(o.dev_)), s_(std::exchange(o.s_, nullptr)) {}
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
  Event(Event &&o) noexcept : dev_(std::move(o.dev_)), e_(std::exchange(o.e_, nullptr)) {}
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

//! Where a buffer's memory comes from: device memory (cudaMalloc on the owning device) ...
struct DeviceMemory {
  static void *Allocate(const Device &dev, size_t bytes) {
    dev.MakeCurrent();
    void *p = nullptr;
    CUZK_CUDA_CHECK(cudaMalloc(&p, bytes));
    return p;
  }
  static void Free(const Device &dev, void *p) noexcept {
    cudaSetDevice(dev.Ordinal()); // cudaFree acts on the current device's context
    cudaFree(p);
  }
};
//! ... or page-locked host memory usable from every device (Portable)
struct PinnedMemory {
  static void *Allocate(const Device &dev, size_t bytes) {
    dev.MakeCurrent();
    void *p = nullptr;
    CUZK_CUDA_CHECK(cudaHostAlloc(&p, bytes, cudaHostAllocPortable));
    return p;
  }
  static void Free(const Device &, void *p) noexcept { cudaFreeHost(p); }
};

//! Sole owner of count uninitialised elements of T from Memory: move-only, freed on destruction.
template <class T, class Memory> class OwnedBuffer {
public:
  OwnedBuffer(const Device &dev, size_t count) : dev_(dev), n_(count) {
    if (count) p_ = static_cast<T *>(Memory::Allocate(dev_, count * sizeof(T)));
  }
  ~OwnedBuffer() { Release(); }
  OwnedBuffer(OwnedBuffer &&o) noexcept : dev_(o.dev_), p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  OwnedBuffer(const OwnedBuffer &) = delete;
  OwnedBuffer &operator=(const OwnedBuffer &) = delete;
  OwnedBuffer &operator=(OwnedBuffer &&o) noexcept {
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

private:
  void Release() noexcept {
    if (p_) Memory::Free(dev_, p_);
    p_ = nullptr;
  }
  Device dev_;
  T *p_ = nullptr;
  size_t n_ = 0;
};

//! count elements of T in device memory (uninitialised)
template <class T> class DeviceBuffer : public OwnedBuffer<T, DeviceMemory> {
public:
  using OwnedBuffer<T, DeviceMemory>::OwnedBuffer;
  using OwnedBuffer<T, DeviceMemory>::Data;
  using OwnedBuffer<T, DeviceMemory>::Size;
  using OwnedBuffer<T, DeviceMemory>::Bytes;

  //! asynchronous on `s`; `src` must stay alive (and be pinned for true asynchrony) until it completes
  void CopyFromHost(std::span<const T> src, const Stream &s, size_t offset = 0) {
    if (offset + src.size() > Size()) throw std::out_of_range("DeviceBuffer::CopyFromHost past the end");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(Data() + offset, src.data(), src.size_bytes(), cudaMemcpyHostToDevice, s.Get()));
  }
  void CopyToHost(std::span<T> dst, const Stream &s, size_t offset = 0) const {
    if (offset + dst.size() > Size()) throw std::out_of_range("DeviceBuffer::CopyToHost past the end");
    CUZK_CUDA_CHECK(cudaMemcpyAsync(dst.data(), Data() + offset, dst.size_bytes(), cudaMemcpyDeviceToHost, s.Get()));
  }
  void Zero(const Stream &s) {
    if (Size()) CUZK_CUDA_CHECK(cudaMemsetAsync(Data(), 0, Bytes(), s.Get()));
  }
};

//! Device scratch that grows to the largest count asked of it and is then reused, so a prover
//! that sees the same shapes again allocates nothing (house rule 5: sized by the caller's query).
template <class T> class ScratchBuffer {
public:
  explicit ScratchBuffer(const Device &dev) : buf_(dev, 0) {}
  //! at least count elements (contents unspecified after growth)
  T *Reserve(size_t count) {
    if (count > buf_.Size()) {
      const Device dev = buf_.Dev();
      buf_ = DeviceBuffer<T>(dev, 0); // free first: the old and new sizes need not fit together
      buf_ = DeviceBuffer<T>(dev, count);
    }
    return buf_.Data();
  }
  size_t Bytes() const { return buf_.Bytes(); }

private:
  DeviceBuffer<T> buf_;
};

//! count elements of T in page-locked host memory, usable from every device (Portable)
template <class T> class PinnedBuffer : public OwnedBuffer<T, PinnedMemory> {
public:
  using OwnedBuffer<T, PinnedMemory>::OwnedBuffer;
  std::span<T> Span() const { return {this->Data(), this->Size()}; }
};

} // namespace cuzk::gpu
