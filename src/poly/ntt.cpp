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

constexpr unsigned BLOCK_LOG = Domain::STAGE_TWIDDLE_LOG;
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

// (a + b, a − b), both fully reduced, in one pass. On x86-64 it is one block of baseline
// ADD/ADC, SUB/SBB and CMOV with everything in registers: the two Fr operators each re-load
// their operands and keep the select opaque to the compiler, which made them about twice
// the cost of the carry chains themselves (~5 ns each at 2^20). a + b < 2p < 2^256 never
// carries out, so the borrow of (a + b) − p alone decides the reduction; a − b borrows
// exactly when p must be added back (masked with SBB, no branch). Results are the unique
// representatives in [0, p), so they are bit-identical to Fr's operators.
inline void AddSub(const Fr &a, const Fr &b, Fr &sum, Fr &diff) {
#if defined(CUZK_HAVE_CARRY_INTRINSICS)
  static constexpr auto P = Fr::MODULUS;
  // Operands are read limb by limb straight from memory: b is often the product just stored
  // by the multiplication, and the 16-byte vector copy gcc made of it could not be forwarded
  // from those 8-byte stores (a store-forwarding stall on every butterfly).
  // Eight registers only (the butterfly loops keep several pointers live): a and b are read
  // first, so sum and diff may alias them; the sum goes through its output slot while its
  // registers mask p for the difference.
  uint64_t s0, s1, s2, s3, d0, d1, d2, d3;
  asm("movq %[a0], %[s0]\n\tmovq %[a1], %[s1]\n\tmovq %[a2], %[s2]\n\tmovq %[a3], %[s3]\n\t"
      "movq %[s0], %[d0]\n\tmovq %[s1], %[d1]\n\tmovq %[s2], %[d2]\n\tmovq %[s3], %[d3]\n\t"
      "addq %[b0], %[s0]\n\tadcq %[b1], %[s1]\n\tadcq %[b2], %[s2]\n\tadcq %[b3], %[s3]\n\t"
      "subq %[b0], %[d0]\n\tsbbq %[b1], %[d1]\n\tsbbq %[b2], %[d2]\n\tsbbq %[b3], %[d3]\n\t"
      "movq %[s0], %[u0]\n\tmovq %[s1], %[u1]\n\tmovq %[s2], %[u2]\n\tmovq %[s3], %[u3]\n\t"
      "sbbq %[s0], %[s0]\n\t" // all ones when a − b borrowed: add p & mask
      "movq %[s0], %[s1]\n\tandq %[p0], %[s1]\n\tmovq %[s0], %[s2]\n\tandq %[p1], %[s2]\n\t"
      "movq %[s0], %[s3]\n\tandq %[p2], %[s3]\n\tandq %[p3], %[s0]\n\t"
      "addq %[s1], %[d0]\n\tadcq %[s2], %[d1]\n\tadcq %[s3], %[d2]\n\tadcq %[s0], %[d3]\n\t"
      "movq %[d0], %[v0]\n\tmovq %[d1], %[v1]\n\tmovq %[d2], %[v2]\n\tmovq %[d3], %[v3]\n\t"
      "movq %[u0], %[s0]\n\tmovq %[u1], %[s1]\n\tmovq %[u2], %[s2]\n\tmovq %[u3], %[s3]\n\t"
      "movq %[s0], %[d0]\n\tsubq %[p0], %[d0]\n\tmovq %[s1], %[d1]\n\tsbbq %[p1], %[d1]\n\t"
      "movq %[s2], %[d2]\n\tsbbq %[p2], %[d2]\n\tmovq %[s3], %[d3]\n\tsbbq %[p3], %[d3]\n\t"
      "cmovncq %[d0], %[s0]\n\tcmovncq %[d1], %[s1]\n\tcmovncq %[d2], %[s2]\n\tcmovncq %[d3], %[s3]\n\t"
      "movq %[s0], %[u0]\n\tmovq %[s1], %[u1]\n\tmovq %[s2], %[u2]\n\tmovq %[s3], %[u3]"
      : [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3), [d0] "=&r"(d0), [d1] "=&r"(d1), [d2] "=&r"(d2),
        [d3] "=&r"(d3), [u0] "=m"(sum.l[0]), [u1] "=m"(sum.l[1]), [u2] "=m"(sum.l[2]), [u3] "=m"(sum.l[3]),
        [v0] "=m"(diff.l[0]), [v1] "=m"(diff.l[1]), [v2] "=m"(diff.l[2]), [v3] "=m"(diff.l[3])
      : [a0] "m"(a.l[0]), [a1] "m"(a.l[1]), [a2] "m"(a.l[2]), [a3] "m"(a.l[3]), [b0] "m"(b.l[0]), [b1] "m"(b.l[1]),
        [b2] "m"(b.l[2]), [b3] "m"(b.l[3]), [p0] "m"(P[0]), [p1] "m"(P[1]), [p2] "m"(P[2]), [p3] "m"(P[3])
      : "cc");
#else
  const Fr s = a + b, d = a - b;
  sum = s;
  diff = d;
#endif
}

