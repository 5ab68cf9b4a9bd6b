// src/gpu/srs_cache.cpp — see srs_cache.hpp.
#include "gpu/srs_cache.hpp"

#include "gpu/ntt.hpp"

#include <algorithm>
#include <bit>

namespace cuzk::gpu {

SrsCache::SrsCache(const Device &dev, size_t budget_bytes) : dev_(dev), budget_(budget_bytes) {}

size_t SrsCache::BytesFor(const groth16::Parameters &p) {
  return (p.h.size() + p.l.size() + p.a.size() + p.b_g1.size()) * sizeof(ec::G1Affine) +
         p.b_g2.size() * sizeof(ec::G2Affine);
}

SrsCache::Entry SrsCache::Fingerprint(const groth16::Parameters &p) {
  return Entry{&p,
               {p.h.data(), p.l.data(), p.a.data(), p.b_g1.data(), p.b_g2.data()},
               {p.h.size(), p.l.size(), p.a.size(), p.b_g1.size(), p.b_g2.size()},
               nullptr};
}

bool SrsCache::Same(const Entry &a, const Entry &b) {
  return a.key == b.key && std::equal(a.data, a.data + 5, b.data) && std::equal(a.sizes, a.sizes + 5, b.sizes);
}

std::shared_ptr<const ResidentSrs> SrsCache::Acquire(const groth16::Parameters &params, const Stream &s) {
  const Entry want = Fingerprint(params);
  std::lock_guard lock(mu_);
  for (auto it = lru_.begin(); it != lru_.end(); ++it) {
    if (it->key != &params) continue;
    if (Same(*it, want)) {
      lru_.splice(lru_.begin(), lru_, it);
      return lru_.front().srs;
    }
    resident_ -= it->srs->Bytes(); // stale: another object at the same address
    lru_.erase(it);
    break;
  }
  const size_t need = BytesFor(params);
  if (need > budget_) return nullptr;
  // make room from the least recently used entries that no prover holds
  for (auto it = lru_.end(); resident_ + need > budget_ && it != lru_.begin();) {
    --it;
    if (it->srs.use_count() == 1) {
      resident_ -= it->srs->Bytes();
      it = lru_.erase(it);
    }
  }
  if (resident_ + need > budget_) return nullptr;
  auto srs = std::make_shared<ResidentSrs>(ResidentSrs{
      DeviceBuffer<ec::G1Affine>(dev_, params.h.size()), DeviceBuffer<ec::G1Affine>(dev_, params.l.size()),
      DeviceBuffer<ec::G1Affine>(dev_, params.a.size()), DeviceBuffer<ec::G1Affine>(dev_, params.b_g1.size()),
      DeviceBuffer<ec::G2Affine>(dev_, params.b_g2.size())});
  srs->h.CopyFromHost(params.h, s);
  if (const size_t n = params.h.size() + 1; n >= 2 && (n & (n - 1)) == 0) {
    BitReverseInPlace(srs->h.Data(), sizeof(ec::G1Affine), params.h.size(), unsigned(std::countr_zero(n)), s);
    srs->h_bit_reversed = true;
  }
  srs->l.CopyFromHost(params.l, s);
  srs->a.CopyFromHost(params.a, s);
  srs->b_g1.CopyFromHost(params.b_g1, s);
  srs->b_g2.CopyFromHost(params.b_g2, s);
  s.Synchronize();
  Entry e = want;
  e.srs = std::move(srs);
  resident_ += need;
  lru_.push_front(std::move(e));
  return lru_.front().srs;
}

void SrsCache::Evict(const groth16::Parameters &params) {
  std::lock_guard lock(mu_);
  for (auto it = lru_.begin(); it != lru_.end(); ++it) {
    if (it->key == &params) {
      resident_ -= it->srs->Bytes();
      lru_.erase(it);
      return;
    }
  }
}

size_t SrsCache::ResidentBytes() const {
  std::lock_guard lock(mu_);
  return resident_;
}

size_t SrsCache::Entries() const {
  std::lock_guard lock(mu_);
  return lru_.size();
}

} // namespace cuzk::gpu
