// src/gpu/fp2.cuh — Fp2 = Fp[u]/(u² + 1) on the device, laid out as ff::Fp2 (c0 then c1).
#pragma once
#include "ff/fp2.hpp"
#include "gpu/field.cuh"

namespace cuzk::gpu {

struct alignas(16) Fp2 {
  Fp c0, c1;

  CUZK_HD static Fp2 Zero() { return {Fp::Zero(), Fp::Zero()}; }
  CUZK_HD static Fp2 One() { return {Fp::One(), Fp::Zero()}; }
  CUZK_HD bool IsZero() const { return c0.IsZero() && c1.IsZero(); }
  CUZK_HD bool operator==(const Fp2 &o) const { return c0 == o.c0 && c1 == o.c1; }
  CUZK_HD bool operator!=(const Fp2 &o) const { return !(*this == o); }
  CUZK_HD Fp2 operator+(const Fp2 &b) const { return {c0 + b.c0, c1 + b.c1}; }
  CUZK_HD Fp2 operator-(const Fp2 &b) const { return {c0 - b.c0, c1 - b.c1}; }
  CUZK_HD Fp2 operator-() const { return {-c0, -c1}; }
  CUZK_HD Fp2 Double() const { return {c0.Double(), c1.Double()}; }
  CUZK_HD Fp2 &operator+=(const Fp2 &b) { return *this = *this + b; }
  CUZK_HD Fp2 &operator-=(const Fp2 &b) { return *this = *this - b; }
  //! Karatsuba, three Fp multiplications (u² = −1)
  CUZK_HD Fp2 operator*(const Fp2 &b) const {
    Fp v0 = c0 * b.c0, v1 = c1 * b.c1;
    return {v0 - v1, (c0 + c1) * (b.c0 + b.c1) - v0 - v1};
  }
  CUZK_HD Fp2 &operator*=(const Fp2 &b) { return *this = *this * b; }
  //! (c0 + c1 u)² = (c0 + c1)(c0 − c1) + 2 c0 c1 u: two multiplications
  CUZK_HD Fp2 Square() const { return {(c0 + c1) * (c0 - c1), (c0 * c1).Double()}; }
};

} // namespace cuzk::gpu

namespace cuzk::gpu {

//! Fp2 spread over a lane pair: lanes 2k and 2k + 1 of a warp hold one element, the lane of parity
//! j its component c_j. A product costs each lane two Fp multiplications and 24 shuffles, where one
//! thread holding both components spends three; in exchange every thread holds half the registers,
//! and G2's XYZZ formulas, which need more than the register file holds per thread when done whole,
//! run at twice the resident warps (sppark's "degree 2" layout, spec/gpu.md §2). Both lanes of a pair
//! always take the same branch: IsZero and == combine the two halves.
//!
//! The lane rules are pure functions of (own half, partner's half, parity), so the host tests check
//! them; the partner's half comes from a shuffle within the pair on the device.
struct Fp2Pair {
  Fp c; //!< this lane's component

  //! c_j of a·b from a_j, b_j and the partner's a_(1−j), b_(1−j)
  CUZK_HD static Fp MulRule(const Fp &a, const Fp &b, const Fp &ao, const Fp &bo, unsigned j) {
    const Fp x = a * (j ? bo : b);  // a0·b0 | a1·b0
    const Fp y = ao * (j ? b : bo); // a1·b1 | a0·b1
    return j ? x + y : x - y;
  }
  //! c_j of a²: (a0 + a1)(a0 − a1) | 2·a1·a0
  CUZK_HD static Fp SquareRule(const Fp &a, const Fp &ao, unsigned j) {
    const Fp u = j ? a.Double() : a + ao;
    const Fp v = j ? ao : a - ao;
    return u * v;
  }

#if defined(__CUDACC__)
  __device__ static unsigned Lane() { return threadIdx.x & 1; }
  __device__ static unsigned PairMask() { return 3u << (threadIdx.x & 30); }
  __device__ static Fp Partner(const Fp &x) {
    Fp o;
    CUZK_UNROLL
    for (int i = 0; i < Fp::N; i++) o.v[i] = __shfl_xor_sync(PairMask(), x.v[i], 1);
    return o;
  }
  __device__ static bool Both(bool b) { return b && __shfl_xor_sync(PairMask(), int(b), 1); }

  //! this lane's half of a whole element
  __device__ static Fp2Pair Half(const Fp2 &e) { return {Lane() ? e.c1 : e.c0}; }
  __device__ void StoreHalf(Fp2 &e) const { (Lane() ? e.c1 : e.c0) = c; }

  __device__ static Fp2Pair Zero() { return {Fp::Zero()}; }
  __device__ static Fp2Pair One() { return {Lane() ? Fp::Zero() : Fp::One()}; }
  __device__ bool IsZero() const { return Both(c.IsZero()); }
  __device__ bool operator==(const Fp2Pair &o) const { return Both(c == o.c); }
  __device__ bool operator!=(const Fp2Pair &o) const { return !(*this == o); }
  __device__ Fp2Pair operator+(const Fp2Pair &b) const { return {c + b.c}; }
  __device__ Fp2Pair operator-(const Fp2Pair &b) const { return {c - b.c}; }
  __device__ Fp2Pair operator-() const { return {-c}; }
  __device__ Fp2Pair Double() const { return {c.Double()}; }
  __device__ Fp2Pair operator*(const Fp2Pair &b) const { return {MulRule(c, b.c, Partner(c), Partner(b.c), Lane())}; }
  __device__ Fp2Pair Square() const { return {SquareRule(c, Partner(c), Lane())}; }
#endif
};

} // namespace cuzk::gpu
