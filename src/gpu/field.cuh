// src/gpu/field.cuh — Montgomery prime fields for the device (and their host twin).
//
// gpu::Mont<Host> mirrors ff::Mont<P>: the same modulus, the same Montgomery radix
// R = 2^(64·N64) = 2^(32·N32), hence the same bytes. An array of ff::Fr / ff::Fp copied to the
// GPU is an array of gpu::Fr / gpu::Fp as is (64-bit limbs little-endian = 32-bit words
// little-endian), so nothing is converted on the way in or out.
//
// Arithmetic runs on 32-bit words because the GPU multiplies 32×32 bits per IMAD; the
// multiplication is CIOS (Koç, Acar, Kaliski, "Analyzing and Comparing Montgomery
// Multiplication Algorithms", 1996): per word of b, one multiply-add row a·b[i] and one
// reduction row m·p, as chains of paired lo/hi multiply-adds through carry.hpp into two
// accumulators (even and odd words of a and p; operator* says why). Every constant is
// taken from the host type at compile time (house rule 3), never pasted.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/carry.hpp"

#include <cstring>
#include <type_traits>

namespace cuzk::gpu {

#if defined(__CUDACC__)
//! 2^32 − 1 in the constant bank, where ptxas cannot see its value: Mont::RedcFactor says why
static __constant__ uint32_t kOpaqueAllOnes = 0xffffffffu;
#endif

template <int N> struct Words32 {
  uint32_t w[N];
  CUZK_HD constexpr uint32_t operator[](int i) const { return w[i]; }
};

//! P is the host field's parameter struct (ff::FrParams, ff::FpParams). The constants are read from
//! ff::Mont<P, PortableWords>: nvcc's host pass picks an x86 word policy for ff::Fr that its device
//! pass cannot see, and keying this type on P keeps it (and every kernel's signature) identical in
//! both passes.
template <class P> struct alignas(16) Mont {
  using Host = ff::Mont<P, ff::PortableWords>;
  static constexpr int N = int(Host::N) * 2; //!< 32-bit words
  static_assert(sizeof(typename Host::Repr) == 4 * N);

  uint32_t v[N]; //!< a·R mod p, little-endian 32-bit words

  static constexpr Words32<N> Split(const typename Host::Repr &r) {
    Words32<N> o{};
    for (int i = 0; i < N; i++) o.w[i] = uint32_t(r[i / 2] >> (32 * (i % 2)));
    return o;
  }
  static constexpr Words32<N> MOD = Split(Host::MODULUS);
  static constexpr Words32<N> ONE = Split(Host::R);
  static constexpr uint32_t M0 = uint32_t(Host::INV); //!< −p⁻¹ mod 2^32 (low word of −p⁻¹ mod 2^64)
  // CIOS below keeps t < 2p in N words: both BLS12-381 moduli leave the top bit free.
  static_assert(Host::NUM_BITS < 32 * N, "needs a spare top bit");

  CUZK_HD static Mont Zero() {
    Mont r;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) r.v[i] = 0;
    return r;
  }
  CUZK_HD static Mont One() {
    constexpr Words32<N> one = ONE;
    Mont r;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) r.v[i] = one[i];
    return r;
  }
  //! the element whose Montgomery words are `w` (no conversion)
  CUZK_HD static Mont FromWords(const uint32_t *w) {
    Mont r;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) r.v[i] = w[i];
    return r;
  }

  CUZK_HD bool IsZero() const {
    uint32_t acc = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) acc |= v[i];
    return acc == 0;
  }
  CUZK_HD bool operator==(const Mont &o) const {
    uint32_t acc = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) acc |= v[i] ^ o.v[i];
    return acc == 0;
  }
  CUZK_HD bool operator!=(const Mont &o) const { return !(*this == o); }

  CUZK_HD Mont operator+(const Mont &b) const {
    Mont r;
    CarryChain c;
    r.v[0] = c.AddCc(v[0], b.v[0]);
    CUZK_UNROLL
    for (int i = 1; i < N; i++) r.v[i] = c.Addc(v[i], b.v[i]);
    r.ReduceOnce(); // a + b < 2p < 2^(32N): no carry out of the top word
    return r;
  }
  CUZK_HD Mont operator-(const Mont &b) const {
    constexpr Words32<N> p = MOD;
    Mont r;
    CarryChain c;
    r.v[0] = c.SubCc(v[0], b.v[0]);
    CUZK_UNROLL
    for (int i = 1; i < N; i++) r.v[i] = c.Subc(v[i], b.v[i]);
    const uint32_t mask = c.Subc(0, 0); // all ones when the subtraction borrowed
    CarryChain d;
    r.v[0] = d.AddCc(r.v[0], p[0] & mask);
    CUZK_UNROLL
    for (int i = 1; i < N; i++) r.v[i] = d.Addc(r.v[i], p[i] & mask);
    return r;
  }
  CUZK_HD Mont operator-() const { return Zero() - *this; }
  CUZK_HD Mont Double() const { return *this + *this; }
  CUZK_HD Mont &operator+=(const Mont &b) { return *this = *this + b; }
  CUZK_HD Mont &operator-=(const Mont &b) { return *this = *this - b; }
  CUZK_HD Mont &operator*=(const Mont &b) { return *this = *this * b; }

  //! t += Σ x[j]·y·2^(32(off + j)) over j = j0, j0 + 2, ... < N, as one carry chain whose carry
  //! ripples on through word `last`: the lo and hi halves of each product are adjacent in the chain
  //! (ptxas can issue the pair as one wide multiply-add; separate lo and hi chains cannot be paired
  //! that way). Taking every second j keeps the products' words from overlapping.
  CUZK_HD static void MulAddEvery2(uint32_t *t, const uint32_t *x, uint32_t y, int j0, int off, int last) {
    if (j0 >= N) return;
    CarryChain c;
    t[off + j0] = c.MadLoCc(x[j0], y, t[off + j0]);
    t[off + j0 + 1] = c.MadcHi(x[j0], y, t[off + j0 + 1]);
    int j = j0 + 2;
    CUZK_UNROLL
    for (; j < N; j += 2) {
      t[off + j] = c.MadcLo(x[j], y, t[off + j]);
      t[off + j + 1] = c.MadcHi(x[j], y, t[off + j + 1]);
    }
    CUZK_UNROLL
    for (int w = off + j; w <= last; w++) t[w] = c.Addc(t[w], 0); // j: one past the last product
  }
  //! t[0..N+1] += x·y for an N-word x and a word y: the even-indexed words' products, then the odd ones'
  CUZK_HD static void MulAddRow(uint32_t *t, const uint32_t *x, uint32_t y) {
    static_assert(N % 2 == 0);
    MulAddEvery2(t, x, y, 0, 0, N + 1);
    MulAddEvery2(t, x, y, 1, 0, N + 1);
  }

  //! acc[2k], acc[2k+1] = x[2k]·y for 2k < N (the products' word pairs never overlap: no carries)
  CUZK_HD static void MulPairs(uint32_t *acc, const uint32_t *x, uint32_t y) {
    CUZK_UNROLL
    for (int j = 0; j < N; j += 2) {
      acc[j] = x[j] * y;
      acc[j + 1] = MulHi(x[j], y);
    }
  }
  //! acc += Σ x[2k]·y·2^(64k) as one carry chain, its carry out of acc[N−1] left pending in c
  CUZK_HD static void MadPairs(CarryChain &c, uint32_t *acc, const uint32_t *x, uint32_t y) {
    acc[0] = c.MadLoCc(x[0], y, acc[0]);
    acc[1] = c.MadcHi(x[0], y, acc[1]);
    CUZK_UNROLL
    for (int j = 2; j < N; j += 2) {
      acc[j] = c.MadcLo(x[j], y, acc[j]);
      acc[j + 1] = c.MadcHi(x[j], y, acc[j + 1]);
    }
  }
  //! acc = (acc >> 64) + Σ x[2k]·y·2^(64k) + the chain's incoming carry: the shift moves whole word
  //! pairs, so every product's destination and addend stay register pairs
  CUZK_HD static void MadPairsShift2(CarryChain &c, uint32_t *acc, const uint32_t *x, uint32_t y) {
    CUZK_UNROLL
    for (int j = 0; j < N - 2; j += 2) {
      acc[j] = c.MadcLo(x[j], y, acc[j + 2]);
      acc[j + 1] = c.MadcHi(x[j], y, acc[j + 3]);
    }
    acc[N - 2] = c.MadcLo(x[N - 2], y, 0);
    acc[N - 1] = c.MadcHi(x[N - 2], y, 0);
  }
  //! m = t0·M0 mod 2^32, the multiple of p that clears a row's low word. Fr's M0 is 2^32 − 1 (its p is 1 mod 2^32),
  //! so m = −t0; a ptxas that knows it folds the negation into the low halves of the products m·p[j] and then cannot
  //! pair them with their high halves into one IMAD.WIDE.U32.X: the SASS of the 9-bit NTT pass held 3312 unpaired
  //! IMAD.X and as many IMAD.HI.U32.X beside 2940 pairs (Fp, whose M0 is an ordinary word, pairs nearly all). Read
  //! from the constant bank, M0 is just an operand.
  CUZK_HD static uint32_t RedcFactor(uint32_t t0) {
#if defined(__CUDA_ARCH__)
    if constexpr (M0 == 0xffffffffu) return t0 * kOpaqueAllOnes;
#endif
    return t0 * M0;
  }
  CUZK_HD static uint32_t MulHi(uint32_t a, uint32_t b) {
#if defined(__CUDA_ARCH__)
    return __umulhi(a, b);
#else
    return uint32_t((uint64_t(a) * b) >> 32);
#endif
  }

  //! Montgomery product a·b·2^(−32N) mod p, CIOS by rows of b's words, with the running sum T kept
  //! as two accumulators: T = E + 2^32·O, E holding the products of a's (and p's) even words and O
  //! those of its odd words. Each holds word pairs that no product straddles, so a row is four
  //! chains of paired multiply-adds (ptxas: one IMAD.WIDE.U32.X a pair) and never re-pairs words;
  //! one accumulator of a single T, shifted a word a row, would swap its pairs' alignment every row
  //! and cost register moves.
  //!
  //! After row i's reduction E's low word is 0 and T/2^32 = O + E[1] + 2^32·(E >> 64): O becomes the
  //! next row's E (E[1] added to its word 0) and E >> 64 the next row's O (shifted while the next
  //! row's odd products are added). Bounds (a, b < p): T < 2p at every row boundary (CIOS), so the
  //! O of a row, which is at most the next T, stays below 2^(32N); E may carry out of its top word
  //! (E + a_even·b_i + m·p_even < 2p(2^32 + 1)), and that carry belongs at word N of T, which is
  //! O's top word: it is added there.
  //! one CIOS row for b's word i (the comment above operator* says what e and o hold)
  CUZK_HD void MulRow(uint32_t *e, uint32_t *o, uint32_t bi, bool first) const {
    constexpr Words32<N> p = MOD;
    if (first) {
      MulPairs(e, v, bi);
      MulPairs(o, v + 1, bi);
    } else {
      // o still holds the previous row's E: its word 1 goes into e[0] (the previous O), and the
      // carry from there into the shifted o's word 0, which is the next word of T
      CarryChain c1;
      e[0] = c1.AddCc(e[0], o[1]);
      MadPairsShift2(c1, o, v + 1, bi);
      CarryChain c2;
      MadPairs(c2, e, v, bi);
      o[N - 1] = c2.Addc(o[N - 1], 0);
    }
    const uint32_t m = RedcFactor(e[0]);
    CarryChain c3;
    MadPairs(c3, o, p.w + 1, m);
    CarryChain c4;
    MadPairs(c4, e, p.w, m);
    o[N - 1] = c4.Addc(o[N - 1], 0);
  }
  CUZK_HD Mont operator*(const Mont &b) const {
    static_assert(N % 2 == 0 && N >= 4);
    uint32_t x[N], y[N]; // E is x and O is y in even rows, the other way round in odd rows
    CUZK_UNROLL
    for (int i = 0; i < N; i += 2) {
      MulRow(x, y, b.v[i], i == 0);
      MulRow(y, x, b.v[i + 1], false);
    }
    // after the last (odd) row E is y and O is x: the result is O + (E >> 32), below 2p
    Mont r;
    CarryChain c;
    r.v[0] = c.AddCc(x[0], y[1]);
    CUZK_UNROLL
    for (int j = 1; j < N - 1; j++) r.v[j] = c.Addc(x[j], y[j + 1]);
    r.v[N - 1] = c.Addc(x[N - 1], 0);
    r.ReduceOnce();
    return r;
  }
  //! a²: each cross product a_i·a_j (i < j) formed once and doubled, the diagonal added, then
  //! the product reduced (Reduce2N): N(N+1)/2 + N² word products instead of the 2N² of a·a
  CUZK_HD Mont Square() const {
    uint32_t t[2 * N];
    CUZK_UNROLL
    for (int k = 0; k < 2 * N; k++) t[k] = 0;
    // Row i adds a_i·a_j for j > i at word i + j, in two chains (j − i odd, then even). The cross
    // products of rows 0..i sum to less than 2^(32(N + i + 1) + 1), so a row's carries stop at
    // word i + N + 1.
    CUZK_UNROLL
    for (int i = 0; i < N - 1; i++) {
      MulAddEvery2(t, v, v[i], i + 1, i, i + N + 1);
      MulAddEvery2(t, v, v[i], i + 2, i, i + N + 1);
    }
    // doubled (the cross sum is below 2^(64N−1), so nothing leaves the top word), plus a_i² at 2i
    CarryChain d;
    t[0] = d.AddCc(t[0], t[0]);
    CUZK_UNROLL
    for (int k = 1; k < 2 * N; k++) t[k] = d.Addc(t[k], t[k]);
    CarryChain e;
    t[0] = e.MadLoCc(v[0], v[0], t[0]);
    t[1] = e.MadcHi(v[0], v[0], t[1]);
    CUZK_UNROLL
    for (int i = 1; i < N; i++) {
      t[2 * i] = e.MadcLo(v[i], v[i], t[2 * i]);
      t[2 * i + 1] = e.MadcHi(v[i], v[i], t[2 * i + 1]);
    }
    return Reduce2N(t);
  }

  //! Montgomery reduction of a 2N-word T < p·2^(32N): T·2^(−32N) mod p, fully reduced. The low N
  //! words are reduced row by row as in CIOS; T's word N + i joins at word N − 1 after the i-th
  //! shift, where it sits then (the running value stays below 2^(32N+1)).
  CUZK_HD static Mont Reduce2N(const uint32_t *t) {
    constexpr Words32<N> p = MOD;
    uint32_t u[N + 2];
    CUZK_UNROLL
    for (int k = 0; k < N; k++) u[k] = t[k];
    u[N] = 0;
    u[N + 1] = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) {
      MulAddRow(u, p.w, RedcFactor(u[0]));
      CUZK_UNROLL
      for (int k = 0; k <= N; k++) u[k] = u[k + 1];
      u[N + 1] = 0;
      CarryChain a;
      u[N - 1] = a.AddCc(u[N - 1], t[N + i]);
      u[N] = a.Addc(u[N], 0);
    }
    Mont r;
    CUZK_UNROLL
    for (int j = 0; j < N; j++) r.v[j] = u[j];
    r.ReduceOnce(); // T < p·2^(32N) leaves a result below 2p, so u[N] is zero here
    return r;
  }

  //! a^(p−2) = a⁻¹ for a ≠ 0 (Fermat), 0 for 0: ~380 squarings, for the rare inversion that a
  //! batch (Montgomery's trick) shares
  CUZK_HD Mont Inverse() const {
    constexpr Words32<N> e = PMinusTwo();
    Mont acc = One();
    for (int i = 32 * N - 1; i >= 0; i--) {
      acc = acc.Square();
      if ((e[i / 32] >> (i % 32)) & 1) acc = acc * *this;
    }
    return acc;
  }
  static constexpr Words32<N> PMinusTwo() {
    Words32<N> e{};
    constexpr Words32<N> p = MOD;
    uint64_t borrow = 2;
    for (int i = 0; i < N; i++) {
      const uint64_t x = uint64_t(p[i]) - borrow;
      e.w[i] = uint32_t(x);
      borrow = x >> 63;
    }
    return e;
  }

  //! the canonical integer (a·R·R⁻¹), as 32-bit words: what scalar digits are cut from
  CUZK_HD Mont FromMontgomery() const {
    Mont one_raw = Zero();
    one_raw.v[0] = 1;
    return *this * one_raw;
  }

  //! this^e for a small public exponent
  CUZK_HD Mont Pow(uint64_t e) const {
    Mont acc = One(), base = *this;
    while (e) {
      if (e & 1) acc = acc * base;
      base = base.Square();
      e >>= 1;
    }
    return acc;
  }

  CUZK_HD void ReduceOnce() {
    constexpr Words32<N> p = MOD;
    uint32_t d[N];
    CarryChain c;
    d[0] = c.SubCc(v[0], p[0]);
    CUZK_UNROLL
    for (int i = 1; i < N; i++) d[i] = c.Subc(v[i], p[i]);
    const uint32_t keep = c.Subc(0, 0); // all ones when v < p
    CUZK_UNROLL
    for (int i = 0; i < N; i++) v[i] = (v[i] & keep) | (d[i] & ~keep);
  }
};

using Fr = Mont<ff::FrParams>;
using Fp = Mont<ff::FpParams>;

//! Host element ↔ device element: the same bytes (see the file comment).
template <class D, class H> inline D ToDevice(const H &h) {
  static_assert(sizeof(D) == sizeof(H) && std::is_trivially_copyable_v<H>);
  D d;
  std::memcpy(&d, &h, sizeof(D));
  return d;
}
template <class H, class D> inline H ToHost(const D &d) {
  static_assert(sizeof(D) == sizeof(H) && std::is_trivially_copyable_v<H>);
  H h;
  std::memcpy(&h, &d, sizeof(H));
  return h;
}

} // namespace cuzk::gpu
