// src/gpu/scalar_split.cpp — see scalar_split.hpp.
//
// The plan is on the prover's critical path when it outlasts the device's H step (a 32 GiB
// partition: three splits of 130 M values), so each split runs over blocks of values in parallel:
// a counting pass per block, prefix sums over the blocks (where each block's dense positions and
// tail entries start), then a filling pass per block that writes its own ranges.
#include "gpu/scalar_split.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <atomic>
#include <stdexcept>

namespace cuzk::gpu {

namespace {

//! values a block covers: large enough to amortise a task, small enough to balance 16+ cores
constexpr size_t BLOCK = size_t(1) << 16;

struct BlockCount {
  size_t n = 0, ones = 0, tail = 0; //!< the block's dense values, ones among them, tail among them
};

//! ORs `bits` (dense positions word·64 + b) into the bitmap; two blocks may share a word at their
//! boundary, hence the atomic OR
void FlushWord(std::vector<uint64_t> &ones, size_t word, uint64_t bits) {
  if (bits) std::atomic_ref<uint64_t>(ones[word]).fetch_or(bits, std::memory_order_relaxed);
}

} // namespace

void SplitScalars(std::span<const ff::Fr> values, const r1cs::DensityTracker *density, ScalarSplit &out) {
  using ff::Fr;
  if (density && density->Size() != values.size()) throw std::invalid_argument("SplitScalars: density length");
  const Fr one = Fr::One();
  const size_t blocks = (values.size() + BLOCK - 1) / BLOCK;
  auto taken = [&](size_t i) { return !density || density->Get(i); };

  // counting pass: the plan is chosen before anything large is written
  std::vector<BlockCount> count(blocks);
  tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
    BlockCount c;
    const size_t end = std::min(values.size(), (b + 1) * BLOCK);
    for (size_t i = b * BLOCK; i < end; i++) {
      if (!taken(i)) continue;
      c.n++;
      if (values[i] == one)
        c.ones++;
      else if (!values[i].IsZero())
        c.tail++;
    }
    count[b] = c;
  });
  // exclusive prefix sums: block b's first dense position and first tail entry
  std::vector<BlockCount> first(blocks);
  BlockCount total;
  for (size_t b = 0; b < blocks; b++) {
    first[b] = total;
    total.n += count[b].n;
    total.ones += count[b].ones;
    total.tail += count[b].tail;
  }
  if (total.n > UINT32_MAX) throw std::length_error("SplitScalars: more than 2^32 - 1 bases");
  out.n = total.n;
  out.ones_count = total.ones;
  out.tail_index.clear();
  out.tail_scalar.clear();
  out.ones.clear();
  out.dense.clear();
  out.scalars = {};
  // gathering the tail's bases costs a copy of each; past half the points one Pippenger is cheaper
  out.use_batch_add = 2 * total.tail <= total.n && total.n > 0;
  if (!out.use_batch_add) {
    if (!density) {
      out.scalars = values;
      return;
    }
    out.dense.resize(total.n);
    tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
      size_t j = first[b].n;
      const size_t end = std::min(values.size(), (b + 1) * BLOCK);
      for (size_t i = b * BLOCK; i < end; i++)
        if (density->Get(i)) out.dense[j++] = values[i];
    });
    out.scalars = out.dense;
    return;
  }
  out.ones.assign((total.n + 63) / 64, 0);
  out.tail_index.resize(total.tail);
  out.tail_scalar.resize(total.tail);
  tbb::parallel_for(size_t(0), blocks, [&](size_t b) {
    size_t j = first[b].n, t = first[b].tail;
    uint64_t bits = 0; // the ones of dense word j / 64, flushed when j leaves it
    const size_t end = std::min(values.size(), (b + 1) * BLOCK);
    for (size_t i = b * BLOCK; i < end; i++) {
      if (!taken(i)) continue;
      if (values[i] == one) {
        bits |= uint64_t(1) << (j % 64);
      } else if (!values[i].IsZero()) {
        out.tail_index[t] = uint32_t(j);
        out.tail_scalar[t] = values[i];
        t++;
      }
      j++;
      if (j % 64 == 0) {
        FlushWord(out.ones, j / 64 - 1, bits);
        bits = 0;
      }
    }
    if (j % 64) FlushWord(out.ones, j / 64, bits);
  });
}

} // namespace cuzk::gpu
