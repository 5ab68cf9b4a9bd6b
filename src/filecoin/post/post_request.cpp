// src/filecoin/post/post_request.cpp — decode, assemble, verify, build: the pieces of post_bincode,
// post_vanilla, post_challenges and post_circuit in the order a prover needs them.
#include "filecoin/post/post_request.hpp"

#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_vanilla.hpp"

#include <algorithm>

namespace cuzk::filecoin {

namespace {

Error Field(const Error &e, const std::string &field) { return MakeError(e.code, field + ": " + e.message); }

} // namespace

Expected<PoStProvingJob> PreparePoStProof(uint64_t registered_proof,
                                          std::span<const std::vector<uint8_t>> vanilla_proofs,
                                          std::span<const uint8_t> randomness, uint32_t partition_index) {
  auto proof = RegisteredPoStProofFromId(registered_proof);
  if (!proof) return Field(proof.GetError(), "registered_proof");
  PoStProvingJob job;
  job.config = PoStConfigFor(*proof);
  if (randomness.size() != 32)
    return MakeError(ErrorCode::kBadLength, "randomness: " + std::to_string(randomness.size()) + " bytes, expected 32");
  Digest32 r{};
  std::copy(randomness.begin(), randomness.end(), r.begin());
  if (auto s = CheckSafeCommitment(r, "randomness"); !s) return s.GetError();
  if (vanilla_proofs.empty()) return MakeError(ErrorCode::kInvalidArgument, "vanilla_proofs: empty");
  const size_t max = job.config.type == PoStType::kWindow ? job.config.sector_count : 1;
  if (vanilla_proofs.size() > max)
    return MakeError(ErrorCode::kInvalidArgument,
                     "vanilla_proofs: " + std::to_string(vanilla_proofs.size()) + " sector proofs, a partition of " +
                         std::string(ProofsApiName(*proof)) + " takes at most " + std::to_string(max));
  std::vector<FallbackPoStSectorProof> decoded;
  decoded.reserve(vanilla_proofs.size());
  for (size_t i = 0; i < vanilla_proofs.size(); i++) {
    auto d = DecodeFallbackPoStSectorProof(vanilla_proofs[i], job.config);
    if (!d) return Field(d.GetError(), "vanilla_proofs[" + std::to_string(i) + "]");
    decoded.push_back(std::move(d).Value());
  }
  const size_t k = job.config.type == PoStType::kWindow ? partition_index : 0;
  auto partition = PoStPartitionFromVanilla(job.config, decoded, k);
  if (!partition) return Field(partition.GetError(), "vanilla_proofs");
  if (auto s = VerifyPoStPartition(*partition, r); !s) return Field(s.GetError(), "vanilla_proofs");
  auto circuit = PoStCircuitInputFromPartition(*partition);
  if (!circuit) return Field(circuit.GetError(), "vanilla_proofs");
  auto publics = FallbackPoStPublicInputs(partition->params, r, partition->sectors, k);
  if (!publics) return publics.GetError();
  job.circuit = std::move(circuit).Value();
  job.public_inputs = std::move(publics).Value();
  job.parameter_id = partition->params.ParameterCacheId();
  return job;
}

} // namespace cuzk::filecoin
