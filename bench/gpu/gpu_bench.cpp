// bench/gpu/gpu_bench.cpp — device NTT, H step, MSM and batch addition at prover sizes.
//
//   gpu_bench [--json FILE] [--runs R] [--device SELECTOR] [--filter SUBSTRING] [--msm-window C] [--msm-profile]
//
// --msm-window and --msm-profile set the MSMs' MsmTuning (src/gpu/tuning.hpp; the daemon's gpus.msm_window_bits and
// gpus.msm_profile): every MSM at c bits instead of the cost model's width, every MSM's phases on stderr.
//
// Each case: inputs uploaded once, one warm-up, then R timed runs (default 7); the median is
// reported (minimum and maximum beside it). NTT and H are timed with CUDA events around the
// queued work; MSM and batch addition by wall clock around Run, which includes the host's final
// window combination and the synchronisation. Inputs: uniform random scalars; 4096 distinct
// points (an arithmetic progression of multiples of the generator) repeated to size, as in the
// sppark measurements of spec/gpu.md.
#include "ec/point.hpp"
#include "gpu/msm.hpp"
#include "gpu/ntt.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <span>
#include <string>
#include <vector>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

struct Result {
  std::string name;
  size_t n;
  double median_ms, min_ms, max_ms;
  int runs;
};

struct Options {
  std::string json;
  int runs = 7;
  std::string device = "0";
  std::string filter;
  MsmTuning msm;
};

Result Measure(const std::string &name, size_t n, int runs, const std::function<double()> &once) {
  once(); // warm-up: first-touch allocation, module load, caches
  std::vector<double> t;
  for (int i = 0; i < runs; i++) t.push_back(once());
  std::sort(t.begin(), t.end());
  Result r{name, n, t[t.size() / 2], t.front(), t.back(), runs};
  std::printf("%-28s n=2^%-2d  median %9.3f ms   min %9.3f   max %9.3f   (%d runs)\n", name.c_str(),
              int(std::log2(double(n)) + 0.5), r.median_ms, r.min_ms, r.max_ms, runs);
  std::fflush(stdout);
  return r;
}