//! x ← x·w in place. The assembly multiplication is called on the element's own storage: going
//! through Fr's operator* returned a temporary that gcc copied with 16-byte loads right after
//! the callee's 8-byte stores, a store-forwarding stall that cost as much as the adds.
inline void MulInPlace(Fr &x, const Fr &w) {
#if CUZK_HAVE_ADX_PATH
  if constexpr (requires { Fr::Words::ASM_MONT_MUL; }) {
    if (ff::adx::HAS_ADX) {
      ff::adx::MulMont4(x.l.data(), x.l.data(), w.l.data(), Fr::MODULUS.data(), Fr::INV);
      return;
    }
  }
#endif
  x *= w;
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
      AddSub(x0, x1, x0, x1);
    } else if constexpr (!INV) {
      MulInPlace(x1, tw[e]);
      AddSub(x0, x1, x0, x1);
    } else {
      MulInPlace(x1, tw[half - e]);
      AddSub(x0, x1, x1, x0); // x0 + t·(−1) and x0 − t·(−1)
    }
  }
  //! Gentleman–Sande: (x0, x1) ← (x0 + x1, (x0 − x1)·w)
  void Dif(Fr &x0, Fr &x1, size_t e) const {
    if (e == 0) {
      AddSub(x0, x1, x0, x1);
    } else if constexpr (!INV) {
      AddSub(x0, x1, x0, x1);
      MulInPlace(x1, tw[e]);
    } else {
      AddSub(x1, x0, x0, x1); // x1 + x0 = x0 + x1; (x1 − x0)·(−w) = (x0 − x1)·w
      MulInPlace(x1, tw[half - e]);
    }
  }
};

// Stage with half-width m = 2^lm over aligned blocks of 2^(lm+1). The twiddles are the
// stage's compact table (Domain::StageTwiddles, entry j = ω^(±j·n/2m)) with the sign folded
// in, so both directions use the forward butterfly.
template <bool DIT> void StageInBlock(const Fr *stage_tw, Fr *block, size_t block_size, unsigned lm) {
  const size_t m = size_t(1) << lm;
  const Butterflies<false> bf{stage_tw, 0};
  for (size_t g = 0; g < block_size; g += 2 * m) {
    Fr *x = block + g;
    for (size_t j = 0; j < m; j++) {
      if constexpr (DIT) {
        bf.Dit(x[j], x[j + m], j);
      } else {
        bf.Dif(x[j], x[j + m], j);
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
  const Fr *stage_tw = d.StageTwiddles(INV).data();
  tbb::parallel_for(size_t(0), a.size() / block_size, [&](size_t blk) {
    for (unsigned lm = 0; lm < block_log; lm++)
      StageInBlock<true>(stage_tw + (size_t(1) << lm), a.data() + blk * block_size, block_size, lm);
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
  const Fr *stage_tw = d.StageTwiddles(INV).data();
  for (unsigned lm = k; lm-- > block_log;) StageWholeArray<INV, false>(bf, a.data(), k, lm);
  tbb::parallel_for(size_t(0), a.size() / block_size, [&](size_t blk) {
    for (unsigned lm = block_log; lm-- > 0;)
      StageInBlock<false>(stage_tw + (size_t(1) << lm), a.data() + blk * block_size, block_size, lm);
  });
}

template <bool INV> void Transform(const Domain &d, std::span<Fr> a, Order in, Order out) {
  assert(a.size() == d.Size());
  if (in == Order::kNatural && out == Order::kBitReversed) {
    Dif<INV>(d, a);
  } else if (in == Order::kBitReversed && out == Order::kNatural) {
    Dit<INV>(d, a);
  } else if (in == Order::kNatural) { // natural → natural
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
  if (order == Order::kNatural) {
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
