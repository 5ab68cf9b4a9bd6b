// tests/gpu/msm_fixtures.hpp — MSM inputs whose answer is known without any MSM.
//
// Bases are an arithmetic progression P_i = (t + i·q)·G (one addition each), so for any scalars
// Σ k_i·P_i = (Σ k_i·(t + i·q))·G: one scalar multiplication checks an MSM of any size. Small
// cases are also checked against the naive Σ k_i·P_i, with infinity points and repeated bases
// mixed in.
#pragma once
#include "ec/point.hpp"

#include <random>
#include <vector>

namespace cuzk::gpu::test {

template <class C> struct MsmCase {
  std::vector<ec::Affine<C>> bases;
  std::vector<ff::Fr> scalars;
  ec::Jacobian<C> expected;
};

//! progression bases; `discrete_logs` receives t + i·q
template <class C, class Rng>
std::vector<ec::Affine<C>> ProgressionBases(size_t n, Rng &rng, std::vector<ff::Fr> &discrete_logs) {
  using J = ec::Jacobian<C>;
  const ff::Fr t = ff::Fr::Random(rng), q = ff::Fr::Random(rng);
  const J g = J::Generator(), step = g * q;
  std::vector<J> pts(n);
  discrete_logs.resize(n);
  J cur = g * t;
  ff::Fr log = t;
  for (size_t i = 0; i < n; i++) {
    pts[i] = cur;
    discrete_logs[i] = log;
    cur += step;
    log += q;
  }
  return ec::BatchToAffine<C>(pts);
}

template <class C> ec::Jacobian<C> ExpectedFromLogs(const std::vector<ff::Fr> &logs, const std::vector<ff::Fr> &k) {
  ff::Fr s = ff::Fr::Zero();
  for (size_t i = 0; i < k.size(); i++) s += logs[i] * k[i];
  return ec::Jacobian<C>::Generator() * s;
}

template <class C> ec::Jacobian<C> Naive(const std::vector<ec::Affine<C>> &bases, const std::vector<ff::Fr> &k) {
  ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
  for (size_t i = 0; i < k.size(); i++) acc += ec::Jacobian<C>::FromAffine(bases[i]) * k[i];
  return acc;
}

enum class ScalarKind { kUniform, kZeroOneMinusOne, kAllEqual, kSmall };

template <class Rng> std::vector<ff::Fr> Scalars(size_t n, ScalarKind kind, Rng &rng) {
  std::vector<ff::Fr> k(n);
  const ff::Fr same = ff::Fr::Random(rng);
  for (size_t i = 0; i < n; i++) {
    switch (kind) {
    case ScalarKind::kUniform:
      k[i] = ff::Fr::Random(rng);
      break;
    case ScalarKind::kZeroOneMinusOne: {
      const uint64_t r = rng() % 4;
      k[i] = r == 0 ? ff::Fr::Zero() : r == 1 ? ff::Fr::One() : r == 2 ? -ff::Fr::One() : ff::Fr::Random(rng);
      break;
    }
    case ScalarKind::kAllEqual:
      k[i] = same;
      break;
    case ScalarKind::kSmall:
      k[i] = ff::Fr::FromUint(rng() % 1000);
      break;
    }
  }
  return k;
}

//! a small case with every edge mixed in: zero, one, −1, r − 1 scalars; infinity bases; a base
//! repeated; the same base with opposite scalars
template <class C, class Rng> MsmCase<C> EdgeCase(size_t n, Rng &rng) {
  std::vector<ff::Fr> logs;
  MsmCase<C> m;
  m.bases = ProgressionBases<C>(n, rng, logs);
  m.scalars = Scalars(n, ScalarKind::kUniform, rng);
  for (size_t i = 0; i < n; i++) {
    switch (i % 9) {
    case 1:
      m.scalars[i] = ff::Fr::Zero();
      break;
    case 2:
      m.scalars[i] = ff::Fr::One();
      break;
    case 3:
      m.scalars[i] = -ff::Fr::One();
      break;
    case 4:
      m.bases[i] = ec::Affine<C>::Infinity();
      break;
    case 5:
      m.bases[i] = m.bases[i - 1];
      break; // repeated base
    case 6:
      m.bases[i] = m.bases[i - 1];
      m.scalars[i] = -m.scalars[i - 1]; // cancels the previous term
      break;
    default:
      break;
    }
  }
  m.expected = Naive<C>(m.bases, m.scalars);
  return m;
}

} // namespace cuzk::gpu::test
