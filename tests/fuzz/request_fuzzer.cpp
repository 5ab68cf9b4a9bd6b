// tests/fuzz/request_fuzzer.cpp — libFuzzer target for the daemon's request conversion
// (src/server/request_conversion.hpp): a SubmitProofRequest's wire bytes, as gRPC hands them to the
// service, through ValidateSubmit, RequestShapeOf and ToEngineRequest, the steps ProvingService::Submit
// takes before the engine sees the request. plan_fuzzer.cpp goes on into the kinds' handlers.
//
// Input: the serialised cuzk.v1.SubmitProofRequest. Seeds: tests/fuzz/seeds.cpp (one request of each
// kind from a sealed 2KiB sector, as tests/engine_e2e/filecoin_requests.hpp makes them).
//
// Contract: nothing crashes or hangs; a refusal is a message naming a field, bounded and free of
// control characters (it goes to the client and the log, issue 23 item 4); an accepted request's
// shape and engine form carry the wire fields unchanged.
#include "server/request_conversion.hpp"

#include "fuzz_check.hpp"
#include "request_contract.hpp"

#include <cstdint>

#include <google/protobuf/stubs/logging.h>

//! protobuf logs every string field that is not UTF-8; mutations make many, and the log says nothing.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  cuzk::v1::SubmitProofRequest wire;
  if (!wire.ParseFromArray(data, int(size))) return 0; // gRPC refuses it before the service
  cuzk::fuzz::ConvertChecked(wire);
  return 0;
}
