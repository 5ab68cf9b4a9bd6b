// src/poly/domain.hpp — radix-2 evaluation domains over Fr (the NTT's roots and twiddles).
//
// The domain of size n = 2^k (k ≤ 32, Fr's two-adicity) is {ω^i}, ω = Fr::RootOfUnity()^(2^(32−k)),
// the same ω bellperson/ec-gpu derive, so evaluations agree index for index. Cosets use
// g = Fr::Generator() = 7 (bellperson's multiplicative generator): the coset is {g·ω^i}.
#pragma once
#include "ff/bls12_381.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace cuzk::poly {

using ff::Fr;

class Domain {
public:
  static constexpr unsigned MAX_LOG_SIZE = Fr::TWO_ADICITY;

  //! Builds the domain of size 2^log_n and its twiddle table (n/2 elements, 16 bytes per point).
  //! Prefer Get(): it builds each size once per process.
  explicit Domain(unsigned log_n);

  //! The process-wide domain of size 2^log_n, built on first use (thread-safe) and never freed.
  static const Domain &Get(unsigned log_n);
  //! The smallest cached domain with at least m points (bellperson pads a, b, c to this size).
  static const Domain &ForSize(size_t m);
  //! k with 2^k ≥ m, the smallest such; m ≤ 2^32.
  static unsigned LogSizeFor(size_t m);

  size_t Size() const { return size_t(1) << log_n_; }
  unsigned LogSize() const { return log_n_; }
  const Fr &Omega() const { return omega_; }
  const Fr &OmegaInv() const { return omega_inv_; }
  const Fr &SizeInv() const { return size_inv_; }
  //! g = 7 and g⁻¹: the coset shift bellperson uses for the H polynomial
  const Fr &CosetGenerator() const { return coset_gen_; }
  const Fr &CosetGeneratorInv() const { return coset_gen_inv_; }
  //! ω^i for i in [0, n/2), natural order. A stage of half-size m uses every (n/2m)-th entry;
  //! inverse transforms use ω^−j = −ω^(n/2−j) from the same table, so one table serves both.
  std::span<const Fr> Twiddles() const { return twiddles_; }
  //! Compact per-stage tables for the cache-blocked stages of the NTT (half-size m = 2^lm with
  //! lm < min(k, STAGE_TWIDDLE_LOG)): entry m + j is ω^(j·n/2m), or ω^(−j·n/2m) for `inverse`.
  //! Read from Twiddles() the stage's twiddles are n/2m entries apart, a power-of-two stride
  //! that maps them all onto a few cache sets; here each stage's twiddles are contiguous.
  static constexpr unsigned STAGE_TWIDDLE_LOG = 14;
  std::span<const Fr> StageTwiddles(bool inverse) const { return inverse ? stage_twiddles_inv_ : stage_twiddles_; }

  //! Z(x) = x^n − 1, the vanishing polynomial of the domain
  Fr EvaluateVanishing(const Fr &x) const;

private:
  unsigned log_n_;
  Fr omega_, omega_inv_, size_inv_, coset_gen_, coset_gen_inv_;
  std::vector<Fr> twiddles_;
  std::vector<Fr> stage_twiddles_, stage_twiddles_inv_;
};

} // namespace cuzk::poly
