// src/gpu/msm.hpp — multi-scalar multiplication Σ kᵢ·Pᵢ on one device (G1 and G2), and batch
// addition Σ_{bit i set} Pᵢ (the points whose scalar is exactly 1 in a 0/1-heavy witness).
//
// Inputs live in device memory in the host layouts: ec::Affine<C> (infinity = (0, 0)) and ff::Fr
// in Montgomery form, exactly as src/msm takes them. Results come back as host Jacobian points.
// Scratch is allocated once, by the constructor, for up to max_n points (house rule 5); Run
// allocates nothing. One object serves one stream at a time.
#pragma once
#include "ec/point.hpp"
#include "gpu/device.hpp"
#include "gpu/msm_window.hpp"
#include "gpu/resources.hpp"
#include "gpu/tuning.hpp"

#include <memory>

namespace cuzk::gpu {

template <class C> class Msm {
public:
  //! most points of one run (a run's windows are sorted a group at a time, at least one window's
  //! n pairs at once); longer inputs are processed in runs of this size
  static constexpr size_t MAX_RUN = size_t(1) << 28;

  Msm(const Device &dev, size_t max_n, MsmTuning tuning = {});
  ~Msm();
  Msm(Msm &&) noexcept;
  Msm(const Msm &) = delete;
  Msm &operator=(const Msm &) = delete;

  //! Σ scalars[i]·bases[i] for i < n ≤ max_n; queued on s and waited for.
  ec::Jacobian<C> Run(const ec::Affine<C> *bases, const ff::Fr *scalars, size_t n, const Stream &s);

  //! window width chosen for a run of n points (without an override)
  static unsigned WindowBits(size_t n);
  //! device bytes the constructor allocates for max_n
  static size_t ScratchBytes(size_t max_n, const MsmTuning &tuning = {});

  //! implementation (msm_impl.cuh); public only because nvcc's generated kernel stubs name its
  //! member types
  struct Impl;

private:
  std::unique_ptr<Impl> impl_;
};

template <class C> class BatchAdd {
public:
  explicit BatchAdd(const Device &dev, MsmTuning tuning = {});
  ~BatchAdd();
  BatchAdd(BatchAdd &&) noexcept;
  BatchAdd(const BatchAdd &) = delete;
  BatchAdd &operator=(const BatchAdd &) = delete;

  //! Σ bases[i] over the i < n whose bit (bitmap[i / 64] >> (i % 64)) & 1 is set; bitmap holds
  //! ⌈n/64⌉ words in device memory. Queued on s and waited for.
  ec::Jacobian<C> Run(const ec::Affine<C> *bases, const uint64_t *bitmap, size_t n, const Stream &s);

  struct Impl; //!< see Msm::Impl

private:
  std::unique_ptr<Impl> impl_;
};

using MsmG1 = Msm<ec::G1Curve>;
using MsmG2 = Msm<ec::G2Curve>;
using BatchAddG1 = BatchAdd<ec::G1Curve>;
using BatchAddG2 = BatchAdd<ec::G2Curve>;

} // namespace cuzk::gpu
