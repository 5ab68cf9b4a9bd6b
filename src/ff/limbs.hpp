// src/ff/limbs.hpp — word-level primitives for multi-precision arithmetic.
//
// Two implementations of the 64×64→128 multiply-accumulate that Montgomery code is built on:
//   * Wide:     unsigned __int128 (gcc/clang turn this into mulx/adc on x86-64),
//   * Portable: only 64-bit operations (32-bit halves), for compilers without __int128.
// Both are constexpr so that field constants are computed at compile time. On x86-64 the
// default policy adds the assembly multiplication of mont_adx.hpp, used outside constant
// evaluation when the CPU supports it. Mont<> takes the
// policy as a template parameter, so tests can instantiate both and cross-check them.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ff/mont_adx.hpp"

#include <type_traits>

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(CUZK_PORTABLE) &&                                       \
    (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
#define CUZK_HAVE_CARRY_INTRINSICS 1
#endif

namespace cuzk::ff {

struct PortableWords {
  //! lo + hi·2^64 = a·b
  static constexpr void MulWide(uint64_t a, uint64_t b, uint64_t &lo, uint64_t &hi) {
    const uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    lo = (p00 & 0xffffffffu) | (mid << 32);
    hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  }
  //! returns low word of a + b·c + carry, carry := high word (never overflows 128 bits)
  static constexpr uint64_t Mac(uint64_t a, uint64_t b, uint64_t c, uint64_t &carry) {
    uint64_t lo, hi;
    MulWide(b, c, lo, hi);
    lo += a;
    hi += lo < a;
    lo += carry;
    hi += lo < carry;
    carry = hi;
    return lo;
  }
  //! returns a + b + carry (carry in {0,1}), carry := carry out
  static constexpr uint64_t Adc(uint64_t a, uint64_t b, uint64_t &carry) {
    uint64_t s = a + b;
    uint64_t c1 = s < a;
    uint64_t r = s + carry;
    uint64_t c2 = r < s;
    carry = c1 | c2;
    return r;
  }
  //! returns a − b − borrow (borrow in {0,1}), borrow := borrow out
  static constexpr uint64_t Sbb(uint64_t a, uint64_t b, uint64_t &borrow) {
    uint64_t d = a - b;
    uint64_t b1 = a < b;
    uint64_t r = d - borrow;
    uint64_t b2 = d < borrow;
    borrow = b1 | b2;
    return r;
  }
};

#if defined(__SIZEOF_INT128__) && !defined(CUZK_PORTABLE)
struct WideWords {
  using u128 = unsigned __int128;
  static constexpr void MulWide(uint64_t a, uint64_t b, uint64_t &lo, uint64_t &hi) {
    u128 t = u128(a) * b;
    lo = uint64_t(t);
    hi = uint64_t(t >> 64);
  }
  static constexpr uint64_t Mac(uint64_t a, uint64_t b, uint64_t c, uint64_t &carry) {
    u128 t = u128(b) * c + a + carry;
    carry = uint64_t(t >> 64);
    return uint64_t(t);
  }
  // At run time on x86-64 the carry intrinsics (plain ADC/SBB, baseline ISA) keep the carry in
  // the flags across a limb loop; gcc's 128-bit form re-materialises it in a register at every
  // limb, which made Fp addition ~2.5x slower than blst's.
  static constexpr uint64_t Adc(uint64_t a, uint64_t b, uint64_t &carry) {
#if CUZK_HAVE_CARRY_INTRINSICS
    if (!std::is_constant_evaluated()) {
      unsigned long long r;
      carry = _addcarry_u64((unsigned char)carry, a, b, &r);
      return r;
    }
#endif
    u128 t = u128(a) + b + carry;
    carry = uint64_t(t >> 64);
    return uint64_t(t);
  }
  static constexpr uint64_t Sbb(uint64_t a, uint64_t b, uint64_t &borrow) {
#if CUZK_HAVE_CARRY_INTRINSICS
    if (!std::is_constant_evaluated()) {
      unsigned long long r;
      borrow = _subborrow_u64((unsigned char)borrow, a, b, &r);
      return r;
    }
#endif
    u128 t = u128(a) - b - borrow;
    borrow = uint64_t(t >> 64) & 1;
    return uint64_t(t);
  }
};
#if CUZK_HAVE_ADX_PATH
//! WideWords, plus Mont<>'s multiplication in MULX/ADCX/ADOX assembly (mont_adx.hpp) on CPUs
//! that have it (checked at run time); WideWords alone stays available for cross-tests.
struct AdxWords : WideWords {
  static constexpr bool ASM_MONT_MUL = true;
};
using DefaultWords = AdxWords;
#else
using DefaultWords = WideWords;
#endif
#else
using DefaultWords = PortableWords;
#endif

} // namespace cuzk::ff
