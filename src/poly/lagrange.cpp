// src/poly/lagrange.cpp — L_i(τ) for a whole domain with one batched inversion per chunk.
#include "poly/lagrange.hpp"

#include "ff/batch_inverse.hpp"

#include <tbb/parallel_for.h>

namespace cuzk::poly {

namespace {
// Each chunk pays one field inversion (Montgomery's trick); 2^12 keeps that under 1%.
constexpr size_t CHUNK = size_t(1) << 12;

//! ω^i from the half table: ω^(i + n/2) = −ω^i
Fr OmegaPower(const Domain &d, size_t i) {
  const size_t half = d.Size() / 2;
  if (half == 0) return Fr::One();
  return i < half ? d.Twiddles()[i] : -d.Twiddles()[i - half];
}
} // namespace

std::vector<Fr> EvaluateLagrangeCoefficients(const Domain &d, const Fr &tau) {
  const size_t n = d.Size();
  std::vector<Fr> out(n, Fr::Zero());
  const Fr z = d.EvaluateVanishing(tau);
  if (z.IsZero()) {
    // τ = ω^j: the basis is the indicator of j.
    for (size_t i = 0; i < n; i++) {
      if (OmegaPower(d, i) == tau) out[i] = Fr::One();
    }
    return out;
  }
  const Fr z_over_n = z * d.SizeInv();
  tbb::parallel_for(tbb::blocked_range<size_t>(0, n, CHUNK), [&](const tbb::blocked_range<size_t> &r) {
    std::span<Fr> den(out.data() + r.begin(), r.size());
    std::vector<Fr> scratch(ff::BatchInverseScratchSize(r.size()));
    for (size_t i = r.begin(); i < r.end(); i++) out[i] = tau - OmegaPower(d, i);
    ff::BatchInverse<Fr>(den, scratch); // τ ∉ domain, so no denominator is zero
    for (size_t i = r.begin(); i < r.end(); i++) out[i] *= z_over_n * OmegaPower(d, i);
  });
  return out;
}

} // namespace cuzk::poly
