// tests/gpu/reference.hpp — independent host references for the GPU tests: a textbook
// iterative NTT over ff::Fr (bellperson's conventions), Horner evaluation, and the Groth16 H
// built from them. Deliberately plain: nothing shared with the device code paths.
#pragma once
#include "ff/bls12_381.hpp"
#include "gpu/ntt_kernels.cuh"

#include <vector>

namespace cuzk::gpu::test {

using ff::Fr;

inline void BitReversePermute(std::vector<Fr> &a) {
  const size_t n = a.size();
  for (size_t i = 1, j = 0; i < n; i++) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
}

//! A_i = Σ_j a_j w^(ij), w of order a.size()
inline void NttWithRoot(std::vector<Fr> &a, const Fr &w) {
  const size_t n = a.size();
  BitReversePermute(a);
  for (size_t len = 2; len <= n; len <<= 1) {
    Fr wl = w;
    for (size_t k = n / len; k > 1; k >>= 1) wl = wl.Square(); // w^(n/len)
    for (size_t i = 0; i < n; i += len) {
      Fr t = Fr::One();
      for (size_t j = 0; j < len / 2; j++) {
        Fr u = a[i + j], v = a[i + j + len / 2] * t;
        a[i + j] = u + v;
        a[i + j + len / 2] = u - v;
        t = t * wl;
      }
    }
  }
}

inline unsigned Log2(size_t n) {
  unsigned k = 0;
  while ((size_t(1) << k) < n) k++;
  return k;
}

inline void RefForward(std::vector<Fr> &a) { NttWithRoot(a, DomainRoot(Log2(a.size()))); }
inline void RefInverse(std::vector<Fr> &a) {
  NttWithRoot(a, DomainRoot(Log2(a.size())).Inverse());
  const Fr n_inv = Fr::FromUint(a.size()).Inverse();
  for (auto &x : a) x = x * n_inv;
}
inline void RefCosetForward(std::vector<Fr> &a) {
  Fr g = CosetGenerator(), p = Fr::One();
  for (auto &x : a) {
    x = x * p;
    p = p * g;
  }
  RefForward(a);
}
inline void RefCosetInverse(std::vector<Fr> &a) {
  RefInverse(a);
  Fr gi = CosetGenerator().Inverse(), p = Fr::One();
  for (auto &x : a) {
    x = x * p;
    p = p * gi;
  }
}
//! bellperson's H: iNTT, coset NTT, (a·b − c)/(g^n − 1), coset iNTT
inline std::vector<Fr> RefH(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) {
  for (auto *v : {&a, &b, &c}) {
    RefInverse(*v);
    RefCosetForward(*v);
  }
  const Fr z_inv = (CosetGenerator().Pow(uint64_t(a.size())) - Fr::One()).Inverse();
  for (size_t i = 0; i < a.size(); i++) a[i] = (a[i] * b[i] - c[i]) * z_inv;
  RefCosetInverse(a);
  return a;
}

//! Σ a_j x^j
inline Fr Horner(const std::vector<Fr> &a, const Fr &x) {
  Fr acc = Fr::Zero();
  for (size_t j = a.size(); j-- > 0;) acc = acc * x + a[j];
  return acc;
}

template <class Rng> std::vector<Fr> RandomVector(size_t n, Rng &rng) {
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

} // namespace cuzk::gpu::test
