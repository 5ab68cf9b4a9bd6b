// src/ff/mont.hpp — prime fields in Montgomery form, written once for every modulus.
//
// Mont<P, W> is an element of Z/pZ for the modulus P::MODULUS (N 64-bit limbs), kept as
// a·R mod p with R = 2^(64N). Every derived constant (−p⁻¹ mod 2^64, R, R², the exponents of
// inversion/square roots, the 2-adic root of unity) is computed by the compiler from the
// modulus and P's generator. W chooses the word primitives (limbs.hpp) so the portable path
// can be tested against the fast one in one binary.
//
// The multiplication is CIOS with the "no final carry" shortcut, valid because the top limb
// of both BLS12-381 moduli is below 2^63 − 1 (so intermediate values fit in N limbs; see
// Acar's thesis, and gnark-crypto's note on spare modulus bits).
#pragma once
#include "ff/bigint.hpp"
#include "ff/limbs.hpp"

#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

namespace cuzk::ff {

template <class P, class W = DefaultWords> struct Mont {
  static constexpr size_t N = P::N;
  using Repr = Limbs<N>;
  using Words = W;
  static constexpr Repr MODULUS = P::MODULUS;
  static constexpr size_t NUM_BITS = big::BitLength(MODULUS);
  static constexpr size_t NUM_BYTES = N * 8;
  static_assert(MODULUS[N - 1] < (uint64_t(1) << 63) - 1, "no-carry CIOS needs a spare top bit");
  static_assert(MODULUS[0] & 1, "modulus must be odd");

  Repr l; //!< limbs of a·R mod p, little-endian

  // ---- derived constants ----------------------------------------------------------------
  static constexpr uint64_t ComputeInv() {
    // Newton iteration for p⁻¹ mod 2^64, then negate.
    uint64_t inv = 1;
    for (int i = 0; i < 6; i++) inv *= 2 - MODULUS[0] * inv;
    return ~inv + 1;
  }
  static constexpr uint64_t INV = ComputeInv();

  static constexpr Repr DoubleMod(const Repr &x) {
    Repr r{};
    uint64_t c = big::Add(r, x, x);
    if (c || !big::Less(r, MODULUS)) big::Sub(r, r, MODULUS);
    return r;
  }
  static constexpr Repr PowerOfTwoMod(size_t k) {
    Repr x = big::FromU64<N>(1);
    for (size_t i = 0; i < k; i++) x = DoubleMod(x);
    return x;
  }
  static constexpr Repr R = PowerOfTwoMod(64 * N);   //!< Montgomery form of 1
  static constexpr Repr R2 = PowerOfTwoMod(128 * N); //!< converts into Montgomery form

  // ---- construction ---------------------------------------------------------------------
  static constexpr Mont FromMontgomery(const Repr &m) { return Mont{m}; }
  static constexpr Mont Zero() { return Mont{Repr{}}; }
  static constexpr Mont One() { return Mont{R}; }
  //! value must already be < p (use FromCanonicalChecked for untrusted input)
  static constexpr Mont FromCanonical(const Repr &v) { return Mont{v} * Mont{R2}; }
  static constexpr Mont FromUint(uint64_t v) { return FromCanonical(big::FromU64<N>(v)); }
  static constexpr Mont FromHex(const char *hex) { return FromCanonical(big::FromHex<N>(hex)); }
  static constexpr std::optional<Mont> FromCanonicalChecked(const Repr &v) {
    if (!big::Less(v, MODULUS)) return std::nullopt;
    return FromCanonical(v);
  }

  constexpr Repr ToCanonical() const {
    Mont one{};
    one.l = big::FromU64<N>(1);
    return (*this * one).l;
  }

  // ---- byte encodings (canonical, range-checked on input) -------------------------------
  void ToBytesLE(uint8_t *out) const {
    Repr c = ToCanonical();
    for (size_t i = 0; i < NUM_BYTES; i++) out[i] = uint8_t(c[i / 8] >> (8 * (i % 8)));
  }
  void ToBytesBE(uint8_t *out) const {
    Repr c = ToCanonical();
    for (size_t i = 0; i < NUM_BYTES; i++) out[NUM_BYTES - 1 - i] = uint8_t(c[i / 8] >> (8 * (i % 8)));
  }
  static Repr ReprFromBytesLE(const uint8_t *in) {
    Repr c{};
    for (size_t i = 0; i < NUM_BYTES; i++) c[i / 8] |= uint64_t(in[i]) << (8 * (i % 8));
    return c;
  }
  static Repr ReprFromBytesBE(const uint8_t *in) {
    Repr c{};
    for (size_t i = 0; i < NUM_BYTES; i++) c[i / 8] |= uint64_t(in[NUM_BYTES - 1 - i]) << (8 * (i % 8));
    return c;
  }
  //! nullopt when the bytes encode a value ≥ p
  static std::optional<Mont> FromBytesLE(const uint8_t *in) { return FromCanonicalChecked(ReprFromBytesLE(in)); }
  static std::optional<Mont> FromBytesBE(const uint8_t *in) { return FromCanonicalChecked(ReprFromBytesBE(in)); }

  std::string ToHex() const {
    static const char *digits = "0123456789abcdef";
    Repr c = ToCanonical();
    std::string s = "0x";
    for (size_t i = N; i-- > 0;) {
      for (int b = 60; b >= 0; b -= 4) s.push_back(digits[(c[i] >> b) & 0xf]);
    }
    return s;
  }

  //! uniform element from a 64-bit generator (rejection sampling on the top limb's bit length)
  template <class Rng> static Mont Random(Rng &rng) {
    constexpr unsigned top_bits = NUM_BITS - 64 * (N - 1);
    constexpr uint64_t top_mask = top_bits == 64 ? ~uint64_t(0) : ((uint64_t(1) << top_bits) - 1);
    for (;;) {
      Repr v{};
      for (size_t i = 0; i < N; i++) v[i] = uint64_t(rng());
      v[N - 1] &= top_mask;
      if (big::Less(v, MODULUS)) return Mont{v}; // a uniform Montgomery representative is uniform
    }
  }

  // ---- predicates -----------------------------------------------------------------------
  constexpr bool IsZero() const { return big::IsZero(l); }
  constexpr bool IsOne() const { return l == R; }
  constexpr bool operator==(const Mont &o) const { return l == o.l; }
  constexpr bool operator!=(const Mont &o) const { return l != o.l; }

  // ---- arithmetic -----------------------------------------------------------------------
  constexpr Mont operator+(const Mont &b) const {
    Mont r;
    uint64_t c = 0;
    for (size_t i = 0; i < N; i++) r.l[i] = W::Adc(l[i], b.l[i], c);
    r.ReduceOnce();
    return r;
  }
  constexpr Mont operator-(const Mont &b) const {
    Mont r;
    uint64_t br = 0;
    for (size_t i = 0; i < N; i++) r.l[i] = W::Sbb(l[i], b.l[i], br);
    // add p back when the subtraction borrowed (mask keeps it branch-free); the masked
    // modulus is formed first so that the AND does not split the carry chain
    const uint64_t mask = ~br + 1;
    Repr pm;
    for (size_t i = 0; i < N; i++) {
      pm[i] = MODULUS[i] & mask;
      OpaqueAtRuntime(pm[i]);
    }
    uint64_t c = 0;
    for (size_t i = 0; i < N; i++) r.l[i] = W::Adc(r.l[i], pm[i], c);
    return r;
  }
  constexpr Mont operator-() const { return Zero() - *this; }
  constexpr Mont Double() const { return *this + *this; }

  constexpr Mont operator*(const Mont &b) const {
#if CUZK_HAVE_ADX_PATH
    if constexpr (requires { W::ASM_MONT_MUL; } && adx::SupportsLimbs(N)) {
      if (!std::is_constant_evaluated() && adx::HAS_ADX) {
        Mont r;
        if constexpr (N == 4) {
          adx::MulMont4(r.l.data(), l.data(), b.l.data(), MODULUS.data(), INV);
        } else {
          adx::MulMont6(r.l.data(), l.data(), b.l.data(), MODULUS.data(), INV);
        }
        return r;
      }
    }
#endif
    return MulPortable(b);
  }

  //! CIOS in C++ with the policy's word primitives (compile time, non-ADX CPUs, cross-tests)
  constexpr Mont MulPortable(const Mont &b) const {
    Repr t{};
    for (size_t i = 0; i < N; i++) {
      uint64_t A = 0;
      t[0] = W::Mac(t[0], l[0], b.l[i], A);
      const uint64_t m = t[0] * INV;
      uint64_t C = 0;
      W::Mac(t[0], m, MODULUS[0], C);
      for (size_t j = 1; j < N; j++) {
        t[j] = W::Mac(t[j], l[j], b.l[i], A);
        t[j - 1] = W::Mac(t[j], m, MODULUS[j], C);
      }
      t[N - 1] = C + A;
    }
    Mont r{t};
    r.ReduceOnce();
    return r;
  }
  constexpr Mont Square() const { return *this * *this; }

  Mont &operator+=(const Mont &b) { return *this = *this + b; }
  Mont &operator-=(const Mont &b) { return *this = *this - b; }
  Mont &operator*=(const Mont &b) { return *this = *this * b; }

  //! this^e for a public exponent e (variable time in e)
  template <size_t M> constexpr Mont Pow(const Limbs<M> &e) const {
    Mont acc = One();
    for (size_t i = big::BitLength(e); i-- > 0;) {
      acc = acc.Square();
      if (big::Bit(e, i)) acc = acc * *this;
    }
    return acc;
  }
  constexpr Mont Pow(uint64_t e) const { return Pow(Limbs<1>{e}); }

  static constexpr Repr P_MINUS_2 = big::SubSmall(MODULUS, 2);
  static constexpr Repr P_MINUS_1_OVER_2 = big::ShiftRight(big::SubSmall(MODULUS, 1), 1);

  //! multiplicative inverse; the inverse of zero is zero (callers check where it matters)
  constexpr Mont Inverse() const { return Pow(P_MINUS_2); }

  //! Legendre symbol: 0 for zero, 1 for a non-zero square, −1 otherwise
  constexpr int Legendre() const {
    if (IsZero()) return 0;
    return Pow(P_MINUS_1_OVER_2).IsOne() ? 1 : -1;
  }

  // ---- square roots ---------------------------------------------------------------------
  static constexpr unsigned ComputeTwoAdicity() {
    Repr pm1 = big::SubSmall(MODULUS, 1);
    unsigned s = 0;
    while (!big::Bit(pm1, s)) s++;
    return s;
  }
  static constexpr unsigned TWO_ADICITY = ComputeTwoAdicity();
  static constexpr Repr TRACE = big::ShiftRight(big::SubSmall(MODULUS, 1), TWO_ADICITY); //!< odd t, p−1 = 2^s·t

  //! P::GENERATOR generates the multiplicative group; its t-th power has order 2^s
  static constexpr Mont Generator() { return FromUint(P::GENERATOR); }
  static constexpr Mont RootOfUnity() { return Generator().Pow(TRACE); }

  //! a square root (either one) or nullopt for non-squares
  constexpr std::optional<Mont> Sqrt() const {
    if (IsZero()) return Zero();
    if constexpr ((MODULUS[0] & 3) == 3) {
      // p ≡ 3 (mod 4): a^((p+1)/4) is a root whenever one exists
      constexpr Repr e = big::ShiftRight(big::AddSmall(MODULUS, 1), 2);
      Mont r = Pow(e);
      if (r.Square() == *this) return r;
      return std::nullopt;
    } else {
      // Tonelli–Shanks with the 2^s-th root of unity z
      if (Legendre() != 1) return std::nullopt;
      constexpr Repr t_plus_1_over_2 = big::ShiftRight(big::AddSmall(TRACE, 1), 1);
      Mont z = RootOfUnity();
      Mont x = Pow(t_plus_1_over_2);
      Mont b = Pow(TRACE);
      unsigned m = TWO_ADICITY;
      while (!b.IsOne()) {
        unsigned k = 0;
        Mont b2k = b;
        while (!b2k.IsOne()) {
          b2k = b2k.Square();
          k++;
        }
        Mont w = z;
        for (unsigned j = 0; j + k + 1 < m; j++) w = w.Square();
        z = w.Square();
        b = b * z;
        x = x * w;
        m = k;
      }
      return x;
    }
  }

private:
  static constexpr void OpaqueAtRuntime(uint64_t &v) {
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
    if (!std::is_constant_evaluated()) asm("" : "+r"(v));
#endif
  }
  constexpr void ReduceOnce() {
    Repr d{};
    uint64_t br = 0;
    for (size_t i = 0; i < N; i++) d[i] = W::Sbb(l[i], MODULUS[i], br);
    // keep l when l < p (the subtraction borrowed); branch-free select. The empty asm makes
    // each limb opaque at run time: without it gcc 12 either turned the select into a
    // data-dependent branch or an SSE blend through a stack round trip (store-forwarding
    // stalls), ~3x slower than this.
    const uint64_t keep = ~br + 1; // all ones when borrowed
    for (size_t i = 0; i < N; i++) {
      uint64_t v = (l[i] & keep) | (d[i] & ~keep);
      OpaqueAtRuntime(v);
      l[i] = v;
    }
  }
};

} // namespace cuzk::ff
