// src/ec/endomorphism.hpp — the efficient endomorphisms of G1 (φ) and G2 (ψ).
//
// φ(x, y) = (βx, y) with β a primitive cube root of unity in Fp. On G1 it acts as
// multiplication by an eigenvalue λ with λ² + λ + 1 ≡ 0 (mod r); of the two cube roots we pick
// the β for which λ = −x² (x the curve seed), so that φ(P) = [−x²]P on G1 (Scott 2021,
// "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly curves").
//
// ψ = twist⁻¹ ∘ Frobenius ∘ twist on the M-type twist E': y² = x³ + 4ξ. With Fp12 = Fp2[w],
// w⁶ = ξ, the untwist is (x, y) ↦ (x/w², y/w³); raising to p and twisting back gives
//   ψ(x, y) = (x̄ · ξ^{−(p−1)/3}, ȳ · ξ^{−(p−1)/2}),   x̄ = Fp2 conjugate.
// Since p ≡ x (mod r) for BLS12 curves, ψ(P) = [x]P on G2.
//
// Every constant is derived from the field at first use, never pasted.
#pragma once
#include "ec/point.hpp"

namespace cuzk::ec {

//! the primitive cube root of unity β of φ (chosen so that φ = [−x²] on G1)
const Fp &G1Beta();
//! ξ^{−(p−1)/3} and ξ^{−(p−1)/2}: the coefficients of ψ on x and y
const Fp2 &G2PsiCoeffX();
const Fp2 &G2PsiCoeffY();

//! φ(P) = (βX, Y, Z) in Jacobian coordinates (x = X/Z² scales like X)
G1 Phi(const G1 &p);
G1Affine Phi(const G1Affine &p);
//! ψ(P) on Jacobian coordinates: conjugate all three, then scale X and Y (Z̄ is the new Z)
G2 Psi(const G2 &p);
G2Affine Psi(const G2Affine &p);

//! [|x|]P for the seed's absolute value 0xd201000000010000 (63 doublings and 5 additions
//! after the leading bit: the seed has Hamming weight 6)
template <class C> Jacobian<C> MulBySeedAbs(const Jacobian<C> &p) { return p.MulLimbs(ff::Limbs<1>{ff::BLS_X}); }

} // namespace cuzk::ec
