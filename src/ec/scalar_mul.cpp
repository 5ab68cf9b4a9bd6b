// src/ec/scalar_mul.cpp — GLV on G1 and GLS on G2 (see scalar_mul.hpp).
//
// The decompositions use the seed instead of a lattice reduction: r = x⁴ − x² + 1, so every
// k < r has short digits in base x² (two ~128-bit halves) or base |x| (four 64-bit digits), and
// the endomorphism turns a multiplication by x² or |x| into a few field multiplications.
#include "ec/scalar_mul.hpp"

#include "ec/endomorphism.hpp"

#include <algorithm>

namespace cuzk::ec {

namespace {

constexpr unsigned GLV_WIDTH = 5; // 8 odd multiples: table cost vs ~128/6 additions per chain
constexpr unsigned GLS_WIDTH = 5; // 4 chains of ~64/6 additions each
constexpr size_t TABLE_SIZE = size_t(1) << (GLV_WIDTH - 2);
static_assert(GLV_WIDTH == GLS_WIDTH, "one table size serves both");

//! k = q·d + rem for a 64-bit divisor d (the remainder is exact in the low limb)
template <size_t M> uint64_t DivRem(ff::Limbs<M> &k, uint64_t d) {
  const ff::Limbs<M> q = ff::big::DivSmall(k, d);
  const uint64_t rem = k[0] - q[0] * d;
  k = q;
  return rem;
}

//! Σ_j [scalars_j] base_j where tables[j] holds base_j's odd multiples; one shared doubling chain
template <class C, size_t K, size_t M>
Jacobian<C> Interleave(const std::array<std::array<Jacobian<C>, TABLE_SIZE>, K> &tables,
                       const std::array<ff::Limbs<M>, K> &scalars) {
  std::array<std::array<int8_t, 64 * M + 1>, K> digits;
  std::array<size_t, K> lens;
  size_t len = 0;
  for (size_t j = 0; j < K; j++) {
    lens[j] = WnafDigits(scalars[j], GLV_WIDTH, digits[j].data());
    len = std::max(len, lens[j]);
  }
  Jacobian<C> acc = Jacobian<C>::Infinity();
  for (size_t i = len; i-- > 0;) {
    acc = acc.Double();
    for (size_t j = 0; j < K; j++) {
      if (i < lens[j] && digits[j][i] != 0) AddNafDigit(acc, tables[j].data(), digits[j][i]);
    }
  }
  return acc;
}

} // namespace

GlvSplit SplitGlv(const ff::Limbs<4> &k) {
  // k = (q1·|x| + r1)·|x| + r0 = q1·x² + (r1·|x| + r0), and r1·|x| + r0 ≤ x² − 1 fits 128 bits
  ff::Limbs<4> q = k;
  const uint64_t r0 = DivRem(q, ff::BLS_X);
  const uint64_t r1 = DivRem(q, ff::BLS_X);
  const unsigned __int128 low = (unsigned __int128)r1 * ff::BLS_X + r0;
  return {{uint64_t(low), uint64_t(low >> 64)}, {q[0], q[1]}};
}

std::array<uint64_t, 4> SplitGls(const ff::Limbs<4> &k) {
  ff::Limbs<4> q = k;
  std::array<uint64_t, 4> d;
  for (size_t i = 0; i < 3; i++) d[i] = DivRem(q, ff::BLS_X);
  d[3] = q[0]; // k < r < x⁴, so the last quotient is a single digit
  return d;
}

G1 MulGlv(const G1 &p, const Fr &k) {
  const GlvSplit s = SplitGlv(k.ToCanonical());
  std::array<std::array<G1, TABLE_SIZE>, 2> tables;
  OddMultiples(p, GLV_WIDTH, tables[0].data());
  // [x²]p = −φ(p), and φ commutes with multiples: the second table is −φ of the first
  for (size_t i = 0; i < TABLE_SIZE; i++) tables[1][i] = -Phi(tables[0][i]);
  return Interleave<G1Curve, 2, 2>(tables, {s.k0, s.k1});
}

G2 MulGls(const G2 &p, const Fr &k) {
  const std::array<uint64_t, 4> d = SplitGls(k.ToCanonical());
  std::array<std::array<G2, TABLE_SIZE>, 4> tables;
  OddMultiples(p, GLS_WIDTH, tables[0].data());
  // [|x|]p = −ψ(p): table j holds (−ψ)^j of the first table
  for (size_t j = 1; j < 4; j++) {
    for (size_t i = 0; i < TABLE_SIZE; i++) tables[j][i] = -Psi(tables[j - 1][i]);
  }
  return Interleave<G2Curve, 4, 1>(tables,
                                   {ff::Limbs<1>{d[0]}, ff::Limbs<1>{d[1]}, ff::Limbs<1>{d[2]}, ff::Limbs<1>{d[3]}});
}

} // namespace cuzk::ec
