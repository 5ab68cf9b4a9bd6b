// src/engine/log.cpp
#include "engine/log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>

namespace cuzk::engine {

spdlog::logger &Log() {
  static std::shared_ptr<spdlog::logger> logger = [] {
    if (auto existing = spdlog::get("cuzk.engine")) return existing;
    try {
      return spdlog::stderr_color_mt("cuzk.engine");
    } catch (const spdlog::spdlog_ex &) { // registered concurrently by someone else
      return spdlog::get("cuzk.engine");
    }
  }();
  return *logger;
}

} // namespace cuzk::engine
