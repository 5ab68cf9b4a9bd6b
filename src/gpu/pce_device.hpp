// src/gpu/pce_device.hpp — pre-compiled circuits resident in one device's memory, and their evaluation there.
//
// The GPU prover forms a partition's a = A·w, b = B·w, c = C·w on the device (pce_eval.cu) instead
// of receiving them: a 32 GiB PoRep partition's a, b, c are 12.5 GB of PCIe, its witness a third
// of that, and the matrices (3.8 GB) are uploaded once per device and kept. The device copy has the
// layout of the file (pce/pre_compiled.hpp), each stream a plain copy, in one allocation.
//
// DevicePceCache holds them, one per physical device, shared by that device's prover workers like
// SrsCache, bounded by a byte budget: circuits no worker is using are evicted least recently used
// first to make room, a circuit whose host copy is gone is dropped, and one that does not fit is an
// error naming the sizes (the caller then evaluates on the host), never a crash.
#pragma once
#include "base/expected.hpp"
#include "gpu/device.hpp"
#include "gpu/pce_matrix.hpp"
#include "gpu/resources.hpp"
#include "pce/pre_compiled.hpp"

#include <list>
#include <memory>
#include <mutex>

namespace cuzk::gpu {

//! One circuit's matrices and coefficients in device memory.
class DevicePce {
public:
  //! Copies circuit's streams to dev on s (waited for). Errors: a circuit the kernel cannot take
  //! (a block of 2^32 entries or more), or device memory exhausted (the sizes named).
  static Expected<std::unique_ptr<DevicePce>> Upload(const Device &dev, const pce::PreCompiledCircuit &circuit,
                                                     const Stream &s);
  //! device bytes a circuit takes when resident
  static size_t BytesFor(const pce::PreCompiledCircuit &circuit);

  const PceMatrix &Matrix(int k) const { return m_[k]; } //!< 0: A, 1: B, 2: C
  const ff::Fr *Coefficients() const { return coefficients_; }
  uint64_t NumConstraints() const { return m_[0].rows; }
  uint64_t NumInputs() const { return num_inputs_; }
  uint64_t NumAux() const { return num_aux_; }
  size_t Bytes() const { return storage_.Bytes(); }
  const Device &Dev() const { return storage_.Dev(); }

private:
  explicit DevicePce(DeviceBuffer<uint8_t> storage) : storage_(std::move(storage)) {}
  DeviceBuffer<uint8_t> storage_;
  PceMatrix m_[3];
  const ff::Fr *coefficients_ = nullptr;
  uint64_t num_inputs_ = 0, num_aux_ = 0;
};

//! a, b, c (NumConstraints() rows each) = A·w, B·w, C·w of pce on s. inputs and aux are device
//! arrays of NumInputs() and NumAux() elements; a, b, c device arrays. Asynchronous.
void EvaluatePceOnDevice(const DevicePce &pce, const ff::Fr *inputs, const ff::Fr *aux, ff::Fr *a, ff::Fr *b, ff::Fr *c,
                         const Stream &s);

class DevicePceCache {
public:
  //! budget_bytes: most device memory the resident circuits may take together
  DevicePceCache(const Device &dev, size_t budget_bytes);

  //! The resident copy of circuit, uploaded now (on s, waited for) when it is not resident yet;
  //! an error when it does not fit the budget (after evicting unused ones) or the device. Thread-safe;
  //! concurrent callers for one circuit upload it once.
  Expected<std::shared_ptr<const DevicePce>> Acquire(const std::shared_ptr<const pce::PreCompiledCircuit> &circuit,
                                                     const Stream &s);
  //! drops circuit's entry (its memory is freed once no worker holds it)
  void Evict(const pce::PreCompiledCircuit &circuit);
  //! drops every entry (memory freed once no worker holds them)
  void Clear();

  const Device &Dev() const { return dev_; }
  size_t Budget() const { return budget_; }
  size_t ResidentBytes() const;
  size_t Entries() const;

private:
  struct Entry {
    std::weak_ptr<const pce::PreCompiledCircuit> host; //!< expired: the host copy is gone, so is this
    const pce::PreCompiledCircuit *key;
    std::shared_ptr<const DevicePce> resident;
  };
  //! drops expired entries and, least recently used first, unused ones until bytes more fit; requires mu_
  bool MakeRoom(size_t bytes);

  Device dev_;
  size_t budget_;
  mutable std::mutex mu_;
  std::list<Entry> lru_; // most recently used first
  size_t resident_ = 0;
};

} // namespace cuzk::gpu
