// src/server/config_values.hpp — the value syntaxes of cuzk.toml: byte sizes and durations.
//
// Sizes accept the reference daemon's suffixes (spec/cuzk-api.md §3.2: GiB, MiB, GB, MB, bytes)
// plus KiB/KB/TiB/TB/B; durations its `Nm`, `Ns` and bare seconds plus `ms` and `h`. Unlike the
// reference, a malformed value is an error naming the key, never a silent fallback.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace cuzk::server {

//! "5GiB" → 5·2^30, "1GB" → 10^9, "4096" or "4096 bytes" → 4096. Case-insensitive suffix,
//! optional space, integer or decimal mantissa ("1.5GiB"). nullopt when malformed or ≥ 2^64.
std::optional<std::uint64_t> ParseByteSize(const std::string &text);

//! "250ms", "30s", "5m", "2h", or bare seconds ("300"). nullopt when malformed.
std::optional<std::chrono::milliseconds> ParseDuration(const std::string &text);

//! 1536 → "1.5 KiB": for log lines and status output.
std::string FormatByteSize(std::uint64_t bytes);

} // namespace cuzk::server
