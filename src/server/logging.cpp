// src/server/logging.cpp — spdlog configuration for the daemon.
#include "server/logging.hpp"

#include <memory>
#include <spdlog/formatter.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace cuzk::server {
namespace {

bool ToSpdlogLevel(const std::string &level, spdlog::level::level_enum &out) {
  if (level == "trace")
    out = spdlog::level::trace;
  else if (level == "debug")
    out = spdlog::level::debug;
  else if (level == "info")
    out = spdlog::level::info;
  else if (level == "warn" || level == "warning")
    out = spdlog::level::warn;
  else if (level == "error")
    out = spdlog::level::err;
  else if (level == "off")
    out = spdlog::level::off;
  else
    return false;
  return true;
}

// Writes the message as a JSON string body: log lines carry request ids and error texts that
// come from clients, so quotes, backslashes and control bytes must be escaped.
class JsonMessageFlag : public spdlog::custom_flag_formatter {
public:
  void format(const spdlog::details::log_msg &msg, const std::tm &, spdlog::memory_buf_t &dest) override {
    static const char *HEX = "0123456789abcdef";
    for (char c : msg.payload) {
      auto u = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        dest.push_back('\\');
        dest.push_back(c);
      } else if (u < 0x20) {
        const char esc[] = {'\\', 'u', '0', '0', HEX[u >> 4], HEX[u & 15]};
        dest.append(esc, esc + sizeof(esc));
      } else {
        dest.push_back(c);
      }
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<JsonMessageFlag>(); }
};

//! The loggers the daemon configures: its own (the default logger) and the layers' named ones.
constexpr const char *LOGGERS[] = {"cuzk", "cuzk.engine"};

} // namespace

bool IsLogLevel(const std::string &level) {
  spdlog::level::level_enum ignored;
  return ToSpdlogLevel(level, ignored);
}

Status ConfigureLogging(const std::string &level, const std::string &format) {
  spdlog::level::level_enum lvl;
  if (!ToSpdlogLevel(level, lvl)) {
    return InvalidArgument("unknown log level '" + level + "' (trace, debug, info, warn, error, off)");
  }
  // One sink and one format for the daemon's own lines and every layer's named logger (the engine
  // logs to "cuzk.engine" and creates it only when nobody registered it first).
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  for (const char *name : LOGGERS) {
    auto logger = std::make_shared<spdlog::logger>(name, sink);
    if (format == "text") {
      logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%-5l%$ [%n] %v");
    } else if (format == "json") {
      auto formatter = std::make_unique<spdlog::pattern_formatter>();
      formatter->add_flag<JsonMessageFlag>('*').set_pattern(
          R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","logger":"%n","thread":%t,"msg":"%*"})");
      logger->set_formatter(std::move(formatter));
    } else {
      return InvalidArgument("unknown log format '" + format + "' (text, json)");
    }
    logger->set_level(lvl);
    logger->flush_on(spdlog::level::warn);
    if (std::string(name) == "cuzk") {
      spdlog::set_default_logger(std::move(logger));
    } else {
      spdlog::drop(name);
      spdlog::register_logger(std::move(logger));
    }
  }
  return Status::Ok();
}

} // namespace cuzk::server
