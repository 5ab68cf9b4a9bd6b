// apps/cuzk-bench/request_file.hpp — a proof request saved as a file: the `single` flags of one
// request, one `key value` per line, so that gen-vanilla can hand its request to `single`,
// `batch`, `inputs` and `verify` as one argument (`--request FILE`):
//
//   # cuzk-bench gen-vanilla window-post (2KiB, seed 1)
//   type wpost
//   vanilla wpost-vanilla.json
//   registered-proof 10
//   randomness 5c0e...
//
// Keys are the long flag names (type, c1, vanilla, registered-proof, sector-num, miner-id,
// partition, randomness, comm-r-old, comm-r-new, comm-d-new, sector-size, priority);
// `c1` and `vanilla` paths are relative to the file's directory. A flag given on the command line
// wins over the file's value, which is how a test asks "this request with other randomness".
#pragma once
#include "prove_request.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk::bench {

struct RequestEntry {
  std::string key, value;
};

//! The file's text: `# comment`, then one `key value` line per entry.
std::string FormatRequestFile(std::string_view comment, const std::vector<RequestEntry> &entries);

//! Reads `path` into `args`, skipping each key for which `given(key)` is true (set on the command
//! line). kInvalidArgument naming the file and line for an unknown key, a missing value or a number
//! that does not parse; CannotOpen's code when the file cannot be opened.
Status ApplyRequestFile(const std::string &path, const std::function<bool(const std::string &)> &given,
                        ProveArgs &args);

} // namespace cuzk::bench
