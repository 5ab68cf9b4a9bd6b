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

#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::gpu {

//! The plan of one MSM Σ kⱼ·Pⱼ over n bases. Buffers keep their capacity between uses.
struct ScalarSplit {
  size_t n = 0; //!< bases (and scalars) in the MSM
  //! true: Σ over `ones` by batch addition plus a Pippenger over the tail;
  //! false: one Pippenger over `dense` (every scalar, in base order)
  bool use_batch_add = false;
  std::vector<uint64_t> ones;       //!< ⌈n/64⌉ words; bit j set iff kⱼ = 1 (batch-add plan only)
  size_t ones_count = 0;            //!< scalars equal to 1
  std::vector<uint32_t> tail_index; //!< j with kⱼ ∉ {0, 1}, ascending (batch-add plan only)
  std::vector<ff::Fr> tail_scalar;  //!< kⱼ for those j (batch-add plan only)
  std::vector<ff::Fr> dense;        //!< the n scalars, when they are not already contiguous
  std::span<const ff::Fr> scalars;  //!< the n scalars of the one-Pippenger plan (dense or the input)
};

//! Plans the MSM whose j-th scalar is values[i] for the j-th i with density.Get(i) (every i when
//! density is null): the prover's A and B sets hold points only for variables that occur. Throws
//! std::length_error past 2^32 − 1 bases (indices are 32-bit on the device).
void SplitScalars(std::span<const ff::Fr> values, const r1cs::DensityTracker *density, ScalarSplit &out);

} // namespace cuzk::gpu
