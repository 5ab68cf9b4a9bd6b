// src/server/logging.hpp — the daemon's spdlog setup: one stderr logger, level and format from
// the config (logging.level / logging.format) or the command line.
#pragma once
#include "base/expected.hpp"

#include <string>

namespace cuzk::server {

//! True for the level names the daemon accepts: trace, debug, info, warn (warning), error, off.
bool IsLogLevel(const std::string &level);

//! Points spdlog's default logger at stderr with `level` and `format` ("text": human-readable with
//! timestamps, colour on a terminal; "json": one JSON object per line for log collectors).
//! kInvalidArgument for an unknown level or format.
Status ConfigureLogging(const std::string &level, const std::string &format);

} // namespace cuzk::server
