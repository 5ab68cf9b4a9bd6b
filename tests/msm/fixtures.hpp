// tests/msm/fixtures.hpp — bases with known discrete logarithms, and the MSM oracles.
//
// Bases P_i = a_i·G with a_i = a_0 + i·s (random a_0, s) cost one addition each (P_(i+1) =
// P_i + s·G) instead of a scalar multiplication, and Σ k_i·P_i = (Σ k_i·a_i)·G: a check that
// shares nothing with Pippenger and costs one scalar multiplication whatever n is. Edge-case
// edits (infinity, repeated or negated bases) update the logarithms accordingly.
#pragma once
#include "ec/ec.hpp"

#include <random>
#include <span>
#include <vector>

namespace cuzk::msm::testing {

using ff::Fr;

template <class C> struct Bases {
  std::vector<ec::Affine<C>> points;
  std::vector<Fr> logs; //!< points[i] = logs[i]·G (0 for infinity)
};

template <class C> Bases<C> MakeBases(size_t n, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  Bases<C> b;
  const Fr a0 = Fr::Random(rng), step = Fr::Random(rng);
  const J step_point = J::Generator() * step;
  std::vector<J> jac(n);
  J p = J::Generator() * a0;
  Fr a = a0;
  for (size_t i = 0; i < n; i++) {
    jac[i] = p;
    b.logs.push_back(a);
    p += step_point;
    a += step;
  }
  b.points = ec::BatchToAffine<C>(jac);
  return b;
}

//! Sprinkles edge cases into the bases: infinity, a repeat of an earlier base, the negative of
//! an earlier base (so P and −P can meet in one bucket).
template <class C> void AddEdgeBases(Bases<C> &b, std::mt19937_64 &rng) {
  const size_t n = b.points.size();
  if (n < 2) return;
  for (size_t i = 1; i < n; i++) {
    const size_t j = rng() % i;
    switch (rng() % 8) {
    case 0:
      b.points[i] = ec::Affine<C>::Infinity();
      b.logs[i] = Fr::Zero();
      break;
    case 1:
      b.points[i] = b.points[j];
      b.logs[i] = b.logs[j];
      break;
    case 2:
      b.points[i] = -b.points[j];
      b.logs[i] = -b.logs[j];
      break;
    default:
      break;
    }
  }
}

enum class ScalarKind { kRandom, kZero, kOne, kMinusOne, kMixed };

//! Mixed: mostly 0 and 1 like a Filecoin witness, with r − 1, 2, small and random values.
inline std::vector<Fr> MakeScalars(size_t n, ScalarKind kind, std::mt19937_64 &rng) {
  std::vector<Fr> k(n);
  for (auto &v : k) {
    switch (kind) {
    case ScalarKind::kRandom:
      v = Fr::Random(rng);
      break;
    case ScalarKind::kZero:
      v = Fr::Zero();
      break;
    case ScalarKind::kOne:
      v = Fr::One();
      break;
    case ScalarKind::kMinusOne:
      v = -Fr::One();
      break;
    case ScalarKind::kMixed: {
      const unsigned t = unsigned(rng() % 16);
      v = t < 6     ? Fr::Zero()
          : t < 12  ? Fr::One()
          : t == 12 ? -Fr::One()
          : t == 13 ? Fr::FromUint(rng() % 64)
                    : Fr::Random(rng);
      break;
    }
    }
  }
  return k;
}

//! (Σ k_i·log_i)·G
template <class C> ec::Jacobian<C> ByLogs(const Bases<C> &b, std::span<const Fr> k) {
  Fr acc = Fr::Zero();
  for (size_t i = 0; i < k.size(); i++) acc += k[i] * b.logs[i];
  return ec::Jacobian<C>::Generator() * acc;
}

//! Σ k_i·P_i by double-and-add per term
template <class C> ec::Jacobian<C> Naive(std::span<const ec::Affine<C>> p, std::span<const Fr> k) {
  ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
  for (size_t i = 0; i < k.size(); i++) acc += ec::Jacobian<C>::FromAffine(p[i]) * k[i];
  return acc;
}

} // namespace cuzk::msm::testing
