// src/server/proving_service.cpp — the eight RPCs.
#include "server/proving_service.hpp"

#include "base/echo.hpp"
#include "server/request_conversion.hpp"

#include <algorithm>
#include <spdlog/spdlog.h>

namespace cuzk::server {
namespace {

namespace v1 = cuzk::v1;
using std::chrono::milliseconds;

//! How long one engine Await may block before the handler looks at its call again.
constexpr milliseconds WAIT_SLICE{200};

//! The gRPC code a client sees for an engine error. The decode and shape codes are all a bad
//! argument on the wire; the reference daemon answers them with INVALID_ARGUMENT too.
grpc::StatusCode ToGrpcCode(ErrorCode code) {
  switch (code) {
  case ErrorCode::kBadLength:
  case ErrorCode::kNonCanonical:
  case ErrorCode::kNotOnCurve:
  case ErrorCode::kNotInSubgroup:
  case ErrorCode::kBadArity:
  case ErrorCode::kInvalidArgument:
    return grpc::StatusCode::INVALID_ARGUMENT;
  case ErrorCode::kNotFound:
    return grpc::StatusCode::NOT_FOUND;
  case ErrorCode::kFailedPrecondition:
    return grpc::StatusCode::FAILED_PRECONDITION;
  case ErrorCode::kUnavailable:
    return grpc::StatusCode::UNAVAILABLE;
  case ErrorCode::kResourceExhausted:
    return grpc::StatusCode::RESOURCE_EXHAUSTED;
  case ErrorCode::kInternal:
    return grpc::StatusCode::INTERNAL;
  }
  return grpc::StatusCode::INTERNAL;
}

grpc::Status FromError(const Error &error) { return grpc::Status(ToGrpcCode(error.code), error.message); }
template <class T> grpc::Status FromOutcome(const Expected<T> &outcome) {
  return outcome ? grpc::Status::OK : FromError(outcome.GetError());
}
grpc::Status FromOutcome(const Status &status) { return status ? grpc::Status::OK : FromError(status.GetError()); }

grpc::Status Invalid(const std::string &message) { return {grpc::StatusCode::INVALID_ARGUMENT, message}; }

void LogResult(const char *rpc, const v1::AwaitProofResponse &r) {
  if (r.status() == v1::AwaitProofResponse::COMPLETED) {
    spdlog::info("{} job={} COMPLETED proof={}B total={}ms queue={}ms srs={}ms synth={}ms prove={}ms", rpc, r.job_id(),
                 r.proof().size(), r.total_ms(), r.queue_wait_ms(), r.srs_load_ms(), r.synthesis_ms(),
                 r.gpu_compute_ms());
  } else if (r.status() != v1::AwaitProofResponse::TIMEOUT) {
    spdlog::warn("{} job={} {}: {} (total={}ms)", rpc, r.job_id(), v1::AwaitProofResponse::Status_Name(r.status()),
                 r.error_message(), r.total_ms());
  }
}

} // namespace

grpc::Status ProvingService::Done(const char *rpc, grpc::Status status) {
  counters_.Count(rpc, status.error_code());
  if (status.error_code() == grpc::StatusCode::INVALID_ARGUMENT) {
    spdlog::warn("{}: rejected: {}", rpc, base::Echo(status.error_message(), base::MESSAGE_BYTES));
  }
  return status;
}

grpc::Status ProvingService::Submit(const v1::SubmitProofRequest &request, engine::SubmitResult &submitted) {
  if (auto error = ValidateSubmit(request); !error.empty()) return Invalid(error);
  // counts first: a request its kind cannot have is refused before its entries are copied
  if (auto shape = engine_.CheckShape(RequestShapeOf(request)); !shape) return FromOutcome(shape);
  auto outcome = engine_.Submit(ToEngineRequest(request));
  if (!outcome) return FromOutcome(outcome);
  submitted = *outcome;
  spdlog::info("submit job={} kind={} priority={} queue_position={}{}", submitted.job_id,
               v1::ProofKind_Name(request.proof_kind()), v1::Priority_Name(request.priority()),
               submitted.queue_position, submitted.duplicate ? " (existing job)" : "");
  return grpc::Status::OK;
}

grpc::Status ProvingService::Wait(grpc::ServerContext *context, const std::string &job_id, milliseconds timeout,
                                  v1::AwaitProofResponse &out) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    milliseconds slice = WAIT_SLICE;
    if (timeout.count() > 0) {
      auto left = timeout - std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start);
      // at least 1 ms: an engine timeout of 0 means "no limit"
      slice = std::clamp(left, milliseconds(1), WAIT_SLICE);
    }
    auto outcome = engine_.Await(job_id, slice);
    if (!outcome) return FromOutcome(outcome);
    const auto &result = *outcome;
    bool out_of_time = timeout.count() > 0 && std::chrono::steady_clock::now() - start >= timeout;
    if (result.status != engine::ProofStatus::TIMEOUT || out_of_time) {
      ToProto(result, out);
      return grpc::Status::OK;
    }
    if (context->IsCancelled()) {
      spdlog::info("job={}: caller gone, the job goes on", base::Echo(job_id));
      return {grpc::StatusCode::CANCELLED, "call cancelled while job " + base::Echo(job_id) + " was running"};
    }
  }
}

