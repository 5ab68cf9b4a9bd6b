// src/groth16/prover.hpp — the Groth16 prover, bellperson's algorithm, behind a backend interface.
//
// Proving is split in two phases so that other backends (the GPU one, src/gpu) and the engine's
// pipeline can plug in:
//   ProveStart  (backend, heavy): H = (a·b − c)/Z by NTTs, and the MSMs
//                h·H, l·aux, a·w (inputs and A-dense aux), b_g1·w and b_g2·w (B-dense variables);
//   ProveFinish (epilogue, cheap): with the caller's r and s,
//                A = α + Σa + r·δ,  B = β + Σb + s·δ,
//                C = s·(α + Σa) + r·(β + Σb_g1) + r·s·δ + Σh + Σl   (bellperson prover/native.rs).
// The assignment passed to ProveStart is the circuit's synthesis; the input_i·0 = 0 rows are
// appended by the backend, so a, b, c have NumConstraints() + NumInputs() rows in the QAP.
#pragma once
#include "base/expected.hpp"
#include "groth16/parameters.hpp"
#include "poly/domain.hpp"
#include "r1cs/proving_assignment.hpp"

#include <span>
#include <vector>

namespace cuzk::groth16 {

//! Seconds spent in each phase of ProveStart, summed over a batch; for benchmarks and metrics.
struct ProverTimings {
  double h_ntt = 0; //!< a, b, c → H (iNTT, coset NTT, division by Z, coset iNTT)
  double msm_h = 0;
  double msm_l = 0;
  double msm_a = 0;
  double msm_b_g1 = 0;
  double msm_b_g2 = 0;
  double other = 0; //!< padding, scalar preparation, density masks
  //! deferred a, b, c (r1cs/deferred_abc.hpp) evaluated on the host; a GPU's device evaluation is in h_ntt
  double abc = 0;

  double Total() const { return h_ntt + msm_h + msm_l + msm_a + msm_b_g1 + msm_b_g2 + other + abc; }
  ProverTimings &operator+=(const ProverTimings &o);
};

//! The result of ProveStart for one circuit: every MSM, before randomisation.
struct PartialProof {
  G1 h, l;
  G1 a_inputs, a_aux;
  G1 b_g1_inputs, b_g1_aux;
  G2 b_g2_inputs, b_g2_aux;
};

//! Whether assignment `index` fits the parameters' QAP: input and aux counts, a/b/c and density
//! lengths (a deferred assignment: no a, b, c, and the deferred evaluation's variable counts), the domain (at most
//! 2^max_log_size) and the a/b_g1/b_g2 density counts. Every backend checks this before proving, so a mismatch is an
//! error naming what differs, never a crash.
Status CheckAssignmentShape(const Parameters &params, const r1cs::ProvingAssignment &pa, size_t index,
                            unsigned max_log_size = poly::Domain::MAX_LOG_SIZE);

class ProverBackend {
public:
  virtual ~ProverBackend() = default;
  //! One PartialProof per assignment, all against params. Fails (never crashes) when an
  //! assignment does not match the parameters (input count, domain, density lengths).
  virtual Expected<std::vector<PartialProof>> ProveStart(const Parameters &params,
                                                         std::span<const r1cs::ProvingAssignment> assignments,
                                                         ProverTimings *timings = nullptr) = 0;
};

//! The CPU backend: poly for H, msm for the multi-scalar multiplications (oneTBB threads; limit
//! them with a tbb::global_control or task_arena around the call). It obeys the stop flag installed
//! on the calling thread (r1cs::ScopedSynthesisStop): once set, ProveStart throws msm::Stopped
//! between its phases or within one MSM task.
class CpuBackend final : public ProverBackend {
public:
  Expected<std::vector<PartialProof>> ProveStart(const Parameters &params,
                                                 std::span<const r1cs::ProvingAssignment> assignments,
                                                 ProverTimings *timings = nullptr) override;
};

//! The epilogue: randomises a partial proof with r and s. Fails if δ is the identity.
Expected<Proof> ProveFinish(const VerifyingKey &vk, const PartialProof &partial, const Fr &r, const Fr &s);

//! Synthesises every circuit, proves them as one batch against params, and draws (r, s) from rng
//! for each proof in order (r₀, s₀, r₁, s₁, …), as bellperson's create_random_proof_batch.
template <r1cs::Circuit C, class Rng>
Expected<std::vector<Proof>> CreateProofBatch(ProverBackend &backend, const Parameters &params,
                                              std::span<const C> circuits, Rng &rng, ProverTimings *timings = nullptr) {
  std::vector<r1cs::ProvingAssignment> assignments(circuits.size());
  try {
    for (size_t i = 0; i < circuits.size(); i++) circuits[i].Synthesize(assignments[i]);
  } catch (const r1cs::SynthesisError &e) {
    return MakeError(ErrorCode::kInternal, std::string("synthesis failed: ") + e.what());
  }
  auto partials = backend.ProveStart(params, assignments, timings);
  if (!partials) return partials.GetError();
  std::vector<Proof> proofs;
  for (const PartialProof &p : *partials) {
    const Fr r = Fr::Random(rng), s = Fr::Random(rng);
    auto proof = ProveFinish(params.vk, p, r, s);
    if (!proof) return proof.GetError();
    proofs.push_back(*proof);
  }
  return proofs;
}

template <r1cs::Circuit C, class Rng>
Expected<Proof> CreateProof(ProverBackend &backend, const Parameters &params, const C &circuit, Rng &rng,
                            ProverTimings *timings = nullptr) {
  auto proofs = CreateProofBatch(backend, params, std::span<const C>(&circuit, 1), rng, timings);
  if (!proofs) return proofs.GetError();
  return (*proofs)[0];
}

} // namespace cuzk::groth16
