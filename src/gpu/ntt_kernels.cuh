// src/gpu/ntt_kernels.cuh — tables and small per-thread bodies of the device NTT.
//
// The twiddle and scale tables (base^e as HI[e >> L]·LO[e mod 2^L], two tables of √n entries: one
// multiplication instead of an n-entry table that would not stay in cache at n = 2^27), the domain's
// roots, and the pairwise bit-reversal permutation used below 2^10 (ntt_pass.cuh has the tiled one).
//
// Everything here is CUZK_HD: the kernels in ntt.cu call these bodies, and the tests run the same
// bodies on the host (ntt_emulation_test.cpp) against a reference transform.
#pragma once
#include "gpu/field.cuh"

#include <vector>

namespace cuzk::gpu {

//! largest supported transform (2^28 elements = 8 GiB of Fr; Fr's two-adicity is 32)
inline constexpr unsigned NTT_MAX_LOG = 28;

//! base^e for e < 2^bits, as hi[e >> lo_bits] · lo[e & (2^lo_bits − 1)]. A null lo means the
//! constant hi[0] (for scaling by n⁻¹ alone); a null hi means 1.
struct PowTable {
  const Fr *hi = nullptr;
  const Fr *lo = nullptr;
  uint32_t lo_bits = 0;

  CUZK_HD bool IsOne() const { return hi == nullptr; }
  CUZK_HD Fr At(uint32_t e) const {
    if (lo == nullptr) return hi[0];
    return hi[e >> lo_bits] * lo[e & ((uint32_t(1) << lo_bits) - 1)];
  }
};

CUZK_HD uint32_t BitReverse(uint32_t x, unsigned bits) {
#if defined(__CUDA_ARCH__)
  return __brev(x) >> (32 - bits);
#else
  uint32_t r = 0;
  for (unsigned i = 0; i < bits; i++) r |= ((x >> i) & 1u) << (bits - 1 - i);
  return r;
#endif
}

//! Bit-reversal permutation in place, fused with a scaling by s(i) = table(i) where i is the
//! natural-order index: `scale_before` scales the natural-order input (forward coset: g^i), else
//! the natural-order output (inverse: n⁻¹·g⁻ⁱ). Thread i handles the pair (i, rev(i)) when i ≤ rev(i).
CUZK_HD void BitReverseScaleThread(Fr *x, uint32_t i, unsigned log_n, const PowTable &scale, bool scale_before) {
  const uint32_t j = BitReverse(i, log_n);
  if (j < i) return;
  const Fr xi = x[i], xj = x[j];
  if (scale.IsOne()) {
    x[i] = xj;
    x[j] = xi;
    return;
  }
  const Fr si = scale.At(i);
  if (i == j) {
    x[i] = xi * si;
    return;
  }
  const Fr sj = scale.At(j);
  if (scale_before) {
    x[j] = xi * si; // new[rev(i)] = old[i]·s(i)
    x[i] = xj * sj;
  } else {
    x[i] = xj * si; // new[i] = old[rev(i)]·s(i)
    x[j] = xi * sj;
  }
}

//! Host-built table pair for base^e, e < 2^bits, every entry multiplied by `factor`.
struct HostPowTable {
  std::vector<ff::Fr> hi, lo;
  uint32_t lo_bits = 0;
};

inline HostPowTable BuildPowTable(const ff::Fr &base, unsigned bits, const ff::Fr &factor) {
  HostPowTable t;
  t.lo_bits = (bits + 1) / 2;
  const size_t lo_n = size_t(1) << t.lo_bits;
  const size_t hi_n = bits > t.lo_bits ? size_t(1) << (bits - t.lo_bits) : 1;
  t.lo.resize(lo_n);
  t.hi.resize(hi_n);
  ff::Fr acc = ff::Fr::One();
  for (size_t k = 0; k < lo_n; k++) {
    t.lo[k] = acc;
    acc = acc * base;
  }
  const ff::Fr step = acc; // base^(2^lo_bits)
  acc = factor;
  for (size_t k = 0; k < hi_n; k++) {
    t.hi[k] = acc;
    acc = acc * step;
  }
  return t;
}

//! ω_n, the 2^log_n-th root of unity bellperson's EvaluationDomain uses: ROOT_OF_UNITY
//! (7^t, order 2^32) squared 32 − log_n times.
inline ff::Fr DomainRoot(unsigned log_n) {
  ff::Fr w = ff::Fr::RootOfUnity();
  for (unsigned i = log_n; i < ff::Fr::TWO_ADICITY; i++) w = w.Square();
  return w;
}

//! bellperson's coset shift: Fr's multiplicative generator, 7
inline ff::Fr CosetGenerator() { return ff::Fr::Generator(); }

} // namespace cuzk::gpu
