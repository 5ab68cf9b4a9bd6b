// src/filecoin/porep/porep_c2.cpp — PoRep C2 and verify_seal (filecoin/porep/porep_c2.hpp).
#include "filecoin/porep/porep_c2.hpp"

#include "base/elapsed.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/porep/sdr_graph.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>

namespace cuzk::filecoin {
namespace {

using base::SecondsSince;

bool IsZero(const Digest32 &d) {
  return std::all_of(d.begin(), d.end(), [](uint8_t b) { return b == 0; });
}

// The verifier's inputs of every partition of `config`, for a replica id already computed.
Expected<std::vector<std::vector<Fr>>> InputsForConfig(const PorepConfig &config, const Digest32 &replica_id,
                                                       const Digest32 &comm_d, const Digest32 &comm_r,
                                                       const Digest32 &seed) {
  if (IsZero(comm_r)) return MakeError(ErrorCode::kInvalidArgument, "comm_r is zero");
  if (IsZero(comm_d)) return MakeError(ErrorCode::kInvalidArgument, "comm_d is zero");
  auto graph = SdrGraph::Create(config.nodes, config.porep_id, config.api_version);
  if (!graph) return graph.GetError();
  std::vector<std::vector<Fr>> inputs;
  for (size_t k = 0; k < config.partitions; k++) {
    auto publics = StackedPublicInputs(config, *graph, replica_id, comm_d, comm_r, seed, k);
    if (!publics) return publics.GetError();
    inputs.push_back(std::move(publics).Value());
  }
  return inputs;
}

} // namespace

Expected<std::vector<std::vector<Fr>>> PorepVerifierInputs(RegisteredSealProof proof, const Digest32 &comm_r,
                                                           const Digest32 &comm_d, const Digest32 &prover_id,
                                                           uint64_t sector_id, const Digest32 &ticket,
                                                           const Digest32 &seed) {
  const PorepConfig config = PorepConfigFor(proof);
  const Digest32 replica_id = ReplicaId(prover_id, sector_id, ticket, comm_d, config.porep_id);
  return InputsForConfig(config, replica_id, comm_d, comm_r, seed);
}

Expected<PorepC2Job> PreparePorepC2(const SealCommitPhase1Output &c1, const Digest32 &prover_id, uint64_t sector_id,
                                    NiC2Output ni) {
  auto config = C1PorepConfig(c1);
  if (!config) return config.GetError();
  if (config->feature == PorepFeature::kNonInteractive && ni == NiC2Output::kRefuse)
    return MakeError(ErrorCode::kInvalidArgument,
                     c1.registered_proof +
                         " is not supported: its seal proof is a SnarkPack aggregate of the partition proofs, which "
                         "cuzk does not make");
  // seal_commit_phase2 refuses a zero seed for every variant, NI too (VerifyC1 allows it there)
  if (IsZero(c1.seed))
    return MakeError(ErrorCode::kInvalidArgument, "C2: the seed is zero (invalid PoRep challenge seed)");
  if (auto verified = VerifyC1(c1, *config); !verified) return verified.GetError();
  if (auto mine = CheckC1ReplicaId(c1, *config, prover_id, sector_id); !mine) return mine.GetError();
  // CheckC1ReplicaId made c1.replica_id the one the verifier derives from the ids, ticket and comm_d.
  auto inputs = InputsForConfig(*config, c1.replica_id, c1.comm_d, c1.comm_r, c1.seed);
  if (!inputs) return inputs.GetError();

  PorepC2Job job;
  job.config = *config;
  job.prover_id = prover_id;
  job.sector_id = sector_id;
  for (size_t k = 0; k < config->partitions; k++) {
    auto input = StackedCircuitInputFromC1(c1, k, config->layers);
    if (!input) return input.GetError();
    PorepC2Partition partition;
    partition.index = k;
    partition.circuit.input = std::move(input).Value();
    partition.public_inputs = std::move((*inputs)[k]);
    job.partitions.push_back(std::move(partition));
  }
  return job;
}

Expected<PorepC2Job> PreparePorepC2FromEnvelope(std::string_view envelope_json, uint64_t miner_id, NiC2Output ni) {
  auto request = ParseC1Request(envelope_json);
  if (!request) return request.GetError();
  return PreparePorepC2(request->c1, ProverIdFromActorId(miner_id), uint64_t(request->sector_num), ni);
}

Expected<r1cs::ProvingAssignment> SynthesizePorepPartition(const PorepC2Partition &partition) {
  r1cs::ProvingAssignment assignment;
  try {
    partition.circuit.Synthesize(assignment);
  } catch (const r1cs::SynthesisError &e) {
    return MakeError(ErrorCode::kInvalidArgument,
                     "partition " + std::to_string(partition.index) + ": synthesis failed: " + e.what());
  }
  return assignment;
}

Expected<std::vector<uint8_t>> ProvePorepC2(const PorepC2Job &job, const groth16::Parameters &params,
                                            groth16::ProverBackend &backend, const std::function<Fr()> &random_fr,
                                            const PorepC2Options &options, PorepC2Timings *timings) {
  PorepC2Timings local;
  PorepC2Timings &t = timings ? *timings : local;
  if (job.partitions.empty()) return MakeError(ErrorCode::kInvalidArgument, "C2 job has no partitions");
  for (const PorepC2Partition &p : job.partitions) {
    if (params.vk.ic.size() != p.public_inputs.size() + 1)
      return MakeError(ErrorCode::kInvalidArgument, "parameters take " + std::to_string(params.vk.ic.size()) +
                                                        " inputs, partition " + std::to_string(p.index) + " has " +
                                                        std::to_string(p.public_inputs.size() + 1) +
                                                        " (parameters of another circuit?)");
  }
  std::optional<groth16::PreparedVerifyingKey> pvk;
  if (options.self_check) pvk = groth16::PrepareVerifyingKey(params.vk);

  const size_t count = job.partitions.size();
  const size_t batch = options.max_batch == 0 ? count : std::min(options.max_batch, count);
  std::vector<groth16::Proof> proofs;
  for (size_t first = 0; first < count; first += batch) {
    const size_t n = std::min(batch, count - first);
    auto start = std::chrono::steady_clock::now();
    std::vector<r1cs::ProvingAssignment> assignments(n);
    std::vector<std::optional<Error>> errors(n);
    tbb::parallel_for(size_t(0), n, [&](size_t i) {
      auto a = SynthesizePorepPartition(job.partitions[first + i]);
      if (a)
        assignments[i] = std::move(a).Value();
      else
        errors[i] = a.GetError();
    });
    for (const auto &e : errors)
      if (e) return *e;
    t.synthesis_s += SecondsSince(start);

    start = std::chrono::steady_clock::now();
    auto partials = backend.ProveStart(params, assignments, &t.prover);
    if (!partials) return MakeError(ErrorCode::kInvalidArgument, "prove_start failed: " + partials.ErrorMessage());
    assignments.clear();
    t.prove_start_s += SecondsSince(start);

    for (size_t i = 0; i < n; i++) {
      const PorepC2Partition &partition = job.partitions[first + i];
      start = std::chrono::steady_clock::now();
      const Fr r = random_fr(), s = random_fr();
      auto proof = groth16::ProveFinish(params.vk, (*partials)[i], r, s);
      if (!proof) return MakeError(ErrorCode::kInvalidArgument, "prove_finish failed: " + proof.ErrorMessage());
      t.prove_finish_s += SecondsSince(start);
      if (pvk) {
        start = std::chrono::steady_clock::now();
        auto ok = groth16::VerifyProof(*pvk, *proof, partition.public_inputs);
        t.self_check_s += SecondsSince(start);
        if (!ok || !*ok)
          return MakeError(ErrorCode::kInvalidArgument, "self-check failed: the proof of partition " +
                                                            std::to_string(partition.index) +
                                                            " does not verify against the verifying key" +
                                                            (ok ? std::string() : ": " + ok.ErrorMessage()));
      }
      proofs.push_back(*proof);
    }
  }
  return groth16::EncodeProofs(proofs);
}

Expected<bool> VerifySeal(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                          const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &seed,
                          std::span<const uint8_t> proof_bytes, const groth16::PreparedVerifyingKey &pvk) {
  if (GetSealProofInfo(proof).feature == PorepFeature::kNonInteractive)
    return MakeError(ErrorCode::kInvalidArgument,
                     std::string(GetSealProofInfo(proof).name) +
                         ": a non-interactive seal proof is a SnarkPack aggregate of the partition proofs, which cuzk "
                         "does not implement (not supported); VerifyPorepCircuitProofs checks the partition proofs");
  return VerifyPorepCircuitProofs(proof, comm_r, comm_d, prover_id, sector_id, ticket, seed, proof_bytes, pvk);
}

Expected<bool> VerifyPorepCircuitProofs(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                                        const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket,
                                        const Digest32 &seed, std::span<const uint8_t> proof_bytes,
                                        const groth16::PreparedVerifyingKey &pvk) {
  const PorepConfig config = PorepConfigFor(proof);
  if (proof_bytes.size() != config.partitions * groth16::PROOF_BYTES)
    return MakeError(ErrorCode::kBadLength, "seal proof of " + std::to_string(proof_bytes.size()) + " bytes, " +
                                                std::string(GetSealProofInfo(proof).name) + " needs " +
                                                std::to_string(config.partitions) + " × 192");
  auto inputs = PorepVerifierInputs(proof, comm_r, comm_d, prover_id, sector_id, ticket, seed);
  if (!inputs) return inputs.GetError();
  if (pvk.vk.ic.size() != inputs->front().size() + 1)
    return MakeError(ErrorCode::kInvalidArgument, "verifying key takes " + std::to_string(pvk.vk.ic.size()) +
                                                      " inputs, the circuit has " +
                                                      std::to_string(inputs->front().size() + 1));
  auto proofs = groth16::DecodeProofs(proof_bytes);
  if (!proofs) return false; // not points of a proof: no seal
  std::random_device device;
  std::mt19937_64 rng((uint64_t(device()) << 32) ^ device());
  auto ok = groth16::VerifyProofsBatch(pvk, *proofs, *inputs, rng);
  if (!ok) return MakeError(ErrorCode::kInvalidArgument, "verification failed: " + ok.ErrorMessage());
  return *ok;
}

Expected<bool> VerifySeal(RegisteredSealProof proof, const Digest32 &comm_r, const Digest32 &comm_d,
                          const Digest32 &prover_id, uint64_t sector_id, const Digest32 &ticket, const Digest32 &seed,
                          std::span<const uint8_t> proof_bytes, const groth16::VerifyingKey &vk) {
  return VerifySeal(proof, comm_r, comm_d, prover_id, sector_id, ticket, seed, proof_bytes,
                    groth16::PrepareVerifyingKey(vk));
}

} // namespace cuzk::filecoin
