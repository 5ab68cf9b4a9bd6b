// src/r1cs/packed_values.cpp — see packed_values.hpp.
//
// A pack is on a partition's critical path (a 32 GiB PoRep partition: 130 M values, one pass per
// MSM plan), so it runs over blocks of values in parallel: a counting pass per block, prefix sums
// over the blocks (where each block's selected values and tail entries start), then a filling pass
// per block that writes its own ranges.
#include "r1cs/packed_values.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>
#include <tuple>
#include <type_traits>

namespace cuzk::r1cs {

using ff::Fr;

namespace {

//! values a block covers: large enough to amortise a task, small enough to balance 16+ cores
constexpr size_t BLOCK = size_t(1) << 16;

size_t Blocks(size_t n) { return (n + BLOCK - 1) / BLOCK; }

enum class Kind { kZero, kOne, kOther };

//! Reads a source's values in ascending index order from `begin` on (indices may be skipped).
class Reader {
public:
  Reader(const ValueSource &s, size_t begin) : values_(s.Values()), packed_(s.Packed()) {
    if (packed_) {
      const auto &ti = packed_->tail_index;
      cursor_ = size_t(std::lower_bound(ti.begin(), ti.end(), begin) - ti.begin());
    }
  }
  //! value i's kind; for OTHER, *v is the value
  Kind Read(size_t i, const Fr *&v) {
    if (!packed_) {
      const Fr &x = values_[i];
      if (x == ONE) return Kind::kOne;
      if (x.IsZero()) return Kind::kZero;
      v = &x;
      return Kind::kOther;
    }
    if ((packed_->ones[i / 64] >> (i % 64)) & 1) return Kind::kOne;
    const auto &ti = packed_->tail_index;
    while (cursor_ < ti.size() && ti[cursor_] < i) cursor_++;
    if (cursor_ < ti.size() && ti[cursor_] == i) {
      v = &packed_->tail_value[cursor_];
      return Kind::kOther;
    }
    return Kind::kZero;
  }

private:
  static inline const Fr ONE = Fr::One();
  std::span<const Fr> values_;
  const PackedValues *packed_;
  size_t cursor_ = 0;
};

//! ORs `bits` (values word·64 + b) into the bitmap; two blocks may share a word at their
//! boundary, hence the atomic OR
void FlushWord(std::vector<uint64_t> &ones, size_t word, uint64_t bits) {
  if (bits) std::atomic_ref<uint64_t>(ones[word]).fetch_or(bits, std::memory_order_relaxed);
}

//! Calls visit(j, kind, value) for each selected value of block b in order, j counting the selection
//! from `first`; returns the j after the block's last. value is set for Kind::kOther only.
template <class Visit>
size_t VisitBlock(const ValueSource &source, const DensityTracker *density, size_t b, size_t first, Visit &&visit) {
  Reader reader(source, b * BLOCK);
  const size_t end = std::min(source.Size(), (b + 1) * BLOCK);
  size_t j = first;
  for (size_t i = b * BLOCK; i < end; i++) {
    if (density && !density->Get(i)) continue;
    const Fr *v = nullptr;
    const Kind kind = reader.Read(i, v);
    visit(j++, kind, v);
  }
  return j;
}

} // namespace

uint64_t PackedValues::Bytes() const {
  return ones.capacity() * sizeof(uint64_t) + tail_index.capacity() * sizeof(uint32_t) +
         tail_value.capacity() * sizeof(Fr);
}

void PackedValues::Clear() {
  n = ones_count = 0;
  ones.clear();
  tail_index.clear();
  tail_value.clear();
}

Fr PackedValues::At(size_t j) const {
  if ((ones[j / 64] >> (j % 64)) & 1) return Fr::One();
  const auto it = std::lower_bound(tail_index.begin(), tail_index.end(), j);
  if (it != tail_index.end() && *it == j) return tail_value[size_t(it - tail_index.begin())];
  return Fr::Zero();
}

void PackedValues::UnpackTo(std::span<Fr> out) const {
  if (out.size() != n) throw std::invalid_argument("PackedValues::UnpackTo: output length");
  const Fr one = Fr::One(), zero = Fr::Zero();
  tbb::parallel_for(tbb::blocked_range<size_t>(0, (n + 63) / 64, BLOCK / 64), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t w = r.begin(); w != r.end(); w++) {
      const uint64_t bits = ones[w];
      const size_t end = std::min(n, (w + 1) * 64);
      for (size_t j = w * 64; j < end; j++) out[j] = (bits >> (j % 64)) & 1 ? one : zero;
    }
  });
  tbb::parallel_for(tbb::blocked_range<size_t>(0, tail_index.size(), BLOCK), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t t = r.begin(); t != r.end(); t++) out[tail_index[t]] = tail_value[t];
  });
}

FrVector PackedValues::Unpack() const {
  FrVector out(n);
  UnpackTo(out);
  return out;
}

