// src/poly/domain.cpp — domain constants, twiddle tables and the per-size cache.
#include "poly/domain.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace cuzk::poly {

namespace {
// Below this many twiddles one thread is faster than waking the pool.
constexpr size_t TWIDDLE_GRAIN = size_t(1) << 12;
} // namespace

Domain::Domain(unsigned log_n) : log_n_(log_n) {
  if (log_n > MAX_LOG_SIZE) throw std::invalid_argument("poly::Domain: size exceeds 2^32 (Fr's two-adicity)");
  omega_ = Fr::RootOfUnity().Pow(uint64_t(1) << (MAX_LOG_SIZE - log_n));
  omega_inv_ = omega_.Inverse();
  size_inv_ = Fr::FromUint(uint64_t(1) << log_n).Inverse();
  coset_gen_ = Fr::Generator();
  coset_gen_inv_ = coset_gen_.Inverse();

  const size_t half = Size() / 2;
  twiddles_.resize(half);
  // Each chunk starts from an exact power and walks by ω, so rounding cannot drift (there is
  // none in a field, but chunks stay independent and parallel).
  tbb::parallel_for(tbb::blocked_range<size_t>(0, half, TWIDDLE_GRAIN), [&](const tbb::blocked_range<size_t> &r) {
    Fr w = omega_.Pow(uint64_t(r.begin()));
    for (size_t i = r.begin(); i < r.end(); i++) {
      twiddles_[i] = w;
      w *= omega_;
    }
  });

  // ω^(−e) = −ω^(n/2−e) because ω^(n/2) = −1
  const unsigned stage_log = std::min(log_n, STAGE_TWIDDLE_LOG);
  stage_twiddles_.assign(size_t(1) << stage_log, Fr::Zero());
  stage_twiddles_inv_.assign(size_t(1) << stage_log, Fr::Zero());
  for (unsigned lm = 0; lm < stage_log; lm++) {
    const size_t m = size_t(1) << lm;
    const unsigned shift = log_n - 1 - lm;
    for (size_t j = 0; j < m; j++) {
      const size_t e = j << shift;
      stage_twiddles_[m + j] = twiddles_[e];
      stage_twiddles_inv_[m + j] = e == 0 ? Fr::One() : -twiddles_[half - e];
    }
  }
}

const Domain &Domain::Get(unsigned log_n) {
  if (log_n > MAX_LOG_SIZE) throw std::invalid_argument("poly::Domain: size exceeds 2^32 (Fr's two-adicity)");
  static std::mutex mutex;
  static std::array<std::unique_ptr<Domain>, MAX_LOG_SIZE + 1> cache;
  std::lock_guard lock(mutex);
  if (!cache[log_n]) cache[log_n] = std::make_unique<Domain>(log_n);
  return *cache[log_n];
}

unsigned Domain::LogSizeFor(size_t m) {
  unsigned k = 0;
  while ((size_t(1) << k) < m) k++;
  return k;
}

const Domain &Domain::ForSize(size_t m) { return Get(LogSizeFor(m)); }

Fr Domain::EvaluateVanishing(const Fr &x) const {
  Fr p = x;
  for (unsigned i = 0; i < log_n_; i++) p = p.Square();
  return p - Fr::One();
}

} // namespace cuzk::poly
