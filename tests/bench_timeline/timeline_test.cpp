// tests/bench_timeline/timeline_test.cpp — the request timeline of cuzk-bench (--timeline): spans,
// busy fractions and the SVG drawn from per-partition timings.
#include "timeline/timeline.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cuzk::bench {
namespace {

size_t Count(const std::string &text, const std::string &what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + what.size())) n++;
  return n;
}

// Two partitions of one job on device 0: p0 synthesised 0.5–2.5 s, on the device 3–4 s; p1
// synthesised 0.5–3 s, waited for the device until 4 s, on it 4–5 s.
std::vector<PartitionTrace> TwoPartitions() {
  PartitionTrace p0{"#1", 0, 0, true, 10.0, 500, 2500, 3000, 4000, 4100, 4200};
  PartitionTrace p1{"#1", 1, 0, false, 10.0, 500, 3000, 4000, 5000, 5050, 5100};
  return {p1, p0}; // out of order on purpose: rows are sorted by submission, then partition
}

TEST(UnionLength, MergesOverlapsAndIgnoresEmptyIntervals) {
  const std::vector<std::pair<double, double>> v = {{3, 4}, {1, 2}, {1.5, 2.5}, {5, 5}, {2.5, 3}, {7, 8}};
  EXPECT_DOUBLE_EQ(UnionLength(v), 4.0); // [1, 4] and [7, 8]
  EXPECT_DOUBLE_EQ(UnionLength({}), 0.0);
}

TEST(Timeline, SummaryGivesEachStageAndTheDeviceBusyFraction) {
  const auto traces = TwoPartitions();
  const std::string s = TimelineSummary(traces);
  // p0: queued 0.5, synthesis 2.0, wait 0.5, device 1.0, finish 0.1, check 0.1
  EXPECT_NE(s.find("   0    gpu0    0.50   2.00  0.50    1.00    0.10   0.10  (pre-compiled)"), std::string::npos) << s;
  // p1: queued 0.5, synthesis 2.5, wait 1.0, device 1.0, finish 0.05, check 0.05
  EXPECT_NE(s.find("   1    gpu0    0.50   2.50  1.00    1.00    0.05   0.05\n"), std::string::npos) << s;
  EXPECT_LT(s.find("   0    gpu0"), s.find("   1    gpu0")); // sorted by partition
  // wall: 10.0 → 15.1 s; the device is busy over [13, 15]: 2 s of 5.1
  EXPECT_NE(s.find("wall 5.10 s over 2 partitions"), std::string::npos) << s;
  EXPECT_NE(s.find("gpu0 busy 2.00 s of 5.10 s (39.2%)"), std::string::npos) << s;
  // both synthesised from 10.5 s, to 12.5 and 13 s
  EXPECT_NE(s.find("#1 synthesis: 2 partitions in 2.50 s from the first start to the last end, 2.50 s with one "
                   "running, 4.50 s of workers\n"),
            std::string::npos)
      << s;
}

TEST(Timeline, SvgDrawsOneRectPerStageThatHappened) {
  auto traces = TwoPartitions();
  // a third partition still on the device when the picture was drawn: no finish or check span
  traces.push_back(PartitionTrace{"#2", 0, 1, false, 11.0, 100, 900, 1000, 0, 0, 0});
  const std::string svg = TimelineSvg(traces, "porep <32GiB> & more");
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("porep &lt;32GiB&gt; &amp; more"), std::string::npos);
  EXPECT_EQ(svg.find("<32GiB>"), std::string::npos);
  // legend: one swatch per stage; spans: 6 + 6 + 3 (queued, synthesis, waiting; the device span of
  // the third has no end yet, so it is not drawn)
  EXPECT_EQ(Count(svg, "<rect x="), size_t(STAGE_COUNT) + 6 + 6 + 3);
  EXPECT_EQ(Count(svg, "fill=\"#54A24B\""), 1u + 2); // on the device: legend + p0 + p1
  EXPECT_EQ(Count(svg, "fill=\"#B279A2\""), 1u + 2); // self-check: legend + p0 + p1
  EXPECT_NE(svg.find("#2 p0 gpu1"), std::string::npos);
  EXPECT_NE(svg.find("#1 p0 gpu0 pce"), std::string::npos);
  EXPECT_NE(svg.find("#1 partition 1: waiting for a device, 1.000 s"), std::string::npos);
}

TEST(Timeline, SummarySaysWhereAPreCompiledPartitionsABCWereFormed) {
  auto traces = TwoPartitions();
  traces[1].abc = PartitionTrace::Abc::kDevice; // p0, pre-compiled
  EXPECT_NE(TimelineSummary(traces).find("0.10  (pre-compiled; a, b, c on the device)\n"), std::string::npos);
  traces[1].abc = PartitionTrace::Abc::kProverHost;
  EXPECT_NE(TimelineSummary(traces).find("(pre-compiled; a, b, c on the prover's host: no room on the device)\n"),
            std::string::npos);
  traces[0].abc = PartitionTrace::Abc::kDevice; // p1 was synthesised generically: nothing to say
  EXPECT_NE(TimelineSummary(traces).find("   1    gpu0    0.50   2.50  1.00    1.00    0.05   0.05\n"),
            std::string::npos);
}

TEST(Timeline, SummarySaysWhatPartitionsHeldWhileTheyWaited) {
  auto traces = TwoPartitions();
  EXPECT_EQ(TimelineSummary(traces).find("held until"), std::string::npos) << "a daemon that does not say";
  traces[0].held_bytes = 4'200'000'000;
  traces[1].held_bytes = 160'000'000;
  traces[1].witness_packed = true;
  EXPECT_NE(TimelineSummary(traces).find("held until a prover took it: median 4200.0 MB, max 4200.0 MB; 1 of 2 "
                                         "witnesses packed\n"),
            std::string::npos)
      << TimelineSummary(traces);
}

TEST(Timeline, AnEmptyRequestGivesAnEmptyPictureAndSummary) {
  const std::string svg = TimelineSvg({}, "nothing");
  EXPECT_EQ(Count(svg, "<rect x="), size_t(STAGE_COUNT));
  EXPECT_NE(TimelineSummary({}).find("wall 0.00 s over 0 partitions"), std::string::npos);
}

} // namespace
} // namespace cuzk::bench