double WallMs(const std::function<void()> &f) {
  auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

template <class C> std::vector<ec::Affine<C>> Points(size_t n, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  const size_t distinct = std::min<size_t>(n, 4096);
  const J step = J::Generator() * ff::Fr::Random(rng);
  std::vector<J> pts(distinct);
  J cur = J::Generator() * ff::Fr::Random(rng);
  for (auto &p : pts) {
    p = cur;
    cur += step;
  }
  auto aff = ec::BatchToAffine<C>(pts);
  std::vector<ec::Affine<C>> out(n);
  for (size_t i = 0; i < n; i++) out[i] = aff[i % distinct];
  return out;
}

std::vector<ff::Fr> Scalars(size_t n, std::mt19937_64 &rng) {
  std::vector<ff::Fr> k(n);
  for (auto &x : k) x = ff::Fr::Random(rng);
  return k;
}

bool Wanted(const Options &o, const std::string &name) {
  return o.filter.empty() || name.find(o.filter) != std::string::npos;
}

//! what one step of an NTT plan is, for the per-kernel rows
std::string StepName(const NttStep &st) {
  if (st.bit_reverse) return "bitrev";
  const NttPassArgs &a = st.pass;
  std::string n = "pass" + std::to_string(st.bits) + "@" + std::to_string(a.lo);
  if (a.gather) n += "+gather";
  if (a.load_mul) n += "+mul";
  if (a.dif_w) n += "+dif";
  if (a.has_scale) n += "+scale";
  if (a.dit_w) n += "+dit";
  if (a.store_sub) n += "+sub";
  if (a.scatter) n += "+scatter";
  return n;
}

//! each kernel of a tiled plan alone (events around it): where the time of a transform goes
void BenchSteps(const NttDomain &dom, const Options &o, const std::string &name, const std::vector<NttStep> &plan,
                size_t n, std::vector<Result> &out, const Stream &s) {
  if (!Wanted(o, name + "_steps")) return;
  Event a(dom.Dev()), b(dom.Dev());
  for (size_t i = 0; i < plan.size(); i++) {
    out.push_back(Measure(name + "/" + std::to_string(i) + ":" + StepName(plan[i]), n, o.runs, [&] {
      a.Record(s);
      dom.Launch(std::span(plan).subspan(i, 1), s);
      b.Record(s);
      b.Synchronize();
      return double(b.MillisSince(a));
    }));
  }
}

void BenchNtt(const Device &dev, const Options &o, unsigned k, std::vector<Result> &out, std::mt19937_64 &rng) {
  const size_t n = size_t(1) << k;
  const char *names[] = {"ntt_forward", "ntt_inverse", "ntt_coset_forward", "ntt_coset_inverse"};
  const NttKind kinds[] = {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse};
  bool any = Wanted(o, "ntt_forward_rn");
  for (auto *nm : names) any |= Wanted(o, nm);
  if (!any) return;
  Stream s(dev);
  NttDomain dom(dev, k);
  DeviceBuffer<ff::Fr> buf(dev, n), scratch(dev, n);
  auto data = Scalars(n, rng);
  buf.CopyFromHost(data, s);
  Event a(dev), b(dev);
  for (int i = 0; i < 4; i++) {
    // natural order in and out: in place (a bit-reversal pass), and "_oop" through an n-element scratch buffer (the
    // permutation fused into the lowest pass)
    for (bool oop : {false, true}) {
      const std::string name = std::string(names[i]) + (oop ? "_oop" : "");
      if (!Wanted(o, name)) continue;
      ff::Fr *tmp = oop ? scratch.Data() : nullptr;
      out.push_back(Measure(name, n, o.runs, [&] {
        a.Record(s);
        dom.Transform(buf.Data(), kinds[i], s, tmp);
        b.Record(s);
        b.Synchronize();
        return double(b.MillisSince(a));
      }));
      BenchSteps(dom, o, name, dom.TransformPlan(buf.Data(), kinds[i], tmp), n, out, s);
    }
  }
  // The forward transform in the bit order that needs no bit-reversal pass (bit-reversed in, natural out): the order
  // the H step uses, and the one sppark's anchor is measured in (its iNTT, natural in, bit-reversed out). It is the
  // forward plan without its bit-reversal step.
  if (Wanted(o, "ntt_forward_rn")) {
    std::vector<NttStep> passes;
    for (const NttStep &st : dom.TransformPlan(buf.Data(), NttKind::kForward))
      if (!st.bit_reverse) passes.push_back(st);
    out.push_back(Measure("ntt_forward_rn", n, o.runs, [&] {
      a.Record(s);
      dom.Launch(passes, s);
      b.Record(s);
      b.Synchronize();
      return double(b.MillisSince(a));
    }));
  }
}

void BenchH(const Device &dev, const Options &o, unsigned k, std::vector<Result> &out, std::mt19937_64 &rng) {
  if (!Wanted(o, "h_step")) return;
  const size_t n = size_t(1) << k;
  Stream s(dev);
  NttDomain dom(dev, k);
  DeviceBuffer<ff::Fr> a(dev, n), b(dev, n), c(dev, n);
  auto data = Scalars(n, rng);
  a.CopyFromHost(data, s);
  b.CopyFromHost(data, s);
  c.CopyFromHost(data, s);
  Event e0(dev), e1(dev);
  out.push_back(Measure("h_step", n, o.runs, [&] {
    e0.Record(s);
    dom.ComputeH(a.Data(), b.Data(), c.Data(), s);
    e1.Record(s);
    e1.Synchronize();
    return double(e1.MillisSince(e0));
  }));
  // h left bit-reversed (the prover's order when the H bases are stored permuted): one pass less
  out.push_back(Measure("h_step_bitrev_out", n, o.runs, [&] {
    e0.Record(s);
    dom.ComputeH(a.Data(), b.Data(), c.Data(), s, false);
    e1.Record(s);
    e1.Synchronize();
    return double(e1.MillisSince(e0));
  }));
  BenchSteps(dom, o, "h_step", dom.HPlan(a.Data(), b.Data(), c.Data(), true), n, out, s);
}

template <class C>
void BenchMsm(const Device &dev, const Options &o, const std::string &name, unsigned k, std::vector<Result> &out,
              std::mt19937_64 &rng) {
  if (!Wanted(o, name + " 2^" + std::to_string(k))) return; // --filter "msm_g1 2^24" picks one size
  const size_t n = size_t(1) << k;
  Stream s(dev);
  auto pts = Points<C>(n, rng);
  auto sc = Scalars(n, rng);
  DeviceBuffer<ec::Affine<C>> db(dev, n);
  DeviceBuffer<ff::Fr> dk(dev, n);
  db.CopyFromHost(pts, s);
  dk.CopyFromHost(sc, s);
  s.Synchronize();
  Msm<C> msm(dev, n, o.msm);
  out.push_back(Measure(name, n, o.runs, [&] { return WallMs([&] { msm.Run(db.Data(), dk.Data(), n, s); }); }));
}

template <class C>
void BenchBatchAdd(const Device &dev, const Options &o, const std::string &name, unsigned k, int density,
                   std::vector<Result> &out, std::mt19937_64 &rng) {
  if (!Wanted(o, name)) return;
  const size_t n = size_t(1) << k;
  Stream s(dev);
  auto pts = Points<C>(n, rng);
  std::vector<uint64_t> bitmap((n + 63) / 64, 0);
  for (size_t i = 0; i < n; i++)
    if (int(rng() % 100) < density) bitmap[i / 64] |= uint64_t(1) << (i % 64);
  DeviceBuffer<ec::Affine<C>> db(dev, n);
  DeviceBuffer<uint64_t> dm(dev, bitmap.size());
  db.CopyFromHost(pts, s);
  dm.CopyFromHost(bitmap, s);
  s.Synchronize();
  BatchAdd<C> adder(dev, o.msm);
  out.push_back(Measure(name, n, o.runs, [&] { return WallMs([&] { adder.Run(db.Data(), dm.Data(), n, s); }); }));
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--msm-profile") {
      o.msm.profile = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s needs a value\n", a.c_str());
      return 2;
    }
    const char *v = argv[++i];
    if (a == "--json")
      o.json = v;
    else if (a == "--runs")
      o.runs = std::max(1, std::atoi(v));
    else if (a == "--device")
      o.device = v;
    else if (a == "--filter")
      o.filter = v;
    else if (a == "--msm-window")
      o.msm.window_bits = unsigned(std::atoi(v));
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (o.msm.window_bits != 0 && (o.msm.window_bits < MSM_MIN_WINDOW_BITS || o.msm.window_bits > MSM_MAX_WINDOW_BITS)) {
    std::fprintf(stderr, "--msm-window must be 0 or in [%u, %u]\n", MSM_MIN_WINDOW_BITS, MSM_MAX_WINDOW_BITS);
    return 2;
  }
  if (DeviceCount() == 0) {
    std::printf("SKIP: no CUDA device\n");
    return 77;
  }
  try {
    const Device dev = Device::Select(o.device);
    const DeviceInfo info = dev.Info();
    std::printf("device %d: %s (%s, %s), %d SMs, %zu MiB\n", info.ordinal, info.name.c_str(), info.uuid.c_str(),
                info.pci_bus_id.c_str(), info.sm_count, info.total_memory >> 20);
    std::mt19937_64 rng(0xbe7c4);
    std::vector<Result> res;
    std::vector<std::string> errors;
    // one failing case (out of memory, a CUDA error) is reported and the others still run
    auto guard = [&](const char *what, const std::function<void()> &f) {
      try {
        f();
      } catch (const std::exception &e) {
        std::printf("%-28s ERROR %s\n", what, e.what());
        errors.push_back(std::string(what) + ": " + e.what());
      }
    };
    guard("ntt 2^24", [&] { BenchNtt(dev, o, 24, res, rng); });
    guard("ntt 2^27", [&] { BenchNtt(dev, o, 27, res, rng); });
    guard("h_step 2^24", [&] { BenchH(dev, o, 24, res, rng); });
    guard("h_step 2^27", [&] { BenchH(dev, o, 27, res, rng); });
    guard("msm_g1 2^20", [&] { BenchMsm<ec::G1Curve>(dev, o, "msm_g1", 20, res, rng); });
    guard("msm_g1 2^24", [&] { BenchMsm<ec::G1Curve>(dev, o, "msm_g1", 24, res, rng); });
    guard("msm_g2 2^22", [&] { BenchMsm<ec::G2Curve>(dev, o, "msm_g2", 22, res, rng); });
    // the sizes of issue 8's bars (G1 2^26 ≤ 500 ms, G2 2^24 ≤ 400 ms)
    guard("msm_g1 2^26", [&] { BenchMsm<ec::G1Curve>(dev, o, "msm_g1", 26, res, rng); });
    guard("msm_g2 2^24", [&] { BenchMsm<ec::G2Curve>(dev, o, "msm_g2", 24, res, rng); });
    guard("batch_add_g1 2^24", [&] { BenchBatchAdd<ec::G1Curve>(dev, o, "batch_add_g1_50pct", 24, 50, res, rng); });
    guard("batch_add_g2 2^22", [&] { BenchBatchAdd<ec::G2Curve>(dev, o, "batch_add_g2_50pct", 22, 50, res, rng); });
    if (!o.json.empty()) {
      std::ofstream j(o.json);
      j << "{\n  \"device\": {\"name\": \"" << info.name << "\", \"uuid\": \"" << info.uuid
        << "\", \"sm_count\": " << info.sm_count << ", \"total_memory\": " << info.total_memory
        << "},\n  \"results\": [\n";
      for (size_t i = 0; i < res.size(); i++) {
        const auto &r = res[i];
        j << "    {\"name\": \"" << r.name << "\", \"n\": " << r.n << ", \"median_ms\": " << r.median_ms
          << ", \"min_ms\": " << r.min_ms << ", \"max_ms\": " << r.max_ms << ", \"runs\": " << r.runs << "}"
          << (i + 1 < res.size() ? "," : "") << "\n";
      }
      j << "  ],\n  \"errors\": [";
      for (size_t i = 0; i < errors.size(); i++) {
        std::string e = errors[i];
        for (auto &ch : e)
          if (ch == '"' || ch == '\\' || ch == '\n') ch = ' ';
        j << (i ? ", " : "") << "\"" << e << "\"";
      }
      j << "]\n}\n";
    }
    if (!errors.empty()) return 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gpu_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
