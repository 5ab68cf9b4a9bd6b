// src/server/secret_file.hpp — reading files that hold secrets (the bearer token, the TLS key).
#pragma once
#include <optional>
#include <string>

namespace cuzk::server {

//! Reads the whole file named by config key `key` at `path`. With `secret`, a file that users
//! other than its owner and group may read or write (any of mode 0007) is refused: the token and
//! the key are what keep other local users off a TCP listener (issue 23's `nobody` client), so a
//! world-readable copy would defeat them; the daemon's group may read them (0640 is fine).
//! nullopt with `error` naming the key and the path (never the contents) on any failure.
std::optional<std::string> ReadConfigFile(const std::string &key, const std::string &path, bool secret,
                                          std::string &error);

} // namespace cuzk::server
