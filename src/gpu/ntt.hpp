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
#include "gpu/resources.hpp"

namespace cuzk::gpu {

enum class NttKind { kForward, kInverse, kCosetForward, kCosetInverse };

//! The tables of one domain size on one device, built once and shared by every transform of
//! that size (tables are O(√n): a few hundred KiB at n = 2^28).
class NttDomain {
public:
  //! 1 ≤ log_n ≤ 28; throws std::invalid_argument otherwise
  NttDomain(const Device &dev, unsigned log_n);

  unsigned LogN() const { return log_n_; }
  size_t Size() const { return size_t(1) << log_n_; }
  const Device &Dev() const { return dev_; }

  //! In place on `data` (Size() elements in this device's memory), queued on `s`.
  void Transform(ff::Fr *data, NttKind kind, const Stream &s) const;

  //! Groth16's H step, all on the device: given the evaluations a, b, c of the R1CS on the
  //! domain, interpolate each (inverse NTT), evaluate on the coset gω^i (coset NTT), form
  //! (a·b − c)/Z there (Z = g^n − 1 is constant on the coset) and interpolate back (inverse coset
  //! NTT). On return `a` holds the Size() coefficients of h; b and c are overwritten.
  void ComputeH(ff::Fr *a, ff::Fr *b, ff::Fr *c, const Stream &s) const;

private:
  Device dev_;
  unsigned log_n_;
  // one device allocation holds every table; offsets into it below
  DeviceBuffer<ff::Fr> storage_;
  struct TableRef {
    size_t hi = 0, lo = 0;
    uint32_t lo_bits = 0;
    bool constant = false;
  };
  TableRef omega_, omega_inv_, coset_, coset_ninv_, coset_inv_ninv_, ninv_;
  ff::Fr z_inv_;
};

} // namespace cuzk::gpu
