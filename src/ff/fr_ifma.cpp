// src/ff/fr_ifma.cpp — the CPU check of the IFMA path and its array entry points (ff/fr_ifma.hpp).
#include "ff/fr_ifma.hpp"

#include <cassert>

namespace cuzk::ff::ifma {

#if CUZK_HAVE_IFMA_PATH

bool CpuHasIfma() {
  // libgcc's CPU model also checks that the OS saves the zmm and mask registers (XCR0)
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512ifma");
  }();
  return has;
}

namespace {

CUZK_IFMA_TARGET Fr8 Load(const Fr *a) {
  const Fr *src[LANES];
  for (size_t k = 0; k < LANES; k++) src[k] = a + k;
  return LoadLanes(src);
}

CUZK_IFMA_TARGET void Store(const Fr8 &x, Fr *out) {
  Fr *dst[LANES];
  for (size_t k = 0; k < LANES; k++) dst[k] = out + k;
  StoreLanes<true>(x, dst, 0, LANES);
}

} // namespace

CUZK_IFMA_TARGET void MulLanes(const Fr a[LANES], const Fr b[LANES], Fr out[LANES]) {
  assert(CpuHasIfma());
  Store(MulMod(Load(a), Load(b)), out);
}

CUZK_IFMA_TARGET void SquareLanes(const Fr a[LANES], Fr out[LANES]) {
  assert(CpuHasIfma());
  Store(SquareMod(Load(a)), out);
}

CUZK_IFMA_TARGET void AddLanes(const Fr a[LANES], const Fr b[LANES], Fr out[LANES]) {
  assert(CpuHasIfma());
  Store(AddMod(Load(a), Load(b)), out);
}

CUZK_IFMA_TARGET void DotConstLanes(const Fr *x, const Fr *c, size_t n, Fr out[LANES]) {
  assert(CpuHasIfma() && n <= 105);
  Columns acc;
  Clear(acc);
  for (size_t i = 0; i < n; i++) MulAccConst(acc, Load(x + i * LANES), MultiplierForm(c[i]));
  Fr8 r = Redc(acc); // < (1 + n/35)·r
  if (n > 35) r = CondSub(r, TWO_MODULUS52);
  Store(CondSub(r, MODULUS52), out);
}

CUZK_IFMA_TARGET void MulAddConstLanes(const Fr s[LANES], const Fr &c, const Fr y[LANES], Fr out[LANES]) {
  assert(CpuHasIfma());
  Columns acc;
  Clear(acc);
  MulAccConst(acc, Load(y), MultiplierForm(c));
  AddHigh(acc, Load(s));
  Fr8 r = Redc(acc); // < r/35 + 2r
  Store(CondSub(CondSub(r, TWO_MODULUS52), MODULUS52), out);
}

#else

bool CpuHasIfma() { return false; }

// without the path no caller may get here (CpuHasIfma() is false); the entry points stay defined
// so that tests and benches link everywhere
void MulLanes(const Fr *, const Fr *, Fr *) { assert(false); }
void SquareLanes(const Fr *, Fr *) { assert(false); }
void AddLanes(const Fr *, const Fr *, Fr *) { assert(false); }
void DotConstLanes(const Fr *, const Fr *, size_t, Fr *) { assert(false); }
void MulAddConstLanes(const Fr *, const Fr &, const Fr *, Fr *) { assert(false); }

#endif

} // namespace cuzk::ff::ifma
