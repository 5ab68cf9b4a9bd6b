// src/ec/subgroup.hpp — membership in the prime-order subgroups G1 and G2.
//
// Both curves have points outside the order-r subgroup (cofactors h1 ≈ 2^126, h2 ≈ 2^636), so
// bytes from the wire must be checked. The reference test is [r]P = O (a 255-bit scalar
// multiplication). The fast tests use the endomorphisms (Scott 2021, see endomorphism.hpp):
//   G1: P ∈ G1  ⇔  φ(P) = [−x²]P   (two 64-bit multiplications by |x|)
//   G2: P ∈ G2  ⇔  ψ(P) = [x]P     (one 64-bit multiplication by |x|)
// All functions assume P is on the curve (decoders check that first); infinity is a member.
#pragma once
#include "ec/point.hpp"

namespace cuzk::ec {

//! [r]P = O, the definition; slow, for tests and as a cross-check
template <class C> bool IsInSubgroupSlow(const Jacobian<C> &p) { return p.MulLimbs(Fr::MODULUS).IsInfinity(); }
template <class C> bool IsInSubgroupSlow(const Affine<C> &p) { return IsInSubgroupSlow(Jacobian<C>::FromAffine(p)); }

//! endomorphism tests (precondition: p on the curve)
bool IsInSubgroup(const G1 &p);
bool IsInSubgroup(const G2 &p);
inline bool IsInSubgroup(const G1Affine &p) { return IsInSubgroup(G1::FromAffine(p)); }
inline bool IsInSubgroup(const G2Affine &p) { return IsInSubgroup(G2::FromAffine(p)); }

} // namespace cuzk::ec
