// src/gpu/carry.hpp — 32-bit multiply-add chains through the hardware carry flag.
//
// NVIDIA GPUs multiply 32×32 bits natively (IMAD); a 64-bit product costs several of them.
// Multi-precision code therefore works on 32-bit words and threads the carry between
// instructions through the condition-code register with PTX's `.cc` forms (add.cc, addc.cc,
// mad.lo.cc, madc.hi.cc ...), as the PTX ISA manual §9.7.1 ("Extended-precision integer
// arithmetic") describes. Each helper is its own `asm volatile` so the statements keep their
// order; nvcc emits nothing between them that touches CC.
//
// On the host (and in tests compiled without nvcc) the same chain is emulated with an
// explicit carry bit, so every caller has a portable twin that runs without a GPU.
#pragma once
#include "gpu/hd.hpp"

#include <cstdint>

namespace cuzk::gpu {

//! One carry chain. Methods named *Cc start a chain (ignore the incoming carry); the others
//! consume it. Every method sets the carry from its own result.
struct CarryChain {
#if !defined(__CUDA_ARCH__)
  uint32_t cc = 0; //!< the emulated carry/borrow flag (host only)
#endif

#if defined(__CUDA_ARCH__)
  CUZK_HD uint32_t AddCc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
  }
  CUZK_HD uint32_t Addc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
  }
  CUZK_HD uint32_t SubCc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
  }
  CUZK_HD uint32_t Subc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
  }
  //! low word of a·b + c
  CUZK_HD uint32_t MadLoCc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
  }
  CUZK_HD uint32_t MadcLo(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
  }
  //! high word of a·b + c
  CUZK_HD uint32_t MadHiCc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
  }
  CUZK_HD uint32_t MadcHi(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
  }
#else
  CUZK_HD uint32_t AddCc(uint32_t a, uint32_t b) {
    cc = 0;
    return Addc(a, b);
  }
  CUZK_HD uint32_t Addc(uint32_t a, uint32_t b) {
    uint64_t t = uint64_t(a) + b + cc;
    cc = uint32_t(t >> 32);
    return uint32_t(t);
  }
  CUZK_HD uint32_t SubCc(uint32_t a, uint32_t b) {
    cc = 0;
    return Subc(a, b);
  }
  CUZK_HD uint32_t Subc(uint32_t a, uint32_t b) {
    uint64_t t = uint64_t(a) - b - cc;
    cc = uint32_t(t >> 63);
    return uint32_t(t);
  }
  CUZK_HD uint32_t MadLoCc(uint32_t a, uint32_t b, uint32_t c) {
    cc = 0;
    return MadcLo(a, b, c);
  }
  CUZK_HD uint32_t MadcLo(uint32_t a, uint32_t b, uint32_t c) {
    uint64_t t = uint64_t(uint32_t(a * b)) + c + cc;
    cc = uint32_t(t >> 32);
    return uint32_t(t);
  }
  CUZK_HD uint32_t MadHiCc(uint32_t a, uint32_t b, uint32_t c) {
    cc = 0;
    return MadcHi(a, b, c);
  }
  CUZK_HD uint32_t MadcHi(uint32_t a, uint32_t b, uint32_t c) {
    uint64_t t = ((uint64_t(a) * b) >> 32) + c + cc;
    cc = uint32_t(t >> 32);
    return uint32_t(t);
  }
#endif
};

} // namespace cuzk::gpu