grpc::Status ProvingService::SubmitProof(grpc::ServerContext *, const v1::SubmitProofRequest *request,
                                         v1::SubmitProofResponse *response) {
  engine::SubmitResult submitted;
  grpc::Status status = Submit(*request, submitted);
  if (status.ok()) {
    response->set_job_id(submitted.job_id);
    response->set_queue_position(submitted.queue_position);
  }
  return Done("SubmitProof", status);
}

grpc::Status ProvingService::AwaitProof(grpc::ServerContext *context, const v1::AwaitProofRequest *request,
                                        v1::AwaitProofResponse *response) {
  if (request->job_id().empty()) return Done("AwaitProof", Invalid("job_id: required"));
  // uint64 milliseconds beyond ~292 million years would overflow; treat them as "forever"
  milliseconds timeout(request->timeout_ms() > (uint64_t{1} << 62) ? 0 : static_cast<int64_t>(request->timeout_ms()));
  grpc::Status status = Wait(context, request->job_id(), timeout, *response);
  if (status.ok()) LogResult("await", *response);
  return Done("AwaitProof", status);
}

grpc::Status ProvingService::Prove(grpc::ServerContext *context, const v1::ProveRequest *request,
                                   v1::ProveResponse *response) {
  if (!request->has_submit()) return Done("Prove", Invalid("submit: required"));
  engine::SubmitResult submitted;
  grpc::Status status = Submit(request->submit(), submitted);
  if (status.ok()) status = Wait(context, submitted.job_id, milliseconds(0), *response->mutable_result());
  if (status.ok()) LogResult("prove", response->result());
  return Done("Prove", status);
}

grpc::Status ProvingService::CancelProof(grpc::ServerContext *, const v1::CancelProofRequest *request,
                                         v1::CancelProofResponse *response) {
  if (request->job_id().empty()) return Done("CancelProof", Invalid("job_id: required"));
  auto outcome = engine_.Cancel(request->job_id());
  if (outcome) {
    response->set_was_running(outcome->was_running);
    spdlog::info("cancel job={} was_running={}", request->job_id(), outcome->was_running);
  }
  return Done("CancelProof", FromOutcome(outcome));
}

grpc::Status ProvingService::GetStatus(grpc::ServerContext *, const v1::GetStatusRequest *,
                                       v1::GetStatusResponse *response) {
  ToProto(engine_.Status(), *response);
  return Done("GetStatus", grpc::Status::OK);
}

grpc::Status ProvingService::GetMetrics(grpc::ServerContext *, const v1::GetMetricsRequest *,
                                        v1::GetMetricsResponse *response) {
  // counted first, so the text includes this call
  Done("GetMetrics", grpc::Status::OK);
  response->set_prometheus_text(engine_.MetricsText() + counters_.PrometheusText());
  return grpc::Status::OK;
}

grpc::Status ProvingService::PreloadSRS(grpc::ServerContext *, const v1::PreloadSrsRequest *request,
                                        v1::PreloadSrsResponse *response) {
  if (request->circuit_id().empty()) return Done("PreloadSRS", Invalid("circuit_id: required"));
  auto outcome = engine_.PreloadSrs(request->circuit_id());
  if (outcome) {
    response->set_already_loaded(outcome->already_loaded);
    response->set_load_time_ms(outcome->load_time_ms);
    spdlog::info("preload {}: {}", request->circuit_id(),
                 outcome->already_loaded ? std::string("already loaded")
                                         : "loaded in " + std::to_string(outcome->load_time_ms) + " ms");
  }
  return Done("PreloadSRS", FromOutcome(outcome));
}

grpc::Status ProvingService::EvictSRS(grpc::ServerContext *, const v1::EvictSrsRequest *request,
                                      v1::EvictSrsResponse *response) {
  if (request->circuit_id().empty()) return Done("EvictSRS", Invalid("circuit_id: required"));
  auto outcome = engine_.EvictSrs(request->circuit_id());
  if (outcome) {
    response->set_was_loaded(outcome->was_loaded);
    response->set_freed_bytes(outcome->freed_bytes);
    spdlog::info("evict {}: was_loaded={} freed={}B", request->circuit_id(), outcome->was_loaded, outcome->freed_bytes);
  }
  return Done("EvictSRS", FromOutcome(outcome));
}

} // namespace cuzk::server
