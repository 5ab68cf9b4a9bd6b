// src/engine/request.hpp — one proof request as the engine sees it (spec/cuzk-api.md §1.3).
//
// The fields mirror SubmitProofRequest of cuzk.v1 one for one, so the server translates without
// interpretation; enum values equal the proto's numbers. Which fields a kind reads is the business
// of that kind's ProofKindHandler (spec §2.2).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::engine {

//! cuzk.v1.ProofKind; the values are the wire numbers. Values outside the list may arrive from the
//! wire: such a job fails ("no handler"), it never crashes the engine.
enum class ProofKind : uint32_t {
  UNSPECIFIED = 0,
  POREP_SEAL_COMMIT = 1,
  SNAP_DEALS_UPDATE = 2,
  WINDOW_POST_PARTITION = 3,
  WINNING_POST = 4,
};

//! cuzk.v1.Priority; higher numbers go first. CRITICAL is for WinningPoSt (must finish within the epoch).
enum class Priority : uint32_t {
  UNSPECIFIED = 0,
  LOW = 1,
  NORMAL = 2,
  HIGH = 3,
  CRITICAL = 4,
};

//! "porep-c2", "snap-update", "window-post", "winning-post" (the reference status strings, spec §1.3);
//! "unknown-<n>" otherwise
std::string ProofKindName(ProofKind kind);
//! the Prometheus label: "porep_c2", "snap_update", "window_post", "winning_post", "unknown"
std::string_view ProofKindLabel(ProofKind kind);
//! "low", "normal", "high", "critical"; "unspecified" for 0
std::string_view PriorityName(Priority priority);
//! What UNSPECIFIED (or an unknown value) means for a kind, as the reference (spec §5.1):
//! WinningPoSt → CRITICAL, WindowPoSt → HIGH, everything else → NORMAL. A known value is kept.
Priority EffectivePriority(ProofKind kind, Priority requested);

//! cuzk.v1.SubmitProofRequest. Bytes are kept as sent; handlers validate them.
struct ProofRequest {
  std::string request_id; //!< idempotency key; empty → the engine makes a UUIDv4
  ProofKind proof_kind = ProofKind::UNSPECIFIED;
  uint64_t sector_size = 0;
  uint64_t registered_proof = 0;
  Priority priority = Priority::UNSPECIFIED;
  std::vector<uint8_t> vanilla_proof;               //!< PoRep: the C1 JSON envelope
  std::vector<std::vector<uint8_t>> vanilla_proofs; //!< PoSt: one per sector; Snap: one per partition
  uint64_t sector_number = 0;
  uint64_t miner_id = 0;
  std::vector<uint8_t> randomness; //!< 32 bytes for PoSt
  uint32_t partition_index = 0;
  std::vector<uint8_t> comm_r_old; //!< raw 32-byte commitments (SnapDeals)
  std::vector<uint8_t> comm_r_new;
  std::vector<uint8_t> comm_d_new;
};

} // namespace cuzk::engine
