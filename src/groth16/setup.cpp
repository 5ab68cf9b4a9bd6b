// src/groth16/setup.cpp
#include "groth16/setup.hpp"

#include "poly/poly.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

namespace cuzk::groth16 {

namespace {

using r1cs::Column;
using r1cs::SparseMatrix;
using r1cs::Variable;

// Scalars-to-points with a shared fixed-base table, in parallel chunks.
template <class C> std::vector<ec::Affine<C>> MulMany(const ec::FixedBaseTable<C> &table, std::span<const Fr> scalars) {
  constexpr size_t CHUNK = 1024; // amortises each window's inversion; small enough to balance threads
  std::vector<ec::Affine<C>> out(scalars.size());
  tbb::parallel_for(size_t(0), (scalars.size() + CHUNK - 1) / CHUNK, [&](size_t c) {
    const size_t start = c * CHUNK, n = std::min(CHUNK, scalars.size() - start);
    table.MulBatch(scalars.subspan(start, n), std::span(out).subspan(start, n));
  });
  return out;
}

// Position of a variable in the per-variable arrays: inputs first, then aux.
size_t Position(Variable v, size_t num_inputs) { return v.IsInput() ? v.index : num_inputs + v.index; }

// u_i(τ) = Σ_rows M[row][i]·L_row(τ) for every variable i, plus which variables occur (non-zero coefficient).
void EvaluateColumns(const SparseMatrix &m, std::span<const Fr> lagrange, size_t num_inputs, std::vector<Fr> &at,
                     std::vector<bool> &occurs) {
  for (size_t row = 0; row < m.NumRows(); row++) {
    for (uint64_t k = m.row_start[row]; k < m.row_start[row + 1]; k++) {
      if (m.values[k].IsZero()) continue;
      const size_t pos = Position(Column::Unpack(m.columns[k]), num_inputs);
      at[pos] += m.values[k] * lagrange[row];
      occurs[pos] = true;
    }
  }
}

} // namespace

Expected<Parameters> GenerateParametersForShape(const r1cs::RecordingCS &shape, const ToxicWaste &t) {
  const size_t num_inputs = shape.NumInputs(), num_aux = shape.NumAux(), num_vars = num_inputs + num_aux;
  const size_t num_constraints = shape.NumConstraints();
  const size_t m = num_constraints + num_inputs;
  if (m > (size_t(1) << poly::Domain::MAX_LOG_SIZE))
    return Error{"setup: " + std::to_string(m) + " constraints (with one per input) exceed the largest domain"};
  if (t.gamma.IsZero() || t.delta.IsZero()) return Error{"setup: γ and δ must be non-zero"};
  const poly::Domain &domain = poly::Domain::ForSize(m);
  const size_t n = domain.Size();
  const Fr z_tau = domain.EvaluateVanishing(t.tau);
  if (z_tau.IsZero()) return Error{"setup: τ is a point of the domain"};

  const std::vector<Fr> lagrange = poly::EvaluateLagrangeCoefficients(domain, t.tau);
  std::vector<Fr> at(num_vars, Fr::Zero()), bt(num_vars, Fr::Zero()), ct(num_vars, Fr::Zero());
  std::vector<bool> in_a(num_vars, false), in_b(num_vars, false), in_c(num_vars, false);
  tbb::parallel_invoke([&] { EvaluateColumns(shape.a, lagrange, num_inputs, at, in_a); },
                       [&] { EvaluateColumns(shape.b, lagrange, num_inputs, bt, in_b); },
                       [&] { EvaluateColumns(shape.c, lagrange, num_inputs, ct, in_c); });
  // the appended input_i·0 = 0 constraints, rows num_constraints + i: every input occurs in A
  for (size_t i = 0; i < num_inputs; i++) {
    at[i] += lagrange[num_constraints + i];
    in_a[i] = true;
  }
  for (size_t j = 0; j < num_aux; j++) {
    const size_t p = num_inputs + j;
    if (!in_a[p] && !in_b[p] && !in_c[p])
      return Error{"setup: aux variable " + std::to_string(j) + " occurs in no constraint (unconstrained)"};
  }

  // scalars of every query
  const Fr gamma_inv = t.gamma.Inverse(), delta_inv = t.delta.Inverse();
  std::vector<Fr> ic_s(num_inputs), l_s(num_aux), a_s, b_s;
  tbb::parallel_for(size_t(0), num_vars, [&](size_t i) {
    const Fr v = t.beta * at[i] + t.alpha * bt[i] + ct[i];
    if (i < num_inputs)
      ic_s[i] = v * gamma_inv;
    else
      l_s[i - num_inputs] = v * delta_inv;
  });
  for (size_t i = 0; i < num_vars; i++) {
    if (in_a[i]) a_s.push_back(at[i]);
    if (in_b[i]) b_s.push_back(bt[i]);
  }
  std::vector<Fr> h_s(n - 1);
  {
    const Fr base = z_tau * delta_inv;
    constexpr size_t CHUNK = 4096;
    tbb::parallel_for(size_t(0), (h_s.size() + CHUNK - 1) / CHUNK, [&](size_t c) {
      const size_t start = c * CHUNK, end = std::min(h_s.size(), start + CHUNK);
      Fr p = base * t.tau.Pow(uint64_t(start));
      for (size_t i = start; i < end; i++, p *= t.tau) h_s[i] = p;
    });
  }

  const size_t g1_count = ic_s.size() + l_s.size() + h_s.size() + a_s.size() + b_s.size();
  const ec::FixedBaseTable<ec::G1Curve> g1(G1::Generator(), ec::FixedBaseTable<ec::G1Curve>::WindowFor(g1_count));
  const ec::FixedBaseTable<ec::G2Curve> g2(G2::Generator(), ec::FixedBaseTable<ec::G2Curve>::WindowFor(b_s.size()));
  Parameters p;
  p.vk.alpha_g1 = g1.Mul(t.alpha).ToAffine();
  p.vk.beta_g1 = g1.Mul(t.beta).ToAffine();
  p.vk.beta_g2 = g2.Mul(t.beta).ToAffine();
  p.vk.gamma_g2 = g2.Mul(t.gamma).ToAffine();
  p.vk.delta_g1 = g1.Mul(t.delta).ToAffine();
  p.vk.delta_g2 = g2.Mul(t.delta).ToAffine();
  p.vk.ic = MulMany(g1, std::span<const Fr>(ic_s));
  p.l = MulMany(g1, std::span<const Fr>(l_s));
  p.h = MulMany(g1, std::span<const Fr>(h_s));
  p.a = MulMany(g1, std::span<const Fr>(a_s));
  p.b_g1 = MulMany(g1, std::span<const Fr>(b_s));
  p.b_g2 = MulMany(g2, std::span<const Fr>(b_s));
  return p;
}

} // namespace cuzk::groth16
