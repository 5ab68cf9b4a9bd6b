// bench/gpu/gpu_prover_bench.cpp — one partition-shaped Groth16 ProveStart on one GPU with the SRS
// resident (GpuBackend), phase by phase.
//
//   gpu_prover_bench [--log K] [--runs R] [--pipeline P] [--json FILE] [--device SELECTOR]
//                    [--msm-window C] [--msm-profile] [--derive-c]
//
// The last three set the backend's GpuTuning (src/gpu/tuning.hpp; the daemon's gpus.msm_window_bits,
// gpus.msm_profile, gpus.derive_c): every MSM at c bits, every MSM's phases on stderr, c = a∘b formed on the device.
//
// The shape is the 32 GiB PoRep partition of spec/gpu.md §0 scaled to a domain of 2^K (K = 27 is
// the real size): H has 2^K − 1 points, aux is 97.0% of the domain, A covers 99.7% of aux and B
// 25.4%, 328 inputs; 97% of the aux values are 0 or 1 (half each), the rest uniform (the witness
// model of the spec's emulation). a, b, c are uniform. The proof is not of a satisfied circuit:
// ProveStart's work does not depend on that. Points: 4096 distinct G1 and 1024 distinct G2,
// repeated, as in the spec's measurements. One warm-up (uploads the SRS to the device cache), then
// R timed runs; medians of the total and of each phase, plus the device memory the prover uses.
// Phases as GpuBackend counts them: "H NTT" includes the host copies of b and c, which overlap the
// device's transforms of a (and b); "host plan + uploads" is a's copy, taken before the device lock,
// and what the MSM plans did not hide behind H and its MSM: the CPU time left on the critical path.
//
// --pipeline P (default 4; 0: off) then measures the steady state a sector's partitions see: a
// second GpuBackend on the same device and SRS cache (two prover workers, as the daemon runs them),
// P partitions pulled by both, wall time / P, median of 3 such rounds. A worker copies its a up
// and plans on the host while the other holds the device, so this is the device's time per
// partition, the basis of spec/gpu.md's sppark figure (which leaves the a/b/c upload and host work out).
#include "gpu/groth16_backend.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace cuzk;
using namespace cuzk::gpu;
using ff::Fr;

