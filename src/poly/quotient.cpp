// src/poly/quotient.cpp — H = (A·B − C)/Z through coset evaluations.
#include "poly/quotient.hpp"

#include "poly/ntt.hpp"

#include <tbb/parallel_for.h>

#include <cassert>

namespace cuzk::poly {

namespace {
constexpr size_t ELEMENT_GRAIN = size_t(1) << 13;

Fr VanishingOnCosetInverse(const Domain &d) {
  // Z(g·ω^i) = g^n·ω^(in) − 1 = g^n − 1 for every i
  return d.EvaluateVanishing(d.CosetGenerator()).Inverse();
}

//! evaluations (natural) → coset evaluations (natural), through bit-reversed coefficients so
//! that neither transform needs a permutation pass
void ToCoset(const Domain &d, std::span<Fr> x) {
  Intt(d, x, Order::kNatural, Order::kBitReversed);
  CosetNtt(d, x, Order::kBitReversed, Order::kNatural);
}
} // namespace

void DivideByVanishingOnCoset(const Domain &d, std::span<Fr> a) {
  const Fr z_inv = VanishingOnCosetInverse(d);
  tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), ELEMENT_GRAIN), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i < r.end(); i++) a[i] *= z_inv;
  });
}

void ComputeH(const Domain &d, std::span<Fr> a, std::span<Fr> b, std::span<Fr> c) {
  assert(a.size() == d.Size() && b.size() == d.Size() && c.size() == d.Size());
  ToCoset(d, a);
  ToCoset(d, b);
  ToCoset(d, c);
  const Fr z_inv = VanishingOnCosetInverse(d);
  tbb::parallel_for(tbb::blocked_range<size_t>(0, a.size(), ELEMENT_GRAIN), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t i = r.begin(); i < r.end(); i++) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  });
  CosetIntt(d, a);
}

} // namespace cuzk::poly
