// src/hash/fr_matrix.hpp — small dense square matrices over Fr for deriving the
// Poseidon constants (MDS inverse, sparse factorisation). Sizes are at most 37×37 and the work
// happens once per arity, so clarity wins over speed here.
#pragma once
#include "ff/bls12_381.hpp"

#include <optional>
#include <span>
#include <vector>

namespace cuzk::hash {

using ff::Fr;

struct FrMatrix {
  size_t n = 0;
  std::vector<Fr> a; //!< row-major, n·n entries

  FrMatrix() = default;
  explicit FrMatrix(size_t size) : n(size), a(size * size, Fr::Zero()) {}
  static FrMatrix Identity(size_t size) {
    FrMatrix m(size);
    for (size_t i = 0; i < size; i++) m.At(i, i) = Fr::One();
    return m;
  }
  Fr &At(size_t i, size_t j) { return a[i * n + j]; }
  const Fr &At(size_t i, size_t j) const { return a[i * n + j]; }
  bool operator==(const FrMatrix &o) const { return n == o.n && a == o.a; }
};

inline FrMatrix Transpose(const FrMatrix &m) {
  FrMatrix t(m.n);
  for (size_t i = 0; i < m.n; i++)
    for (size_t j = 0; j < m.n; j++) t.At(j, i) = m.At(i, j);
  return t;
}

inline FrMatrix Mul(const FrMatrix &x, const FrMatrix &y) {
  FrMatrix r(x.n);
  for (size_t i = 0; i < x.n; i++)
    for (size_t k = 0; k < x.n; k++) {
      const Fr xik = x.At(i, k);
      for (size_t j = 0; j < x.n; j++) r.At(i, j) += xik * y.At(k, j);
    }
  return r;
}

//! m·v (v as a column)
inline std::vector<Fr> LeftApply(const FrMatrix &m, std::span<const Fr> v) {
  std::vector<Fr> r(m.n, Fr::Zero());
  for (size_t i = 0; i < m.n; i++)
    for (size_t j = 0; j < m.n; j++) r[i] += m.At(i, j) * v[j];
  return r;
}

//! Gauss–Jordan inverse; nullopt when m is singular.
inline std::optional<FrMatrix> Inverse(FrMatrix m) {
  const size_t n = m.n;
  FrMatrix inv = FrMatrix::Identity(n);
  for (size_t c = 0; c < n; c++) {
    size_t piv = c;
    while (piv < n && m.At(piv, c).IsZero()) piv++;
    if (piv == n) return std::nullopt;
    if (piv != c)
      for (size_t j = 0; j < n; j++) {
        std::swap(m.At(c, j), m.At(piv, j));
        std::swap(inv.At(c, j), inv.At(piv, j));
      }
    const Fr s = m.At(c, c).Inverse();
    for (size_t j = 0; j < n; j++) {
      m.At(c, j) *= s;
      inv.At(c, j) *= s;
    }
    for (size_t r = 0; r < n; r++) {
      if (r == c || m.At(r, c).IsZero()) continue;
      const Fr f = m.At(r, c);
      for (size_t j = 0; j < n; j++) {
        m.At(r, j) -= f * m.At(c, j);
        inv.At(r, j) -= f * inv.At(c, j);
      }
    }
  }
  return inv;
}

} // namespace cuzk::hash
