// src/poly/ntt.cpp — radix-2 NTT kernels (decimation in time and in frequency) and the public
// transforms built from them.
//
// Cache blocking: in decimation in time (bit-reversed input) the first stages only mix
// elements inside aligned blocks of 2^s; in decimation in frequency the last stages do.
// Those stages run block by block (BLOCK_LOG = 2^14 elements = 512 KiB, inside the 2 MiB L2
// of current server cores), one oneTBB task per block; only the remaining log n − 14 stages
// stream over the whole array, each split into independent butterfly ranges.
#include "poly/ntt.hpp"

#include <tbb/parallel_for.h>

#include <bit>
#include <cassert>
#include <utility>

namespace cuzk::poly {

namespace {

constexpr unsigned BLOCK_LOG = 14;
constexpr size_t BUTTERFLY_GRAIN = size_t(1) << 12; //!< butterflies per task in a whole-array stage
constexpr size_t ELEMENT_GRAIN = size_t(1) << 13;   //!< elements per task in pointwise passes
constexpr unsigned POWER_TABLE_LOG = 12;            //!< see MulByPowers

uint64_t Reverse64(uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  return __builtin_bswap64(x);
}
//! the low k bits of i reversed
inline size_t ReverseBits(size_t i, unsigned k) { return k == 0 ? 0 : size_t(Reverse64(i) >> (64 - k)); }

unsigned Log2Exact(size_t n) {
  assert(std::has_single_bit(n));
  return unsigned(std::countr_zero(n));
}

// Twiddle ω^(±e) for 0 ≤ e < n/2, read from the table of ω^i. For the inverse transform,
// ω^−e = −ω^(n/2−e) (ω^(n/2) = −1); the minus sign is absorbed by swapping the operands of
// the butterfly's subtraction, so the inverse costs the same as the forward transform.
template <bool INV> struct Butterflies {
  const Fr *tw;
  size_t half;

  //! Cooley–Tukey: (x0, x1) ← (x0 + w·x1, x0 − w·x1)
  void Dit(Fr &x0, Fr &x1, size_t e) const {
    if (e == 0) {
      Fr t = x1;
      x1 = x0 - t;
      x0 += t;
    } else if constexpr (!INV) {
      Fr t = x1 * tw[e];
      x1 = x0 - t;
      x0 += t;
    } else {
      Fr t = x1 * tw[half - e];
      x1 = x0 + t;
      x0 -= t;
    }
  }
  //! Gentleman–Sande: (x0, x1) ← (x0 + x1, (x0 − x1)·w)
  void Dif(Fr &x0, Fr &x1, size_t e) const {
    Fr s = x0 + x1;
    if (e == 0) {
      x1 = x0 - x1;
    } else if constexpr (!INV) {
      x1 = (x0 - x1) * tw[e];
    } else {
      x1 = (x1 - x0) * tw[half - e];
    }
    x0 = s;
  }
};

// Stage with half-width m = 2^lm over aligned blocks of 2^(lm+1): twiddle exponent of the
// j-th butterfly is j·n/(2m), i.e. j << (k − 1 − lm).
template <bool INV, bool DIT>
void StageInBlock(const Butterflies<INV> &bf, Fr *block, size_t block_size, unsigned k, unsigned lm) {
  const size_t m = size_t(1) << lm;
  const unsigned shift = k - 1 - lm;
  for (size_t g = 0; g < block_size; g += 2 * m) {
    Fr *x = block + g;
    for (size_t j = 0; j < m; j++) {
      if constexpr (DIT) {
        bf.Dit(x[j], x[j + m], j << shift);
      } else {
        bf.Dif(x[j], x[j + m], j << shift);
      }
    }
  }
}

template <bool INV, bool DIT> void StageWholeArray(const Butterflies<INV> &bf, Fr *a, unsigned k, unsigned lm) {
  const size_t m = size_t(1) << lm, mask = m - 1;
  const unsigned shift = k - 1 - lm;
  tbb::parallel_for(tbb::blocked_range<size_t>(0, size_t(1) << (k - 1), BUTTERFLY_GRAIN),
                    [&](const tbb::blocked_range<size_t> &r) {
                      for (size_t b = r.begin(); b < r.end(); b++) {
                        const size_t j = b & mask;
                        const size_t i0 = ((b >> lm) << (lm + 1)) | j;
                        if constexpr (DIT) {
                          bf.Dit(a[i0], a[i0 + m], j << shift);
                        } else {
                          bf.Dif(a[i0], a[i0 + m], j << shift);
                        }
                      }
                    });
}

//! bit-reversed in, natural out, unscaled; INV uses ω⁻¹
template <bool INV> void Dit(const Domain &d, std::span<Fr> a) {
  const unsigned k = d.LogSize();
  if (k == 0) return;
  const Butterflies<INV> bf{d.Twiddles().data(), d.Size() / 2};
  const unsigned block_log = std::min(k, BLOCK_LOG);
  const size_t block_size = size_t(1) << block_log;
  tbb::parallel_for(size_t(0), a.size() / block_size, [&](size_t blk) {
    for (unsigned lm = 0; lm < block_log; lm++)
      StageInBlock<INV, true>(bf, a.data() + blk * block_size, block_size, k, lm);
  });
  for (unsigned lm = block_log; lm < k; lm++) StageWholeArray<INV, true>(bf, a.data(), k, lm);
}

//! natural in, bit-reversed out, unscaled; INV uses ω⁻¹
template <bool INV> void Dif(const Domain &d, std::span<Fr> a) {
  const unsigned k = d.LogSize();
  if (k == 0) return;
  const Butterflies<INV> bf{d.Twiddles().data(), d.Size() / 2};
  const unsigned block_log = std::min(k, BLOCK_LOG);
  const size_t block_size = size_t(1) << block_log;
  for (unsigned lm = k; lm-- > block_log;) StageWholeArray<INV, false>(bf, a.data(), k, lm);
  tbb::parallel_for(size_t(0), a.size() / block_size, [&](size_t blk) {
    for (unsigned lm = block_log; lm-- > 0;)
      StageInBlock<INV, false>(bf, a.data() + blk * block_size, block_size, k, lm);
  });
}

template <bool INV> void Transform(const Domain &d, std::span<Fr> a, Order in, Order out) {
  assert(a.size() == d.Size());
  if (in == Order::NATURAL && out == Order::BIT_REVERSED) {
    Dif<INV>(d, a);
  } else if (in == Order::BIT_REVERSED && out == Order::NATURAL) {
    Dit<INV>(d, a);
  } else if (in == Order::NATURAL) { // natural → natural
    BitReverse(a);
    Dit<INV>(d, a);
  } else { // bit-reversed → bit-reversed
    Dit<INV>(d, a);
    BitReverse(a);
  }
}

} // namespace

// Blocked bit reversal. Write i = (hi, mid, lo) with hi and lo of TILE_LOG bits; then
// rev(i) = (rev(lo), rev(mid), rev(hi)). For each pair {mid, rev(mid)} the 2^TILE_LOG rows of
// 2^TILE_LOG consecutive elements are copied into a small stack tile and written back
// transposed, so every cache line read or written is used whole. The element-by-element
// swap it replaces missed the cache on nearly every access above a few MiB (~4x slower at 2^20).
constexpr unsigned TILE_LOG = 4;

void BitReverse(std::span<Fr> a) {
  const unsigned k = Log2Exact(a.size());
  if (k < 2 * TILE_LOG + 1) {
    for (size_t i = 0; i < a.size(); i++) {
      const size_t j = ReverseBits(i, k);
      if (i < j) std::swap(a[i], a[j]);
    }
    return;
  }
  constexpr size_t T = size_t(1) << TILE_LOG;
  const unsigned mid_bits = k - 2 * TILE_LOG, hi_shift = k - TILE_LOG;
  auto load = [&](Fr(&tile)[T][T], size_t mid) {
    for (size_t hi = 0; hi < T; hi++) {
      const Fr *row = a.data() + ((hi << hi_shift) | (mid << TILE_LOG));
      for (size_t lo = 0; lo < T; lo++) tile[hi][lo] = row[lo];
    }
  };
  auto store = [&](const Fr(&tile)[T][T], size_t mid) { // element (hi, lo) goes to (rev lo, mid, rev hi)
    for (size_t lo = 0; lo < T; lo++) {
      Fr *row = a.data() + ((ReverseBits(lo, TILE_LOG) << hi_shift) | (mid << TILE_LOG));
      for (size_t hi = 0; hi < T; hi++) row[ReverseBits(hi, TILE_LOG)] = tile[hi][lo];
    }
  };
  tbb::parallel_for(tbb::blocked_range<size_t>(0, size_t(1) << mid_bits, 16), [&](const tbb::blocked_range<size_t> &r) {
    Fr tile_a[T][T], tile_b[T][T];
    for (size_t mid = r.begin(); mid < r.end(); mid++) {
      const size_t rmid = ReverseBits(mid, mid_bits);
      if (rmid < mid) continue; // the pair is handled from its smaller member
      load(tile_a, mid);
      if (rmid == mid) {
        store(tile_a, mid);
      } else {
        load(tile_b, rmid);
        store(tile_a, rmid);
        store(tile_b, mid);
      }
    }
  });
}

void MulByPowers(std::span<Fr> a, const Fr &c, const Fr &g, Order order) {
  if (a.empty()) return;
  const unsigned k = Log2Exact(a.size());
  if (order == Order::NATURAL) {
    tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), ELEMENT_GRAIN), [&](const tbb::blocked_range<size_t> &r) {
      Fr w = c * g.Pow(uint64_t(r.begin()));
      for (size_t i = r.begin(); i < r.end(); i++) {
        a[i] *= w;
        w *= g;
      }
    });
    return;
  }
  // Bit-reversed: split p = P·2^t + q, so rev_k(p) = rev_t(q)·2^(k−t) + rev_(k−t)(P) and
  // g^rev(p) = g^rev_(k−t)(P) · h^rev_t(q) with h = g^(2^(k−t)). One table of h^i (2^t entries)
  // serves every chunk; each element then costs two multiplications.
  const unsigned t = std::min(k, POWER_TABLE_LOG);
  const size_t chunk = size_t(1) << t;
  std::vector<Fr> h_pow(chunk);
  const Fr h = g.Pow(uint64_t(1) << (k - t));
  h_pow[0] = Fr::One();
  for (size_t i = 1; i < chunk; i++) h_pow[i] = h_pow[i - 1] * h;
  tbb::parallel_for(size_t(0), a.size() >> t, [&](size_t P) {
    const Fr base = c * g.Pow(uint64_t(ReverseBits(P, k - t)));
    Fr *x = a.data() + (P << t);
    for (size_t q = 0; q < chunk; q++) x[q] *= base * h_pow[ReverseBits(q, t)];
  });
}

void Ntt(const Domain &d, std::span<Fr> a, Order in, Order out) { Transform<false>(d, a, in, out); }

void Intt(const Domain &d, std::span<Fr> a, Order in, Order out) {
  Transform<true>(d, a, in, out);
  const Fr s = d.SizeInv();
  tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), ELEMENT_GRAIN), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i < r.end(); i++) a[i] *= s;
  });
}

void CosetNtt(const Domain &d, std::span<Fr> a, Order in, Order out) {
  MulByPowers(a, Fr::One(), d.CosetGenerator(), in);
  Transform<false>(d, a, in, out);
}

void CosetIntt(const Domain &d, std::span<Fr> a, Order in, Order out) {
  Transform<true>(d, a, in, out);
  MulByPowers(a, d.SizeInv(), d.CosetGeneratorInv(), out); // 1/n folded into the coset shift
}

} // namespace cuzk::poly
