// apps/cuzk-bench/selftest.hpp — `cuzk-bench selftest`: known-answer checks of the arithmetic
// foundation (fields, curves, encodings, pairing, NTT, MSM), then single-number timings.
//
// Each layer's checks live in checks_<layer>.cpp and use only that layer's public header, so a
// new layer adds one file and one line in selftest.cpp.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace cuzk::bench {

struct CheckResult {
  bool ok = true;
  std::string detail; //!< what differed, when !ok
};

//! ok unless `cond` is false; `what` names the failed expectation
inline CheckResult Expect(bool cond, const std::string &what) {
  return cond ? CheckResult{} : CheckResult{false, what};
}

struct Check {
  std::string area; //!< the layer under test ("ff", "ec", ...)
  std::string name;
  std::function<CheckResult()> run;
};

std::vector<Check> FieldChecks();
std::vector<Check> CurveChecks();
std::vector<Check> PolyChecks();
std::vector<Check> MsmChecks();
std::vector<Check> EncodingChecks();
std::vector<Check> PairingChecks();

struct Timing {
  std::string name;
  double median_ns = 0; //!< median over the runs, per `per`
  unsigned runs = 0;
  std::string per; //!< the unit one measurement is divided into ("op", "point", "transform")
};

struct TimingOptions {
  unsigned log_size = 16; //!< MSM and NTT size 2^log_size
  unsigned runs = 5;      //!< repetitions; the median is reported
};

//! prints one line per timing as it completes and returns them all
std::vector<Timing> RunTimings(const TimingOptions &options);

struct SelftestOptions {
  bool quick = false; //!< checks only, no timings
  TimingOptions timing;
  unsigned threads = 0;  //!< TBB threads for MSM/NTT; 0 = all cores
  std::string json_path; //!< when set, results are also written there as JSON
};

//! 0 when every check passed, 1 otherwise
int RunSelftest(const SelftestOptions &options);

//! registers the `selftest` subcommand on the CLI
void AddSelftestCommand(CLI::App &app, int &exit_code);

} // namespace cuzk::bench