Packer::Packer(ValueSource source, const DensityTracker *density) : source_(source), density_(density) {
  const size_t n = source_.Size();
  if (density_ && density_->Size() != n) throw std::invalid_argument("Packer: density length");
  const size_t blocks = Blocks(n);
  std::vector<Count> count(blocks);
  tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
    Count c;
    c.n = VisitBlock(source_, density_, b, 0, [&](size_t, Kind kind, const Fr *) {
      c.ones += kind == Kind::kOne;
      c.tail += kind == Kind::kOther;
    });
    count[b] = c;
  });
  first_.resize(blocks);
  for (size_t b = 0; b < blocks; b++) {
    first_[b] = total_;
    total_.n += count[b].n;
    total_.ones += count[b].ones;
    total_.tail += count[b].tail;
  }
}

void Packer::Pack(PackedValues &out) const {
  if (total_.n > UINT32_MAX) throw std::length_error("Packer: more than 2^32 - 1 values to pack");
  out.n = total_.n;
  out.ones_count = total_.ones;
  out.ones.assign((total_.n + 63) / 64, 0);
  out.tail_index.resize(total_.tail);
  out.tail_value.resize(total_.tail);
  tbb::parallel_for(size_t(0), first_.size(), [&](size_t b) {
    size_t t = first_[b].tail;
    uint64_t bits = 0; // the ones of word j / 64, flushed when j leaves it
    const size_t end = VisitBlock(source_, density_, b, first_[b].n, [&](size_t j, Kind kind, const Fr *v) {
      if (kind == Kind::kOne) bits |= uint64_t(1) << (j % 64);
      if (kind == Kind::kOther) {
        out.tail_index[t] = uint32_t(j);
        out.tail_value[t] = *v;
        t++;
      }
      if ((j + 1) % 64 == 0) {
        FlushWord(out.ones, j / 64, bits);
        bits = 0;
      }
    });
    if (end % 64) FlushWord(out.ones, end / 64, bits);
  });
}

void Packer::Gather(std::span<Fr> out) const {
  if (out.size() != total_.n) throw std::invalid_argument("Packer::Gather: output length");
  const Fr one = Fr::One(), zero = Fr::Zero();
  tbb::parallel_for(size_t(0), first_.size(), [&](size_t b) {
    VisitBlock(source_, density_, b, first_[b].n, [&](size_t j, Kind kind, const Fr *v) {
      out[j] = kind == Kind::kOne ? one : kind == Kind::kOther ? *v : zero;
    });
  });
}

// All the values, in one pass over them: a witness is GBs and packing is bound by reading it, so
// the counting pass a selection needs is skipped. Each block packs its own bitmap words (a block is
// a whole number of words) and collects its tail apart; the tails are then copied into place.
PackedValues Pack(std::span<const Fr> values) {
  static_assert(BLOCK % 64 == 0, "a block packs whole bitmap words");
  const size_t n = values.size(), blocks = Blocks(n);
  if (n > UINT32_MAX) throw std::length_error("Pack: more than 2^32 - 1 values");
  PackedValues out;
  out.n = n;
  out.ones.resize((n + 63) / 64);
  std::vector<std::vector<uint32_t>> tail_index(blocks);
  std::vector<std::vector<Fr>> tail_value(blocks);
  std::vector<size_t> ones(blocks);
  const auto one = Fr::One().l;
  static_assert(std::tuple_size_v<decltype(one)> == 4, "Fr is four limbs");
  tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
    const size_t end = std::min(n, (b + 1) * BLOCK);
    size_t count = 0;
    for (size_t w = b * BLOCK / 64; w * 64 < end; w++) {
      uint64_t bits = 0;
      for (size_t i = w * 64; i < std::min(end, (w + 1) * 64); i++) {
        // without a branch on the bit itself: a witness's 0s and 1s are as good as random, and a
        // mispredicted branch per value cost more than reading it
        const auto &x = values[i].l;
        const uint64_t not_one = (x[0] ^ one[0]) | (x[1] ^ one[1]) | (x[2] ^ one[2]) | (x[3] ^ one[3]);
        const uint64_t not_zero = x[0] | x[1] | x[2] | x[3];
        bits |= uint64_t(not_one == 0) << (i % 64);
        if (not_one != 0 && not_zero != 0) [[unlikely]] {
          tail_index[b].push_back(uint32_t(i));
          tail_value[b].push_back(values[i]);
        }
      }
      out.ones[w] = bits;
      count += std::popcount(bits);
    }
    ones[b] = count;
  });
  std::vector<size_t> first(blocks);
  size_t tail = 0;
  for (size_t b = 0; b < blocks; b++) {
    first[b] = tail;
    tail += tail_index[b].size();
    out.ones_count += ones[b];
  }
  out.tail_index.resize(tail);
  out.tail_value.resize(tail);
  tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
    std::copy(tail_index[b].begin(), tail_index[b].end(), out.tail_index.begin() + first[b]);
    std::copy(tail_value[b].begin(), tail_value[b].end(), out.tail_value.begin() + first[b]);
  });
  return out;
}

bool LooksWorthPacking(std::span<const Fr> values) {
  constexpr size_t SAMPLES = 4096;
  if (values.size() <= SAMPLES) return true;
  const Fr one = Fr::One();
  size_t other = 0;
  for (size_t k = 0; k < SAMPLES; k++) {
    const Fr &x = values[k * (values.size() / SAMPLES)];
    other += !(x == one || x.IsZero());
  }
  return 8 * other <= 3 * SAMPLES;
}

} // namespace cuzk::r1cs
