// src/ff/fr_ifma.hpp — BLS12-381 Fr, eight elements at a time, in radix 2^52 with AVX-512 IFMA.
//
// VPMADD52LUQ / VPMADD52HUQ add the low / high 52 bits of eight 52×52-bit products to eight 64-bit
// accumulators. An element is five 52-bit limbs (260 bits), one __m512i per limb, lane k holding
// element k; a product is accumulated as ten 64-bit columns (lo(a_i·b_j) into column i + j,
// hi(a_i·b_j) into column i + j + 1) with no carry propagation, so a sum of products costs the
// same per term as one product and is reduced once.
//
// Representation. A value is the same integer as Fr's Montgomery form, a·2^256 mod r, split into
// 52-bit limbs: moving to and from Fr (ff/mont.hpp) is bit shuffling, with no multiplication per
// value. The reduction (Redc) is Montgomery's in five 52-bit steps, dividing by 2^260, and the factor
// 2^4 that leaves is put where it is free:
//   * constant × value (every mixing matrix entry): the constant is stored in multiplier form,
//     c·2^260 mod r, so Redc(x·c') = x·c·2^256, a value again;
//   * value × value (the S-box): the product's columns are shifted left by 4 before Redc, and
//     Redc(16·x·y) = x·y·2^256. For a square the shift merges with the doubling of the cross
//     products.
// The alternatives, compared by instruction count (not built): a reduction by exactly 2^256 (four
// 52-bit steps and one of 48 bits) needs its result's limbs realigned by 4 bits, more than the ten
// column shifts; keeping a·2^260 internally makes every written value (one per ~4 products in
// Poseidon) pay a division by 16 (ten more multiplies) on the way out.
//
// Bounds. Redc(T) < T/2^260 + r, and 35·r < 2^260 (checked below), so for a sum of n products
// x·c with x < a·r, c < r: Redc < (1 + n·a/35)·r. One conditional subtraction of r gives a
// canonical value when n·a ≤ 35 (a dense width-t mix of canonical inputs for t ≤ 35, a square,
// 16·x·y with x, y < r); up to n·a ≤ 105 a subtraction of 2r first. A value can be added in
// for free as x·2^260 (AddHigh: five limb additions into the top columns, Redc(T + x·2^260) =
// Redc(T) + x). Columns stay far below 2^64: each gets at most ten terms < 2^52 per product.
//
// Only the functions here are compiled for AVX-512 (CUZK_IFMA_TARGET, per function): nothing is
// built with global -mavx512 flags, so no inline function of another header is ever emitted with
// AVX-512 instructions, and callers must check CpuHasIfma() first. The array entry points at the
// end are what the tests cross-check against Fr.
#pragma once
#include "ff/bls12_381.hpp"

#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(CUZK_PORTABLE) &&                                       \
    (defined(__GNUC__) || defined(__clang__))
#define CUZK_HAVE_IFMA_PATH 1
#include <immintrin.h>
#define CUZK_IFMA_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl,avx512bw")))
//! hot helpers are forced inline: gcc's size heuristics otherwise leave 50-instruction products as calls
#define CUZK_IFMA_INLINE inline __attribute__((always_inline, target("avx512f,avx512ifma,avx512vl,avx512bw")))
#endif

