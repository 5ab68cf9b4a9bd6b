// src/ec/pairing_miller.cpp — the Miller loop of the optimal ate pairing on BLS12-381.
//
// The running G2 point T lives on the twist E': y² = x³ + b' (b' = 4ξ, ξ = 1 + u) in homogeneous
// projective coordinates (x = X/Z, y = Y/Z), so no step inverts. The untwisting map sends
// (x, y) ∈ E' to (x/w², y/w³) ∈ E(Fp12); the line through T (tangent or chord with slope λ on E')
// evaluated at P = (xP, yP) is yP − y/w³ − (λ/w)(xP − x/w²). Multiplied by w³ and cleared of
// denominators (factors in Fp2 and w³, which the final exponentiation sends to 1) it becomes
// c0 + cx·xP·w² + cy·yP·w³ with w² = v and w³ = v·w: the 0, 1, 4 sparse shape.
//
// Formulas follow Costello–Lange–Naehrig 2010 ("Faster pairing computations on curves with
// high-degree twists", §5), re-derived here with the curve equation X³ = Y²Z − b'Z³ and scaled by
// 4 so that no halving is needed.
#include "ec/pairing.hpp"

#include <algorithm>
#include <cassert>

namespace cuzk::ec {

using ff::Fp12;
using ff::Fp2;

namespace {

struct TwistPoint {
  Fp2 X, Y, Z;
};

//! 3b' = 12ξ: a multiplication by ξ (two additions) and by 12 (four additions)
Fp2 MulByThreeB(const Fp2 &a) {
  Fp2 t = a.MulByNonResidue();
  Fp2 t4 = t.Double().Double();
  return t4.Double() + t4;
}

//! T ← 2T; returns the tangent line at T (scaled by 2YZ)
[[gnu::noinline]] LineCoeffs DoublingStep(TwistPoint &t) {
  Fp2 yy = t.Y.Square(), zz = t.Z.Square(), xx = t.X.Square();
  Fp2 bzz3 = MulByThreeB(zz);               // 3b'Z²
  Fp2 bzz9 = bzz3.Double() + bzz3;          // 9b'Z²
  Fp2 yz2 = (t.Y + t.Z).Square() - yy - zz; // 2YZ
  LineCoeffs line;
  // (λx − y)·2YZ = (3X³ − 2Y²Z)/Z = Y² − 3b'Z² on the curve
  line.c0 = yy - bzz3;
  line.cx = -(xx.Double() + xx); // −λ·2YZ = −3X²
  line.cy = yz2;
  // x(2T) = X(Y² − 9b'Z²)/(4Y²Z), y(2T) = ((Y² + 9b'Z²)² − 108b'²Z⁴)/(8Y³Z),
  // all over Z' = 8Y³Z
  Fp2 s = yy + bzz9;
  Fp2 b2z4 = bzz3.Square();
  Fp2 b2z4_12 = (b2z4.Double() + b2z4).Double().Double();
  t.X = (t.X * t.Y * (yy - bzz9)).Double();
  t.Y = s.Square() - b2z4_12;
  t.Z = (yy * yz2).Double().Double();
  return line;
}

//! T ← T + Q for affine Q ≠ ±T; returns the chord through T and Q (scaled by X − x_Q·Z)
[[gnu::noinline]] LineCoeffs AdditionStep(TwistPoint &t, const G2Affine &q) {
  Fp2 theta = t.Y - q.y * t.Z; // λ = θ/μ
  Fp2 mu = t.X - q.x * t.Z;
  Fp2 mu2 = mu.Square(), mu3 = mu * mu2;
  Fp2 f = t.Z * theta.Square(), g = t.X * mu2;
  Fp2 h = mu3 + f - g.Double();
  LineCoeffs line;
  line.c0 = theta * q.x - mu * q.y; // (λ·x_Q − y_Q)·μ
  line.cx = -theta;
  line.cy = mu;
  t.X = mu * h;
  t.Y = theta * (g - h) - t.Y * mu3;
  t.Z = t.Z * mu3;
  return line;
}

// The steps and Fp12 operations stay out of line (see pairing_final_exp.cpp: inlining the whole
// tower into one loop makes GCC spill far more than the calls cost).
[[gnu::noinline]] Fp12 MulByLine(const Fp12 &f, const LineCoeffs &l, const G1Affine &p) {
  return f.MulBy014(l.c0, l.cx * p.x, l.cy * p.y);
}
[[gnu::noinline]] Fp12 Square(const Fp12 &f) { return f.Square(); }

//! The loop shared by the prepared and the direct form. line(f, k, j, is_addition) returns f times
//! the j-th line of pair k (j counts doublings and additions together, in loop order).
template <class LineSource> Fp12 Drive(size_t n, LineSource &&line) {
  Fp12 f = Fp12::One();
  size_t j = 0;
  for (size_t bit = MILLER_DOUBLINGS; bit-- > 0;) {
    if (j > 0) f = Square(f); // f is still 1 before the first line
    for (size_t k = 0; k < n; k++) f = line(f, k, j, false);
    j++;
    if ((ff::BLS_X >> bit) & 1) {
      for (size_t k = 0; k < n; k++) f = line(f, k, j, true);
      j++;
    }
  }
  assert(j == MILLER_LINES);
  // f_{−|x|,Q} equals 1/f_{|x|,Q} up to a vertical line; after the easy part of the final
  // exponentiation the inverse is the conjugate
  return ff::BLS_X_IS_NEGATIVE ? f.Conjugate() : f;
}

//! pairs the direct loop runs side by side; larger inputs are split into batches of this size
constexpr size_t LOCKSTEP = 8;

} // namespace

G2Prepared G2Prepared::From(const G2Affine &q) {
  G2Prepared out;
  out.infinity = q.IsInfinity();
  if (out.infinity) return out;
  TwistPoint t{q.x, q.y, Fp2::One()};
  size_t j = 0;
  for (size_t bit = MILLER_DOUBLINGS; bit-- > 0;) {
    out.lines[j++] = DoublingStep(t);
    if ((ff::BLS_X >> bit) & 1) out.lines[j++] = AdditionStep(t, q);
  }
  return out;
}

Fp12 MillerLoop(std::span<const G1Affine> g1, std::span<const G2Prepared> g2) {
  assert(g1.size() == g2.size());
  g1 = g1.first(std::min(g1.size(), g2.size())); // a caller's mismatch must not read past g2
  Fp12 acc = Fp12::One();
  // gather the live pairs in batches so that no allocation depends on the input size
  std::array<const G1Affine *, LOCKSTEP> ps;
  std::array<const G2Prepared *, LOCKSTEP> qs;
  size_t i = 0;
  bool any = false;
  while (i < g1.size()) {
    size_t n = 0;
    for (; i < g1.size() && n < LOCKSTEP; i++) {
      if (g1[i].IsInfinity() || g2[i].infinity) continue;
      ps[n] = &g1[i];
      qs[n] = &g2[i];
      n++;
    }
    if (n == 0) continue;
    Fp12 f = Drive(n, [&](const Fp12 &f, size_t k, size_t j, bool) { return MulByLine(f, qs[k]->lines[j], *ps[k]); });
    acc = any ? acc * f : f;
    any = true;
  }
  return acc;
}

Fp12 MillerLoop(std::span<const G1Affine> g1, std::span<const G2Affine> g2) {
  assert(g1.size() == g2.size());
  g1 = g1.first(std::min(g1.size(), g2.size()));
  Fp12 acc = Fp12::One();
  std::array<const G1Affine *, LOCKSTEP> ps;
  std::array<const G2Affine *, LOCKSTEP> qs;
  std::array<TwistPoint, LOCKSTEP> ts;
  size_t i = 0;
  bool any = false;
  while (i < g1.size()) {
    size_t n = 0;
    for (; i < g1.size() && n < LOCKSTEP; i++) {
      if (g1[i].IsInfinity() || g2[i].IsInfinity()) continue;
      ps[n] = &g1[i];
      qs[n] = &g2[i];
      ts[n] = {g2[i].x, g2[i].y, Fp2::One()};
      n++;
    }
    if (n == 0) continue;
    Fp12 f = Drive(n, [&](const Fp12 &f, size_t k, size_t, bool add) {
      LineCoeffs l = add ? AdditionStep(ts[k], *qs[k]) : DoublingStep(ts[k]);
      return MulByLine(f, l, *ps[k]);
    });
    acc = any ? acc * f : f;
    any = true;
  }
  return acc;
}

} // namespace cuzk::ec
