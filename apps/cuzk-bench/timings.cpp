// apps/cuzk-bench/timings.cpp — one number per primitive, for a quick look at a machine. The
// Google Benchmark programs in bench/ are the careful measurements (BENCHMARKS.md).
#include "selftest.hpp"
#include "timer.hpp"

#include "ec/ec.hpp"
#include "ec/pairing.hpp"
#include "msm/msm.hpp"
#include "poly/ntt.hpp"

#include <cstdio>
#include <random>

namespace cuzk::bench {

using ff::Fp;
using ff::Fr;

namespace {

void Report(std::vector<Timing> &out, Timing t) {
  const char *unit = "ns";
  double v = t.median_ns;
  if (v >= 1e6) {
    v /= 1e6;
    unit = "ms";
  } else if (v >= 1e4) {
    v /= 1e3;
    unit = "us";
  }
  std::printf("  %-28s %10.2f %s/%s\n", t.name.c_str(), v, unit, t.per.c_str());
  std::fflush(stdout);
  out.push_back(std::move(t));
}

//! a chain of dependent multiplications: latency-bound, as in exponentiation ladders
template <class F> double MulNs(unsigned runs, std::mt19937_64 &rng) {
  constexpr int N = 1 << 18;
  F x = F::Random(rng);
  const F y = F::Random(rng);
  return MedianNs(runs, N, [&] {
    for (int i = 0; i < N; i++) x = x * y;
    KeepAlive(x);
  });
}

} // namespace

std::vector<Timing> RunTimings(const TimingOptions &options) {
  std::vector<Timing> out;
  const unsigned runs = options.runs;
  std::mt19937_64 rng(42);

  Report(out, {"Fr mul", MulNs<Fr>(runs, rng), runs, "op"});
  Report(out, {"Fp mul", MulNs<Fp>(runs, rng), runs, "op"});

  {
    constexpr int N = 1 << 14;
    const ec::G1 g = ec::G1::Generator();
    const ec::G1 p = g * Fr::Random(rng); // Z ≠ 1: a general Jacobian addition
    const ec::G1Affine q = (g * Fr::Random(rng)).ToAffine();
    ec::G1 acc = g.Double();
    Report(out, {"G1 add (Jacobian)",
                 MedianNs(runs, N,
                          [&] {
                            for (int i = 0; i < N; i++) acc = acc + p;
                            KeepAlive(acc);
                          }),
                 runs, "op"});
    Report(out, {"G1 add (mixed)",
                 MedianNs(runs, N,
                          [&] {
                            for (int i = 0; i < N; i++) acc = acc.AddMixed(q);
                            KeepAlive(acc);
                          }),
                 runs, "op"});
    const Fr k = Fr::Random(rng);
    Report(out, {"G1 scalar mul (GLV)",
                 MedianNs(runs, 16,
                          [&] {
                            for (int i = 0; i < 16; i++) acc = ec::Mul(p, k);
                            KeepAlive(acc);
                          }),
                 runs, "op"});
  }

  {
    const auto p = (ec::G1::Generator() * Fr::Random(rng)).ToAffine();
    const auto q = (ec::G2::Generator() * Fr::Random(rng)).ToAffine();
    Report(out, {"pairing", MedianNs(runs, 1, [&] { KeepAlive(ec::Pairing(p, q)); }), runs, "op"});
  }

  {
    // bases: a walk P_{i+1} = P_i + G (cheap to make, all distinct), scalars uniform in Fr
    const size_t n = size_t(1) << options.log_size;
    std::vector<ec::G1> walk(n);
    walk[0] = ec::G1::Generator() * Fr::Random(rng);
    for (size_t i = 1; i < n; i++) walk[i] = walk[i - 1] + ec::G1::Generator();
    const auto bases = ec::BatchToAffine<ec::G1Curve>(walk);
    std::vector<Fr> scalars(n);
    for (auto &x : scalars) x = Fr::Random(rng);
    msm::MsmScratch scratch;
    msm::MsmOptions msm_options;
    msm_options.scratch = &scratch;
    Report(out, {"G1 MSM 2^" + std::to_string(options.log_size),
                 MedianNs(runs, double(n),
                          [&] {
                            KeepAlive(msm::Msm(std::span<const ec::G1Affine>(bases), std::span<const Fr>(scalars),
                                               msm_options));
                          }),
                 runs, "point"});
  }

  {
    const unsigned k = options.log_size;
    const auto &d = poly::Domain::Get(k);
    std::vector<Fr> a(d.Size());
    for (auto &x : a) x = Fr::Random(rng);
    Report(out, {"NTT 2^" + std::to_string(k), MedianNs(runs, 1, [&] { poly::Ntt(d, a); }), runs, "transform"});
  }
  return out;
}

} // namespace cuzk::bench
