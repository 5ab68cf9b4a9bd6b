// src/gpu/fixed_base.hpp — one base, many scalars, on the device: Groth16 test setup's
// fixed-base multiplications (groth16/setup.hpp) at the sizes of 32 GiB circuits.
//
// The base's window table is built on the host and kept on the device. With window w the scalar
// is cut into signed radix-2^w digits, as ec::FixedBaseTable does (ec/fixed_base.hpp), and the
// table holds j·2^(w·i)·base for j = 1..2^(w−1): one mixed XYZZ addition per window and no
// doubling. One thread multiplies one scalar. Affine conversion runs on the device too: each
// thread of a second kernel normalises a strided set of ~32 points with one inversion
// (Montgomery's trick), which costs ~3 multiplications a point instead of a ~570-multiplication
// Fermat inversion. Scalars and points cross the bus in the host's representation (Montgomery
// form, ec::Affine with infinity as (0, 0)), and counts larger than device memory allows are
// processed in chunks.
#pragma once
#include "ec/point.hpp"
#include "gpu/device.hpp"

#include <cstddef>
#include <span>

namespace cuzk::gpu {

template <class C> class FixedBaseMul {
public:
  //! Widest window whose device table stays below 128 MB; 2..16.
  static constexpr unsigned DEFAULT_WINDOW = 16;
  //! Builds the table of base (not infinity) on the host and uploads it to dev. Throws CudaError
  //! or std::invalid_argument (window outside 2..16, base at infinity).
  FixedBaseMul(const Device &dev, const ec::Affine<C> &base, unsigned window = DEFAULT_WINDOW);
  ~FixedBaseMul();
  FixedBaseMul(const FixedBaseMul &) = delete;
  FixedBaseMul &operator=(const FixedBaseMul &) = delete;

  //! out[i] = [scalars[i]]·base, affine; out.size() must equal scalars.size(). Blocks until done.
  //! max_chunk (0: as device memory allows) caps the points of one round trip (tests use it to
  //! exercise chunking).
  void Mul(std::span<const ff::Fr> scalars, std::span<ec::Affine<C>> out, size_t max_chunk = 0) const;

  unsigned Window() const { return window_; }
  size_t NumWindows() const { return num_windows_; }

private:
  Device dev_;
  unsigned window_;
  size_t num_windows_;
  void *table_ = nullptr; //!< device: num_windows_ × 2^(w−1) affine points
};

extern template class FixedBaseMul<ec::G1Curve>;
extern template class FixedBaseMul<ec::G2Curve>;

} // namespace cuzk::gpu