namespace cuzk::ff::ifma {

inline constexpr size_t LANES = 8;
inline constexpr size_t LIMBS = 5;
inline constexpr unsigned LIMB_BITS = 52;
inline constexpr uint64_t LIMB_MASK = (uint64_t(1) << LIMB_BITS) - 1;

//! true when this CPU (and OS) runs AVX-512 F, VL, BW and IFMA; decided once, false without the path
bool CpuHasIfma();

//! An element as five 52-bit limbs, little-endian: a constant, broadcast to every lane at use.
struct Fr52 {
  uint64_t l[LIMBS];
};

//! the 52-bit limbs of a 256-bit integer
constexpr Fr52 SplitLimbs(const Limbs<4> &x) {
  return Fr52{{x[0] & LIMB_MASK, ((x[0] >> 52) | (x[1] << 12)) & LIMB_MASK, ((x[1] >> 40) | (x[2] << 24)) & LIMB_MASK,
               ((x[2] >> 28) | (x[3] << 36)) & LIMB_MASK, x[3] >> 16}};
}
//! the 256-bit integer of five limbs (a value below 2^256 with normalised limbs)
constexpr Limbs<4> JoinLimbs(const Fr52 &a) {
  return Limbs<4>{a.l[0] | (a.l[1] << 52), (a.l[1] >> 12) | (a.l[2] << 40), (a.l[2] >> 24) | (a.l[3] << 28),
                  (a.l[3] >> 36) | (a.l[4] << 16)};
}

//! value form: x's Montgomery integer a·2^256 mod r, unscaled (keys, additions, lane values)
constexpr Fr52 ValueForm(const Fr &x) { return SplitLimbs(x.l); }
//! multiplier form: c·2^260 mod r, Fr's integer times 2^4, so that Redc(x·c') = x·c in value form
constexpr Fr52 MultiplierForm(const Fr &c) { return SplitLimbs(c.Double().Double().Double().Double().l); }

inline constexpr Fr52 MODULUS52 = SplitLimbs(FrParams::MODULUS);
inline constexpr Fr52 TWO_MODULUS52 = [] {
  Limbs<4> two_r{};
  big::Add(two_r, FrParams::MODULUS, FrParams::MODULUS); // r < 2^255: no carry out
  return SplitLimbs(two_r);
}();
//! −r⁻¹ mod 2^52 (Fr's −r⁻¹ mod 2^64, truncated)
inline constexpr uint64_t INV52 = Fr::INV & LIMB_MASK;

// the bound of the header comment: 35·r < 2^260, i.e. (r's top 64-bit limb + 1)·35 ≤ 2^68
static_assert((unsigned __int128)(FrParams::MODULUS[3] + 1) * 35 <= (unsigned __int128)1 << 68);
static_assert(JoinLimbs(MODULUS52) == FrParams::MODULUS);

#if CUZK_HAVE_IFMA_PATH

//! Eight elements: limb i of lane k is lane k of l[i]. Normalised: every limb below 2^52.
struct Fr8 {
  __m512i l[LIMBS];
};

//! An unreduced sum of products: column k weighs 2^(52k).
struct Columns {
  __m512i c[2 * LIMBS];
};

CUZK_IFMA_INLINE __m512i Bcast(uint64_t v) { return _mm512_set1_epi64((long long)v); }

// Shifts and shuffles as GNU vector operations: gcc 12's unmasked intrinsics for them merge into
// _mm512_undefined_epi32(), which its -Wuninitialized reports once inlined (gcc PR 105593); the
// vector forms compile to the same instructions (vpsllq, vpsrlq, vpsraq, vpunpck*qdq).
using U64x8 = unsigned long long __attribute__((vector_size(64)));
using I64x8 = long long __attribute__((vector_size(64)));
using U64x4 = unsigned long long __attribute__((vector_size(32)));
CUZK_IFMA_INLINE __m512i Shl(__m512i a, int n) { return (__m512i)((U64x8)a << n); }
CUZK_IFMA_INLINE __m512i Shr(__m512i a, int n) { return (__m512i)((U64x8)a >> n); }
CUZK_IFMA_INLINE __m512i Sar(__m512i a, int n) { return (__m512i)((I64x8)a >> n); }

CUZK_IFMA_INLINE Fr8 Broadcast(const Fr52 &k) {
  Fr8 r;
  for (size_t i = 0; i < LIMBS; i++) r.l[i] = Bcast(k.l[i]);
  return r;
}

CUZK_IFMA_INLINE void Clear(Columns &a) {
  for (size_t k = 0; k < 2 * LIMBS; k++) a.c[k] = _mm512_setzero_si512();
}

//! a += x·y
CUZK_IFMA_INLINE void MulAcc(Columns &a, const Fr8 &x, const Fr8 &y) {
#pragma GCC unroll 5
  for (size_t i = 0; i < LIMBS; i++) {
#pragma GCC unroll 5
    for (size_t j = 0; j < LIMBS; j++) {
      a.c[i + j] = _mm512_madd52lo_epu64(a.c[i + j], x.l[i], y.l[j]);
      a.c[i + j + 1] = _mm512_madd52hi_epu64(a.c[i + j + 1], x.l[i], y.l[j]);
    }
  }
}

//! a += x·k for a constant k (in multiplier form for a product in value form)
CUZK_IFMA_INLINE void MulAccConst(Columns &a, const Fr8 &x, const Fr52 &k) {
#pragma GCC unroll 5
  for (size_t j = 0; j < LIMBS; j++) {
    const __m512i kj = Bcast(k.l[j]);
#pragma GCC unroll 5
    for (size_t i = 0; i < LIMBS; i++) {
      a.c[i + j] = _mm512_madd52lo_epu64(a.c[i + j], x.l[i], kj);
      a.c[i + j + 1] = _mm512_madd52hi_epu64(a.c[i + j + 1], x.l[i], kj);
    }
  }
}

//! a ← 16·a: a value × value product then reduces to a value (the header's representation)
CUZK_IFMA_INLINE void Scale16(Columns &a) {
  for (size_t k = 0; k < 2 * LIMBS; k++) a.c[k] = Shl(a.c[k], 4);
}

//! 16·x², from the 15 distinct limb products: the cross ones doubled, then all scaled by 16
CUZK_IFMA_INLINE Columns Square16(const Fr8 &x) {
  Columns a;
  Clear(a);
#pragma GCC unroll 5
  for (size_t i = 0; i < LIMBS; i++) {
#pragma GCC unroll 5
    for (size_t j = i + 1; j < LIMBS; j++) {
      a.c[i + j] = _mm512_madd52lo_epu64(a.c[i + j], x.l[i], x.l[j]);
      a.c[i + j + 1] = _mm512_madd52hi_epu64(a.c[i + j + 1], x.l[i], x.l[j]);
    }
  }
  for (size_t k = 1; k < 2 * LIMBS; k++) a.c[k] = Shl(a.c[k], 1);
#pragma GCC unroll 5
  for (size_t i = 0; i < LIMBS; i++) {
    a.c[2 * i] = _mm512_madd52lo_epu64(a.c[2 * i], x.l[i], x.l[i]);
    a.c[2 * i + 1] = _mm512_madd52hi_epu64(a.c[2 * i + 1], x.l[i], x.l[i]);
  }
  Scale16(a);
  return a;
}

//! a += x·2^260, so that Redc(a) gains x
CUZK_IFMA_INLINE void AddHigh(Columns &a, const Fr8 &x) {
  for (size_t i = 0; i < LIMBS; i++) a.c[LIMBS + i] = _mm512_add_epi64(a.c[LIMBS + i], x.l[i]);
}
CUZK_IFMA_INLINE void AddHigh(Columns &a, const Fr52 &k) {
  for (size_t i = 0; i < LIMBS; i++) a.c[LIMBS + i] = _mm512_add_epi64(a.c[LIMBS + i], Bcast(k.l[i]));
}

//! Carries limbs below 2^63 into normalised ones (the value must fit 260 bits).
CUZK_IFMA_INLINE Fr8 Normalize(const Fr8 &x) {
  const __m512i mask = Bcast(LIMB_MASK);
  Fr8 r;
  __m512i carry = _mm512_setzero_si512();
  for (size_t i = 0; i < LIMBS; i++) {
    const __m512i v = _mm512_add_epi64(x.l[i], carry);
    carry = Shr(v, LIMB_BITS);
    r.l[i] = i + 1 < LIMBS ? _mm512_and_si512(v, mask) : v;
  }
  return r;
}

//! a·2^(−260) mod r, normalised, below a/2^260 + r. Consumes a.
CUZK_IFMA_INLINE Fr8 Redc(Columns &a) {
  const __m512i inv = Bcast(INV52), mask = Bcast(LIMB_MASK), zero = _mm512_setzero_si512();
#pragma GCC unroll 5
  for (size_t k = 0; k < LIMBS; k++) {
    // m·r cancels column k's low 52 bits; its carry out is column k's high part plus one unless
    // those bits were already zero, which (c + 2^52 − 1) >> 52 gives without forming lo(m·r0)
    const __m512i m = _mm512_madd52lo_epu64(zero, a.c[k], inv);
    a.c[k + 1] = _mm512_add_epi64(a.c[k + 1], Shr(_mm512_add_epi64(a.c[k], mask), LIMB_BITS));
    a.c[k + 1] = _mm512_madd52hi_epu64(a.c[k + 1], m, Bcast(MODULUS52.l[0]));
#pragma GCC unroll 4
    for (size_t j = 1; j < LIMBS; j++) {
      a.c[k + j] = _mm512_madd52lo_epu64(a.c[k + j], m, Bcast(MODULUS52.l[j]));
      a.c[k + j + 1] = _mm512_madd52hi_epu64(a.c[k + j + 1], m, Bcast(MODULUS52.l[j]));
    }
  }
  Fr8 r;
  for (size_t i = 0; i < LIMBS; i++) r.l[i] = a.c[LIMBS + i];
  return Normalize(r);
}

//! x − m where x ≥ m, else x; x normalised and below 2m (m a multiple of r below 2^256)
CUZK_IFMA_INLINE Fr8 CondSub(const Fr8 &x, const Fr52 &m) {
  const __m512i mask = Bcast(LIMB_MASK);
  Fr8 d;
  __m512i borrow = _mm512_setzero_si512();
  for (size_t i = 0; i < LIMBS; i++) {
    // signed limbs: the arithmetic shift carries −1 on a borrow
    const __m512i v = _mm512_add_epi64(_mm512_sub_epi64(x.l[i], Bcast(m.l[i])), borrow);
    borrow = Sar(v, LIMB_BITS);
    d.l[i] = i + 1 < LIMBS ? _mm512_and_si512(v, mask) : v;
  }
  const __mmask8 keep = _mm512_cmplt_epi64_mask(d.l[LIMBS - 1], _mm512_setzero_si512());
  Fr8 r;
  for (size_t i = 0; i < LIMBS; i++) r.l[i] = _mm512_mask_blend_epi64(keep, d.l[i], x.l[i]);
  return r;
}

//! x + y mod r for x, y < r
CUZK_IFMA_INLINE Fr8 AddMod(const Fr8 &x, const Fr8 &y) {
  Fr8 s;
  for (size_t i = 0; i < LIMBS; i++) s.l[i] = _mm512_add_epi64(x.l[i], y.l[i]);
  return CondSub(Normalize(s), MODULUS52);
}
CUZK_IFMA_INLINE Fr8 AddMod(const Fr8 &x, const Fr52 &k) { return AddMod(x, Broadcast(k)); }

//! x·y mod r for x, y < r (value form in, value form out, canonical)
CUZK_IFMA_INLINE Fr8 MulMod(const Fr8 &x, const Fr8 &y) {
  Columns a;
  Clear(a);
  MulAcc(a, x, y);
  Scale16(a);
  return CondSub(Redc(a), MODULUS52);
}
CUZK_IFMA_INLINE Fr8 SquareMod(const Fr8 &x) {
  Columns a = Square16(x);
  return CondSub(Redc(a), MODULUS52);
}

//! The lanes of eight Fr (each pointer one lane), in value form.
CUZK_IFMA_INLINE Fr8 LoadLanes(const Fr *const src[LANES]) {
  alignas(64) uint64_t w[4][LANES];
  for (size_t k = 0; k < LANES; k++)
    for (size_t i = 0; i < 4; i++) w[i][k] = src[k]->l[i];
  __m512i q[4];
  for (size_t i = 0; i < 4; i++) q[i] = _mm512_load_si512(w[i]);
  const __m512i mask = Bcast(LIMB_MASK);
  Fr8 r;
  r.l[0] = _mm512_and_si512(q[0], mask);
  r.l[1] = _mm512_and_si512(_mm512_or_si512(Shr(q[0], 52), Shl(q[1], 12)), mask);
  r.l[2] = _mm512_and_si512(_mm512_or_si512(Shr(q[1], 40), Shl(q[2], 24)), mask);
  r.l[3] = _mm512_and_si512(_mm512_or_si512(Shr(q[2], 28), Shl(q[3], 36)), mask);
  r.l[4] = Shr(q[3], 16);
  return r;
}

//! Writes lane k of x (canonical, value form) to dst[k][index] for k < n: the four 64-bit words
//! of each lane are gathered by two rounds of shuffles, then stored 32 bytes at a time.
template <bool kAllLanes> CUZK_IFMA_INLINE void StoreLanes(const Fr8 &x, Fr *const dst[LANES], size_t index, size_t n) {
  const __m512i w0 = _mm512_or_si512(x.l[0], Shl(x.l[1], 52));
  const __m512i w1 = _mm512_or_si512(Shr(x.l[1], 12), Shl(x.l[2], 40));
  const __m512i w2 = _mm512_or_si512(Shr(x.l[2], 24), Shl(x.l[3], 28));
  const __m512i w3 = _mm512_or_si512(Shr(x.l[3], 36), Shl(x.l[4], 16));
  // t01e: (w0, w1) of lanes 0, 2, 4, 6; t01o: of lanes 1, 3, 5, 7; t23e / t23o the same for (w2, w3)
  const U64x8 t01e = __builtin_shufflevector((U64x8)w0, (U64x8)w1, 0, 8, 2, 10, 4, 12, 6, 14);
  const U64x8 t01o = __builtin_shufflevector((U64x8)w0, (U64x8)w1, 1, 9, 3, 11, 5, 13, 7, 15);
  const U64x8 t23e = __builtin_shufflevector((U64x8)w2, (U64x8)w3, 0, 8, 2, 10, 4, 12, 6, 14);
  const U64x8 t23o = __builtin_shufflevector((U64x8)w2, (U64x8)w3, 1, 9, 3, 11, 5, 13, 7, 15);
  // rows (lane a | lane b): 128-bit chunk c of t01e/t23e belongs to lane 2c (of t01o/t23o to 2c + 1)
  const U64x8 rows[4] = {__builtin_shufflevector(t01e, t23e, 0, 1, 8, 9, 2, 3, 10, 11),
                         __builtin_shufflevector(t01o, t23o, 0, 1, 8, 9, 2, 3, 10, 11),
                         __builtin_shufflevector(t01e, t23e, 4, 5, 12, 13, 6, 7, 14, 15),
                         __builtin_shufflevector(t01o, t23o, 4, 5, 12, 13, 6, 7, 14, 15)};
  // rows[q] holds lane LOW_LANE[q] in its low 256 bits and lane LOW_LANE[q] + 2 in its high ones
  static constexpr size_t LOW_LANE[4] = {0, 1, 4, 5};
  for (size_t q = 0; q < 4; q++) {
    const size_t a = LOW_LANE[q], b = a + 2;
    const U64x4 low = __builtin_shufflevector(rows[q], rows[q], 0, 1, 2, 3);
    const U64x4 high = __builtin_shufflevector(rows[q], rows[q], 4, 5, 6, 7);
    if (kAllLanes || a < n) _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst[a] + index), (__m256i)low);
    if (kAllLanes || b < n) _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst[b] + index), (__m256i)high);
  }
}

#endif // CUZK_HAVE_IFMA_PATH

// ---- array entry points (tests, benches): lane k of each argument is element k; CpuHasIfma() required

//! out[k] = a[k]·b[k] (the S-box product: value × value with the 16× column shift)
void MulLanes(const Fr a[LANES], const Fr b[LANES], Fr out[LANES]);
//! out[k] = a[k]²
void SquareLanes(const Fr a[LANES], Fr out[LANES]);
//! out[k] = a[k] + b[k]
void AddLanes(const Fr a[LANES], const Fr b[LANES], Fr out[LANES]);
//! out[k] = Σ_i x[i·8 + k]·c[i] for n ≤ 105 terms, reduced once (the mixing layers' lazy dot product)
void DotConstLanes(const Fr *x, const Fr *c, size_t n, Fr out[LANES]);
//! out[k] = s[k] + c·y[k], with s added into the columns as s·2^260 (the sparse mix's update)
void MulAddConstLanes(const Fr s[LANES], const Fr &c, const Fr y[LANES], Fr out[LANES]);

} // namespace cuzk::ff::ifma
