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
