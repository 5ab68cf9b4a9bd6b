// bench/gpu/field_rates.cu — raw device throughput of the MSM's building blocks: Fr, Fp and Fp2
// multiplication, Fp squaring, G1/G2 mixed XYZZ addition (inlined and called), and G1 affine
// addition batched over one inversion (Montgomery's trick), each as operations per second over a
// full device. spec/gpu.md §0 gives sppark's rates on an H200: Fp mul 27.0 G/s, Fr mul 58.9 G/s,
// G1 mixed add ~1.95 G/s in its MSM; these say how far ours are from them and where time goes.
//
//   gpu_field_rates [--runs R] [--device SELECTOR]
//
// Every thread runs a dependent chain of ITERS operations on its own operands (random field
// elements; curve formulas do not check that coordinates are on the curve), so the device's
// occupancy, not one thread's latency, sets the rate. Median of R timed launches after a warm-up.
#include "gpu/curve.cuh"
#include "gpu/resources.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

template <class F> __global__ void MulChain(F *data, size_t threads, int iters) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  F x = data[i];
  const F y = data[threads + i];
  for (int k = 0; k < iters; k++) x = x * y;
  data[i] = x;
}
template <class F> __global__ void SquareChain(F *data, size_t threads, int iters) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  F x = data[i];
  for (int k = 0; k < iters; k++) x = x.Square();
  data[i] = x;
}
// launch bounds as in the MSM's accumulation loops (msm_impl.cuh)
template <class F, bool INLINE>
__global__ void __launch_bounds__(256, sizeof(F) == sizeof(Fp) ? 2 : 1) MaddChain(F *data, size_t threads, int iters) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  Xyzz<F> acc{data[i], data[threads + i], data[2 * threads + i], data[3 * threads + i]};
  const Affine<F> q{data[4 * threads + i], data[5 * threads + i]};
  for (int k = 0; k < iters; k++) {
    if constexpr (INLINE)
      acc.AddAffine(q);
    else
      acc.AddAffineCall(q);
  }
  data[i] = acc.X + acc.Y + acc.ZZ + acc.ZZZ;
}
//! K affine accumulators per thread, each gets q added per round; one inversion per round
template <int K> __global__ void AffineBatchChain(Fp *data, size_t threads, int rounds) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= threads) return;
  Fp x[K], y[K], pre[K];
  for (int k = 0; k < K; k++) {
    x[k] = data[i] + Fp::One() * data[threads + i].Pow(uint64_t(k + 2));
    y[k] = data[threads + i] + x[k];
  }
  const Fp qx = data[2 * threads + i], qy = data[3 * threads + i];
  for (int r = 0; r < rounds; r++) {
    Fp acc = Fp::One();
    for (int k = 0; k < K; k++) {
      pre[k] = acc;
      acc = acc * (qx - x[k]);
    }
    Fp inv = acc.Inverse();
    for (int k = K - 1; k >= 0; k--) {
      const Fp d = qx - x[k], invd = inv * pre[k];
      inv = inv * d;
      const Fp l = (qy - y[k]) * invd;
      const Fp x3 = l.Square() - x[k] - qx;
      y[k] = l * (x[k] - x3) - y[k];
      x[k] = x3;
    }
  }
  Fp s = Fp::Zero();
  for (int k = 0; k < K; k++) s = s + x[k] + y[k];
  data[i] = s;
}

struct Case {
  std::string name;
  double ops;
  std::function<void(cudaStream_t)> launch;
};

} // namespace

