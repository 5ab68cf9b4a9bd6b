// src/hash/poseidon_constants.cpp — generating and caching the Poseidon constants.
#include "hash/poseidon_constants.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <memory>
#include <mutex>
#include <string>

namespace cuzk::hash {

bool IsPoseidonArity(size_t arity) {
  return std::find(POSEIDON_ARITIES.begin(), POSEIDON_ARITIES.end(), arity) != POSEIDON_ARITIES.end();
}

// ---- round numbers ------------------------------------------------------------------------------

namespace {

// Field size n = 255 bits, security level M = 128 bits, S-box x^5 (so log_5(2) ≈ 0.43).
// The four bounds on R_F for a given R_P are the statistical, interpolation and two Gröbner-basis
// attacks of the Poseidon paper (eprint 2019/458, §5.5 and its parameter script); neptune's
// round_numbers.rs uses exactly these rounded coefficients, and so must we to land on its numbers.
bool RoundNumbersAreSecure(size_t width, unsigned full, unsigned partial) {
  const double t = double(width), rp = double(partial), n = 255.0, m = 128.0;
  const double rf_stat = m <= (n - 3.0) * (t + 1.0) ? 6.0 : 10.0;
  const double rf_interp = 0.43 * m + std::log2(t) - rp;
  const double rf_grobner_1 = 0.21 * n - rp;
  const double rf_grobner_2 = (0.14 * n - 1.0 - rp) / (t - 1.0);
  const double rf_max =
      std::max({std::ceil(rf_stat), std::ceil(rf_interp), std::ceil(rf_grobner_1), std::ceil(rf_grobner_2)});
  return double(full) >= rf_max;
}

} // namespace

PoseidonRoundNumbers StandardRoundNumbers(size_t width) {
  assert(width >= 2);
  PoseidonRoundNumbers best{0, 0};
  size_t best_cost = SIZE_MAX;
  for (unsigned rp = 1; rp <= 500; rp++) {
    for (unsigned rf = 4; rf <= 100; rf += 2) { // R_F must split into two equal halves
      if (!RoundNumbersAreSecure(width, rf, rp)) continue;
      const size_t cost = width * rf + rp;
      if (cost < best_cost || (cost == best_cost && rf < best.full)) {
        best = {rf, rp};
        best_cost = cost;
      }
    }
  }
  // neptune's security margin for Strength::Standard: two more full rounds, 7.5% more partial
  // rounds rounded up (computed in integers: ceil(1.075·R_P) = ceil(43·R_P / 40)).
  return {best.full + 2, (best.partial * 43 + 39) / 40};
}

// ---- Grain LFSR ---------------------------------------------------------------------------------

namespace {

// The 80-bit Grain LFSR of the Poseidon paper (Appendix F), kept as a ring of bits. Bit 0 is the
// oldest; each step computes s62 ⊕ s51 ⊕ s38 ⊕ s23 ⊕ s13 ⊕ s0, drops s0 and appends the result.
class GrainLfsr {
public:
  GrainLfsr(size_t width, unsigned full, unsigned partial) {
    size_t k = 0;
    auto put = [&](unsigned bits, uint64_t value) { // most significant bit first
      for (unsigned i = bits; i-- > 0;) s_[k++] = uint8_t((value >> i) & 1);
    };
    put(2, 1);             // field: prime field
    put(4, 1);             // S-box: neptune's code for x^5 (the paper's script uses 0)
    put(12, Fr::NUM_BITS); // field size in bits, 255
    put(12, width);
    put(10, full);
    put(10, partial);
    put(30, (uint64_t(1) << 30) - 1);
    assert(k == 80);
    for (int i = 0; i < 160; i++) Step(); // warm-up outputs are discarded
  }

