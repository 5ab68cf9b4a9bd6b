// src/gpu/ntt.hpp — number-theoretic transforms over Fr on one device, and Groth16's H step.
//
// The transforms are those of bellperson's EvaluationDomain, natural order in and out:
//   Forward:        â[k] = Σ a[j]·ω^(jk)
//   Inverse:        a[j] = n⁻¹ Σ â[k]·ω^(−jk)
//   CosetForward:   Forward of a[j]·g^j            (g = 7, Fr's multiplicative generator)
//   CosetInverse:   Inverse, then a[j]·g^(−j)
// so they equal the CPU transforms of src/poly element for element.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/device.hpp"
#include "gpu/ntt_schedule.hpp"
#include "gpu/resources.hpp"

#include <span>
#include <vector>

namespace cuzk::gpu {

//! The tables of one domain size on one device, built once and shared by every transform of that size (tables are
//! O(√n): a few hundred KiB at n = 2^28).
class NttDomain {
public:
  //! 1 ≤ log_n ≤ 28; throws std::invalid_argument otherwise
  NttDomain(const Device &dev, unsigned log_n);

  unsigned LogN() const { return log_n_; }
  size_t Size() const { return size_t(1) << log_n_; }
  const Device &Dev() const { return dev_; }

  //! On `data` (Size() elements in this device's memory), queued on `s`: in place with a bit-reversal pass, or, given
  //! `scratch` (Size() more elements, not overlapping data, overwritten), through it with the permutation fused into a
  //! pass (one pass of memory traffic less: 2.5 ms at 2^27 on an H200).
  void Transform(ff::Fr *data, NttKind kind, const Stream &s, ff::Fr *scratch = nullptr) const;

  //! Groth16's H step, all on the device: given the evaluations a, b, c of the R1CS on the domain, interpolate each
  //! (inverse NTT), evaluate on the coset gω^i (coset NTT), form (a·b − c)/Z there (Z = g^n − 1 is constant on the
  //! coset) and interpolate back (inverse coset NTT). On return `a` holds the Size() coefficients of h; b and c are
  //! overwritten. natural_out = false leaves h bit-reversed (h_j at position rev(j)), one pass less.
  void ComputeH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s, bool natural_out = true) const;

  //! the kernels of Transform / ComputeH, as data, and their launch (one step is one kernel:
  //! bench/gpu/gpu_bench times them one by one)
  std::vector<NttStep> TransformPlan(ff::Fr *data, NttKind kind, ff::Fr *scratch = nullptr) const;
  //! derived_c: see HSteps (ntt_schedule.hpp)
  std::vector<NttStep> HPlan(ff::Fr *a, ff::Fr *b, ff::Fr *c, bool natural_out, bool derived_c = false) const;
  void Launch(std::span<const NttStep> steps, const Stream &s) const;

private:
  Device dev_;
  unsigned log_n_;
  NttTableData host_; // offsets and constants (the host copy of the values is dropped after upload)
  // one device allocation holds every table
  DeviceBuffer<ff::Fr> storage_;
  NttTables tables_;
};

//! Permutes count elements of elem_bytes each (a multiple of 16: G1/G2 affine points) in place to bit-reversed order of
//! log_n bits: element i moves to rev(i). count may be 2^log_n − 1 (the H bases: rev(i) = 2^log_n − 1 only for i =
//! 2^log_n − 1). Queued on s.
void BitReverseInPlace(void *data, size_t elem_bytes, size_t count, unsigned log_n, const Stream &s);

} // namespace cuzk::gpu
