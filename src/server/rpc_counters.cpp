// src/server/rpc_counters.cpp — per-RPC call counters.
#include "server/rpc_counters.hpp"

#include <array>

namespace cuzk::server {

std::string StatusCodeName(grpc::StatusCode code) {
  static const std::array<const char *, 17> NAMES{
      "OK",        "CANCELLED",      "UNKNOWN",           "INVALID_ARGUMENT",   "DEADLINE_EXCEEDED",
      "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION",
      "ABORTED",   "OUT_OF_RANGE",   "UNIMPLEMENTED",     "INTERNAL",           "UNAVAILABLE",
      "DATA_LOSS", "UNAUTHENTICATED"};
  auto i = static_cast<size_t>(code);
  return i < NAMES.size() ? NAMES[i] : "CODE_" + std::to_string(i);
}

void RpcCounters::Count(const std::string &rpc, grpc::StatusCode code) {
  std::lock_guard lock(mutex_);
  counts_[{rpc, static_cast<int>(code)}]++;
}

std::string RpcCounters::PrometheusText() const {
  std::string out = "# HELP cuzk_rpc_requests_total gRPC calls served, by method and status code.\n"
                    "# TYPE cuzk_rpc_requests_total counter\n";
  std::lock_guard lock(mutex_);
  for (const auto &[key, count] : counts_) {
    out += "cuzk_rpc_requests_total{rpc=\"" + key.first + "\",code=\"" +
           StatusCodeName(static_cast<grpc::StatusCode>(key.second)) + "\"} " + std::to_string(count) + "\n";
  }
  return out;
}

} // namespace cuzk::server
