// src/poly/ntt.hpp — number-theoretic transforms over a Domain (CPU, multi-threaded with oneTBB).
//
// Conventions (bellperson's, so the Groth16 H polynomial matches index for index):
//   Ntt:       coefficients a_j      → evaluations  A_i = Σ_j a_j ω^(ij)
//   Intt:      evaluations  A_i      → coefficients a_j = n⁻¹ Σ_i A_i ω^(−ij)
//   CosetNtt:  coefficients a_j      → evaluations on the coset, A_i = Σ_j a_j (g ω^i)^j
//              (multiply a_j by g^j, then Ntt)
//   CosetIntt: coset evaluations     → coefficients (Intt, then multiply a_j by g^−j)
// Every transform works in place on exactly d.Size() elements. The default order is natural
// on both sides; `in`/`out` select bit-reversed order explicitly. The cheapest combinations
// are (kNatural → kBitReversed), a decimation-in-frequency pass, and (kBitReversed → kNatural),
// decimation in time: neither needs a permutation pass. Natural → natural adds one
// bit-reversal pass (BitReverse below). Runs on the calling thread's oneTBB arena, so callers
// limit threads with tbb::task_arena or tbb::global_control.
#pragma once
#include "poly/domain.hpp"

namespace cuzk::poly {

enum class Order { kNatural, kBitReversed };

void Ntt(const Domain &d, std::span<Fr> a, Order in = Order::kNatural, Order out = Order::kNatural);
void Intt(const Domain &d, std::span<Fr> a, Order in = Order::kNatural, Order out = Order::kNatural);
//! `in` is the order of the coefficients (input), `out` of the coset evaluations
void CosetNtt(const Domain &d, std::span<Fr> a, Order in = Order::kNatural, Order out = Order::kNatural);
//! `in` is the order of the coset evaluations, `out` of the coefficients
void CosetIntt(const Domain &d, std::span<Fr> a, Order in = Order::kNatural, Order out = Order::kNatural);

//! Permutes a (size a power of two) so that a'[rev(i)] = a[i]; its own inverse.
void BitReverse(std::span<Fr> a);

//! a[p] ← a[p] · c · g^idx(p), where idx(p) = p in natural order or rev(p) in bit-reversed
//! order: the coset shift (g) and the 1/n scaling (c) in one pass.
void MulByPowers(std::span<Fr> a, const Fr &c, const Fr &g, Order order = Order::kNatural);

} // namespace cuzk::poly
