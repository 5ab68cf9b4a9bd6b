// apps/cuzk-bench/pce_gpu_bench.cpp — see pce_gpu_bench.hpp.
#include "pce_gpu_bench.hpp"

#if CUZK_HAVE_CUDA
#include "gpu/device.hpp"
#include "gpu/pce_device.hpp"
#include "gpu/resources.hpp"
#endif

#include <algorithm>
#include <chrono>
#include <exception>
#include <vector>

namespace cuzk::bench {

GpuEvaluation BenchGpuEvaluation(const pce::PreCompiledCircuit &circuit, const r1cs::ProvingAssignment &reference,
                                 size_t runs) {
  GpuEvaluation g;
#if !CUZK_HAVE_CUDA
  (void)circuit;
  (void)reference;
  (void)runs;
  g.skipped = "built without CUDA";
#else
  if (gpu::DeviceCount() == 0) {
    g.skipped = "no CUDA device";
    return g;
  }
  auto seconds = [](std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  try {
    const gpu::Device dev = gpu::Device::ByOrdinal(0);
    gpu::Stream s(dev);
    auto t0 = std::chrono::steady_clock::now();
    auto resident = gpu::DevicePce::Upload(dev, circuit, s);
    g.upload_s = seconds(t0);
    if (!resident) {
      g.error = resident.ErrorMessage();
      return g;
    }
    g.device_bytes = (*resident)->Bytes();
    const size_t rows = circuit.NumConstraints();
    const auto &in = reference.input_assignment;
    const auto &aux = reference.aux_assignment;
    gpu::DeviceBuffer<ff::Fr> din(dev, in.size()), daux(dev, aux.size() + 1), dout(dev, 3 * rows + 1);
    t0 = std::chrono::steady_clock::now();
    din.CopyFromHost(std::span<const ff::Fr>(in), s);
    daux.CopyFromHost(std::span<const ff::Fr>(aux), s);
    s.Synchronize();
    g.witness_upload_s = seconds(t0);
    gpu::Event start(dev), end(dev);
    std::vector<double> ms;
    for (size_t run = 0; run < std::max<size_t>(runs, 1); run++) {
      start.Record(s);
      gpu::EvaluatePceOnDevice(**resident, din.Data(), daux.Data(), dout.Data(), dout.Data() + rows,
                               dout.Data() + 2 * rows, s);
      end.Record(s);
      s.Synchronize();
      ms.push_back(end.MillisSince(start));
    }
    std::sort(ms.begin(), ms.end());
    g.median_ms = ms[ms.size() / 2];
    g.min_ms = ms.front();
    std::vector<ff::Fr> host(rows);
    const r1cs::FrVector *want[3] = {&reference.a, &reference.b, &reference.c};
    for (int k = 0; k < 3 && g.difference.empty(); k++) {
      dout.CopyToHost(std::span<ff::Fr>(host), s, k * rows);
      s.Synchronize();
      if (want[k]->size() != rows) {
        g.difference = std::string(1, "abc"[k]) + ": the reference has another length";
        break;
      }
      for (size_t i = 0; i < rows; i++)
        if (host[i] != (*want[k])[i]) {
          g.difference = std::string(1, "abc"[k]) + "[" + std::to_string(i) + "] differs";
          break;
        }
    }
  } catch (const std::exception &e) {
    g.error = e.what();
  }
#endif
  return g;
}

} // namespace cuzk::bench
