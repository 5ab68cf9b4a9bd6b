// apps/cuzk-bench/selftest.cpp — runs the known-answer checks, then the timings, and reports.
#include "selftest.hpp"

#include <CLI/CLI.hpp>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>

namespace cuzk::bench {

namespace {

std::vector<Check> AllChecks() {
  std::vector<Check> all;
  for (auto part : {FieldChecks, CurveChecks, EncodingChecks, PairingChecks, PolyChecks, MsmChecks}) {
    auto checks = part();
    all.insert(all.end(), checks.begin(), checks.end());
  }
  return all;
}

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  }
  return "unknown CPU";
}

std::string JsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

//! s padded with spaces to `width` columns; counts UTF-8 code points, not bytes (names use ≥, ², …)
std::string PadRight(const std::string &s, size_t width) {
  size_t columns = 0;
  for (unsigned char c : s) columns += (c & 0xc0) != 0x80;
  return columns >= width ? s : s + std::string(width - columns, ' ');
}

struct Outcome {
  Check check;
  CheckResult result;
  double ms = 0;
};

void WriteJson(const std::string &path, const std::vector<Outcome> &checks, const std::vector<Timing> &timings,
               unsigned threads) {
  std::ofstream out(path);
  out << "{\"cpu\":" << JsonString(CpuModel()) << ",\"threads\":" << threads << ",\"checks\":[";
  for (size_t i = 0; i < checks.size(); i++) {
    const auto &o = checks[i];
    out << (i ? "," : "") << "{\"area\":" << JsonString(o.check.area) << ",\"name\":" << JsonString(o.check.name)
        << ",\"ok\":" << (o.result.ok ? "true" : "false") << ",\"detail\":" << JsonString(o.result.detail) << "}";
  }
  out << "],\"timings\":[";
  for (size_t i = 0; i < timings.size(); i++) {
    const auto &t = timings[i];
    out << (i ? "," : "") << "{\"name\":" << JsonString(t.name) << ",\"median_ns\":" << t.median_ns
        << ",\"runs\":" << t.runs << ",\"per\":" << JsonString(t.per) << "}";
  }
  out << "]}\n";
}

} // namespace

int RunSelftest(const SelftestOptions &options) {
  std::unique_ptr<tbb::global_control> limit;
  if (options.threads) {
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, options.threads);
  }
  const unsigned threads = unsigned(tbb::this_task_arena::max_concurrency());
  std::printf("cuzk-bench selftest — %s, %u threads\n\nknown answers:\n", CpuModel().c_str(), threads);

  std::vector<Outcome> outcomes;
  int failed = 0;
  for (auto &check : AllChecks()) {
    auto t0 = std::chrono::steady_clock::now();
    CheckResult r;
    try {
      r = check.run();
    } catch (const std::exception &e) {
      r = {false, std::string("threw: ") + e.what()};
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("  %-4s %-5s %s %8.1f ms%s%s\n", r.ok ? "ok" : "FAIL", check.area.c_str(),
                PadRight(check.name, 72).c_str(), ms, r.ok ? "" : "\n         ", r.detail.c_str());
    std::fflush(stdout);
    failed += !r.ok;
    outcomes.push_back({std::move(check), std::move(r), ms});
  }
  std::printf("%zu checks, %d failed\n", outcomes.size(), failed);

  std::vector<Timing> timings;
  if (!options.quick && failed == 0) {
    std::printf("\ntimings (median of %u runs; field and curve ops single-threaded, MSM/NTT on %u threads):\n",
                options.timing.runs, threads);
    timings = RunTimings(options.timing);
  }
  if (!options.json_path.empty()) WriteJson(options.json_path, outcomes, timings, threads);
  if (failed) std::printf("\nSELFTEST FAILED\n");
  return failed ? 1 : 0;
}

void AddSelftestCommand(CLI::App &app, int &exit_code) {
  auto options = std::make_shared<SelftestOptions>();
  auto *cmd = app.add_subcommand("selftest", "known-answer checks of the arithmetic foundation, then timings");
  cmd->add_flag("--quick", options->quick, "checks only, skip the timings");
  cmd->add_option("--log-size", options->timing.log_size, "MSM and NTT timings at size 2^N")
      ->check(CLI::Range(4u, 24u))
      ->capture_default_str();
  cmd->add_option("--runs", options->timing.runs, "timed repetitions (median reported)")
      ->check(CLI::Range(1u, 1000u))
      ->capture_default_str();
  cmd->add_option("--threads", options->threads, "threads for MSM and NTT (0 = all cores)")->capture_default_str();
  cmd->add_option("--json", options->json_path, "also write the results to this JSON file");
  cmd->callback([options, &exit_code] { exit_code = RunSelftest(*options); });
}

} // namespace cuzk::bench
