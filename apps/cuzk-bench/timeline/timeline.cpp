// apps/cuzk-bench/timeline/timeline.cpp
#include "timeline/timeline.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <vector>

namespace cuzk::bench {
namespace {

// The stage boundaries of a trace in seconds on the picture's clock: boundary i starts stage i.
// A stage that did not happen takes no time (its boundary repeats the previous one); the last
// boundary reached ends the trace, so a partition still on the device has no finish span.
struct Boundaries {
  std::array<double, STAGE_COUNT + 1> at{};
  int stages = 0; //!< how many stages have a span
};

Boundaries BoundariesOf(const PartitionTrace &t) {
  const std::array<double, STAGE_COUNT + 1> ms = {0,
                                                  t.synthesis_start_ms,
                                                  t.synthesis_end_ms,
                                                  t.prove_start_ms,
                                                  t.device_end_ms,
                                                  t.prove_end_ms,
                                                  t.self_check_end_ms};
  Boundaries b;
  int last = 0;
  for (int i = 1; i <= STAGE_COUNT; i++)
    if (ms[i] > 0) last = i;
  b.stages = last;
  double prev = 0;
  for (int i = 0; i <= STAGE_COUNT; i++) {
    const double v = (i <= last && ms[i] > 0) ? std::max(ms[i], prev) : prev;
    b.at[i] = t.submitted_s + v / 1000;
    prev = v;
  }
  return b;
}

// Colour-blind-safe (Tableau 10), one per stage.
constexpr std::array<const char *, STAGE_COUNT> COLOURS = {"#BAB0AC", "#4C78A8", "#F58518",
                                                           "#54A24B", "#72B7B2", "#B279A2"};

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, v);
  return buf;
}

