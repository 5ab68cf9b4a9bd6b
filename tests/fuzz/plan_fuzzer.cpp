// tests/fuzz/plan_fuzzer.cpp — libFuzzer target for the whole path from a SubmitProofRequest's wire
// bytes to a job's partitions: the request conversion (request_contract.hpp), then the kind's handler
// as the engine runs it (src/engine/filecoin_handlers.hpp): CheckShape on the counts, Plan on the
// copied request, which parses the C1 envelope and JSON or the bincode vanilla proofs and verifies
// them. It links every CPU layer, so it is built and run by scripts/fuzz.sh, not in CI.
//
// Input: the serialised cuzk.v1.SubmitProofRequest (the request target's corpus).
//
// Contract: nothing crashes or hangs; the conversion's contract holds; a refused shape or a failed
// plan carries a message; an accepted plan has partitions, each with a circuit id and its synthesis.
#include "engine/filecoin_handlers.hpp"

#include "fuzz_check.hpp"
#include "request_contract.hpp"

#include <cstdint>

#include <google/protobuf/stubs/logging.h>
#include <memory>

//! protobuf logs every string field that is not UTF-8; mutations make many, and the log says nothing.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace cuzk::engine;
  cuzk::v1::SubmitProofRequest wire;
  if (!wire.ParseFromArray(data, int(size))) return 0;
  auto request = cuzk::fuzz::ConvertChecked(wire);
  if (!request) return 0;
  static const std::shared_ptr<const ProofKindHandler> HANDLERS[5] = {nullptr, MakePorepC2Handler(), MakeSnapHandler(),
                                                                      MakePoStHandler(true), MakePoStHandler(false)};
  const uint32_t kind = uint32_t(request->proof_kind);
  if (kind >= 5 || !HANDLERS[kind]) return 0; // no handler: the engine fails the job by that name
  const ProofKindHandler &handler = *HANDLERS[kind];
  if (auto shape = handler.CheckShape(cuzk::server::RequestShapeOf(wire)); !shape) {
    CUZK_FUZZ_CHECK(!shape.ErrorMessage().empty(), "a refused shape has no message");
    return 0;
  }
  auto plan = handler.Plan(*request);
  if (!plan) {
    CUZK_FUZZ_CHECK(!plan.ErrorMessage().empty(), "a failed plan has no message");
    return 0;
  }
  CUZK_FUZZ_CHECK(!plan->empty(), "an accepted plan has no partitions");
  for (const PartitionWork &work : *plan)
    CUZK_FUZZ_CHECK(!work.circuit_id.empty() && work.synthesize, "a partition has no circuit id or synthesis");
  return 0;
}
