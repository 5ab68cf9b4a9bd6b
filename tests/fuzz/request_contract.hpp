// tests/fuzz/request_contract.hpp — the request conversion's contract, shared by request_fuzzer.cpp
// and plan_fuzzer.cpp.
#pragma once
#include "server/request_conversion.hpp"

#include "fuzz_check.hpp"

#include <algorithm>
#include <optional>
#include <string_view>

namespace cuzk::fuzz {

//! Messages go to clients and into log lines: a few hundred bytes, no control characters.
inline bool IsBoundedMessage(std::string_view message) {
  return !message.empty() && message.size() <= 1024 &&
         std::ranges::none_of(message, [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

inline bool SameBytes(const std::string &wire, const std::vector<uint8_t> &engine) {
  return std::ranges::equal(wire, engine, [](char a, uint8_t b) { return uint8_t(a) == b; });
}

//! ValidateSubmit, RequestShapeOf and ToEngineRequest as ProvingService::Submit runs them, each
//! checked; the engine request when the request is accepted.
inline std::optional<engine::ProofRequest> ConvertChecked(const v1::SubmitProofRequest &wire) {
  const std::string error = server::ValidateSubmit(wire);
  if (!error.empty()) {
    CUZK_FUZZ_CHECK(IsBoundedMessage(error), "a refusal is empty, unbounded or has control characters");
    return std::nullopt;
  }
  const engine::RequestShape shape = server::RequestShapeOf(wire);
  CUZK_FUZZ_CHECK(uint32_t(shape.proof_kind) == uint32_t(wire.proof_kind()), "shape: proof_kind changed");
  CUZK_FUZZ_CHECK(shape.registered_proof == wire.registered_proof(), "shape: registered_proof changed");
  CUZK_FUZZ_CHECK(shape.vanilla_proof_bytes == wire.vanilla_proof().size(), "shape: vanilla_proof size changed");
  CUZK_FUZZ_CHECK(shape.vanilla_proofs == uint64_t(wire.vanilla_proofs_size()), "shape: vanilla_proofs changed");
  engine::ProofRequest r = server::ToEngineRequest(wire);
  CUZK_FUZZ_CHECK(r.request_id == wire.request_id(), "request_id changed");
  CUZK_FUZZ_CHECK(uint32_t(r.proof_kind) == uint32_t(wire.proof_kind()), "proof_kind changed");
  CUZK_FUZZ_CHECK(uint32_t(r.priority) == uint32_t(wire.priority()), "priority changed");
  CUZK_FUZZ_CHECK(r.sector_size == wire.sector_size() && r.registered_proof == wire.registered_proof() &&
                      r.sector_number == wire.sector_number() && r.miner_id == wire.miner_id() &&
                      r.partition_index == wire.partition_index(),
                  "a number changed");
  CUZK_FUZZ_CHECK(SameBytes(wire.vanilla_proof(), r.vanilla_proof) && SameBytes(wire.randomness(), r.randomness) &&
                      SameBytes(wire.comm_r_old(), r.comm_r_old) && SameBytes(wire.comm_r_new(), r.comm_r_new) &&
                      SameBytes(wire.comm_d_new(), r.comm_d_new),
                  "a bytes field changed");
  CUZK_FUZZ_CHECK(r.vanilla_proofs.size() == size_t(wire.vanilla_proofs_size()), "vanilla_proofs count changed");
  for (size_t i = 0; i < r.vanilla_proofs.size(); i++)
    CUZK_FUZZ_CHECK(SameBytes(wire.vanilla_proofs(int(i)), r.vanilla_proofs[i]), "a vanilla proof changed");
  return r;
}

} // namespace cuzk::fuzz
