// src/gadgets/poseidon_witness_ifma.cpp — PoseidonWitnessValuesScalar (gadgets/poseidon_witness.cpp)
// eight lanes at a time. Bounds of each reduction follow ff/fr_ifma.hpp: a Redc of n products x·c
// with x < a·r is below (1 + n·a/35)·r.
#include "gadgets/poseidon_witness_ifma.hpp"

#include "ff/fr_ifma.hpp"

#include <array>
#include <cassert>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace cuzk::gadgets {

bool PoseidonIfmaAvailable() {
  static const bool available = [] {
    const char *off = std::getenv("CUZK_DISABLE_IFMA");
    const bool disabled = off != nullptr && *off != '\0' && std::string_view(off) != "0";
    return !disabled && ff::ifma::CpuHasIfma();
  }();
  return available;
}

#if CUZK_HAVE_IFMA_PATH

namespace {

using namespace ff::ifma;
constexpr unsigned HF = hash::POSEIDON_HALF_FULL_ROUNDS;

//! hash::PoseidonConstants in the vector code's forms
struct VectorConstants {
  size_t width = 0;
  unsigned partial_rounds = 0;
  std::vector<Fr52> keys;       //!< compressed round constants, value form (added, never multiplied)
  std::vector<Fr52> mds;        //!< multiplier form, row-major
  std::vector<Fr52> pre_sparse; //!< multiplier form, row-major
  std::vector<Fr52> w_hat;      //!< multiplier form, partial_rounds × width
  std::vector<Fr52> v_rest;     //!< multiplier form, partial_rounds × (width − 1)
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
  return v;
}

//! the converted constants: cached per Filecoin arity for the process's cached constants, else
//! converted into `local` (constants generated elsewhere, as tests do)
const VectorConstants &VectorConstantsFor(const hash::PoseidonConstants &c, std::optional<VectorConstants> &local) {
  static std::array<std::once_flag, hash::POSEIDON_ARITIES.size()> once;
  static std::array<VectorConstants, hash::POSEIDON_ARITIES.size()> cache;
  for (size_t slot = 0; slot < hash::POSEIDON_ARITIES.size(); slot++) {
    if (hash::POSEIDON_ARITIES[slot] != c.arity) continue;
    auto cached = hash::GetPoseidonConstants(c.arity);
    if (!cached || *cached != &c) break;
    std::call_once(once[slot], [&] { cache[slot] = Convert(c); });
    return cache[slot];
  }
  local = Convert(c);
  return *local;
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

// new_0 = Σ_i w_hat[i]·s[i]; new_j = s[j] + v_rest[j−1]·s[0]. s[0] canonical, s[j] below 2r, in and
// out: s[j] is added into the columns as s[j]·2^260, so the update's Redc is below r/35 + 3r and
// one subtraction of 2r keeps it below 2r.
template <size_t kWidth> CUZK_IFMA_INLINE void MixSparse(Fr8 *s, const Fr52 *w_hat, const Fr52 *v_rest, size_t t) {
  if constexpr (kWidth != 0) t = kWidth;
  Columns a;
  Clear(a);
  for (size_t i = 0; i < t; i++) MulAccConst(a, s[i], w_hat[i]);
  const Fr8 s0 = Canonical(Redc(a), 2 * t - 1);
  for (size_t j = 1; j < t; j++) {
    Columns b;
    Clear(b);
    MulAccConst(b, s[0], v_rest[j - 1]);
    AddHigh(b, s[j]);
    s[j] = CondSub(Redc(b), TWO_MODULUS52);
  }
  s[0] = s0;
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
  for (unsigned r = 0; r < vc.partial_rounds; r++) {
    s[0] = SBox(w, s[0], k++);
    MixSparse<kWidth>(s, vc.w_hat.data() + r * t, vc.v_rest.data() + r * (t - 1), t);
  }
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
  const VectorConstants &vc = VectorConstantsFor(c, local);
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
