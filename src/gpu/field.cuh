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
// reduction row m·p, each as a lo chain and a hi chain through carry.hpp. Every constant is
// taken from the host type at compile time (house rule 3), never pasted.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/carry.hpp"

#include <cstring>
#include <type_traits>

namespace cuzk::gpu {

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

  CUZK_HD Mont operator*(const Mont &b) const {
    constexpr Words32<N> p = MOD;
    uint32_t t[N + 2];
    CUZK_UNROLL
    for (int j = 0; j < N + 2; j++) t[j] = 0;
    CUZK_UNROLL
    for (int i = 0; i < N; i++) {
      const uint32_t bi = b.v[i];
      CarryChain c;
      // t += a·b[i]: low halves into t[0..N-1], high halves into t[1..N]
      t[0] = c.MadLoCc(v[0], bi, t[0]);
      CUZK_UNROLL
      for (int j = 1; j < N; j++) t[j] = c.MadcLo(v[j], bi, t[j]);
      t[N] = c.Addc(t[N], 0);
      t[N + 1] = c.Addc(0, 0);
      t[1] = c.MadHiCc(v[0], bi, t[1]);
      CUZK_UNROLL
      for (int j = 1; j < N; j++) t[j + 1] = c.MadcHi(v[j], bi, t[j + 1]);
      t[N + 1] = c.Addc(t[N + 1], 0);
      // t += m·p with m chosen so that t[0] becomes 0, then shift one word down
      const uint32_t m = t[0] * M0;
      t[0] = c.MadLoCc(m, p[0], t[0]);
      CUZK_UNROLL
      for (int j = 1; j < N; j++) t[j] = c.MadcLo(m, p[j], t[j]);
      t[N] = c.Addc(t[N], 0);
      t[N + 1] = c.Addc(t[N + 1], 0);
      t[1] = c.MadHiCc(m, p[0], t[1]);
      CUZK_UNROLL
      for (int j = 1; j < N; j++) t[j + 1] = c.MadcHi(m, p[j], t[j + 1]);
      t[N + 1] = c.Addc(t[N + 1], 0);
      CUZK_UNROLL
      for (int j = 0; j <= N; j++) t[j] = t[j + 1];
      t[N + 1] = 0;
    }
    Mont r;
    CUZK_UNROLL
    for (int j = 0; j < N; j++) r.v[j] = t[j];
    r.ReduceOnce(); // t < 2p, so t[N] is zero here
    return r;
  }
  CUZK_HD Mont Square() const { return *this * *this; }

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