std::string Escape(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

// A tick step of 1, 2 or 5 × 10^k giving at most ~12 ticks over `span` seconds.
double TickStep(double span) {
  if (span <= 0) return 1;
  const double raw = span / 12, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

std::vector<const PartitionTrace *> Sorted(std::span<const PartitionTrace> traces) {
  std::vector<const PartitionTrace *> rows;
  for (const auto &t : traces) rows.push_back(&t);
  std::stable_sort(rows.begin(), rows.end(), [](const PartitionTrace *a, const PartitionTrace *b) {
    if (a->submitted_s != b->submitted_s) return a->submitted_s < b->submitted_s;
    return a->partition < b->partition;
  });
  return rows;
}

std::string DeviceName(int32_t device) { return device < 0 ? "cpu" : "gpu" + std::to_string(device); }

// how a partition was synthesised, after its row of the summary
const char *Annotation(const PartitionTrace &r) {
  if (!r.pre_compiled) return "";
  switch (r.abc) {
  case PartitionTrace::Abc::kDevice:
    return "  (pre-compiled; a, b, c on the device)";
  case PartitionTrace::Abc::kProverHost:
    return "  (pre-compiled; a, b, c on the prover's host: no room on the device)";
  case PartitionTrace::Abc::kSynthesis:
    break;
  }
  return "  (pre-compiled)";
}

} // namespace

const char *StageName(Stage s) {
  switch (s) {
  case Stage::kQueued:
    return "queued";
  case Stage::kSynthesis:
    return "synthesis";
  case Stage::kWaitingForDevice:
    return "waiting for a device";
  case Stage::kOnDevice:
    return "on the device";
  case Stage::kFinish:
    return "finish (CPU)";
  case Stage::kSelfCheck:
    return "self-check";
  }
  return "?";
}

double UnionLength(std::span<const std::pair<double, double>> intervals) {
  std::vector<std::pair<double, double>> v(intervals.begin(), intervals.end());
  std::sort(v.begin(), v.end());
  double total = 0, start = 0, end = 0;
  bool open = false;
  for (const auto &[a, b] : v) {
    if (b <= a) continue;
    if (!open || a > end) {
      if (open) total += end - start;
      start = a;
      end = b;
      open = true;
    } else {
      end = std::max(end, b);
    }
  }
  if (open) total += end - start;
  return total;
}

std::string TimelineSvg(std::span<const PartitionTrace> traces, const std::string &title) {
  const auto rows = Sorted(traces);
  double t0 = 0, t1 = 1;
  if (!rows.empty()) {
    t0 = rows.front()->submitted_s;
    t1 = t0;
    for (const auto *r : rows) t1 = std::max(t1, BoundariesOf(*r).at[STAGE_COUNT]);
    if (t1 <= t0) t1 = t0 + 1;
  }
  constexpr double LEFT = 150, RIGHT = 20, TOP = 46, ROW = 18, PLOT = 1000;
  const double legend_y = TOP + ROW * double(rows.size()) + 34;
  const double width = LEFT + PLOT + RIGHT, height = legend_y + 30;
  const double scale = PLOT / (t1 - t0);
  auto x = [&](double t) { return LEFT + (t - t0) * scale; };

  std::ostringstream s;
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Fixed(width, 0) << "\" height=\"" << Fixed(height, 0)
    << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s << "<text x=\"" << LEFT << "\" y=\"16\" font-size=\"13\" font-weight=\"bold\">" << Escape(title) << "</text>\n";
  // time axis: ticks and grid lines
  const double step = TickStep(t1 - t0);
  for (double t = 0; t0 + t <= t1 + 1e-9; t += step) {
    const double px = x(t0 + t);
    s << "<line x1=\"" << Fixed(px, 1) << "\" y1=\"" << TOP - 6 << "\" x2=\"" << Fixed(px, 1) << "\" y2=\""
      << Fixed(TOP + ROW * double(rows.size()), 1) << "\" stroke=\"#ddd\"/>\n";
    s << "<text x=\"" << Fixed(px, 1) << "\" y=\"" << TOP - 10 << "\" text-anchor=\"middle\">"
      << Fixed(t, step < 1 ? 1 : 0) << " s</text>\n";
  }
  for (size_t i = 0; i < rows.size(); i++) {
    const PartitionTrace &r = *rows[i];
    const Boundaries b = BoundariesOf(r);
    const double y = TOP + ROW * double(i);
    s << "<text x=\"" << LEFT - 6 << "\" y=\"" << Fixed(y + ROW - 5, 1) << "\" text-anchor=\"end\">" << Escape(r.job)
      << " p" << r.partition << " " << DeviceName(r.device) << (r.pre_compiled ? " pce" : "") << "</text>\n";
    for (int k = 0; k < b.stages; k++) {
      const double a = b.at[k], e = b.at[k + 1];
      if (e <= a) continue;
      s << "<rect x=\"" << Fixed(x(a), 2) << "\" y=\"" << Fixed(y + 2, 1) << "\" width=\""
        << Fixed(std::max(0.5, (e - a) * scale), 2) << "\" height=\"" << ROW - 4 << "\" fill=\"" << COLOURS[k]
        << "\"><title>" << Escape(r.job) << " partition " << r.partition << ": " << StageName(Stage(k)) << ", "
        << Fixed(e - a, 3) << " s</title></rect>\n";
    }
  }
  double lx = LEFT;
  for (int k = 0; k < STAGE_COUNT; k++) {
    s << "<rect x=\"" << lx << "\" y=\"" << legend_y << "\" width=\"12\" height=\"12\" fill=\"" << COLOURS[k]
      << "\"/><text x=\"" << lx + 16 << "\" y=\"" << legend_y + 10 << "\">" << StageName(Stage(k)) << "</text>\n";
    lx += 150;
  }
  s << "</svg>\n";
  return s.str();
}

std::string TimelineSummary(std::span<const PartitionTrace> traces) {
  const auto rows = Sorted(traces);
  std::ostringstream s;
  std::array<double, STAGE_COUNT> sums{};
  std::map<int32_t, std::vector<std::pair<double, double>>> on_device;
  double t0 = rows.empty() ? 0 : rows.front()->submitted_s, t1 = t0;
  s << "timeline (seconds):   job  part  device  queued  synth  wait  device  finish  check\n";
  for (const auto *r : rows) {
    const Boundaries b = BoundariesOf(*r);
    t1 = std::max(t1, b.at[STAGE_COUNT]);
    char line[200];
    std::array<double, STAGE_COUNT> d{};
    for (int k = 0; k < STAGE_COUNT; k++) {
      d[k] = k < b.stages ? b.at[k + 1] - b.at[k] : 0;
      sums[k] += d[k];
    }
    if (b.stages > int(Stage::kOnDevice))
      on_device[r->device].emplace_back(b.at[int(Stage::kOnDevice)], b.at[int(Stage::kOnDevice) + 1]);
    std::snprintf(line, sizeof(line), "%26s %5u  %6s %7.2f %6.2f %5.2f %7.2f %7.2f %6.2f%s\n", r->job.c_str(),
                  r->partition, DeviceName(r->device).c_str(), d[0], d[1], d[2], d[3], d[4], d[5], Annotation(*r));
    s << line;
  }
  const double wall = t1 - t0;
  s << "wall " << Fixed(wall, 2) << " s over " << rows.size() << " partitions; sums:";
  for (int k = 0; k < STAGE_COUNT; k++)
    s << " " << StageName(Stage(k)) << " " << Fixed(sums[k], 2) << " s" << (k + 1 < STAGE_COUNT ? "," : "");
  s << "\n";
  // what each partition held in host memory while it waited for a prover (a budget's unit)
  std::vector<uint64_t> held;
  size_t packed = 0;
  for (const auto *r : rows) {
    if (r->held_bytes) held.push_back(r->held_bytes);
    packed += r->witness_packed;
  }
  if (!held.empty()) {
    std::sort(held.begin(), held.end());
    s << "held until a prover took it: median " << Fixed(double(held[held.size() / 2]) / 1e6, 1) << " MB, max "
      << Fixed(double(held.back()) / 1e6, 1) << " MB; " << packed << " of " << rows.size() << " witnesses packed\n";
  }
  // how long each job's partitions took to synthesise, side by side: what a sector costs the host
  std::map<std::string, std::vector<std::pair<double, double>>> synthesis;
  for (const auto *r : rows) {
    const Boundaries b = BoundariesOf(*r);
    if (b.stages > int(Stage::kSynthesis))
      synthesis[r->job].emplace_back(b.at[int(Stage::kSynthesis)], b.at[int(Stage::kSynthesis) + 1]);
  }
  for (auto &[job, spans] : synthesis) {
    double first = spans.front().first, last = spans.front().second, total = 0;
    for (const auto &[from, to] : spans) {
      first = std::min(first, from);
      last = std::max(last, to);
      total += to - from;
    }
    s << job << " synthesis: " << spans.size() << " partitions in " << Fixed(last - first, 2)
      << " s from the first start to the last end, " << Fixed(UnionLength(spans), 2) << " s with one running, "
      << Fixed(total, 2) << " s of workers\n";
  }
  for (const auto &[device, spans] : on_device) {
    const double busy = UnionLength(spans);
    s << DeviceName(device) << " busy " << Fixed(busy, 2) << " s of " << Fixed(wall, 2) << " s ("
      << Fixed(wall > 0 ? 100 * busy / wall : 0, 1) << "%)\n";
  }
  return s.str();
}

} // namespace cuzk::bench
