// apps/cuzk-bench/checks_poly.cpp — known answers of src/poly: the NTT equals the naive DFT on a
// small domain, and NTT∘INTT and the coset pair are the identity.
#include "selftest.hpp"

#include "poly/ntt.hpp"

#include <random>

namespace cuzk::bench {

using ff::Fr;

namespace {

std::vector<Fr> RandomVector(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto &x : v) x = Fr::Random(rng);
  return v;
}

CheckResult NaiveDft() {
  const auto &d = poly::Domain::Get(4);
  const auto a = RandomVector(d.Size(), 3);
  auto fast = a;
  poly::Ntt(d, fast);
  for (size_t i = 0; i < d.Size(); i++) {
    // A_i = Σ_j a_j ω^(ij), ω a primitive n-th root: ω^n = 1, ω^(n/2) = −1
    const Fr wi = d.Omega().Pow(uint64_t(i));
    Fr acc = Fr::Zero(), pow = Fr::One();
    for (size_t j = 0; j < d.Size(); j++, pow *= wi) acc += a[j] * pow;
    if (acc != fast[i]) return {false, "NTT of size 16 differs from the naive DFT at index " + std::to_string(i)};
  }
  return Expect(d.Omega().Pow(uint64_t(8)) == -Fr::One(), "ω of the size-16 domain is not primitive");
}

CheckResult RoundTrips() {
  for (unsigned k : {1u, 5u, 12u}) {
    const auto &d = poly::Domain::Get(k);
    const auto a = RandomVector(d.Size(), k);
    auto b = a;
    poly::Ntt(d, b);
    poly::Intt(d, b);
    if (b != a) return {false, "INTT(NTT(a)) ≠ a for size 2^" + std::to_string(k)};
    poly::CosetNtt(d, b);
    poly::CosetIntt(d, b);
    if (b != a) return {false, "coset INTT(NTT(a)) ≠ a for size 2^" + std::to_string(k)};
    poly::Ntt(d, b, poly::Order::kNatural, poly::Order::kBitReversed);
    poly::Intt(d, b, poly::Order::kBitReversed, poly::Order::kNatural);
    if (b != a) return {false, "bit-reversed round trip ≠ a for size 2^" + std::to_string(k)};
  }
  return {};
}

} // namespace

std::vector<Check> PolyChecks() {
  return {
      {"poly", "NTT 2^4 equals the naive DFT", NaiveDft},
      {"poly", "NTT/INTT, coset and bit-reversed round trips (2^1, 2^5, 2^12)", RoundTrips},
  };
}

} // namespace cuzk::bench
