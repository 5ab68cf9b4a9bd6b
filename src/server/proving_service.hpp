// src/server/proving_service.hpp — cuzk.v1.ProvingEngine over the engine.
//
// Each RPC translates its request, calls the engine, and translates the answer (spec/cuzk-api.md
// §1.1, with the reference's stubs made real: CancelProof, EvictSRS, AwaitProof's timeout).
// Malformed requests are INVALID_ARGUMENT naming the field; a proof that fails is gRPC OK with
// status FAILED and a message, as the reference answers; engine call errors map to the gRPC code
// of the same name. Waiting RPCs wait in short slices, so a client that hangs up or a server
// shutdown frees the handler thread; the job itself goes on (a retry with the same request_id
// finds it).
#pragma once
#include "cuzk/v1/proving.grpc.pb.h"
#include "engine/engine.hpp"
#include "server/rpc_counters.hpp"

#include <chrono>

namespace cuzk::server {

class ProvingService final : public cuzk::v1::ProvingEngine::Service {
public:
  //! `engine` must outlive the service.
  explicit ProvingService(engine::Engine &engine) : engine_(engine) {}

  grpc::Status SubmitProof(grpc::ServerContext *context, const cuzk::v1::SubmitProofRequest *request,
                           cuzk::v1::SubmitProofResponse *response) override;
  grpc::Status AwaitProof(grpc::ServerContext *context, const cuzk::v1::AwaitProofRequest *request,
                          cuzk::v1::AwaitProofResponse *response) override;
  grpc::Status Prove(grpc::ServerContext *context, const cuzk::v1::ProveRequest *request,
                     cuzk::v1::ProveResponse *response) override;
  grpc::Status CancelProof(grpc::ServerContext *context, const cuzk::v1::CancelProofRequest *request,
                           cuzk::v1::CancelProofResponse *response) override;
  grpc::Status GetStatus(grpc::ServerContext *context, const cuzk::v1::GetStatusRequest *request,
                         cuzk::v1::GetStatusResponse *response) override;
  grpc::Status GetMetrics(grpc::ServerContext *context, const cuzk::v1::GetMetricsRequest *request,
                          cuzk::v1::GetMetricsResponse *response) override;
  grpc::Status PreloadSRS(grpc::ServerContext *context, const cuzk::v1::PreloadSrsRequest *request,
                          cuzk::v1::PreloadSrsResponse *response) override;
  grpc::Status EvictSRS(grpc::ServerContext *context, const cuzk::v1::EvictSrsRequest *request,
                        cuzk::v1::EvictSrsResponse *response) override;

private:
  //! Submits a validated request; on success `job_id` names the job.
  grpc::Status Submit(const cuzk::v1::SubmitProofRequest &request, engine::SubmitResult &submitted);
  //! Awaits `job_id` for at most `timeout` (0 = until it ends), giving up early (gRPC CANCELLED)
  //! when the call is cancelled: client gone, deadline passed, or the server shutting down.
  grpc::Status Wait(grpc::ServerContext *context, const std::string &job_id, std::chrono::milliseconds timeout,
                    cuzk::v1::AwaitProofResponse &out);
  //! Counts the call and passes its status through.
  grpc::Status Done(const char *rpc, grpc::Status status);

  engine::Engine &engine_;
  RpcCounters counters_;
};

} // namespace cuzk::server
