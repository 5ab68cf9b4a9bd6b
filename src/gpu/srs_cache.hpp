// src/gpu/srs_cache.hpp — Groth16 parameters kept resident in one device's memory.
//
// An H200 holds the whole 32 GiB PoRep SRS (47.4 GB, spec/gpu.md §4); keeping it there removes
// every per-proof PCIe transfer of points. The cache is explicit: one per physical device, shared
// by that device's prover workers, keyed by the Parameters object, bounded by a byte budget.
// Entries no prover is using are evicted least-recently-used first to make room; parameters that
// do not fit are not cached, and the prover streams them instead (Acquire returns null).
#pragma once
#include "gpu/device.hpp"
#include "gpu/resources.hpp"
#include "groth16/parameters.hpp"

#include <list>
#include <memory>
#include <mutex>

namespace cuzk::gpu {

//! The point sets of one Parameters object in device memory (host layout, see msm.hpp). The H
//! bases are stored in bit-reversed order (h[rev(i)] = H_i over the 2^k domain, h.size() = 2^k − 1)
//! when h_bit_reversed: the device's H step then leaves its coefficients in that order, one pass less.
struct ResidentSrs {
  DeviceBuffer<ec::G1Affine> h, l, a, b_g1;
  DeviceBuffer<ec::G2Affine> b_g2;
  bool h_bit_reversed = false;
  size_t Bytes() const { return h.Bytes() + l.Bytes() + a.Bytes() + b_g1.Bytes() + b_g2.Bytes(); }
};

class SrsCache {
public:
  //! budget_bytes: most device memory the resident sets may take together
  SrsCache(const Device &dev, size_t budget_bytes);

  //! The resident copy of params, uploaded now (on s, waited for) when it is not resident yet and
  //! fits the budget; null when it does not fit. The caller keeps params alive and unchanged while
  //! it is cached (Evict before destroying or modifying it). Thread-safe.
  std::shared_ptr<const ResidentSrs> Acquire(const groth16::Parameters &params, const Stream &s);
  //! drops params' entry (its memory is freed once no prover holds it)
  void Evict(const groth16::Parameters &params);

  const Device &Dev() const { return dev_; }
  size_t Budget() const { return budget_; }
  size_t ResidentBytes() const;
  size_t Entries() const;
  //! device bytes params takes when resident
  static size_t BytesFor(const groth16::Parameters &params);

private:
  struct Entry {
    const groth16::Parameters *key;
    // the vectors' data and sizes when uploaded: a different object later allocated at the same
    // address (or a resized vector) does not match, and is uploaded afresh
    const void *data[5];
    size_t sizes[5];
    std::shared_ptr<const ResidentSrs> srs;
  };
  static Entry Fingerprint(const groth16::Parameters &params);
  static bool Same(const Entry &a, const Entry &b);

  Device dev_;
  size_t budget_;
  mutable std::mutex mu_;
  std::list<Entry> lru_; // most recently used first
  size_t resident_ = 0;
};

} // namespace cuzk::gpu
