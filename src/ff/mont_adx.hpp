// src/ff/mont_adx.hpp — Montgomery multiplication with x86-64 MULX/ADCX/ADOX (BMI2 + ADX).
//
// The only home of field assembly. MULX multiplies without touching the flags, and ADCX/ADOX
// add with two independent carry chains (CF and OF), so the low and high halves of the N
// partial products of a row are accumulated in one interleaved pass instead of two. Our
// binaries are built for baseline x86-64, so the code lives in its own translation unit
// (mont_adx.cpp, compiled with target("adx,bmi2")) and is only called when CPUID reports both
// extensions (HasAdx). Mont<> falls back to the portable C++ path otherwise, and
// tests/ff/field_test.cpp cross-checks the two on the same inputs.
#pragma once
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && !defined(__CUDA_ARCH__) && !defined(CUZK_PORTABLE) &&                                       \
    (defined(__GNUC__) || defined(__clang__))
#define CUZK_HAVE_ADX_PATH 1
#endif

namespace cuzk::ff::adx {

#if CUZK_HAVE_ADX_PATH
//! true when this CPU has BMI2 and ADX (decided once, at start-up, from CPUID)
extern const bool HAS_ADX;

//! r = a·b·2^(−64N) mod p for N = 4 and 6, fully reduced (r < p). Inputs must be < p and
//! p's top limb below 2^63 − 1 (the same spare-bit condition as the C++ path); inv = −p⁻¹ mod 2^64.
//! r may alias a or b.
void MulMont4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4], const uint64_t p[4], uint64_t inv);
void MulMont6(uint64_t r[6], const uint64_t a[6], const uint64_t b[6], const uint64_t p[6], uint64_t inv);
#endif

//! whether Mont<> with N limbs can use the assembly at all (the CPU check is separate)
inline constexpr bool SupportsLimbs(size_t n) {
#if CUZK_HAVE_ADX_PATH
  return n == 4 || n == 6;
#else
  (void)n;
  return false;
#endif
}

} // namespace cuzk::ff::adx
