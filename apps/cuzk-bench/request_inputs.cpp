// apps/cuzk-bench/request_inputs.cpp — public inputs of a request, verifier side and prover side.
#include "request_inputs.hpp"

#include "filecoin/core/registered_seal_proof.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_challenges.hpp"
#include "filecoin/post/post_request.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_request.hpp"
#include "filecoin/testing/test_params.hpp"
#include "groth16/snarkjs_json.hpp"

#include <algorithm>
#include <span>

namespace cuzk::bench {
namespace {

namespace v1 = cuzk::v1;

Error Field(const Error &e, const std::string &field) { return MakeError(e.code, field + ": " + e.message); }

std::span<const uint8_t> Bytes(const std::string &s) { return {reinterpret_cast<const uint8_t *>(s.data()), s.size()}; }

std::vector<std::vector<uint8_t>> VanillaProofs(const v1::SubmitProofRequest &request) {
  std::vector<std::vector<uint8_t>> out;
  for (const std::string &p : request.vanilla_proofs()) out.emplace_back(p.begin(), p.end());
  return out;
}

Expected<filecoin::Digest32> Exactly32(const std::string &bytes, const char *field) {
  if (bytes.size() != 32)
    return MakeError(ErrorCode::kBadLength,
                     std::string(field) + ": " + std::to_string(bytes.size()) + " bytes, expected 32");
  filecoin::Digest32 out{};
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

Expected<filecoin::PoStConfig> PoStConfigOf(const v1::SubmitProofRequest &request) {
  auto proof = filecoin::RegisteredPoStProofFromId(request.registered_proof());
  if (!proof) return Field(proof.GetError(), "registered_proof");
  const filecoin::PoStConfig config = filecoin::PoStConfigFor(*proof);
  const bool window = request.proof_kind() == v1::WINDOW_POST_PARTITION;
  if ((config.type == filecoin::PoStType::kWindow) != window)
    return MakeError(ErrorCode::kInvalidArgument, "registered_proof " + std::to_string(request.registered_proof()) +
                                                      " is a " + (window ? "WinningPoSt" : "WindowPoSt") +
                                                      " proof, but the request's proof_kind is " +
                                                      (window ? "WINDOW_POST_PARTITION" : "WINNING_POST"));
  return config;
}

Expected<RequestInputs> PorepVerifier(const v1::SubmitProofRequest &request) {
  auto parsed = filecoin::ParseC1Request(request.vanilla_proof());
  if (!parsed) return Field(parsed.GetError(), "vanilla_proof");
  auto proof = filecoin::SealProofFromName(parsed->c1.registered_proof);
  if (!proof) return Field(proof.GetError(), "vanilla_proof");
  const filecoin::SealCommitPhase1Output &c1 = parsed->c1;
  auto inputs =
      filecoin::PorepVerifierInputs(*proof, c1.comm_r, c1.comm_d, filecoin::ProverIdFromActorId(request.miner_id()),
                                    uint64_t(parsed->sector_num), c1.ticket, c1.seed);
  if (!inputs) return Field(inputs.GetError(), "vanilla_proof");
  return RequestInputs{filecoin::PorepParameterCacheId(filecoin::PorepConfigFor(*proof)), std::move(inputs).Value()};
}

Expected<RequestInputs> PoStVerifier(const v1::SubmitProofRequest &request) {
  auto config = PoStConfigOf(request);
  if (!config) return config.GetError();
  auto randomness = Exactly32(request.randomness(), "randomness");
  if (!randomness) return randomness.GetError();
  const size_t max = config->type == filecoin::PoStType::kWindow ? config->sector_count : 1;
  if (request.vanilla_proofs().empty() || size_t(request.vanilla_proofs().size()) > max)
    return MakeError(ErrorCode::kInvalidArgument, "vanilla_proofs: " + std::to_string(request.vanilla_proofs().size()) +
                                                      " sector proofs, a partition takes 1 to " + std::to_string(max));
  // The chain knows each sector's id and comm_r; a request carries them in its vanilla proofs.
  std::vector<filecoin::PoStPublicSector> sectors;
  for (int i = 0; i < request.vanilla_proofs().size(); i++) {
    auto decoded = filecoin::DecodeFallbackPoStSectorProof(Bytes(request.vanilla_proofs(i)), *config);
    if (!decoded) return Field(decoded.GetError(), "vanilla_proofs[" + std::to_string(i) + "]");
    sectors.push_back({decoded->sector_id, decoded->comm_r});
  }
  const filecoin::FallbackPoStParams params = filecoin::FallbackParamsOf(*config);
  const size_t k = config->type == filecoin::PoStType::kWindow ? request.partition_index() : 0;
  auto inputs =
      filecoin::FallbackPoStPublicInputs(params, *randomness, filecoin::FallbackPublicSectors(*config, sectors), k);
  if (!inputs) return inputs.GetError();
  return RequestInputs{params.ParameterCacheId(), {std::move(inputs).Value()}};
}

Expected<RequestInputs> SnapVerifier(const v1::SubmitProofRequest &request) {
  auto proof = filecoin::RegisteredUpdateProofFromId(request.registered_proof());
  if (!proof) return Field(proof.GetError(), "registered_proof");
  const filecoin::SnapConfig config = filecoin::SnapConfigFor(*proof);
  if (size_t(request.vanilla_proofs().size()) != config.partition_count)
    return MakeError(ErrorCode::kInvalidArgument, "vanilla_proofs: " + std::to_string(request.vanilla_proofs().size()) +
                                                      " partition proofs, " +
                                                      std::string(filecoin::UpdateProofName(*proof)) + " has " +
                                                      std::to_string(config.partition_count) + " partitions");
  filecoin::SnapPublicInputs publics;
  publics.h = config.h;
  auto r_old = Exactly32(request.comm_r_old(), "comm_r_old");
  auto r_new = Exactly32(request.comm_r_new(), "comm_r_new");
  auto d_new = Exactly32(request.comm_d_new(), "comm_d_new");
  for (const auto *c : {&r_old, &r_new, &d_new})
    if (!*c) return c->GetError();
  publics.comm_r_old = *r_old;
  publics.comm_r_new = *r_new;
  publics.comm_d_new = *d_new;
  RequestInputs out{config.ParameterCacheId(), {}};
  for (size_t k = 0; k < config.partition_count; k++) {
    publics.k = k;
    auto inputs = filecoin::SnapCircuitPublicInputs(config, publics);
    if (!inputs) return inputs.GetError();
    out.partitions.push_back(std::move(inputs).Value());
  }
  return out;
}

} // namespace

Expected<RequestInputs> VerifierInputs(const v1::SubmitProofRequest &request) {
  switch (request.proof_kind()) {
  case v1::POREP_SEAL_COMMIT:
    return PorepVerifier(request);
  case v1::WINDOW_POST_PARTITION:
  case v1::WINNING_POST:
    return PoStVerifier(request);
  case v1::SNAP_DEALS_UPDATE:
    return SnapVerifier(request);
  default:
    return MakeError(ErrorCode::kInvalidArgument, "proof_kind: " + std::to_string(int(request.proof_kind())));
  }
}

Expected<RequestInputs> PreparedInputs(const v1::SubmitProofRequest &request) {
  switch (request.proof_kind()) {
  case v1::POREP_SEAL_COMMIT: {
    auto job = filecoin::PreparePorepC2FromEnvelope(request.vanilla_proof(), request.miner_id());
    if (!job) return Field(job.GetError(), "vanilla_proof");
    RequestInputs out{filecoin::PorepParameterCacheId(job->config), {}};
    for (const auto &p : job->partitions) out.partitions.push_back(p.public_inputs);
    return out;
  }
  case v1::WINDOW_POST_PARTITION:
  case v1::WINNING_POST: {
    if (auto config = PoStConfigOf(request); !config) return config.GetError();
    const auto proofs = VanillaProofs(request);
    auto job = filecoin::PreparePoStProof(request.registered_proof(), proofs, Bytes(request.randomness()),
                                          request.partition_index());
    if (!job) return job.GetError();
    return RequestInputs{job->parameter_id, {job->public_inputs}};
  }
  case v1::SNAP_DEALS_UPDATE: {
    const auto proofs = VanillaProofs(request);
    auto job = filecoin::PrepareSnapProof(request.registered_proof(), proofs, Bytes(request.comm_r_old()),
                                          Bytes(request.comm_r_new()), Bytes(request.comm_d_new()));
    if (!job) return job.GetError();
    return RequestInputs{job->parameter_id, job->public_inputs};
  }
  default:
    return MakeError(ErrorCode::kInvalidArgument, "proof_kind: " + std::to_string(int(request.proof_kind())));
  }
}

std::string FormatInputs(const std::vector<std::vector<ff::Fr>> &partitions) {
  std::string out;
  for (size_t k = 0; k < partitions.size(); k++) {
    if (k) out += "\n";
    for (const ff::Fr &x : partitions[k]) out += groth16::ToDecimal(x.ToCanonical()) + "\n";
  }
  return out;
}

} // namespace cuzk::bench
