// src/ff/mont_adx.cpp — CIOS Montgomery multiplication in MULX/ADCX/ADOX assembly.
//
// Row i of the CIOS loop (N rows, accumulator t of N+1 words in registers, t[N] = 0 on entry):
//   t += a·b[i]              N MULX; low halves on the OF chain (ADOX into t[j]),
//                            high halves on the CF chain (ADCX into t[j+1])
//   m  = t[0]·(−p⁻¹) mod 2^64
//   t += m·p                 same two chains; t[0] becomes 0 by the choice of m
//   t >>= 64                 free: the registers are renamed (the zero t[0] becomes the next t[N])
// With a, b < p and 2p < 2^(64N) the invariant t < 2p holds after every row and no row
// overflows N+1 words (t + a·b[i] + m·p < 2p·2^64), so no carry is lost; one conditional
// subtraction of p finishes. Registers: rdx (MULX source), rax/rbx (product halves), r15 (zero
// for the last ADOX), r8.. (the accumulator), rsi/rdi/rcx (a, b, p).
#include "ff/mont_adx.hpp"

#if CUZK_HAVE_ADX_PATH

namespace cuzk::ff::adx {

namespace {
bool DetectAdx() {
  __builtin_cpu_init(); // required before __builtin_cpu_supports in a static initialiser
  return __builtin_cpu_supports("adx") && __builtin_cpu_supports("bmi2");
}
} // namespace

const bool HAS_ADX = DetectAdx();

// The assembly is laid out by hand, one instruction group per line.
// clang-format off

// t[j] += lo(src·rdx) on OF, t[j+1] += hi(src·rdx) on CF
#define CUZK_STEP(src, tj, tj1)                                                                                        \
  "mulxq " src ", %%rax, %%rbx\n\t"                                                                                    \
  "adoxq %%rax, " tj "\n\t"                                                                                            \
  "adcxq %%rbx, " tj1 "\n\t"

// rdx ← t0·inv, clear both carry flags (xor), then t += rdx·p
#define CUZK_REDUCE_START(t0)                                                                                          \
  "movq " t0 ", %%rdx\n\t"                                                                                             \
  "imulq %[inv], %%rdx\n\t"                                                                                            \
  "xorq %%r15, %%r15\n\t"

#define CUZK_ROW4(boff, t0, t1, t2, t3, t4)                                                                            \
  "movq " boff "(%%rdi), %%rdx\n\t"                                                                                    \
  "xorq %%r15, %%r15\n\t" CUZK_STEP("0(%%rsi)", t0, t1) CUZK_STEP("8(%%rsi)", t1, t2) CUZK_STEP("16(%%rsi)", t2, t3)   \
      CUZK_STEP("24(%%rsi)", t3, t4) "adoxq %%r15, " t4 "\n\t" CUZK_REDUCE_START(t0) CUZK_STEP("0(%%rcx)", t0, t1)     \
          CUZK_STEP("8(%%rcx)", t1, t2) CUZK_STEP("16(%%rcx)", t2, t3) CUZK_STEP("24(%%rcx)", t3, t4)                  \
              "adoxq %%r15, " t4 "\n\t"

#define CUZK_ROW6(boff, t0, t1, t2, t3, t4, t5, t6)                                                                    \
  "movq " boff "(%%rdi), %%rdx\n\t"                                                                                    \
  "xorq %%r15, %%r15\n\t" CUZK_STEP("0(%%rsi)", t0, t1) CUZK_STEP("8(%%rsi)", t1, t2) CUZK_STEP("16(%%rsi)", t2, t3)   \
      CUZK_STEP("24(%%rsi)", t3, t4) CUZK_STEP("32(%%rsi)", t4, t5) CUZK_STEP("40(%%rsi)", t5, t6)                     \
          "adoxq %%r15, " t6 "\n\t" CUZK_REDUCE_START(t0) CUZK_STEP("0(%%rcx)", t0, t1) CUZK_STEP("8(%%rcx)", t1, t2)  \
              CUZK_STEP("16(%%rcx)", t2, t3) CUZK_STEP("24(%%rcx)", t3, t4) CUZK_STEP("32(%%rcx)", t4, t5)             \
                  CUZK_STEP("40(%%rcx)", t5, t6) "adoxq %%r15, " t6 "\n\t"

// s ← r − p limb by limb (CF = borrow), then r ← s where no borrow came out (r ≥ p)
#define CUZK_SUB_FIRST(off, r, s) "movq " r ", " s "\n\tsubq " off "(%%rcx), " s "\n\t"
#define CUZK_SUB_NEXT(off, r, s) "movq " r ", " s "\n\tsbbq " off "(%%rcx), " s "\n\t"
#define CUZK_SELECT(r, s) "cmovncq " s ", " r "\n\t"
#define CUZK_STORE(off, r) "movq " r ", " off "(%%rcx)\n\t"

__attribute__((target("adx,bmi2"))) void MulMont4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4],
                                                  const uint64_t p[4], uint64_t inv) {
  const uint64_t *pa = a, *pb = b, *pp = p;
  asm volatile(
      "xorq %%r8, %%r8\n\txorq %%r9, %%r9\n\txorq %%r10, %%r10\n\txorq %%r11, %%r11\n\txorq %%r12, %%r12\n\t"
      // rows rotate the accumulator registers: after row i the result starts one register later
      CUZK_ROW4("0", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")   //
      CUZK_ROW4("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r8")   //
      CUZK_ROW4("16", "%%r10", "%%r11", "%%r12", "%%r8", "%%r9")  //
      CUZK_ROW4("24", "%%r11", "%%r12", "%%r8", "%%r9", "%%r10")  //
      // result in r12, r8, r9, r10 (low to high)
      CUZK_SUB_FIRST("0", "%%r12", "%%rax") CUZK_SUB_NEXT("8", "%%r8", "%%rbx")        //
      CUZK_SUB_NEXT("16", "%%r9", "%%rdx") CUZK_SUB_NEXT("24", "%%r10", "%%rsi")       //
      CUZK_SELECT("%%r12", "%%rax") CUZK_SELECT("%%r8", "%%rbx")                        //
      CUZK_SELECT("%%r9", "%%rdx") CUZK_SELECT("%%r10", "%%rsi")                        //
      "movq %[out], %%rcx\n\t"                                                         //
      CUZK_STORE("0", "%%r12") CUZK_STORE("8", "%%r8") CUZK_STORE("16", "%%r9") CUZK_STORE("24", "%%r10")
      : "+S"(pa), "+D"(pb), "+c"(pp)
      : [inv] "m"(inv), [out] "m"(r)
      : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r15", "cc", "memory");
}

__attribute__((target("adx,bmi2"))) void MulMont6(uint64_t r[6], const uint64_t a[6], const uint64_t b[6],
                                                  const uint64_t p[6], uint64_t inv) {
  const uint64_t *pa = a, *pb = b, *pp = p;
  asm volatile(
      "xorq %%r8, %%r8\n\txorq %%r9, %%r9\n\txorq %%r10, %%r10\n\txorq %%r11, %%r11\n\t"
      "xorq %%r12, %%r12\n\txorq %%r13, %%r13\n\txorq %%r14, %%r14\n\t"
      CUZK_ROW6("0", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14")   //
      CUZK_ROW6("8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8")   //
      CUZK_ROW6("16", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9")  //
      CUZK_ROW6("24", "%%r11", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10")  //
      CUZK_ROW6("32", "%%r12", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11")  //
      CUZK_ROW6("40", "%%r13", "%%r14", "%%r8", "%%r9", "%%r10", "%%r11", "%%r12")  //
      // result in r14, r8, r9, r10, r11, r12 (low to high)
      CUZK_SUB_FIRST("0", "%%r14", "%%rax") CUZK_SUB_NEXT("8", "%%r8", "%%rbx")        //
      CUZK_SUB_NEXT("16", "%%r9", "%%rdx") CUZK_SUB_NEXT("24", "%%r10", "%%rsi")       //
      CUZK_SUB_NEXT("32", "%%r11", "%%rdi") CUZK_SUB_NEXT("40", "%%r12", "%%r15")      //
      CUZK_SELECT("%%r14", "%%rax") CUZK_SELECT("%%r8", "%%rbx")                        //
      CUZK_SELECT("%%r9", "%%rdx") CUZK_SELECT("%%r10", "%%rsi")                        //
      CUZK_SELECT("%%r11", "%%rdi") CUZK_SELECT("%%r12", "%%r15")                       //
      "movq %[out], %%rcx\n\t"                                                         //
      CUZK_STORE("0", "%%r14") CUZK_STORE("8", "%%r8") CUZK_STORE("16", "%%r9")        //
      CUZK_STORE("24", "%%r10") CUZK_STORE("32", "%%r11") CUZK_STORE("40", "%%r12")
      : "+S"(pa), "+D"(pb), "+c"(pp)
      : [inv] "m"(inv), [out] "m"(r)
      : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}

// clang-format on

} // namespace cuzk::ff::adx

#endif