int main(int argc, char **argv) {
  int runs = 5;
  std::string device = "0";
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--runs")
      runs = std::max(1, std::atoi(argv[i + 1]));
    else if (a == "--device")
      device = argv[i + 1];
  }
  if (DeviceCount() == 0) {
    std::printf("SKIP: no CUDA device\n");
    return 77;
  }
  try {
    const Device dev = Device::Select(device);
    const DeviceInfo info = dev.Info();
    std::printf("device %d: %s, %d SMs\n", info.ordinal, info.name.c_str(), info.sm_count);
    const size_t threads = size_t(info.sm_count) * 2048; // every resident thread slot of the device
    const unsigned block = 256, blocks = unsigned((threads + block - 1) / block);
    std::mt19937_64 rng(7);
    auto random_buffer = [&](auto tag, size_t count) {
      using H = decltype(tag);
      std::vector<H> h(count);
      for (auto &x : h) x = H::Random(rng);
      return h;
    };
    Stream s(dev);
    auto hfr = random_buffer(ff::Fr{}, 2 * threads);
    auto hfp = random_buffer(ff::Fp{}, 6 * threads);
    auto hfp2 = random_buffer(ff::Fp{}, 12 * threads);
    DeviceBuffer<ff::Fr> dfr(dev, hfr.size());
    DeviceBuffer<ff::Fp> dfp(dev, hfp.size()), dfp2(dev, hfp2.size());
    dfr.CopyFromHost(hfr, s);
    dfp.CopyFromHost(hfp, s);
    dfp2.CopyFromHost(hfp2, s);
    s.Synchronize();
    auto *fr = reinterpret_cast<Fr *>(dfr.Data());
    auto *fp = reinterpret_cast<Fp *>(dfp.Data());
    auto *fp2 = reinterpret_cast<Fp2 *>(dfp2.Data());
    const int MUL_ITERS = 512, ADD_ITERS = 32, AFF_K = 64, AFF_ROUNDS = 4;
    const double t = double(threads);
    std::vector<Case> cases = {
        {"fr_mul", t * MUL_ITERS, [&](cudaStream_t st) { MulChain<<<blocks, block, 0, st>>>(fr, threads, MUL_ITERS); }},
        {"fp_mul", t * MUL_ITERS, [&](cudaStream_t st) { MulChain<<<blocks, block, 0, st>>>(fp, threads, MUL_ITERS); }},
        {"fp_sqr", t * MUL_ITERS,
         [&](cudaStream_t st) { SquareChain<<<blocks, block, 0, st>>>(fp, threads, MUL_ITERS); }},
        {"fp2_mul", t * MUL_ITERS / 4,
         [&](cudaStream_t st) { MulChain<<<blocks, block, 0, st>>>(fp2, threads, MUL_ITERS / 4); }},
        {"g1_madd_xyzz_inline", t * ADD_ITERS,
         [&](cudaStream_t st) { MaddChain<Fp, true><<<blocks, block, 0, st>>>(fp, threads, ADD_ITERS); }},
        {"g1_madd_xyzz_call", t * ADD_ITERS,
         [&](cudaStream_t st) { MaddChain<Fp, false><<<blocks, block, 0, st>>>(fp, threads, ADD_ITERS); }},
        {"g2_madd_xyzz_inline", t * ADD_ITERS / 2,
         [&](cudaStream_t st) { MaddChain<Fp2, true><<<blocks, block, 0, st>>>(fp2, threads, ADD_ITERS / 2); }},
        {"g2_madd_xyzz_call", t * ADD_ITERS / 2,
         [&](cudaStream_t st) { MaddChain<Fp2, false><<<blocks, block, 0, st>>>(fp2, threads, ADD_ITERS / 2); }},
        {"g1_affine_add_batch64", t * AFF_K * AFF_ROUNDS,
         [&](cudaStream_t st) { AffineBatchChain<AFF_K><<<blocks, block, 0, st>>>(fp, threads, AFF_ROUNDS); }},
    };
    Event a(dev), b(dev);
    for (auto &c : cases) {
      c.launch(s.Get()); // warm-up
      CUZK_CUDA_CHECK_LAUNCH();
      std::vector<double> ms;
      for (int r = 0; r < runs; r++) {
        a.Record(s);
        c.launch(s.Get());
        b.Record(s);
        b.Synchronize();
        ms.push_back(b.MillisSince(a));
      }
      std::sort(ms.begin(), ms.end());
      const double med = ms[ms.size() / 2];
      std::printf("rate %-24s %8.3f G/s  (%.3f ms for %.3g ops, median of %d)\n", c.name.c_str(), c.ops / med / 1e6,
                  med, c.ops, runs);
      std::fflush(stdout);
    }
  } catch (const std::exception &e) {
    std::fprintf(stderr, "gpu_field_rates: %s\n", e.what());
    return 1;
  }
  return 0;
}
