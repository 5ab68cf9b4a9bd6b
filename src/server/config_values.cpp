// src/server/config_values.cpp — byte size and duration parsing for cuzk.toml.
#include "server/config_values.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

namespace cuzk::server {
namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

std::string Trim(const std::string &s) {
  auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

// Splits "1.5GiB" into a non-negative decimal number and the (trimmed, lower-case) unit after it.
bool SplitNumber(const std::string &text, double &number, std::string &unit) {
  std::string t = Trim(text);
  std::size_t i = 0;
  bool digits = false, dot = false;
  for (; i < t.size(); i++) {
    if (std::isdigit(static_cast<unsigned char>(t[i]))) {
      digits = true;
    } else if (t[i] == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!digits) return false;
  number = std::stod(t.substr(0, i));
  unit = Lower(Trim(t.substr(i)));
  return true;
}

} // namespace

std::optional<std::uint64_t> ParseByteSize(const std::string &text) {
  double number = 0;
  std::string unit;
  if (!SplitNumber(text, number, unit)) return std::nullopt;
  static const std::array<std::pair<const char *, double>, 12> UNITS{{{"", 1.0},
                                                                      {"b", 1.0},
                                                                      {"bytes", 1.0},
                                                                      {"kb", 1e3},
                                                                      {"mb", 1e6},
                                                                      {"gb", 1e9},
                                                                      {"tb", 1e12},
                                                                      {"kib", 0x1p10},
                                                                      {"mib", 0x1p20},
                                                                      {"gib", 0x1p30},
                                                                      {"tib", 0x1p40},
                                                                      {"byte", 1.0}}};
  for (const auto &[name, scale] : UNITS) {
    if (unit != name) continue;
    double bytes = std::round(number * scale);
    if (bytes >= 0x1p64) return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
  }
  return std::nullopt;
}

std::optional<std::chrono::milliseconds> ParseDuration(const std::string &text) {
  double number = 0;
  std::string unit;
  if (!SplitNumber(text, number, unit)) return std::nullopt;
  double ms = 0;
  if (unit == "ms") {
    ms = number;
  } else if (unit.empty() || unit == "s") {
    ms = number * 1e3;
  } else if (unit == "m") {
    ms = number * 60e3;
  } else if (unit == "h") {
    ms = number * 3600e3;
  } else {
    return std::nullopt;
  }
  if (ms >= 0x1p62) return std::nullopt;
  return std::chrono::milliseconds(static_cast<std::int64_t>(std::round(ms)));
}

std::string FormatByteSize(std::uint64_t bytes) {
  static const std::array<const char *, 5> NAMES{"B", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  std::size_t i = 0;
  while (value >= 1024 && i + 1 < NAMES.size()) {
    value /= 1024;
    i++;
  }
  char buf[32];
  if (i == 0) {
    std::snprintf(buf, sizeof(buf), "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f %s", value, NAMES[i]);
  }
  return buf;
}

} // namespace cuzk::server
