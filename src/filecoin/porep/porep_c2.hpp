// src/filecoin/porep/porep_c2.hpp — PoRep C2 (filecoin-proofs seal_commit_phase2) and verify_seal
// (spec/porep.md §3.6, §6, §7; DESIGN.md "The path of one proof").
//
// C2 is split so that the engine can schedule partitions on their own:
//   PreparePorepC2  — parse + validate: shapes, vanilla verification of every challenge, the C1
//                     belongs to (prover_id, sector_id); per partition the StackedCircuit input and
//                     the verifier's public inputs, computed from the commitments, seed and ticket
//                     (never from the witness, so a C1 whose witness disagrees fails the self-check);
//   SynthesizePorepPartition — one partition's proving assignment;
//   ProvePorepC2    — the whole job on one backend: synthesis, ProveStart over batches of
//                     partitions, ProveFinish, self-check of every partition proof against the vk;
//                     192 bytes per partition, concatenated in partition order.
// VerifySeal needs only what the chain knows: commitments, ids, randomness, proof bytes, the vk.
//
// Non-interactive PoRep (V1_2_Feat_NonInteractivePoRep): upstream's seal_commit_phase2 returns the
// SnarkPack (v2) aggregate of the partition proofs, and its verify_seal checks such an aggregate.
// cuzk does not implement SnarkPack: ProvePorepC2 returns the partition proofs (what upstream's
// seal_commit_phase2_circuit_proofs returns, the aggregation's input), VerifySeal refuses NI with a
// clear error, and VerifyPorepCircuitProofs checks partition proofs of any variant.
#pragma once
#include "base/expected.hpp"
#include "filecoin/core/porep_config.hpp"
#include "filecoin/porep/porep_vanilla_proof.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "groth16/groth16.hpp"
#include "r1cs/proving_assignment.hpp"

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace cuzk::filecoin {

//! One partition of a C2 job.
struct PorepC2Partition {
  size_t index = 0;
  StackedCircuit circuit;
  std::vector<Fr> public_inputs; //!< verifier side, ONE excluded (3 + 18·challenges)
};

//! A validated C2 job, ready to prove.
struct PorepC2Job {
  PorepConfig config;
  Digest32 prover_id{};
  uint64_t sector_id = 0;
  std::vector<PorepC2Partition> partitions;
};

//! What the verifier computes for every partition (StackedPublicInputs with
//! replica_id = ReplicaId(prover_id, sector_id, ticket, comm_d, porep_id)). kInvalidArgument for a
//! zero comm_r or comm_d (seal_commit_phase2 and verify_seal refuse them), kNonCanonical for a
//! commitment ≥ r.
Expected<std::vector<std::vector<Fr>>> PorepVerifierInputs(RegisteredSealProof proof, const Digest32 &comm_r,
                                                           const Digest32 &comm_d, const Digest32 &prover_id,
                                                           uint64_t sector_id, const Digest32 &ticket,
                                                           const Digest32 &seed);

//! What a C2 of a non-interactive PoRep C1 may return.
enum class NiC2Output {
  //! refuse: the seal proof a client expects is the SnarkPack aggregate, which cuzk does not make;
  //! returning the partition proofs in its place would be a proof the chain rejects
  kRefuse,
  //! the partition proofs (upstream's seal_commit_phase2_circuit_proofs), for whoever aggregates
  kCircuitProofs,
};

//! Validates a C1 (VerifyC1, CheckC1ReplicaId) and builds every partition's circuit input and
//! public inputs. Errors are VerifyC1's, naming the proof and field, or the replica id mismatch; a
//! zero seed; an NI C1 unless `ni` is kCircuitProofs (kInvalidArgument saying NI is not supported).
Expected<PorepC2Job> PreparePorepC2(const SealCommitPhase1Output &c1, const Digest32 &prover_id, uint64_t sector_id,
                                    NiC2Output ni = NiC2Output::kRefuse);
//! The Curio request ({SectorNum, Phase1Out, SectorSize}, filecoin/porep/c1_envelope.hpp): sector id =
//! SectorNum, prover id = ProverIdFromActorId(miner_id).
Expected<PorepC2Job> PreparePorepC2FromEnvelope(std::string_view envelope_json, uint64_t miner_id,
                                                NiC2Output ni = NiC2Output::kRefuse);

//! One partition's synthesis into a proving assignment (kInvalidArgument when synthesis throws, which
//! a prepared job does not).
Expected<r1cs::ProvingAssignment> SynthesizePorepPartition(const PorepC2Partition &partition);

struct PorepC2Options {
  //! partitions per ProveStart call; 0 = all at once. Each assignment in a batch holds its a, b, c
  //! evaluations and witness (32 B per constraint and per variable: ~0.35 GB at 2KiB, ~17 GB at 32GiB)
  size_t max_batch = 0;
  //! verify each partition proof against the vk before returning it (DESIGN.md rule 3)
  bool self_check = true;
};

//! Seconds per stage, summed over batches.
struct PorepC2Timings {
  double synthesis_s = 0;
  double prove_start_s = 0;
  double prove_finish_s = 0;
  double self_check_s = 0;
  groth16::ProverTimings prover;
};

//! Proves every partition of the job against params with backend (for NI: the circuit proofs, not
//! the aggregate upstream's seal_commit_phase2 returns); random_fr supplies the
//! blinding (r, s) of each proof in partition order. Errors: the params' input count does not
//! match the circuit, the backend fails, or a partition proof fails its self-check (naming the
//! partition): then nothing is returned.
Expected<std::vector<uint8_t>> ProvePorepC2(const PorepC2Job &job, const groth16::Parameters &params,
                                            groth16::ProverBackend &backend, const std::function<Fr()> &random_fr,
                                            const PorepC2Options &options = {}, PorepC2Timings *timings = nullptr);

//! ProvePorepC2 with (r, s) drawn from rng (a 64-bit generator).
template <class Rng>
Expected<std::vector<uint8_t>> ProvePorepC2(const PorepC2Job &job, const groth16::Parameters &params,
                                            groth16::ProverBackend &backend, Rng &rng,
                                            const PorepC2Options &options = {}, PorepC2Timings *timings = nullptr) {
  return ProvePorepC2(job, params, backend, std::function<Fr()>([&rng] { return Fr::Random(rng); }), options, timings);
}

//! The partition proofs of a seal, 192 B each in partition order (any variant; for NI these are
//! seal_commit_phase2_circuit_proofs' output): true when they verify. false for a proof that does not
//! verify or does not decode; errors for malformed arguments: kBadLength when proof_bytes is not
//! 192 × partitions, kInvalidArgument when the vk's input count is not the circuit's,
//! PorepVerifierInputs' errors. Partitions are checked as one randomised batch.
Expected<bool> VerifyPorepCircuitProofs(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                                        const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket,
                                        const Digest32 &seed, std::span<const uint8_t> proof_bytes,
                                        const groth16::PreparedVerifyingKey &pvk);

//! verify_seal: VerifyPorepCircuitProofs for interactive and synthetic PoRep. For NI, whose seal
//! proof is a SnarkPack aggregate, kInvalidArgument saying it is not supported.
Expected<bool> VerifySeal(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                          const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &seed,
                          std::span<const uint8_t> proof_bytes, const groth16::PreparedVerifyingKey &pvk);
Expected<bool> VerifySeal(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                          const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &seed,
                          std::span<const uint8_t> proof_bytes, const groth16::VerifyingKey &vk);

} // namespace cuzk::filecoin
