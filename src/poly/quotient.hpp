// src/poly/quotient.hpp — the Groth16 quotient polynomial H = (A·B − C)/Z.
//
// Bellperson's order of operations, kept so that the prover's h matches it index for index:
// a, b, c (evaluations of A, B, C on the domain, zero-padded to n) ← iNTT; coset NTT each;
// h = (a·b − c)/Z on the coset, where Z(X) = X^n − 1 is the constant g^n − 1; coset iNTT.
// deg H ≤ n − 2, so the prover uses h's first n − 1 coefficients.
#pragma once
#include "poly/domain.hpp"

namespace cuzk::poly {

//! a[i] ← a[i] / (g^n − 1): division by Z on the coset g·{ω^i}, where Z is that constant
void DivideByVanishingOnCoset(const Domain &d, std::span<Fr> a);

//! In: a, b, c, each d.Size() evaluations on the domain, natural order. Out: a holds the n
//! coefficients of H in natural order (the top one is zero for a satisfied system); b and c
//! are used as scratch and hold coset evaluations afterwards.
void ComputeH(const Domain &d, std::span<Fr> a, std::span<Fr> b, std::span<Fr> c);

} // namespace cuzk::poly
