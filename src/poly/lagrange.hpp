// src/poly/lagrange.hpp — the Lagrange basis of a Domain evaluated at one point.
//
// The Groth16 test setup needs, for a secret τ, every L_i(τ) (L_i is 1 at ω^i, 0 at the other
// points of the domain) and Z(τ) = τ^n − 1 (Domain::EvaluateVanishing).
#pragma once
#include "poly/domain.hpp"

namespace cuzk::poly {

//! L_i(τ) for i in [0, n), natural order. O(n): L_i(τ) = Z(τ)·ω^i / (n·(τ − ω^i)), with one
//! batched inversion; when τ is a point of the domain the result is its indicator vector.
std::vector<Fr> EvaluateLagrangeCoefficients(const Domain &d, const Fr &tau);

} // namespace cuzk::poly
