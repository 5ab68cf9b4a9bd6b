// src/filecoin/core/api_version.hpp — storage-proofs-core's ApiVersion: the proof-scheme revision a
// registered proof maps to (spec/vectors.md §2, spec/post-snap-poseidon.md §3.1). It changes how
// challenges are derived (e.g. WindowPoSt V1_2_0 leaf challenge indices), never a circuit.
#pragma once
#include <cstdint>
#include <string_view>

namespace cuzk::filecoin {

enum class ApiVersion : uint8_t { kV1_0_0, kV1_1_0, kV1_2_0 };

//! "1.0.0", "1.1.0", "1.2.0" (ApiVersion's Display).
constexpr std::string_view ApiVersionName(ApiVersion v) {
  switch (v) {
  case ApiVersion::kV1_0_0:
    return "1.0.0";
  case ApiVersion::kV1_1_0:
    return "1.1.0";
  case ApiVersion::kV1_2_0:
    return "1.2.0";
  }
  return "?";
}

} // namespace cuzk::filecoin