namespace {

template <class C> std::vector<ec::Affine<C>> Pool(size_t distinct, std::mt19937_64 &rng) {
  using J = ec::Jacobian<C>;
  std::vector<J> pts(distinct);
  const J step = J::Generator() * Fr::Random(rng);
  J cur = J::Generator() * Fr::Random(rng);
  for (auto &p : pts) {
    p = cur;
    cur += step;
  }
  return ec::BatchToAffine<C>(pts);
}

template <class T, class A> void FillRepeat(std::vector<T, A> &v, size_t n, const std::vector<T> &pool) {
  v.resize(n);
  for (size_t i = 0; i < n; i++) v[i] = pool[i % pool.size()];
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  unsigned log_n = 24;
  int runs = 5, pipeline = 4;
  std::string json, device = "0";
  GpuTuning tuning;
  for (int i = 1; i < argc; i++) {
    const std::string a = argv[i];
    if (a == "--msm-profile") {
      tuning.msm.profile = true;
      continue;
    }
    if (a == "--derive-c") {
      tuning.derive_c = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "%s needs a value\n", a.c_str());
      return 2;
    }
    const char *v = argv[++i];
    if (a == "--log")
      log_n = unsigned(std::atoi(v));
    else if (a == "--runs")
      runs = std::max(1, std::atoi(v));
    else if (a == "--pipeline")
      pipeline = std::max(0, std::atoi(v));
    else if (a == "--json")
      json = v;
    else if (a == "--device")
      device = v;
    else if (a == "--msm-window")
      tuning.msm.window_bits = unsigned(std::atoi(v));
    else {
      std::fprintf(stderr, "unknown option %s\n", a.c_str());
      return 2;
    }
  }
  if (tuning.msm.window_bits != 0 &&
      (tuning.msm.window_bits < MSM_MIN_WINDOW_BITS || tuning.msm.window_bits > MSM_MAX_WINDOW_BITS)) {
    std::fprintf(stderr, "--msm-window must be 0 or in [%u, %u]\n", MSM_MIN_WINDOW_BITS, MSM_MAX_WINDOW_BITS);
    return 2;
  }
  if (DeviceCount() == 0) {
    std::printf("SKIP: no CUDA device\n");
    return 77;
  }
  if (log_n < 10 || log_n > 27) {
    std::fprintf(stderr, "--log must be in [10, 27]\n");
    return 2;
  }
  try {
    const Device dev = Device::Select(device);
    const auto t_setup = std::chrono::steady_clock::now();
    const size_t n = size_t(1) << log_n, num_inputs = 328;
    // spec/gpu.md §0: 130,169,893 aux of a 2^27 domain; A aux 99.68%, B aux 25.44%
    const size_t num_aux = size_t(double(n) * (130169893.0 / 134217728.0));
    const size_t nc = n - num_inputs - 1;
    std::mt19937_64 rng(0x9a27);
    std::vector<Fr> fr_pool(1 << 16);
    for (auto &x : fr_pool) x = Fr::Random(rng);

    r1cs::ProvingAssignment pa;
    FillRepeat(pa.a, nc, fr_pool);
    std::rotate(fr_pool.begin(), fr_pool.begin() + 7, fr_pool.end());
    FillRepeat(pa.b, nc, fr_pool);
    std::rotate(fr_pool.begin(), fr_pool.begin() + 7, fr_pool.end());
    FillRepeat(pa.c, nc, fr_pool);
    pa.input_assignment.assign(num_inputs, Fr::One());
    for (size_t i = 1; i < num_inputs; i++) pa.input_assignment[i] = fr_pool[i];
    pa.aux_assignment.resize(num_aux);
    size_t a_count = 0, b_count = 0;
    // the assignment starts with ONE (input 0); B's inputs are that one alone (1 of 328)
    for (size_t i = 1; i < num_inputs; i++) pa.b_input_density.AddElement();
    pa.b_input_density.Inc(0);
    for (size_t i = 0; i < num_aux; i++) {
      const uint64_t r = rng();
      pa.aux_assignment[i] = r % 1000 < 30   ? fr_pool[(r >> 16) % fr_pool.size()]
                             : (r >> 40) & 1 ? Fr::One()
                                             : Fr::Zero();
      pa.a_aux_density.AddElement();
      pa.b_aux_density.AddElement();
      if ((r >> 20) % 10000 < 9968) pa.a_aux_density.Inc(i), a_count++;
      if ((r >> 34) % 10000 < 2544) pa.b_aux_density.Inc(i), b_count++;
    }
    groth16::Parameters params;
    const auto g1 = Pool<ec::G1Curve>(4096, rng);
    const auto g2 = Pool<ec::G2Curve>(1024, rng);
    params.vk.ic.assign(num_inputs, g1[0]);
    FillRepeat(params.h, n - 1, g1);
    FillRepeat(params.l, num_aux, g1);
    FillRepeat(params.a, num_inputs + a_count, g1);
    FillRepeat(params.b_g1, 1 + b_count, g1);
    FillRepeat(params.b_g2, 1 + b_count, g2);
    const double setup_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_setup).count();
    std::printf("partition 2^%u: %zu constraints, %zu aux, A %zu, B %zu points; SRS %.2f GB (host setup %.1f s)\n",
                log_n, nc, num_aux, params.a.size(), params.b_g1.size(), SrsCache::BytesFor(params) / 1e9, setup_s);

