// src/msm/msm.hpp — public header of the MSM layer: Σ k_i·P_i over G1 or G2 on the CPU.
//
// Pippenger's bucket method with signed window digits (digits.hpp), buckets filled by batched
// affine additions (affine_buckets.hpp) or XYZZ ones (xyzz.hpp), and oneTBB threads (the number of threads is the
// current arena's concurrency, so a tbb::global_control or tbb::task_arena around the call limits it). Filecoin
// witnesses are mostly 0 and 1: zero scalars are dropped before Pippenger, and the bases whose scalar is exactly 1 are
// summed with batched affine additions (batch_add.hpp) instead of taking a bucket addition and a pass in every window.
#pragma once
#include "ec/ec.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>

namespace cuzk::msm {

//! Working memory of Msm (canonical scalars, index lists, buckets), kept between calls so that
//! repeated MSMs do not allocate; it grows to the largest call. One per concurrent caller.
class MsmScratch {
public:
  MsmScratch();
  ~MsmScratch();
  MsmScratch(MsmScratch &&) noexcept;
  MsmScratch &operator=(MsmScratch &&) noexcept;
  //! bytes currently held
  size_t Bytes() const;

  struct Impl;
  Impl &Get() { return *impl_; }

private:
  std::unique_ptr<Impl> impl_;
};

//! How Pippenger adds points into buckets (both exact; they differ only in speed).
enum class BucketAddition {
  kAuto,        //!< batched affine for windows of 11 bits or more, XYZZ below
  kXyzz,        //!< one XYZZ mixed addition per point (8M + 2S)
  kBatchAffine, //!< affine buckets, a batch of additions sharing one inversion (~5M + 1S each)
};

struct MsmOptions {
  //! Pippenger window width in bits (1..20); 0 chooses it from the number of scalars left
  //! after the zero/one filtering.
  unsigned window_bits = 0;
  BucketAddition bucket_addition = BucketAddition::kAuto;
  //! sum the bases whose scalar is exactly 1 with batched affine additions
  bool ones_fast_path = true;
  //! When non-empty: bit i (word i/64, bit i%64) says whether scalar i has a base; bases are
  //! given only for the set bits, in order (bellperson's density), so
  //! bases.size() == popcount of the first scalars.size() bits. Needs ⌈scalars.size()/64⌉ words.
  std::span<const uint64_t> density{};
  //! caller-owned working memory; when null, Msm allocates its own for the call
  MsmScratch *scratch = nullptr;
  //! When set, read before each (window, range of points) task, from whichever thread runs it: once
  //! true, Msm throws Stopped instead of finishing (a cancelled job frees its CPU prover within one
  //! task, not after the whole MSM).
  const std::atomic<bool> *stop = nullptr;
};

//! what Msm throws when its options' stop flag is set
class Stopped : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

//! Σ scalars[i]·bases[i] (or, with a density, Σ over the set bits). Bases may repeat, be
//! infinity or negatives of each other. Throws std::invalid_argument when the lengths disagree.
ec::G1 Msm(std::span<const ec::G1Affine> bases, std::span<const ff::Fr> scalars, const MsmOptions &options = {});
ec::G2 Msm(std::span<const ec::G2Affine> bases, std::span<const ff::Fr> scalars, const MsmOptions &options = {});

//! The same with scalars already canonical (little-endian limbs, each < r): no conversion.
ec::G1 Msm(std::span<const ec::G1Affine> bases, std::span<const ff::Limbs<4>> scalars, const MsmOptions &options = {});
ec::G2 Msm(std::span<const ec::G2Affine> bases, std::span<const ff::Limbs<4>> scalars, const MsmOptions &options = {});

} // namespace cuzk::msm
