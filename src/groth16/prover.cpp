// src/groth16/prover.cpp — the CPU backend and the epilogue.
#include "groth16/prover.hpp"

#include "base/phase_timer.hpp"
#include "msm/msm.hpp"
#include "poly/poly.hpp"
#include "r1cs/synthesis_stop.hpp"

#include <atomic>
#include <chrono>

namespace cuzk::groth16 {

namespace {

// The msm layer's density: bit i of the mask says whether variable i has a point.
std::vector<uint64_t> DensityMask(const r1cs::DensityTracker &d) {
  std::vector<uint64_t> words((d.Size() + 63) / 64, 0);
  for (size_t i = 0; i < d.Size(); i++)
    if (d.Get(i)) words[i / 64] |= uint64_t(1) << (i % 64);
  return words;
}

// between phases: a set stop flag ends the prove (the MSMs also check it inside)
void CheckStop(const std::atomic<bool> *stop) {
  if (stop && stop->load(std::memory_order_relaxed)) throw msm::Stopped("prove stopped");
}

PartialProof ProveOne(const Parameters &params, const r1cs::ProvingAssignment &pa, ProverTimings &t,
                      msm::MsmScratch &scratch, const std::atomic<bool> *stop) {
  const size_t num_inputs = pa.NumInputs();
  const size_t m = pa.NumConstraints() + num_inputs;
  const poly::Domain &domain = poly::Domain::ForSize(m);
  const size_t n = domain.Size();
  PartialProof out;

  std::vector<Fr> a, b, c;
  std::vector<uint64_t> a_aux_mask, b_in_mask, b_aux_mask;
  r1cs::FrVector unpacked; // the aux values of a packed assignment (the MSMs read them whole)
  const std::span<const Fr> inputs(pa.input_assignment), aux = pa.AuxValues(unpacked);
  {
    PhaseTimer timer(t.other);
    // the circuit's rows, then input_i·0 = 0 (A = input_i, B = C = 0), then zero padding
    a.resize(n, Fr::Zero());
    b.resize(n, Fr::Zero());
    c.resize(n, Fr::Zero());
    if (!pa.deferred) {
      std::copy(pa.a.begin(), pa.a.end(), a.begin());
      std::copy(pa.b.begin(), pa.b.end(), b.begin());
      std::copy(pa.c.begin(), pa.c.end(), c.begin());
    }
    std::copy(pa.input_assignment.begin(), pa.input_assignment.end(), a.begin() + pa.NumConstraints());
    a_aux_mask = DensityMask(pa.a_aux_density);
    b_in_mask = DensityMask(pa.b_input_density);
    b_aux_mask = DensityMask(pa.b_aux_density);
  }
  if (pa.deferred) {
    // a deferred assignment is evaluated straight into the padded vectors (the reference evaluation)
    PhaseTimer timer(t.abc);
    pa.deferred->EvaluateOnHost(inputs, aux, a.data(), b.data(), c.data());
  }
  CheckStop(stop);
  {
    PhaseTimer timer(t.h_ntt);
    poly::ComputeH(domain, a, b, c);
  }
  CheckStop(stop);
  msm::MsmOptions plain;
  plain.scratch = &scratch;
  plain.stop = stop;
  {
    PhaseTimer timer(t.msm_h);
    out.h = msm::Msm(std::span<const G1Affine>(params.h), std::span<const Fr>(a.data(), n - 1), plain);
  }
  {
    PhaseTimer timer(t.msm_l);
    out.l = msm::Msm(std::span<const G1Affine>(params.l), aux, plain);
  }
  {
    PhaseTimer timer(t.msm_a);
    std::span<const G1Affine> pts(params.a);
    out.a_inputs = msm::Msm(pts.first(num_inputs), inputs, plain);
    msm::MsmOptions dense = plain;
    dense.density = a_aux_mask;
    out.a_aux = msm::Msm(pts.subspan(num_inputs), aux, dense);
  }
  const size_t b_inputs = pa.b_input_density.Count();
  {
    PhaseTimer timer(t.msm_b_g1);
    std::span<const G1Affine> pts(params.b_g1);
    msm::MsmOptions dense = plain;
    dense.density = b_in_mask;
    out.b_g1_inputs = msm::Msm(pts.first(b_inputs), inputs, dense);
    dense.density = b_aux_mask;
    out.b_g1_aux = msm::Msm(pts.subspan(b_inputs), aux, dense);
  }
  {
    PhaseTimer timer(t.msm_b_g2);
    std::span<const G2Affine> pts(params.b_g2);
    msm::MsmOptions dense = plain;
    dense.density = b_in_mask;
    out.b_g2_inputs = msm::Msm(pts.first(b_inputs), inputs, dense);
    dense.density = b_aux_mask;
    out.b_g2_aux = msm::Msm(pts.subspan(b_inputs), aux, dense);
  }
  return out;
}

} // namespace

Status CheckAssignmentShape(const Parameters &params, const r1cs::ProvingAssignment &pa, size_t index,
                            unsigned max_log_size) {
  auto fail = [&](const std::string &what) {
    return Status(InvalidArgument("circuit " + std::to_string(index) + " does not match the parameters: " + what));
  };
  const size_t num_inputs = pa.NumInputs(), num_aux = pa.NumAux();
  if (params.vk.ic.size() != num_inputs)
    return fail(std::to_string(num_inputs) + " inputs, vk has " + std::to_string(params.vk.ic.size()));
  if (params.l.size() != num_aux)
    return fail(std::to_string(num_aux) + " aux variables, l has " + std::to_string(params.l.size()));
  if (pa.deferred) {
    // the deferred evaluation reads the witness by the recording's counts: they must be these
    if (!pa.a.empty() || !pa.b.empty() || !pa.c.empty()) return fail("a deferred assignment also holds a, b, c");
    if (pa.deferred->NumInputs() != num_inputs || pa.deferred->NumAux() != num_aux)
      return fail("its deferred a, b, c are recorded for " + std::to_string(pa.deferred->NumInputs()) + " inputs and " +
                  std::to_string(pa.deferred->NumAux()) + " aux variables, the witness has " +
                  std::to_string(num_inputs) + " and " + std::to_string(num_aux));
  } else if (pa.b.size() != pa.a.size() || pa.c.size() != pa.a.size()) {
    return fail("a, b, c lengths differ");
  }
  if (pa.a_aux_density.Size() != num_aux || pa.b_aux_density.Size() != num_aux ||
      pa.b_input_density.Size() != num_inputs)
    return fail("density lengths differ from the variable counts");
  const size_t m = pa.NumConstraints() + num_inputs;
  if (m > (size_t(1) << max_log_size))
    return fail("more than 2^" + std::to_string(max_log_size) + " constraints (the backend's largest domain)");
  const size_t n = size_t(1) << poly::Domain::LogSizeFor(m);
  if (params.h.size() != n - 1)
    return fail("domain " + std::to_string(n) + " needs " + std::to_string(n - 1) + " h points, have " +
                std::to_string(params.h.size()));
  if (params.a.size() != num_inputs + pa.a_aux_density.Count())
    return fail("A density " + std::to_string(num_inputs + pa.a_aux_density.Count()) + ", a has " +
                std::to_string(params.a.size()));
  const size_t nb = pa.b_input_density.Count() + pa.b_aux_density.Count();
  if (params.b_g1.size() != nb || params.b_g2.size() != nb)
    return fail("B density " + std::to_string(nb) + ", b_g1/b_g2 have " + std::to_string(params.b_g1.size()) + "/" +
                std::to_string(params.b_g2.size()));
  return {};
}

ProverTimings &ProverTimings::operator+=(const ProverTimings &o) {
  h_ntt += o.h_ntt;
  msm_h += o.msm_h;
  msm_l += o.msm_l;
  msm_a += o.msm_a;
  msm_b_g1 += o.msm_b_g1;
  msm_b_g2 += o.msm_b_g2;
  other += o.other;
  abc += o.abc;
  return *this;
}

Expected<std::vector<PartialProof>> CpuBackend::ProveStart(const Parameters &params,
                                                           std::span<const r1cs::ProvingAssignment> assignments,
                                                           ProverTimings *timings) {
  for (size_t i = 0; i < assignments.size(); i++) {
    if (auto s = CheckAssignmentShape(params, assignments[i], i); !s) return s.GetError();
  }
  ProverTimings local;
  msm::MsmScratch scratch;
  std::vector<PartialProof> out;
  out.reserve(assignments.size());
  // circuits one after another, each using every thread: the MSMs and NTTs parallelise well,
  // and one circuit's buffers at a time bound the memory
  for (const auto &pa : assignments)
    out.push_back(ProveOne(params, pa, local, scratch, r1cs::InstalledSynthesisStop()));
  if (timings) *timings += local;
  return out;
}

Expected<Proof> ProveFinish(const VerifyingKey &vk, const PartialProof &p, const Fr &r, const Fr &s) {
  if (vk.delta_g1.IsInfinity() || vk.delta_g2.IsInfinity())
    return InvalidArgument("prove: δ is the identity in the vk");
  const G1 delta_g1 = G1::FromAffine(vk.delta_g1);
  const G2 delta_g2 = G2::FromAffine(vk.delta_g2);

  G1 a_answer = p.a_inputs + p.a_aux;
  G1 b1_answer = p.b_g1_inputs + p.b_g1_aux;
  G2 b2_answer = p.b_g2_inputs + p.b_g2_aux;

  const G1 g_a = ec::MulWnaf(delta_g1, r) + G1::FromAffine(vk.alpha_g1) + a_answer;
  const G2 g_b = ec::MulWnaf(delta_g2, s) + G2::FromAffine(vk.beta_g2) + b2_answer;
  // C = s·(α + Σa) + r·(β + Σb_g1) + rs·δ + h + l
  G1 g_c = ec::MulWnaf(delta_g1, r * s);
  g_c += ec::MulWnaf(G1::FromAffine(vk.alpha_g1) + a_answer, s);
  g_c += ec::MulWnaf(G1::FromAffine(vk.beta_g1) + b1_answer, r);
  g_c += p.h;
  g_c += p.l;
  return Proof{g_a.ToAffine(), g_b.ToAffine(), g_c.ToAffine()};
}

} // namespace cuzk::groth16