    const size_t free_before = dev.Info().free_memory;
    auto cache = std::make_shared<SrsCache>(dev, free_before - (size_t(24) << 30));
    GpuBackend backend(dev, cache, nullptr, tuning);
    const std::span<const r1cs::ProvingAssignment> one(&pa, 1);
    auto once = [&](groth16::ProverTimings &t) {
      const auto t0 = std::chrono::steady_clock::now();
      auto r = backend.ProveStart(params, one, &t);
      if (!r) throw std::runtime_error(r.ErrorMessage());
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    };
    groth16::ProverTimings warm;
    const double warm_ms = once(warm);
    const size_t free_after = dev.Info().free_memory;
    std::printf("warm-up (SRS upload included) %.1f ms; SRS resident %.2f GB; prover scratch %.2f GB; device "
                "memory in use by this process %.2f GB\n",
                warm_ms, cache->ResidentBytes() / 1e9, backend.ScratchBytes() / 1e9, (free_before - free_after) / 1e9);
    std::vector<double> total, h_ntt, msm_h, msm_l, msm_a, msm_b1, msm_b2, other;
    for (int i = 0; i < runs; i++) {
      groth16::ProverTimings t;
      total.push_back(once(t));
      h_ntt.push_back(t.h_ntt * 1e3);
      msm_h.push_back(t.msm_h * 1e3);
      msm_l.push_back(t.msm_l * 1e3);
      msm_a.push_back(t.msm_a * 1e3);
      msm_b1.push_back(t.msm_b_g1 * 1e3);
      msm_b2.push_back(t.msm_b_g2 * 1e3);
      other.push_back(t.other * 1e3);
    }
    std::printf("partition 2^%u ProveStart: median %.1f ms (min %.1f, max %.1f, %d runs)\n", log_n, Median(total),
                *std::min_element(total.begin(), total.end()), *std::max_element(total.begin(), total.end()), runs);
    std::printf("  phases (medians, ms): H NTT %.1f | H MSM %.1f | L %.1f | A %.1f | B_G1 %.1f | B_G2 %.1f | host "
                "plan + uploads %.1f\n",
                Median(h_ntt), Median(msm_h), Median(msm_l), Median(msm_a), Median(msm_b1), Median(msm_b2),
                Median(other));
    // steady state: two workers on the device, P partitions a round
    std::vector<double> per_partition;
    if (pipeline > 0) {
      GpuBackend second(dev, cache, nullptr, tuning);
      groth16::ProverTimings warm2;
      if (auto r = second.ProveStart(params, one, &warm2); !r) throw std::runtime_error(r.ErrorMessage());
      for (int round = 0; round < 3; round++) {
        std::atomic<int> next{0};
        std::exception_ptr failed[2];
        auto worker = [&](GpuBackend &b, std::exception_ptr &failed) {
          try {
            while (next.fetch_add(1) < pipeline) {
              groth16::ProverTimings t;
              if (auto r = b.ProveStart(params, one, &t); !r) throw std::runtime_error(r.ErrorMessage());
            }
          } catch (...) {
            failed = std::current_exception();
          }
        };
        const auto t0 = std::chrono::steady_clock::now();
        std::thread other(worker, std::ref(second), std::ref(failed[1]));
        worker(backend, failed[0]);
        other.join();
        for (auto &f : failed)
          if (f) std::rethrow_exception(f);
        per_partition.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / pipeline);
      }
      std::printf("partition 2^%u pipelined (2 workers, %d partitions a round): median %.1f ms per partition (min "
                  "%.1f, max %.1f, 3 rounds); device memory in use %.2f GB\n",
                  log_n, pipeline, Median(per_partition), *std::min_element(per_partition.begin(), per_partition.end()),
                  *std::max_element(per_partition.begin(), per_partition.end()),
                  (free_before - dev.Info().free_memory) / 1e9);
    }
    if (!json.empty()) {
      std::ofstream j(json);
      j << "{\"log_n\": " << log_n << ", \"runs\": " << runs << ", \"median_ms\": " << Median(total)
        << ", \"h_ntt_ms\": " << Median(h_ntt) << ", \"msm_h_ms\": " << Median(msm_h)
        << ", \"msm_l_ms\": " << Median(msm_l) << ", \"msm_a_ms\": " << Median(msm_a)
        << ", \"msm_b_g1_ms\": " << Median(msm_b1) << ", \"msm_b_g2_ms\": " << Median(msm_b2)
        << ", \"host_and_upload_ms\": " << Median(other)
        << ", \"pipelined_ms_per_partition\": " << (per_partition.empty() ? 0.0 : Median(per_partition))
        << ", \"srs_bytes\": " << cache->ResidentBytes() << ", \"scratch_bytes\": " << backend.ScratchBytes()
        << ", \"device_bytes_used\": " << (free_before - free_after) << "}\n";
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gpu_prover_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
