// src/server/secret_file.hpp — reading files that hold secrets (the bearer token, the TLS key).
#pragma once
#include "base/expected.hpp"

#include <string>

namespace cuzk::server {

//! Reads the whole file named by config key `key` at `path`. With `secret`, a file that users
//! other than its owner and group may read or write (any of mode 0007) is refused: the token and
//! the key are what keep other local users off a TCP listener (issue 23's `nobody` client), so a
//! world-readable copy would defeat them; the daemon's group may read them (0640 is fine).
//! On any failure an error naming the key and the path (never the contents): kInvalidArgument for
//! an empty path, kNotFound for a missing file, kFailedPrecondition for a bad mode or file type,
//! kInternal for other I/O errors.
Expected<std::string> ReadConfigFile(const std::string &key, const std::string &path, bool secret);

} // namespace cuzk::server
