// src/gadgets/poseidon_witness_ifma.cpp — PoseidonWitnessValuesScalar (gadgets/poseidon_witness.cpp)
// eight lanes at a time. Bounds of each reduction follow ff/fr_ifma.hpp: a Redc of n products x·c
// with x < a·r is below (1 + n·a/35)·r.
#include "gadgets/poseidon_witness_ifma.hpp"

#include "ff/fr_ifma.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <optional>
#include <vector>

namespace cuzk::gadgets {

namespace {
std::atomic<bool> vector_path_on{true};
} // namespace

void SetPoseidonVectorPath(bool on) { vector_path_on.store(on, std::memory_order_relaxed); }

bool PoseidonIfmaAvailable() { return vector_path_on.load(std::memory_order_relaxed) && ff::ifma::CpuHasIfma(); }

#if CUZK_HAVE_IFMA_PATH

namespace {

using namespace ff::ifma;
constexpr unsigned HF = hash::POSEIDON_HALF_FULL_ROUNDS;
//! Partial rounds per block of PartialBlock: longer blocks save reductions of elements 1..t−1 and
//! cost products (measured, bench/poseidon_witness_bench.cpp: 3 is best at width 3, 6 at width 9)
constexpr unsigned MAX_PARTIAL_BLOCK = 6;
constexpr unsigned PartialBlockRounds(size_t width) { return width <= 3 ? 3 : MAX_PARTIAL_BLOCK; }

//! hash::PoseidonConstants in the vector code's forms
struct VectorConstants {
  size_t width = 0;
  unsigned partial_rounds = 0;
  std::vector<Fr52> keys;       //!< compressed round constants, value form (added, never multiplied)
  std::vector<Fr52> mds;        //!< multiplier form, row-major
  std::vector<Fr52> pre_sparse; //!< multiplier form, row-major
  std::vector<Fr52> w_hat;      //!< multiplier form, partial_rounds × width
  std::vector<Fr52> v_rest;     //!< multiplier form, partial_rounds × (width − 1)
  unsigned block = 0;           //!< PartialBlockRounds(width)
  //! multiplier form, partial_rounds × (block − 1): for round r, q rounds into its block,
  //! entries q' < q are Σ_{j≥1} w_hat_r[j]·v_rest_{r−q+q'}[j−1] (PartialBlock's β)
  std::vector<Fr52> beta;
};

VectorConstants Convert(const hash::PoseidonConstants &c) {
  VectorConstants v;
  v.width = c.width;
  v.partial_rounds = c.partial_rounds;
  for (const Fr &k : c.compressed_round_constants) v.keys.push_back(ValueForm(k));
  for (const Fr &m : c.mds.a) v.mds.push_back(MultiplierForm(m));
  for (const Fr &m : c.pre_sparse.a) v.pre_sparse.push_back(MultiplierForm(m));
  for (const hash::PoseidonSparseMatrix &s : c.sparse) {
    for (const Fr &w : s.w_hat) v.w_hat.push_back(MultiplierForm(w));
    for (const Fr &r : s.v_rest) v.v_rest.push_back(MultiplierForm(r));
  }
  v.block = PartialBlockRounds(c.width);
  for (unsigned r = 0; r < c.partial_rounds; r++) {
    const unsigned q = r % v.block;
    for (unsigned e = 0; e + 1 < v.block; e++) {
      Fr beta = Fr::Zero();
      if (e < q) {
        const hash::PoseidonSparseMatrix &earlier = c.sparse[r - q + e];
        for (size_t j = 1; j < c.width; j++) beta += c.sparse[r].w_hat[j] * earlier.v_rest[j - 1];
      }
      v.beta.push_back(MultiplierForm(beta));
    }
  }
  return v;
}

//! the lanes' aux regions, and the index of the next value in each
template <bool kAllLanes> struct Writer {
  Fr *dst[LANES];
  size_t lanes;
  size_t at = 0;
  CUZK_IFMA_INLINE void Put(const Fr8 &v) { StoreLanes<kAllLanes>(v, dst, at++, lanes); }
};

//! a reduced sum of n products below (1 + n·a/35)·r, where n·a ≤ 105, made canonical
CUZK_IFMA_INLINE Fr8 Canonical(const Fr8 &x, size_t n_times_a) {
  assert(n_times_a <= 105);
  return CondSub(n_times_a > 35 ? CondSub(x, TWO_MODULUS52) : x, MODULUS52);
}

// The S-box of a full or partial round (poseidon_witness.cpp's SBox): x, l², l⁴, l·l⁴ (+ key).
template <bool kAllLanes> CUZK_IFMA_INLINE Fr8 SBox(Writer<kAllLanes> &w, const Fr8 &x, const Fr52 *key) {
  w.Put(x);
  const Fr8 l2 = SquareMod(x);
  w.Put(l2);
  const Fr8 l4 = SquareMod(l2);
  w.Put(l4);
  Columns a;
  Clear(a);
  MulAcc(a, l4, x);
  Scale16(a);
  Fr8 l5;
  if (key) {
    AddHigh(a, *key); // < (1 + 16/35)·r + r
    l5 = CondSub(CondSub(Redc(a), TWO_MODULUS52), MODULUS52);
  } else {
    l5 = CondSub(Redc(a), MODULUS52);
  }
  w.Put(l5);
  return l5;
}

// new[j] = Σ_i s[i]·m[i][j], for canonical s; canonical out
template <size_t kWidth> CUZK_IFMA_INLINE void MixDense(Fr8 *s, const Fr52 *m, size_t t) {
  if constexpr (kWidth != 0) t = kWidth;
  Fr8 out[kWidth ? kWidth : hash::POSEIDON_MAX_WIDTH];
  for (size_t j = 0; j < t; j++) {
    Columns a;
    Clear(a);
    for (size_t i = 0; i < t; i++) MulAccConst(a, s[i], m[i * t + j]);
    out[j] = Canonical(Redc(a), t);
  }
  for (size_t j = 0; j < t; j++) s[j] = out[j];
}

// A block of partial rounds (PartialBlockRounds, fewer at the end), MixSparse's
//   new_0 = Σ_i w_hat[i]·s[i],  new_j = s[j] + v_rest[j−1]·s[0]
// unrolled so that elements 1..t−1, which no partial round writes, are formed once per block. With
// s^B the state entering the block and y_q the S-box output of its round q, round q's element 1..t−1
// is s^B_j + Σ_{q'<q} v_{q'}[j−1]·y_{q'}, so its new element 0 is one lazy dot product of t − 1 + q + 1
// terms: w_q[0]·y_q + Σ_j w_q[j]·s^B_j + Σ_{q'<q} β_{q,q'}·y_{q'}, with β_{q,q'} = Σ_j w_q[j]·v_{q'}[j−1].
// The block ends by forming s^B_j + Σ_q v_q[j−1]·y_q, s^B_j added as s^B_j·2^260. s[0] canonical and
// s[j] below 2r, in and out: the last sum's Redc is below len·r/35 + 3r, and one subtraction of 2r
// keeps it below 2r. Against MixSparse round by round this saves (t − 1)(1 − 1/len) reductions per
// round for (len − 1)/2 more products.
template <size_t kWidth, bool kAllLanes>
CUZK_IFMA_INLINE void PartialBlock(Writer<kAllLanes> &w, Fr8 *s, const Fr52 *&key, const VectorConstants &vc,
                                   unsigned first, unsigned len) {
  const size_t t = kWidth ? kWidth : vc.width;
  Fr8 y[MAX_PARTIAL_BLOCK];
  for (unsigned q = 0; q < len; q++) {
    const unsigned r = first + q;
    y[q] = SBox(w, s[0], key++);
    const Fr52 *w_hat = vc.w_hat.data() + r * t, *beta = vc.beta.data() + r * (vc.block - 1);
    Columns a;
    Clear(a);
    MulAccConst(a, y[q], w_hat[0]);
    for (size_t j = 1; j < t; j++) MulAccConst(a, s[j], w_hat[j]);
    for (unsigned e = 0; e < q; e++) MulAccConst(a, y[e], beta[e]);
    s[0] = Canonical(Redc(a), 2 * t - 1 + q);
  }
  for (size_t j = 1; j < t; j++) {
    Columns a;
    Clear(a);
    for (unsigned q = 0; q < len; q++) MulAccConst(a, y[q], vc.v_rest[(first + q) * (t - 1) + j - 1]);
    AddHigh(a, s[j]);
    s[j] = CondSub(Redc(a), TWO_MODULUS52);
  }
}

// One pass: lane k hashes jobs[k] for k < lanes (jobs[0] again in spare lanes, not stored).
// first0 is state element 0 after the first round's S-box, the same in every lane (the tag's).
template <size_t kWidth, bool kAllLanes>
CUZK_IFMA_TARGET void HashLanes(const VectorConstants &vc, const Fr52 &first0, const PoseidonWitnessJob *jobs,
                                size_t lanes) {
  const size_t t = kWidth ? kWidth : vc.width;
  assert(t == vc.width && lanes >= 1 && lanes <= LANES);
  Writer<kAllLanes> w{};
  w.lanes = lanes;
  const Fr *preimage[LANES];
  for (size_t k = 0; k < LANES; k++) {
    const PoseidonWitnessJob &job = jobs[k < lanes ? k : 0];
    w.dst[k] = job.aux;
    preimage[k] = job.preimage;
  }
  Fr8 s[kWidth ? kWidth : hash::POSEIDON_MAX_WIDTH];
  s[0] = Broadcast(first0);
  for (size_t i = 1; i < t; i++) {
    const Fr *src[LANES];
    for (size_t k = 0; k < LANES; k++) src[k] = preimage[k] + (i - 1);
    s[i] = LoadLanes(src);
  }
  const Fr52 *k = vc.keys.data();

  // first round: (x + k0)², l⁴, (x + k0)·l⁴ + k1, the input itself not written
  for (size_t i = 1; i < t; i++) {
    const Fr8 x = AddMod(s[i], k[i]);
    const Fr8 l2 = SquareMod(x);
    w.Put(l2);
    const Fr8 l4 = SquareMod(l2);
    w.Put(l4);
    Columns a;
    Clear(a);
    MulAcc(a, x, l4);
    Scale16(a);
    AddHigh(a, k[t + i]);
    s[i] = CondSub(CondSub(Redc(a), TWO_MODULUS52), MODULUS52);
    w.Put(s[i]);
  }
  k += 2 * t;
  MixDense<kWidth>(s, vc.mds.data(), t);
  for (unsigned r = 1; r < HF; r++) {
    for (size_t i = 0; i < t; i++) s[i] = SBox(w, s[i], k + i);
    k += t;
    MixDense<kWidth>(s, r + 1 == HF ? vc.pre_sparse.data() : vc.mds.data(), t);
  }
  for (unsigned r = 0; r < vc.partial_rounds; r += vc.block)
    PartialBlock<kWidth>(w, s, k, vc, r, std::min(vc.block, vc.partial_rounds - r));
  for (size_t j = 1; j < t; j++) s[j] = CondSub(s[j], MODULUS52);
  for (unsigned r = 0; r + 1 < HF; r++) {
    for (size_t i = 0; i < t; i++) s[i] = SBox(w, s[i], k + i);
    k += t;
    MixDense<kWidth>(s, vc.mds.data(), t);
  }
  assert(k == vc.keys.data() + vc.keys.size());
  for (size_t i = 0; i < t; i++) s[i] = SBox(w, s[i], nullptr);
  // the terminal mix: only element 1, the digest
  Columns a;
  Clear(a);
  for (size_t i = 0; i < t; i++) MulAccConst(a, s[i], vc.mds[i * t + 1]);
  w.Put(Canonical(Redc(a), t));
}

template <bool kAllLanes>
void HashLanesOfWidth(const VectorConstants &vc, const Fr52 &first0, const PoseidonWitnessJob *jobs, size_t lanes) {
  switch (vc.width) {
  case 3:
    return HashLanes<3, kAllLanes>(vc, first0, jobs, lanes);
  case 9:
    return HashLanes<9, kAllLanes>(vc, first0, jobs, lanes);
  default:
    return HashLanes<0, kAllLanes>(vc, first0, jobs, lanes);
  }
}

} // namespace

void PoseidonWitnessValuesIfma(const hash::PoseidonConstants &c, const Fr &tag,
                               std::span<const PoseidonWitnessJob> jobs) {
  if (jobs.empty()) return;
  assert(ff::ifma::CpuHasIfma());
  std::optional<VectorConstants> local;
  const VectorConstants &vc = hash::DerivedOncePerArity(c, local, Convert);
  // element 0 starts as the tag in every lane: its first-round S-box is computed once
  const Fr *pre = c.compressed_round_constants.data(), *post = pre + c.width;
  const Fr x0 = tag + pre[0];
  const Fr52 first0 = ValueForm(x0.Square().Square() * x0 + post[0]);
  size_t done = 0;
  for (; done + LANES <= jobs.size(); done += LANES) HashLanesOfWidth<true>(vc, first0, jobs.data() + done, LANES);
  if (done < jobs.size()) HashLanesOfWidth<false>(vc, first0, jobs.data() + done, jobs.size() - done);
}

#else

void PoseidonWitnessValuesIfma(const hash::PoseidonConstants &c, const Fr &tag,
                               std::span<const PoseidonWitnessJob> jobs) {
  for (const PoseidonWitnessJob &job : jobs) PoseidonWitnessValuesScalar(c, tag, job.preimage, job.aux);
}

#endif

} // namespace cuzk::gadgets
