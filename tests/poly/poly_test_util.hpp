// tests/poly/poly_test_util.hpp — naive references shared by the poly tests.
#pragma once
#include "poly/poly.hpp"

#include <random>
#include <vector>

namespace cuzk::poly::testing {

inline std::vector<Fr> RandomVector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

//! p(x) by Horner, coefficients in natural order
inline Fr EvaluatePoly(const std::vector<Fr> &coeffs, const Fr &x) {
  Fr acc = Fr::Zero();
  for (size_t i = coeffs.size(); i-- > 0;) acc = acc * x + coeffs[i];
  return acc;
}

//! O(n²) evaluation at shift·ω^i: the definition the NTTs must match
inline std::vector<Fr> NaiveDft(const std::vector<Fr> &coeffs, const Fr &omega, const Fr &shift = Fr::One()) {
  std::vector<Fr> out(coeffs.size());
  Fr x = shift;
  for (size_t i = 0; i < coeffs.size(); i++) {
    out[i] = EvaluatePoly(coeffs, x);
    x *= omega;
  }
  return out;
}

inline std::vector<Fr> SchoolbookMul(const std::vector<Fr> &p, const std::vector<Fr> &q) {
  std::vector<Fr> r(p.size() + q.size() - 1, Fr::Zero());
  for (size_t i = 0; i < p.size(); i++) {
    for (size_t j = 0; j < q.size(); j++) r[i + j] += p[i] * q[j];
  }
  return r;
}

inline std::vector<Fr> BitReversed(std::vector<Fr> v) {
  BitReverse(v);
  return v;
}

} // namespace cuzk::poly::testing
