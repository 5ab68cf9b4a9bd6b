// src/gpu/curve.cuh — G1/G2 points on the device: affine for storage, XYZZ for sums.
//
// Affine<F> has the layout of ec::Affine (x then y; infinity is (0, 0), which is not on
// y² = x³ + b), so SRS points are copied to the GPU as they are. Xyzz<F> represents
// (X/ZZ, Y/ZZZ) with ZZ³ = ZZZ² and ZZ = 0 for infinity; its formulas are the a = 0 ones of the
// Explicit-Formulas Database, "xyzz" section: madd-2008-s, add-2008-s, dbl-2008-s-1,
// mdbl-2008-s-1. XYZZ trades one more coordinate for the cheapest mixed addition (8M + 2S),
// which is what bucket accumulation spends nearly all its time on.
#pragma once
#include "ec/point.hpp"
#include "gpu/fp2.cuh"

namespace cuzk::gpu {

template <class F> struct Affine {
  F x, y;
  CUZK_HD static Affine Infinity() { return {F::Zero(), F::Zero()}; }
  CUZK_HD bool IsInfinity() const { return x.IsZero() && y.IsZero(); }
  CUZK_HD Affine operator-() const { return IsInfinity() ? *this : Affine{x, -y}; }
};

template <class F> struct Xyzz {
  F X, Y, ZZ, ZZZ;

  CUZK_HD static Xyzz Infinity() { return {F::Zero(), F::Zero(), F::Zero(), F::Zero()}; }
  CUZK_HD static Xyzz FromAffine(const Affine<F> &p) {
    return p.IsInfinity() ? Infinity() : Xyzz{p.x, p.y, F::One(), F::One()};
  }
  CUZK_HD bool IsInfinity() const { return ZZ.IsZero(); }

  //! dbl-2008-s-1 (a = 0); infinity stays infinity because ZZ3 = V·ZZ1
  CUZK_HD_NOINLINE Xyzz Double() const {
    F U = Y.Double(), V = U.Square(), W = U * V, S = X * V;
    F X2 = X.Square(), M = X2.Double() + X2;
    F X3 = M.Square() - S.Double();
    F Y3 = M * (S - X3) - W * Y;
    return {X3, Y3, V * ZZ, W * ZZZ};
  }

  //! mdbl-2008-s-1: 2·p for an affine p that is not infinity
  CUZK_HD_NOINLINE static Xyzz DoubleAffine(const Affine<F> &p) {
    F U = p.y.Double(), V = U.Square(), W = U * V, S = p.x * V;
    F X2 = p.x.Square(), M = X2.Double() + X2;
    F X3 = M.Square() - S.Double();
    F Y3 = M * (S - X3) - W * p.y;
    return {X3, Y3, V, W};
  }

  //! AddAffine as one out-of-line copy (hd.hpp): for callers where code size matters more than the
  //! call (a G2 addition is ~30 Fp multiplications; an inlined one keeps its point in registers)
  CUZK_HD_NOINLINE void AddAffineCall(const Affine<F> &q) { AddAffine(q); }

  //! madd-2008-s: this += q, with the equal / opposite / infinity cases made explicit
  CUZK_HD void AddAffine(const Affine<F> &q) {
    if (q.IsInfinity()) return;
    if (IsInfinity()) {
      *this = {q.x, q.y, F::One(), F::One()};
      return;
    }
    F U2 = q.x * ZZ, S2 = q.y * ZZZ;
    F P = U2 - X, R = S2 - Y;
    if (P.IsZero()) {
      *this = R.IsZero() ? DoubleAffine(q) : Infinity();
      return;
    }
    F PP = P.Square(), PPP = P * PP, Q = X * PP;
    F X3 = R.Square() - PPP - Q.Double();
    Y = R * (Q - X3) - Y * PPP;
    X = X3;
    ZZ = ZZ * PP;
    ZZZ = ZZZ * PPP;
  }

  //! add-2008-s: this += q
  CUZK_HD_NOINLINE void Add(const Xyzz &q) {
    if (q.IsInfinity()) return;
    if (IsInfinity()) {
      *this = q;
      return;
    }
    F U1 = X * q.ZZ, U2 = q.X * ZZ, S1 = Y * q.ZZZ, S2 = q.Y * ZZZ;
    F P = U2 - U1, R = S2 - S1;
    if (P.IsZero()) {
      *this = R.IsZero() ? Double() : Infinity();
      return;
    }
    F PP = P.Square(), PPP = P * PP, Q = U1 * PP;
    F X3 = R.Square() - PPP - Q.Double();
    Y = R * (Q - X3) - S1 * PPP;
    X = X3;
    ZZ = ZZ * q.ZZ * PP;
    ZZZ = ZZZ * q.ZZZ * PPP;
  }
};

using G1Affine = Affine<Fp>;
using G2Affine = Affine<Fp2>;
using G1Xyzz = Xyzz<Fp>;
using G2Xyzz = Xyzz<Fp2>;

//! Device point type for a host curve: DevicePoint<ec::G1Curve>::Affine is gpu::G1Affine, ...
template <class C> struct DevicePoint;
template <> struct DevicePoint<ec::G1Curve> {
  using Field = Fp;
  using AffineT = G1Affine;
  using XyzzT = G1Xyzz;
};
template <> struct DevicePoint<ec::G2Curve> {
  using Field = Fp2;
  using AffineT = G2Affine;
  using XyzzT = G2Xyzz;
};

//! XYZZ → Jacobian without an inversion: (X·ZZ, Y·ZZZ, ZZ) represents the same point because
//! ZZ³ = ZZZ² (x = X·ZZ/ZZ², y = Y·ZZZ/ZZ³ = Y/ZZZ).
template <class C> ec::Jacobian<C> ToJacobian(const typename DevicePoint<C>::XyzzT &p) {
  using HF = typename C::Field;
  if (p.IsInfinity()) return ec::Jacobian<C>::Infinity();
  HF X = ToHost<HF>(p.X), Y = ToHost<HF>(p.Y), ZZ = ToHost<HF>(p.ZZ), ZZZ = ToHost<HF>(p.ZZZ);
  return {X * ZZ, Y * ZZZ, ZZ};
}

} // namespace cuzk::gpu
