// src/engine/log.hpp — the engine's spdlog logger ("cuzk.engine"); the daemon sets its level and sinks.
#pragma once
#include <spdlog/spdlog.h>

namespace cuzk::engine {

//! the logger named "cuzk.engine", created on first use (stderr, colour) unless registered before
spdlog::logger &Log();

} // namespace cuzk::engine
