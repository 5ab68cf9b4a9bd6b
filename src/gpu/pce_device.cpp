// src/gpu/pce_device.cpp — see pce_device.hpp.
#include "gpu/pce_device.hpp"

#include <string>

namespace cuzk::gpu {
namespace {

// every stream starts on a 256-byte boundary (cudaMalloc's own alignment): the Fr coefficients
// are read as 16-byte vectors, and aligned streams keep each warp's first load in one segment
constexpr size_t ALIGN = 256;
constexpr size_t Aligned(size_t n) { return (n + ALIGN - 1) / ALIGN * ALIGN; }

template <class T> size_t StreamBytes(std::span<const T> s) { return Aligned(s.size_bytes()); }

size_t MatrixBytes(const pce::MatrixView &m) {
  return StreamBytes(m.row_info) + StreamBytes(m.long_lengths) + StreamBytes(m.blocks) + StreamBytes(m.columns) +
         StreamBytes(m.coeff_index);
}

std::string Gb(size_t bytes) { return std::to_string(double(bytes) / 1e9).substr(0, 6) + " GB"; }

} // namespace

size_t DevicePce::BytesFor(const pce::PreCompiledCircuit &circuit) {
  return MatrixBytes(circuit.A()) + MatrixBytes(circuit.B()) + MatrixBytes(circuit.C()) +
         StreamBytes(circuit.Coefficients());
}

Expected<std::unique_ptr<DevicePce>> DevicePce::Upload(const Device &dev, const pce::PreCompiledCircuit &circuit,
                                                       const Stream &s) {
  const pce::MatrixView *views[3] = {&circuit.A(), &circuit.B(), &circuit.C()};
  for (int k = 0; k < 3; k++) {
    const pce::MatrixView &m = *views[k];
    if (m.rows != circuit.NumConstraints() || m.blocks.size() != pce::BlockCount(m.rows))
      return InvalidArgument("pre-compiled circuit " + circuit.ShapeKey() + ": matrix " + "ABC"[k] +
                             " has the wrong row or block count");
    // PceBlockOffsets holds a block's offsets in 32 bits
    for (size_t b = 0; b + 1 < m.blocks.size(); b++)
      if (m.blocks[b + 1].entry - m.blocks[b].entry >= (uint64_t(1) << 32))
        return InvalidArgument("pre-compiled circuit " + circuit.ShapeKey() + ": block " + std::to_string(b) +
                               " of matrix " + "ABC"[k] +
                               " has 2^32 entries or more, more than the device evaluation takes");
  }
  const size_t bytes = BytesFor(circuit);
  dev.MakeCurrent();
  size_t free_bytes = 0, total_bytes = 0;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  auto no_room = [&](const std::string &why) {
    return InvalidArgument("gpu " + std::to_string(dev.Ordinal()) + " (" + dev.Uuid() + "): the pre-compiled circuit " +
                           circuit.ShapeKey() + " needs " + Gb(bytes) + " of device memory, " + why);
  };
  if (bytes > free_bytes) return no_room("only " + Gb(free_bytes) + " are free");
  DeviceBuffer<uint8_t> storage(dev, 0);
  try {
    storage = DeviceBuffer<uint8_t>(dev, bytes);
  } catch (const CudaError &e) {
    cudaGetLastError(); // an allocation failure is not sticky; clear it for the next call
    return no_room(std::string("the allocation failed: ") + e.what());
  }
  std::unique_ptr<DevicePce> out(new DevicePce(std::move(storage)));
  uint8_t *base = out->storage_.Data();
  size_t at = 0;
  // a plain copy per stream, into consecutive aligned slots
  auto put = [&]<class T>(std::span<const T> src) -> const T * {
    T *dst = reinterpret_cast<T *>(base + at);
    if (!src.empty())
      CUZK_CUDA_CHECK(cudaMemcpyAsync(dst, src.data(), src.size_bytes(), cudaMemcpyHostToDevice, s.Get()));
    at += StreamBytes(src);
    return dst;
  };
  for (int k = 0; k < 3; k++) {
    const pce::MatrixView &m = *views[k];
    PceMatrix &d = out->m_[k];
    d.rows = m.rows;
    d.row_info = put(m.row_info);
    d.long_lengths = put(m.long_lengths);
    d.blocks = put(m.blocks);
    d.columns = put(m.columns);
    d.coeff_index = put(m.coeff_index);
  }
  out->coefficients_ = put(circuit.Coefficients());
  out->num_inputs_ = circuit.NumInputs();
  out->num_aux_ = circuit.NumAux();
  s.Synchronize();
  return out;
}

DevicePceCache::DevicePceCache(const Device &dev, size_t budget_bytes) : dev_(dev), budget_(budget_bytes) {}

bool DevicePceCache::MakeRoom(size_t bytes) {
  for (auto it = lru_.begin(); it != lru_.end();) {
    if (it->host.expired()) {
      resident_ -= it->resident->Bytes();
      it = lru_.erase(it);
    } else {
      ++it;
    }
  }
  // unused (only the cache holds it) from the least recently used end
  for (auto it = lru_.end(); resident_ + bytes > budget_ && it != lru_.begin();) {
    --it;
    if (it->resident.use_count() == 1) {
      resident_ -= it->resident->Bytes();
      it = lru_.erase(it);
    }
  }
  return resident_ + bytes <= budget_;
}

Expected<std::shared_ptr<const DevicePce>>
DevicePceCache::Acquire(const std::shared_ptr<const pce::PreCompiledCircuit> &circuit, const Stream &s) {
  if (!circuit) return InvalidArgument("DevicePceCache::Acquire without a circuit");
  if (s.Dev().Uuid() != dev_.Uuid()) return InvalidArgument("DevicePceCache::Acquire on a stream of another device");
  // held while uploading: two workers of a device asking for one circuit upload it once
  std::lock_guard lock(mu_);
  for (auto it = lru_.begin(); it != lru_.end(); ++it) {
    if (it->key == circuit.get() && !it->host.owner_before(circuit) && !circuit.owner_before(it->host)) {
      lru_.splice(lru_.begin(), lru_, it);
      return lru_.front().resident;
    }
  }
  const size_t bytes = DevicePce::BytesFor(*circuit);
  if (!MakeRoom(bytes))
    return InvalidArgument("gpu " + std::to_string(dev_.Ordinal()) + " (" + dev_.Uuid() +
                           "): the pre-compiled circuit " + circuit->ShapeKey() + " needs " + Gb(bytes) +
                           " of device memory; its budget of " + Gb(budget_) + " has " + Gb(resident_) + " in use");
  auto uploaded = DevicePce::Upload(dev_, *circuit, s);
  if (!uploaded) return uploaded.GetError();
  std::shared_ptr<const DevicePce> resident = std::move(uploaded).Value();
  lru_.push_front(Entry{circuit, circuit.get(), resident});
  resident_ += resident->Bytes();
  return resident;
}

void DevicePceCache::Evict(const pce::PreCompiledCircuit &circuit) {
  std::lock_guard lock(mu_);
  for (auto it = lru_.begin(); it != lru_.end(); ++it) {
    if (it->key == &circuit) {
      resident_ -= it->resident->Bytes();
      lru_.erase(it);
      return;
    }
  }
}

void DevicePceCache::Clear() {
  std::lock_guard lock(mu_);
  lru_.clear();
  resident_ = 0;
}

size_t DevicePceCache::ResidentBytes() const {
  std::lock_guard lock(mu_);
  return resident_;
}

size_t DevicePceCache::Entries() const {
  std::lock_guard lock(mu_);
  return lru_.size();
}

} // namespace cuzk::gpu
