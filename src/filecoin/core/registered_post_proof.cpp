// src/filecoin/core/registered_post_proof.cpp — one table row per proof, indexed by the API number.
#include "filecoin/core/registered_post_proof.hpp"

#include <array>
#include <string>

namespace cuzk::filecoin {

namespace {

struct Row {
  std::string_view api_name;
  std::string_view ffi_name;
  PoStType type;
  uint64_t sector_size;
  ApiVersion version;
};

constexpr uint64_t KIB = 1024, MIB = KIB * 1024, GIB = MIB * 1024;

constexpr std::array<Row, REGISTERED_POST_PROOF_COUNT> ROWS{{
    {"StackedDrgWinning2KiBV1", "StackedDrgWinning2KiBV1", PoStType::kWinning, 2 * KIB, ApiVersion::kV1_0_0},
    {"StackedDrgWinning8MiBV1", "StackedDrgWinning8MiBV1", PoStType::kWinning, 8 * MIB, ApiVersion::kV1_0_0},
    {"StackedDrgWinning512MiBV1", "StackedDrgWinning512MiBV1", PoStType::kWinning, 512 * MIB, ApiVersion::kV1_0_0},
    {"StackedDrgWinning32GiBV1", "StackedDrgWinning32GiBV1", PoStType::kWinning, 32 * GIB, ApiVersion::kV1_0_0},
    {"StackedDrgWinning64GiBV1", "StackedDrgWinning64GiBV1", PoStType::kWinning, 64 * GIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow2KiBV1", "StackedDrgWindow2KiBV1", PoStType::kWindow, 2 * KIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow8MiBV1", "StackedDrgWindow8MiBV1", PoStType::kWindow, 8 * MIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow512MiBV1", "StackedDrgWindow512MiBV1", PoStType::kWindow, 512 * MIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow32GiBV1", "StackedDrgWindow32GiBV1", PoStType::kWindow, 32 * GIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow64GiBV1", "StackedDrgWindow64GiBV1", PoStType::kWindow, 64 * GIB, ApiVersion::kV1_0_0},
    {"StackedDrgWindow2KiBV1_2", "StackedDrgWindow2KiBV1_1", PoStType::kWindow, 2 * KIB, ApiVersion::kV1_2_0},
    {"StackedDrgWindow8MiBV1_2", "StackedDrgWindow8MiBV1_1", PoStType::kWindow, 8 * MIB, ApiVersion::kV1_2_0},
    {"StackedDrgWindow512MiBV1_2", "StackedDrgWindow512MiBV1_1", PoStType::kWindow, 512 * MIB, ApiVersion::kV1_2_0},
    {"StackedDrgWindow32GiBV1_2", "StackedDrgWindow32GiBV1_1", PoStType::kWindow, 32 * GIB, ApiVersion::kV1_2_0},
    {"StackedDrgWindow64GiBV1_2", "StackedDrgWindow64GiBV1_1", PoStType::kWindow, 64 * GIB, ApiVersion::kV1_2_0},
}};

const Row &RowOf(RegisteredPoStProof p) { return ROWS[static_cast<size_t>(p)]; }

} // namespace

Expected<RegisteredPoStProof> RegisteredPoStProofFromId(uint64_t id) {
  if (id >= REGISTERED_POST_PROOF_COUNT)
    return MakeError(ErrorCode::kInvalidArgument,
                     "registered PoSt proof " + std::to_string(id) + " is unknown (valid: 0-14)");
  return static_cast<RegisteredPoStProof>(id);
}

Expected<RegisteredPoStProof> RegisteredPoStProofFromName(std::string_view name) {
  for (size_t i = 0; i < ROWS.size(); i++)
    if (ROWS[i].api_name == name || ROWS[i].ffi_name == name) return static_cast<RegisteredPoStProof>(i);
  return MakeError(ErrorCode::kInvalidArgument, "registered PoSt proof \"" + std::string(name) + "\" is unknown");
}

std::string_view ProofsApiName(RegisteredPoStProof p) { return RowOf(p).api_name; }
std::string_view FfiName(RegisteredPoStProof p) { return RowOf(p).ffi_name; }
PoStType PoStTypeOf(RegisteredPoStProof p) { return RowOf(p).type; }
uint64_t SectorSizeOf(RegisteredPoStProof p) { return RowOf(p).sector_size; }
ApiVersion ApiVersionOf(RegisteredPoStProof p) { return RowOf(p).version; }

} // namespace cuzk::filecoin
