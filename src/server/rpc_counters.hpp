// src/server/rpc_counters.hpp — how many calls each RPC got and how they ended, for GetMetrics.
//
// The engine's metrics count proofs; these count calls, so a client sending malformed requests
// (INVALID_ARGUMENT) or calling during shutdown (UNAVAILABLE) shows up too.
#pragma once
#include <grpcpp/support/status.h>

#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace cuzk::server {

class RpcCounters {
public:
  //! Counts one finished call of `rpc` (e.g. "Prove") that returned `code`.
  void Count(const std::string &rpc, grpc::StatusCode code);
  //! `cuzk_rpc_requests_total{rpc="...",code="..."}` in Prometheus text format (with HELP/TYPE).
  std::string PrometheusText() const;

private:
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, int>, uint64_t> counts_;
};

//! "OK", "INVALID_ARGUMENT", ... (the canonical gRPC code names)
std::string StatusCodeName(grpc::StatusCode code);

} // namespace cuzk::server
