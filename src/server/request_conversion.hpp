// src/server/request_conversion.hpp — cuzk.v1 messages ⇄ engine types.
//
// Checks the shape of a request before the engine sees it: enum values in range, fixed-size fields
// of the right size, the payload the kind needs present and the ones it does not read absent
// (spec/cuzk-api.md §2.2, §2.3). A violation is INVALID_ARGUMENT naming the field. What the bytes
// say (a C1 envelope that does not parse, a bincode proof that is truncated) is the kind handler's
// to judge: that is a proving failure, FAILED with a message.
#pragma once
#include "cuzk/v1/proving.pb.h"
#include "engine/engine.hpp"

#include <string>

namespace cuzk::server {

//! Empty when the request may be submitted; otherwise "<field>: <what is wrong>".
std::string ValidateSubmit(const cuzk::v1::SubmitProofRequest &request);

//! The request's counts, for Engine::CheckShape before it is copied.
engine::RequestShape RequestShapeOf(const cuzk::v1::SubmitProofRequest &request);

//! Copies the request into the engine's form (call ValidateSubmit first).
engine::ProofRequest ToEngineRequest(const cuzk::v1::SubmitProofRequest &request);

//! Fills an AwaitProofResponse from an engine result: status, proof, message, and timings in whole
//! milliseconds. gpu_compute_ms is the prover backend's time (ProveStart + ProveFinish, summed over
//! partitions, as the reference sums them); the self-check shows in total_ms and the metrics.
void ToProto(const engine::ProofResult &result, cuzk::v1::AwaitProofResponse &out);

//! Fills a GetStatusResponse from the engine's status. Every proving device is listed in `gpus`
//! (the CPU backend too); `loaded_srs` lists every parameter set with its tier; the proto's only
//! memory fields, pinned_memory_*, carry what the engine holds for proving (resident parameters
//! plus working memory of partitions in flight) and the sum of both budgets (0 when the parameter
//! budget is unlimited).
void ToProto(const engine::EngineStatus &status, cuzk::v1::GetStatusResponse &out);

} // namespace cuzk::server
