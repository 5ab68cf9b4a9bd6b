// src/groth16/setup.cpp
#include "groth16/setup.hpp"

#include "base/elapsed.hpp"
#include "poly/poly.hpp"

#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <chrono>

namespace cuzk::groth16 {

namespace {

using r1cs::Column;
using r1cs::SparseMatrix;
using r1cs::Variable;

using base::SecondsSince;

template <class T> void Free(std::vector<T> &v) { std::vector<T>().swap(v); }

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

Status GenerateParametersStreaming(const r1cs::RecordingCS &shape, const ToxicWaste &t, ParametersSink &sink,
                                   const FixedBaseMultiplier *multiplier, SetupTimings *timings) {
  const CpuFixedBaseMultiplier cpu;
  const FixedBaseMultiplier &mul = multiplier ? *multiplier : cpu;
  SetupTimings local;
  SetupTimings &tm = timings ? *timings : local;
  auto phase = std::chrono::steady_clock::now();

  const size_t num_inputs = shape.NumInputs(), num_aux = shape.NumAux(), num_vars = num_inputs + num_aux;
  const size_t num_constraints = shape.NumConstraints();
  const size_t m = num_constraints + num_inputs;
  if (m > (size_t(1) << poly::Domain::MAX_LOG_SIZE))
    return InvalidArgument("setup: " + std::to_string(m) +
                           " constraints (with one per input) exceed the largest domain");
  if (t.gamma.IsZero() || t.delta.IsZero()) return InvalidArgument("setup: γ and δ must be non-zero");
  const poly::Domain &domain = poly::Domain::ForSize(m);
  const size_t n = domain.Size();
  const Fr z_tau = domain.EvaluateVanishing(t.tau);
  if (z_tau.IsZero()) return InvalidArgument("setup: τ is a point of the domain");

  std::vector<Fr> lagrange = poly::EvaluateLagrangeCoefficients(domain, t.tau);
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
  Free(lagrange);
  for (size_t j = 0; j < num_aux; j++) {
    const size_t p = num_inputs + j;
    if (!in_a[p] && !in_b[p] && !in_c[p])
      return InvalidArgument("setup: aux variable " + std::to_string(j) + " occurs in no constraint (unconstrained)");
  }
  tm.columns_s = SecondsSince(phase);

  // scalars of every query; the columns are dropped as soon as they are used up
  phase = std::chrono::steady_clock::now();
  const Fr gamma_inv = t.gamma.Inverse(), delta_inv = t.delta.Inverse();
  std::vector<Fr> ic_s(num_inputs), l_s(num_aux), a_s, b_s;
  tbb::parallel_for(size_t(0), num_vars, [&](size_t i) {
    const Fr v = t.beta * at[i] + t.alpha * bt[i] + ct[i];
    if (i < num_inputs)
      ic_s[i] = v * gamma_inv;
    else
      l_s[i - num_inputs] = v * delta_inv;
  });
  Free(ct);
  size_t a_count = 0, b_count = 0;
  for (size_t i = 0; i < num_vars; i++) {
    a_count += in_a[i];
    b_count += in_b[i];
  }
  a_s.reserve(a_count);
  b_s.reserve(b_count);
  for (size_t i = 0; i < num_vars; i++) {
    if (in_a[i]) a_s.push_back(at[i]);
    if (in_b[i]) b_s.push_back(bt[i]);
  }
  Free(at);
  Free(bt);
  tm.scalars_s = SecondsSince(phase);

  auto timed = [](double &seconds, auto &&f) {
    const auto start = std::chrono::steady_clock::now();
    Status s = f();
    seconds += SecondsSince(start);
    return s;
  };
  auto g1 = [&](std::vector<Fr> &scalars, double &seconds, std::vector<G1Affine> &out) {
    return timed(seconds, [&] {
      out.resize(scalars.size());
      Status s = mul.MulG1(scalars, out);
      Free(scalars);
      return s;
    });
  };

  VerifyingKey vk;
  {
    const std::vector<Fr> k1 = {t.alpha, t.beta, t.delta}, k2 = {t.beta, t.gamma, t.delta};
    std::vector<G1Affine> p1(3);
    std::vector<G2Affine> p2(3);
    if (Status s = timed(tm.vk_s, [&] { return mul.MulG1(k1, p1); }); !s) return s;
    if (Status s = timed(tm.vk_s, [&] { return mul.MulG2(k2, p2); }); !s) return s;
    vk.alpha_g1 = p1[0];
    vk.beta_g1 = p1[1];
    vk.delta_g1 = p1[2];
    vk.beta_g2 = p2[0];
    vk.gamma_g2 = p2[1];
    vk.delta_g2 = p2[2];
  }
  tm.ic = ic_s.size();
  if (Status s = g1(ic_s, tm.ic_s, vk.ic); !s) return s;
  if (Status s = timed(tm.sink_s, [&] { return sink.Vk(vk); }); !s) return s;

  std::vector<G1Affine> points;
  {
    std::vector<Fr> h_s(n - 1);
    const Fr base = z_tau * delta_inv;
    constexpr size_t CHUNK = 4096;
    tbb::parallel_for(size_t(0), (h_s.size() + CHUNK - 1) / CHUNK, [&](size_t c) {
      const size_t start = c * CHUNK, end = std::min(h_s.size(), start + CHUNK);
      Fr p = base * t.tau.Pow(uint64_t(start));
      for (size_t i = start; i < end; i++, p *= t.tau) h_s[i] = p;
    });
    tm.h = h_s.size();
    if (Status s = g1(h_s, tm.h_s, points); !s) return s;
  }
  if (Status s = timed(tm.sink_s, [&] { return sink.G1Section(std::move(points)); }); !s) return s;
  tm.l = l_s.size();
  if (Status s = g1(l_s, tm.l_s, points); !s) return s;
  if (Status s = timed(tm.sink_s, [&] { return sink.G1Section(std::move(points)); }); !s) return s;
  tm.a = a_s.size();
  if (Status s = g1(a_s, tm.a_s, points); !s) return s;
  if (Status s = timed(tm.sink_s, [&] { return sink.G1Section(std::move(points)); }); !s) return s;
  tm.b_g1 = tm.b_g2 = b_s.size();
  points.resize(b_s.size()); // b_s stays: it feeds b_g2 next
  if (Status s = timed(tm.b_g1_s, [&] { return mul.MulG1(b_s, points); }); !s) return s;
  if (Status s = timed(tm.sink_s, [&] { return sink.G1Section(std::move(points)); }); !s) return s;
  std::vector<G2Affine> b_g2(b_s.size());
  if (Status s = timed(tm.b_g2_s, [&] { return mul.MulG2(b_s, b_g2); }); !s) return s;
  Free(b_s);
  return timed(tm.sink_s, [&] { return sink.G2Section(std::move(b_g2)); });
}

Expected<Parameters> GenerateParametersForShape(const r1cs::RecordingCS &shape, const ToxicWaste &t,
                                                const FixedBaseMultiplier *multiplier, SetupTimings *timings) {
  ParametersCollector collector;
  if (Status s = GenerateParametersStreaming(shape, t, collector, multiplier, timings); !s) return s.GetError();
  return collector.Take();
}

} // namespace cuzk::groth16
