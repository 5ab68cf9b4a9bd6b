// src/ec/pairing.hpp — the optimal ate pairing e: G1 × G2 → GT ⊂ Fp12* of BLS12-381.
//
// e(P, Q) = f_{x,Q}(P)^((p^12 − 1)/r)·3 for the seed x = −0xd201000000010000: a Miller loop over the
// bits of |x| (conjugated at the end because x < 0) and the final exponentiation with the
// Hayashida–Hayasaka–Teruya 2020 decomposition of 3(p^4 − p^2 + 1)/r. The cube is deliberate:
// @noble/curves, blst, snarkjs and mcl all return this value (spec/oracles.md), so GT elements
// compare exactly with theirs. Every GT equation (bilinearity, products equal to one) is the same
// for any fixed power coprime to r.
//
// Verification against fixed G2 points (a Groth16 vk's γ and δ) precomputes the Miller loop's
// lines once in G2Prepared; the loop then only evaluates them at the G1 points.
#pragma once
#include "ec/point.hpp"
#include "ff/ff.hpp"

#include <array>
#include <bit>
#include <span>

namespace cuzk::ec {

//! One Miller-loop line before evaluation at P = (xP, yP). Its value, scaled by w³ and by a factor
//! in Fp2 (both vanish in the final exponentiation), is c0 + (cx·xP)·v + (cy·yP)·v·w: only the
//! coefficients 0, 1 and 4 of an Fp12 are set (ff::Fp12::MulBy014).
struct LineCoeffs {
  ff::Fp2 c0, cx, cy;
};

//! the loop runs over the bits of |x| below the top one: a doubling line for each, an addition
//! line for each set bit
inline constexpr size_t MILLER_DOUBLINGS = 63 - std::countl_zero(ff::BLS_X);
inline constexpr size_t MILLER_ADDITIONS = std::popcount(ff::BLS_X) - 1;
inline constexpr size_t MILLER_LINES = MILLER_DOUBLINGS + MILLER_ADDITIONS;

//! A G2 point with its Miller-loop lines precomputed, in the order the loop consumes them.
//! About 19 KB; build it once per fixed point (e.g. per verifying key).
struct G2Prepared {
  std::array<LineCoeffs, MILLER_LINES> lines;
  bool infinity = true; //!< infinity contributes the factor 1 and has no lines

  //! runs the G2 side of the Miller loop for q (infinity gives an empty preparation)
  static G2Prepared From(const G2Affine &q);
};

//! Π f_{x,Q_i}(P_i) with one shared accumulator (one Fp12 squaring per bit for all pairs); pairs
//! where either point is infinity are skipped. g1.size() must equal g2.size() (asserted; release
//! builds ignore the extra elements). Points must lie in the order-r subgroups, as the checked
//! decoders of encoding.hpp guarantee; for other points the value means nothing.
ff::Fp12 MillerLoop(std::span<const G1Affine> g1, std::span<const G2Prepared> g2);
//! the same from affine G2 points; no heap allocation (pairs run in fixed-size batches)
ff::Fp12 MillerLoop(std::span<const G1Affine> g1, std::span<const G2Affine> g2);

//! f^(3(p^12 − 1)/r): easy part (p^6 − 1)(p^2 + 1) by conjugation, inversion and Frobenius, hard
//! part by five exponentiations by x with cyclotomic squarings
ff::Fp12 FinalExponentiation(const ff::Fp12 &f);

//! e(P, Q); 1 when either point is infinity
ff::Fp12 Pairing(const G1Affine &p, const G2Affine &q);
//! Π e(P_i, Q_i) with a single final exponentiation
ff::Fp12 MultiPairing(std::span<const G1Affine> g1, std::span<const G2Affine> g2);
ff::Fp12 MultiPairing(std::span<const G1Affine> g1, std::span<const G2Prepared> g2);

//! Π e(P_i, Q_i) == 1, the shape of every Groth16 / BLS signature check
bool PairingProductIsOne(std::span<const G1Affine> g1, std::span<const G2Affine> g2);
bool PairingProductIsOne(std::span<const G1Affine> g1, std::span<const G2Prepared> g2);

} // namespace cuzk::ec