  //! self-shrinking output: draw pairs (b1, b2) and emit b2 when b1 = 1
  bool NextBit() {
    for (;;) {
      const bool b1 = Step();
      const bool b2 = Step();
      if (b1) return b2;
    }
  }

private:
  bool At(size_t i) const { return s_[(head_ + i) % 80]; }
  bool Step() {
    const uint8_t b = At(62) ^ At(51) ^ At(38) ^ At(23) ^ At(13) ^ At(0);
    s_[head_] = b; // the slot of the dropped oldest bit becomes the newest
    head_ = (head_ + 1) % 80;
    return b;
  }
  std::array<uint8_t, 80> s_{};
  size_t head_ = 0;
};

} // namespace

std::vector<Fr> GrainRoundConstants(size_t width, unsigned full, unsigned partial) {
  GrainLfsr lfsr(width, full, partial);
  const size_t count = size_t(full + partial) * width;
  std::vector<Fr> out;
  out.reserve(count);
  while (out.size() < count) {
    // a candidate is 255 output bits read as a big-endian integer
    ff::Limbs<4> v{};
    for (size_t k = 0; k < Fr::NUM_BITS; k++) {
      if (lfsr.NextBit()) {
        const size_t bit = Fr::NUM_BITS - 1 - k;
        v[bit / 64] |= uint64_t(1) << (bit % 64);
      }
    }
    if (auto f = Fr::FromCanonicalChecked(v)) out.push_back(*f);
  }
  return out;
}

// ---- MDS and the optimised form -----------------------------------------------------------------

FrMatrix CauchyMds(size_t width) {
  FrMatrix m(width);
  for (size_t i = 0; i < width; i++)
    for (size_t j = 0; j < width; j++) m.At(i, j) = Fr::FromUint(i + j + width).Inverse();
  return m;
}

namespace {

std::vector<Fr> RoundKeys(const PoseidonConstants &c, size_t round) {
  const auto first = c.round_constants.begin() + std::ptrdiff_t(round * c.width);
  return {first, first + std::ptrdiff_t(c.width)};
}

// Compressed constants (§2.6): moving each round's constants through the linear layer lets the
// partial rounds add a single constant (to element 0) instead of t.
std::vector<Fr> CompressRoundConstants(const PoseidonConstants &c) {
  const size_t t = c.width, hf = POSEIDON_HALF_FULL_ROUNDS, rp = c.partial_rounds;
  std::vector<Fr> out = RoundKeys(c, 0);
  auto append = [&](const std::vector<Fr> &v) { out.insert(out.end(), v.begin(), v.end()); };
  for (size_t i = 1; i < hf; i++) append(LeftApply(c.mds_inverse, RoundKeys(c, i)));
  // Walk the partial rounds backwards, pushing all but element 0 of each round's key through
  // M^-1 into the previous round; element 0 stays behind as that round's scalar constant.
  std::vector<Fr> acc = RoundKeys(c, hf + rp);
  std::vector<Fr> partial_keys;
  for (size_t r = hf + rp; r-- > hf;) {
    std::vector<Fr> v = LeftApply(c.mds_inverse, acc);
    partial_keys.push_back(v[0]);
    v[0] = Fr::Zero();
    acc = RoundKeys(c, r);
    for (size_t j = 0; j < t; j++) acc[j] += v[j];
  }
  append(LeftApply(c.mds_inverse, acc));
  out.insert(out.end(), partial_keys.rbegin(), partial_keys.rend());
  for (size_t i = hf + rp + 1; i < size_t(c.full_rounds + rp); i++) append(LeftApply(c.mds_inverse, RoundKeys(c, i)));
  assert(out.size() == c.full_rounds * t + rp);
  return out;
}

// Factor M^(R_P) into the pre-sparse matrix P and R_P sparse matrices (§2.6): each step splits
// the current matrix m into a sparse m'' and a matrix m' = diag(1, m̂) that is absorbed into the
// next step (m ← M·m'), so that P·S_0·…·S_{R_P−1} equals the product of R_P copies of M.
void FactorSparse(PoseidonConstants &c) {
  const size_t t = c.width;
  const FrMatrix base = Transpose(c.mds);
  FrMatrix cur = base;
  std::vector<PoseidonSparseMatrix> recorded;
  for (unsigned k = 0; k < c.partial_rounds; k++) {
    FrMatrix m_hat(t - 1);
    for (size_t i = 1; i < t; i++)
      for (size_t j = 1; j < t; j++) m_hat.At(i - 1, j - 1) = cur.At(i, j);
    std::vector<Fr> w(t - 1);
    for (size_t i = 1; i < t; i++) w[i - 1] = cur.At(i, 0);
    auto m_hat_inv = Inverse(m_hat);
    assert(m_hat_inv.has_value()); // minors of a Cauchy matrix are Cauchy, hence invertible
    const std::vector<Fr> w_hat = LeftApply(*m_hat_inv, w);

    PoseidonSparseMatrix s;
    s.w_hat.push_back(cur.At(0, 0));
    s.w_hat.insert(s.w_hat.end(), w_hat.begin(), w_hat.end());
    for (size_t j = 1; j < t; j++) s.v_rest.push_back(cur.At(0, j));
    recorded.push_back(std::move(s));

    FrMatrix m_prime = FrMatrix::Identity(t);
    for (size_t i = 1; i < t; i++)
      for (size_t j = 1; j < t; j++) m_prime.At(i, j) = m_hat.At(i - 1, j - 1);
    cur = Mul(base, m_prime);
  }
  c.pre_sparse = cur;
  c.sparse.assign(recorded.rbegin(), recorded.rend());
}

} // namespace

PoseidonConstants GeneratePoseidonConstants(size_t arity) {
  assert(arity >= 1);
  PoseidonConstants c;
  c.arity = arity;
  c.width = arity + 1;
  const PoseidonRoundNumbers rn = StandardRoundNumbers(c.width);
  c.full_rounds = rn.full;
  c.partial_rounds = rn.partial;
  c.round_constants = GrainRoundConstants(c.width, rn.full, rn.partial);
  c.mds = CauchyMds(c.width);
  auto inv = Inverse(c.mds);
  assert(inv.has_value()); // Cauchy matrices with distinct x_i, y_j are invertible
  c.mds_inverse = std::move(*inv);
  c.compressed_round_constants = CompressRoundConstants(c);
  FactorSparse(c);
  return c;
}

Expected<const PoseidonConstants *> GetPoseidonConstants(size_t arity) {
  const auto it = std::find(POSEIDON_ARITIES.begin(), POSEIDON_ARITIES.end(), arity);
  if (it == POSEIDON_ARITIES.end())
    return MakeError(ErrorCode::kBadArity, "Poseidon: no Filecoin constants for arity " + std::to_string(arity) +
                                               " (supported: 2, 4, 8, 11, 16, 24, 36)");
  const size_t idx = size_t(it - POSEIDON_ARITIES.begin());
  // Each arity is generated once, on first use; call_once makes concurrent first uses wait.
  static std::array<std::once_flag, POSEIDON_ARITIES.size()> once;
  static std::array<std::unique_ptr<const PoseidonConstants>, POSEIDON_ARITIES.size()> cache;
  std::call_once(once[idx],
                 [&] { cache[idx] = std::make_unique<const PoseidonConstants>(GeneratePoseidonConstants(arity)); });
  return cache[idx].get();
}

} // namespace cuzk::hash
