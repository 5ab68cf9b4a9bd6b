// apps/cuzk-bench/request_file.cpp — request files: writing gen-vanilla's, reading them into the
// request flags.
#include "request_file.hpp"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <limits>
#include <type_traits>

namespace cuzk::bench {
namespace {

bool ParseU64(const std::string &text, uint64_t &out) {
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

} // namespace

std::string FormatRequestFile(std::string_view comment, const std::vector<RequestEntry> &entries) {
  std::string out = "# " + std::string(comment) + "\n";
  for (const auto &e : entries) out += e.key + " " + e.value + "\n";
  return out;
}

Status ApplyRequestFile(const std::string &path, const std::function<bool(const std::string &)> &given,
                        ProveArgs &args) {
  std::ifstream in(path);
  if (!in) return CannotOpen(path, "--request: cannot open " + path);
  const std::filesystem::path base = std::filesystem::path(path).parent_path();
  auto relative = [&base](const std::string &value) {
    const std::filesystem::path p(value);
    return p.is_absolute() || base.empty() ? value : (base / p).string();
  };
  std::string line;
  for (size_t number = 1; std::getline(in, line); number++) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    const size_t space = line.find_first_of(" \t", start);
    const std::string key = line.substr(start, space == std::string::npos ? std::string::npos : space - start);
    const size_t value_start = space == std::string::npos ? std::string::npos : line.find_first_not_of(" \t", space);
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (value_start == std::string::npos) return InvalidArgument(where + "'" + key + "' has no value");
    const std::string value = line.substr(value_start);
    auto number_field = [&](auto &field) -> Status {
      uint64_t v = 0;
      if (!ParseU64(value, v) || v > std::numeric_limits<std::remove_reference_t<decltype(field)>>::max()) {
        return InvalidArgument(where + key + ": '" + value + "' is not a number");
      }
      field = static_cast<std::remove_reference_t<decltype(field)>>(v);
      return Status::Ok();
    };
    struct Text {
      const char *key;
      std::string *field;
      bool path;
    };
    const Text texts[] = {{"type", &args.type, false},
                          {"c1", &args.c1_path, true},
                          {"vanilla", &args.vanilla_path, true},
                          {"randomness", &args.randomness_hex, false},
                          {"comm-r-old", &args.comm_r_old_hex, false},
                          {"comm-r-new", &args.comm_r_new_hex, false},
                          {"comm-d-new", &args.comm_d_new_hex, false},
                          {"priority", &args.priority, false}};
    bool known = false;
    for (const Text &t : texts) {
      if (key != t.key) continue;
      known = true;
      if (!given(key)) *t.field = t.path ? relative(value) : value;
    }
    if (known) continue;
    Status parsed;
    if (key == "registered-proof") {
      if (!given(key)) parsed = number_field(args.registered_proof);
    } else if (key == "sector-num") {
      if (!given(key)) parsed = number_field(args.sector_num);
    } else if (key == "miner-id") {
      if (!given(key)) parsed = number_field(args.miner_id);
    } else if (key == "partition") {
      if (!given(key)) parsed = number_field(args.partition);
    } else if (key == "sector-size") {
      if (!given(key)) parsed = number_field(args.sector_size);
    } else {
      return InvalidArgument(where + "unknown key '" + key + "'");
    }
    if (!parsed) return parsed;
  }
  return Status::Ok();
}

} // namespace cuzk::bench
