// src/gpu/scalar_split.cpp — see scalar_split.hpp.
#include "gpu/scalar_split.hpp"

#include <stdexcept>

namespace cuzk::gpu {

void SplitScalars(std::span<const ff::Fr> values, const r1cs::DensityTracker *density, ScalarSplit &out) {
  using ff::Fr;
  if (density && density->Size() != values.size()) throw std::invalid_argument("SplitScalars: density length");
  const Fr one = Fr::One();
  // first pass: count, so that the plan is chosen before anything large is written
  size_t n = 0, ones = 0, tail = 0;
  for (size_t i = 0; i < values.size(); i++) {
    if (density && !density->Get(i)) continue;
    n++;
    if (values[i] == one)
      ones++;
    else if (!values[i].IsZero())
      tail++;
  }
  if (n > UINT32_MAX) throw std::length_error("SplitScalars: more than 2^32 - 1 bases");
  out.n = n;
  out.ones_count = ones;
  out.tail_index.clear();
  out.tail_scalar.clear();
  out.ones.clear();
  out.dense.clear();
  out.scalars = {};
  // gathering the tail's bases costs a copy of each; past half the points one Pippenger is cheaper
  out.use_batch_add = 2 * tail <= n && n > 0;
  if (!out.use_batch_add) {
    if (!density) {
      out.scalars = values;
      return;
    }
    out.dense.reserve(n);
    for (size_t i = 0; i < values.size(); i++)
      if (density->Get(i)) out.dense.push_back(values[i]);
    out.scalars = out.dense;
    return;
  }
  out.ones.assign((n + 63) / 64, 0);
  out.tail_index.reserve(tail);
  out.tail_scalar.reserve(tail);
  uint32_t j = 0;
  for (size_t i = 0; i < values.size(); i++) {
    if (density && !density->Get(i)) continue;
    if (values[i] == one) {
      out.ones[j / 64] |= uint64_t(1) << (j % 64);
    } else if (!values[i].IsZero()) {
      out.tail_index.push_back(j);
      out.tail_scalar.push_back(values[i]);
    }
    j++;
  }
}

} // namespace cuzk::gpu
