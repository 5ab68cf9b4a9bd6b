// src/gpu/ntt_kernels.cuh — the per-thread bodies of the device NTT, and their tables.
//
// Radix-2 NTT over Fr for n = 2^k, organised in passes of s ≤ NTT_MAX_RADIX_LOG stages: each
// thread holds 2^s elements in registers (strided by the smallest half-span h' of its pass)
// and runs the s butterfly stages that only mix those elements. Two orders:
//   DIF (Gentleman–Sande): natural order in, bit-reversed out; half-spans n/2 … 1;
//       butterfly (u, v) → (u + v, (u − v)·w).
//   DIT (Cooley–Tukey): bit-reversed in, natural out; half-spans 1 … n/2;
//       butterfly (u, v) → (u + w·v, u − w·v).
// The twiddle of a pair at offset j inside a block of half-span h is ω_{2h}^j = ω_n^(j·n/2h), read
// as HI[e >> L]·LO[e mod 2^L] from two tables of √n entries each (one multiplication instead of an
// n/2-entry table that would not stay in cache for n = 2^27).
//
// Everything here is CUZK_HD: the kernels in ntt.cu call these bodies, and the tests run the same
// bodies on the host (ntt_emulation_test.cpp) against a reference transform.
#pragma once
#include "gpu/field.cuh"

#include <vector>

namespace cuzk::gpu {

//! largest number of stages one pass runs in registers (2^3 = 8 elements per thread)
inline constexpr unsigned NTT_MAX_RADIX_LOG = 3;
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

//! One thread of one pass: S stages over the 2^S elements base + m·h' (h' = 2^log_h).
//! twiddles: ω_n^e for e < n/2.
template <unsigned S, bool DIT>
CUZK_HD void NttRadixThread(Fr *x, uint32_t t, unsigned log_n, unsigned log_h, const PowTable &twiddles) {
  constexpr uint32_t R = 1u << S;
  const uint32_t j0 = t & ((1u << log_h) - 1);
  const uint32_t base = ((t >> log_h) << (log_h + S)) | j0;
  Fr a[R];
  CUZK_UNROLL
  for (uint32_t m = 0; m < R; m++) a[m] = x[base + (m << log_h)];

  CUZK_UNROLL
  for (unsigned st = 0; st < S; st++) {
    // DIF runs the widest stage first, DIT the narrowest; H is the half-span in units of h'
    const unsigned log_H = DIT ? st : S - 1 - st;
    const uint32_t H = 1u << log_H;
    // ω_{2Hh'}^j = ω_n^(j · 2^(log_n − 1 − log_H − log_h))
    const unsigned shift = log_n - 1 - log_H - log_h;
    CUZK_UNROLL
    for (uint32_t m = 0; m < R; m++) {
      if (m & H) continue;
      const uint32_t j = ((m & (H - 1)) << log_h) + j0;
      const Fr w = twiddles.At(j << shift);
      if (DIT) {
        const Fr v = a[m + H] * w;
        a[m + H] = a[m] - v;
        a[m] = a[m] + v;
      } else {
        const Fr d = a[m] - a[m + H];
        a[m] = a[m] + a[m + H];
        a[m + H] = d * w;
      }
    }
  }
  CUZK_UNROLL
  for (uint32_t m = 0; m < R; m++) x[base + (m << log_h)] = a[m];
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

//! x[p] *= table(rev(p)): scales bit-reversed coefficients by their natural index
CUZK_HD void ScaleBitReversedThread(Fr *x, uint32_t p, unsigned log_n, const PowTable &scale) {
  x[p] = x[p] * scale.At(BitReverse(p, log_n));
}

//! Groth16's quotient on the coset: a ← (a·b − c)·z⁻¹, z = g^n − 1 the vanishing polynomial there
CUZK_HD void QuotientThread(Fr *a, const Fr *b, const Fr *c, uint32_t i, const Fr &z_inv) {
  a[i] = (a[i] * b[i] - c[i]) * z_inv;
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
