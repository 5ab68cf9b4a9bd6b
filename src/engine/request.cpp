// src/engine/request.cpp — names and default priorities of proof kinds (spec/cuzk-api.md §1.3, §5.1).
#include "engine/request.hpp"

namespace cuzk::engine {

std::string ProofKindName(ProofKind kind) {
  switch (kind) {
  case ProofKind::POREP_SEAL_COMMIT:
    return "porep-c2";
  case ProofKind::SNAP_DEALS_UPDATE:
    return "snap-update";
  case ProofKind::WINDOW_POST_PARTITION:
    return "window-post";
  case ProofKind::WINNING_POST:
    return "winning-post";
  default:
    return "unknown-" + std::to_string(uint32_t(kind));
  }
}

std::string_view ProofKindLabel(ProofKind kind) {
  switch (kind) {
  case ProofKind::POREP_SEAL_COMMIT:
    return "porep_c2";
  case ProofKind::SNAP_DEALS_UPDATE:
    return "snap_update";
  case ProofKind::WINDOW_POST_PARTITION:
    return "window_post";
  case ProofKind::WINNING_POST:
    return "winning_post";
  default:
    return "unknown";
  }
}

std::string_view PriorityName(Priority priority) {
  switch (priority) {
  case Priority::LOW:
    return "low";
  case Priority::NORMAL:
    return "normal";
  case Priority::HIGH:
    return "high";
  case Priority::CRITICAL:
    return "critical";
  default:
    return "unspecified";
  }
}

Priority EffectivePriority(ProofKind kind, Priority requested) {
  if (requested >= Priority::LOW && requested <= Priority::CRITICAL) return requested;
  switch (kind) {
  case ProofKind::WINNING_POST:
    return Priority::CRITICAL;
  case ProofKind::WINDOW_POST_PARTITION:
    return Priority::HIGH;
  default:
    return Priority::NORMAL;
  }
}

} // namespace cuzk::engine
