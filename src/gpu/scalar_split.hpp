// src/gpu/scalar_split.hpp — how one MSM of the prover is split between batch addition and a
// tail MSM (host side, no CUDA).
//
// Filecoin witnesses are mostly bits: in a 32 GiB PoRep partition ~97% of the aux values are 0
// or 1 (spec/gpu.md §1, §4). A point whose scalar is 0 costs nothing and one whose scalar is 1
// costs one addition, so the GPU backend sums those with the bitmap-driven batch-addition kernel
// and runs Pippenger only over the other ("tail") scalars, gathered into a compact list. When
// the tail is most of the points (random witnesses) gathering would cost more than it saves,
// and the whole MSM runs as one Pippenger instead (SupraSeal's rule, spec/gpu.md §1).
#pragma once
#include "ff/bls12_381.hpp"
#include "r1cs/density.hpp"
#include "r1cs/packed_values.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::gpu {

//! The plan of one MSM Σ kⱼ·Pⱼ over n bases. Buffers keep their capacity between uses.
struct ScalarSplit {
  size_t n = 0; //!< bases (and scalars) in the MSM
  //! true: Σ over `packed.ones` by batch addition plus a Pippenger over the tail;
  //! false: one Pippenger over `scalars` (every scalar, in base order)
  bool use_batch_add = false;
  r1cs::PackedValues packed;       //!< the n scalars packed (batch-add plan only)
  std::vector<ff::Fr> dense;       //!< the n scalars, when they are not already contiguous
  std::span<const ff::Fr> scalars; //!< the n scalars of the one-Pippenger plan (dense or the input)
};

//! Plans the MSM whose j-th scalar is value i for the j-th i with density.Get(i) (every i when
//! density is null): the prover's A and B sets hold points only for variables that occur. The
//! values may be packed already (a deferred assignment's witness). Throws std::length_error past
//! 2^32 − 1 bases (indices are 32-bit on the device).
void SplitScalars(r1cs::ValueSource values, const r1cs::DensityTracker *density, ScalarSplit &out);

} // namespace cuzk::gpu
