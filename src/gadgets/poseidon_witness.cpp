// src/gadgets/poseidon_witness.cpp — LegacyPoseidon::Hash's values (gadgets/poseidon_circuit.cpp), in
// its allocation order.
#include "gadgets/poseidon_witness.hpp"

#include "ff/fr_ifma.hpp"
#include "gadgets/poseidon_witness_ifma.hpp"

#include <array>
#include <cassert>

namespace cuzk::gadgets {

namespace {

using hash::FrMatrix;

// new[j] = Σ_i s[i]·m[i][j]
void MixDense(const FrMatrix &m, Fr *s, size_t t) {
  std::array<Fr, hash::POSEIDON_MAX_WIDTH> out;
  for (size_t j = 0; j < t; j++) {
    Fr acc = s[0] * m.At(0, j);
    for (size_t i = 1; i < t; i++) acc += s[i] * m.At(i, j);
    out[j] = acc;
  }
  for (size_t j = 0; j < t; j++) s[j] = out[j];
}

// new_0 = Σ_i w_hat[i]·s[i]; new_j = s[j] + v_rest[j−1]·s[0]
void MixSparse(const hash::PoseidonSparseMatrix &m, Fr *s, size_t t) {
  Fr s0 = s[0] * m.w_hat[0];
  for (size_t i = 1; i < t; i++) s0 += s[i] * m.w_hat[i];
  for (size_t j = 1; j < t; j++) s[j] += m.v_rest[j - 1] * s[0];
  s[0] = s0;
}

// The S-box of a full or partial round: its input, a combination, is allocated first (Elt::Num's
// allocation), then l², l⁴ and l·l⁴ (+ key).
void SBox(Fr *&aux, Fr &x, const Fr *key) {
  const Fr l2 = x.Square();
  const Fr l4 = l2.Square();
  Fr l5 = l4 * x;
  if (key) l5 += *key;
  *aux++ = x;
  *aux++ = l2;
  *aux++ = l4;
  *aux++ = l5;
  x = l5;
}

} // namespace

size_t PoseidonWitnessSize(const hash::PoseidonConstants &c) {
  const size_t t = c.width;
  return 3 * (t - 1) + 4 * t * (c.full_rounds - 1) + 4 * c.partial_rounds + 1;
}

void PoseidonWitnessValuesScalar(const hash::PoseidonConstants &c, const Fr &tag, const Fr *preimage, Fr *aux) {
  const size_t t = c.width;
  constexpr unsigned HF = hash::POSEIDON_HALF_FULL_ROUNDS;
  [[maybe_unused]] const Fr *const start = aux;

  std::array<Fr, hash::POSEIDON_MAX_WIDTH> s;
  s[0] = tag;
  for (size_t i = 0; i < c.arity; i++) s[i + 1] = preimage[i];
  const Fr *k = c.compressed_round_constants.data();

  // first round: the pre keys inside the S-box, (x + k0)² then l⁴ then (x + k0)·l⁴ + k1; the
  // constant tag element costs nothing
  {
    const Fr *pre = k, *post = k + t;
    k += 2 * t;
    const Fr x0 = s[0] + pre[0];
    s[0] = x0.Square().Square() * x0 + post[0];
    for (size_t i = 1; i < t; i++) {
      const Fr x = s[i] + pre[i];
      const Fr l2 = x.Square();
      const Fr l4 = l2.Square();
      s[i] = x * l4 + post[i];
      *aux++ = l2;
      *aux++ = l4;
      *aux++ = s[i];
    }
    MixDense(c.mds, s.data(), t);
  }
  for (unsigned r = 1; r < HF; r++) {
    for (size_t i = 0; i < t; i++) SBox(aux, s[i], k + i);
    k += t;
    MixDense(r + 1 == HF ? c.pre_sparse : c.mds, s.data(), t);
  }
  for (unsigned r = 0; r < c.partial_rounds; r++) {
    SBox(aux, s[0], k++);
    MixSparse(c.sparse[r], s.data(), t);
  }
  for (unsigned r = 0; r + 1 < HF; r++) {
    for (size_t i = 0; i < t; i++) SBox(aux, s[i], k + i);
    k += t;
    MixDense(c.mds, s.data(), t);
  }
  assert(k == c.compressed_round_constants.data() + c.compressed_round_constants.size());
  for (size_t i = 0; i < t; i++) SBox(aux, s[i], nullptr);
  // the terminal mix: only element 1 is read, and allocated as the digest
  Fr out = s[0] * c.mds.At(0, 1);
  for (size_t i = 1; i < t; i++) out += s[i] * c.mds.At(i, 1);
  *aux++ = out;
  assert(size_t(aux - start) == PoseidonWitnessSize(c));
}

void PoseidonWitnessValues(const hash::PoseidonConstants &c, const Fr &tag, std::span<const PoseidonWitnessJob> jobs) {
  size_t vector_jobs = 0;
  if (PoseidonIfmaAvailable()) {
    vector_jobs = jobs.size() - jobs.size() % ff::ifma::LANES;
    if (jobs.size() - vector_jobs >= POSEIDON_IFMA_MIN_JOBS) vector_jobs = jobs.size();
    PoseidonWitnessValuesIfma(c, tag, jobs.first(vector_jobs));
  }
  for (const PoseidonWitnessJob &job : jobs.subspan(vector_jobs))
    PoseidonWitnessValuesScalar(c, tag, job.preimage, job.aux);
}

AllocatedNum PoseidonHashWitness(r1cs::WitnessCS &w, std::span<const AllocatedNum> preimage,
                                 const hash::PoseidonConstants &c, const Fr &tag) {
  assert(preimage.size() == c.arity);
  const size_t allocs = PoseidonWitnessSize(c);
  Fr *const aux = w.AppendAux(allocs);
  std::array<Fr, hash::POSEIDON_MAX_WIDTH> values;
  for (size_t i = 0; i < c.arity; i++) values[i] = preimage[i].Value();
  PoseidonWitnessValuesScalar(c, tag, values.data(), aux);
  w.CountConstraints(allocs);
  return AllocatedNum(r1cs::Variable::Aux(uint32_t(w.NumAux() - 1)), aux[allocs - 1]);
}

} // namespace cuzk::gadgets
