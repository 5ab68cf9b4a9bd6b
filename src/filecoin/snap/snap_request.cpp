// src/filecoin/snap/snap_request.cpp — decode and verify each PartitionProof, then build its circuit.
#include "filecoin/snap/snap_request.hpp"

#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_vanilla.hpp"

#include <algorithm>

namespace cuzk::filecoin {

namespace {

Error Field(const Error &e, const std::string &field) { return MakeError(e.code, field + ": " + e.message); }

Status Commitment(std::span<const uint8_t> bytes, const char *name, Digest32 &out) {
  if (bytes.size() != 32)
    return MakeError(ErrorCode::kBadLength,
                     std::string(name) + ": " + std::to_string(bytes.size()) + " bytes, expected 32");
  std::copy(bytes.begin(), bytes.end(), out.begin());
  if (!ff::Fr::FromBytesLE(out.data()))
    return MakeError(ErrorCode::kNonCanonical, std::string(name) + ": not a canonical field element");
  return Status::Ok();
}

} // namespace

Expected<SnapProvingJob> PrepareSnapProof(uint64_t registered_proof,
                                          std::span<const std::vector<uint8_t>> vanilla_proofs,
                                          std::span<const uint8_t> comm_r_old, std::span<const uint8_t> comm_r_new,
                                          std::span<const uint8_t> comm_d_new) {
  auto proof = RegisteredUpdateProofFromId(registered_proof);
  if (!proof) return Field(proof.GetError(), "registered_proof");
  SnapProvingJob job;
  job.config = SnapConfigFor(*proof);
  SnapPublicInputs inputs;
  inputs.h = job.config.h;
  if (auto s = Commitment(comm_r_old, "comm_r_old", inputs.comm_r_old); !s) return s.GetError();
  if (auto s = Commitment(comm_r_new, "comm_r_new", inputs.comm_r_new); !s) return s.GetError();
  if (auto s = Commitment(comm_d_new, "comm_d_new", inputs.comm_d_new); !s) return s.GetError();
  if (vanilla_proofs.size() != job.config.partition_count)
    return MakeError(ErrorCode::kInvalidArgument, "vanilla_proofs: " + std::to_string(vanilla_proofs.size()) +
                                                      " partition proofs, " + std::string(UpdateProofName(*proof)) +
                                                      " has " + std::to_string(job.config.partition_count) +
                                                      " partitions");
  job.parameter_id = job.config.ParameterCacheId();
  for (size_t k = 0; k < vanilla_proofs.size(); k++) {
    const std::string field = "vanilla_proofs[" + std::to_string(k) + "]";
    auto decoded = DecodeSnapPartitionProof(vanilla_proofs[k], job.config);
    if (!decoded) return Field(decoded.GetError(), field);
    inputs.k = k;
    if (auto s = SnapVerifyPartition(job.config, inputs, *decoded); !s) return Field(s.GetError(), field);
    auto circuit = SnapCircuitInputFromProof(job.config, inputs, *decoded);
    if (!circuit) return Field(circuit.GetError(), field);
    auto publics = SnapCircuitPublicInputs(job.config, inputs);
    if (!publics) return Field(publics.GetError(), field);
    job.partitions.push_back(std::move(circuit).Value());
    job.public_inputs.push_back(std::move(publics).Value());
  }
  return job;
}

} // namespace cuzk::filecoin
