// src/gpu/msm_impl.cuh — kernels and orchestration of Msm<C> and BatchAdd<C> (msm.hpp), included
// by msm_g1.cu and msm_g2.cu, each of which instantiates one curve (G2's kernels are 4× the code;
// two translation units compile in parallel).
#pragma once
#include "gpu/cuda_check.hpp"
#include "gpu/msm.hpp"
#include "gpu/msm_kernels.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace cuzk::gpu {

namespace msm_detail {
// Internal linkage: msm_g1.cu and msm_g2.cu both include this file, and the curve-independent
// kernels below would otherwise be defined twice in libcuzk_gpu.
namespace {

constexpr unsigned BLOCK = 256;
unsigned Blocks(size_t threads, unsigned block = BLOCK) { return unsigned((threads + block - 1) / block); }

//! threads of the per-window reduction and of batch addition's tree: G2 points are twice as
//! large, and a block's tree must fit the 48 KiB of static shared memory
template <class X> constexpr unsigned TreeThreads() { return sizeof(X) <= 192 ? 256 : 128; }

template <class X, unsigned T> __device__ void BlockTreeSum(X v, X *out) {
  __shared__ X sh[T];
  sh[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = T / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      X a = sh[threadIdx.x];
      a.Add(sh[threadIdx.x + s]);
      sh[threadIdx.x] = a;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = sh[0];
}

__global__ void DigitsKernel(const Fr *scalars, MsmShape sh, uint32_t *keys, uint32_t *vals) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < sh.n) MsmDigitsThread(scalars, i, sh, keys, vals);
}
__global__ void BoundsKernel(const uint32_t *keys, uint32_t total, uint32_t *start, uint32_t *end) {
  const uint32_t p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < total) MsmBoundsThread(keys, p, total, start, end);
}
__global__ void CountKernel(const uint32_t *start, const uint32_t *end, MsmShape sh, uint32_t *counts) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < sh.Slots()) MsmCountThread(start, end, g, sh, counts);
}
__global__ void ItemsKernel(const uint32_t *start, const uint32_t *end, const uint32_t *counts, const uint32_t *first,
                            MsmShape sh, uint32_t *item_begin, uint32_t *item_end, uint32_t *total_items) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < sh.Slots()) MsmItemsThread(start, end, counts, first, g, sh, item_begin, item_end, total_items);
}
//! G1's accumulation and batch-addition loops are kept to 128 registers (two 256-thread blocks per
//! SM): the carry chains of a multiplication are serial, so throughput comes from resident warps.
//! G2's formulas need more than that without spilling.
template <class X> constexpr unsigned LoopMinBlocks() { return sizeof(X) <= 192 ? 2 : 1; }

__global__ void ItemLengthKernel(const uint32_t *item_begin, const uint32_t *item_end, const uint32_t *total_items,
                                 uint32_t max_items, uint32_t *length, uint32_t *index) {
  const uint32_t it = blockIdx.x * blockDim.x + threadIdx.x;
  if (it < max_items) MsmItemLengthThread(item_begin, item_end, *total_items, it, length, index);
}
//! thread t sums item order[t] (the items longest first)
template <class A, class X>
__global__ void __launch_bounds__(BLOCK, LoopMinBlocks<X>())
    AccumulateKernel(const A *bases, const uint32_t *vals, const uint32_t *item_begin, const uint32_t *item_end,
                     const uint32_t *total_items, const uint32_t *order, X *partials) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= *total_items) return;
  const uint32_t it = order[t];
  partials[it] = MsmAccumulateThread<A, X>(bases, vals, item_begin[it], item_end[it]);
}
template <class X>
__global__ void MergeKernel(const X *partials, const uint32_t *counts, const uint32_t *first, MsmShape sh, X *buckets) {
  const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < sh.Slots()) buckets[g] = MsmMergeThread(partials, counts, first, g);
}
//! step 4a, grid-wide: thread w·segs + j forms window w's segment j
template <class X>
__global__ void SegmentKernel(const X *buckets, MsmShape sh, uint32_t seg_len, uint32_t segs, X *seg_sums) {
  const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < sh.Group() * segs) seg_sums[t] = MsmSegmentThread(buckets, t / segs, t % segs, seg_len, sh);
}
template <class A, class X, unsigned T>
__global__ void __launch_bounds__(T, LoopMinBlocks<X>())
    BatchAddKernel(const A *bases, const uint64_t *bitmap, uint64_t n, X *partials) {
  const uint64_t t = uint64_t(blockIdx.x) * T + threadIdx.x, stride = uint64_t(gridDim.x) * T;
  const X v = BatchAddThread<A, X>(bases, bitmap, n, t, stride);
  BlockTreeSum<X, T>(v, partials + blockIdx.x);
}
//! block b: out[b] = Σ in[b·count .. (b + 1)·count)
template <class X, unsigned T> __global__ void __launch_bounds__(T) SumKernel(const X *in, uint32_t count, X *out) {
  X acc = X::Infinity();
  in += size_t(blockIdx.x) * count;
  for (uint32_t i = threadIdx.x; i < count; i += T) acc.Add(in[i]);
  BlockTreeSum<X, T>(acc, out + blockIdx.x);
}

} // namespace

//! CUDA events between the phases of a run, printed after it when MsmTuning::profile is set
class PhaseEvents {
public:
  PhaseEvents(const Device &dev, bool on) : on_(on) {
    if (on_)
      for (int i = 0; i < MAX; i++) events_.emplace_back(dev);
  }
  void Start(const Stream &s) {
    marks_ = 0;
    Mark("start", s);
  }
  void Mark(const char *name, const Stream &s) {
    if (!on_ || marks_ >= MAX) return;
    events_[marks_].Record(s);
    names_[marks_++] = name;
  }
  //! each phase's time summed over the run's passes (a phase's name is one string literal)
  void Print(const char *what, const MsmShape &sh) {
    if (!on_ || marks_ < 2) return;
    std::vector<std::pair<const char *, float>> phases;
    int passes = 0;
    for (int i = 1; i < marks_; i++) {
      passes += names_[i] == names_[1]; // every pass starts with the same phase
      const float ms = events_[i].MillisSince(events_[i - 1]);
      auto it = std::find_if(phases.begin(), phases.end(), [&](const auto &p) { return p.first == names_[i]; });
      if (it == phases.end())
        phases.emplace_back(names_[i], ms);
      else
        it->second += ms;
    }
    std::string line;
    char buf[96];
    for (const auto &[name, ms] : phases) {
      std::snprintf(buf, sizeof buf, " %s %.2f", name, ms);
      line += buf;
    }
    std::fprintf(stderr, "msm profile %s n=%u c=%u W=%u passes=%d total %.2f ms:%s\n", what, sh.n, sh.c, sh.windows,
                 passes, events_[marks_ - 1].MillisSince(events_[0]), line.c_str());
    marks_ = 0;
  }

private:
  static constexpr int MAX = 1 + 6 * 64; //!< start + six phases a pass, for up to 64 passes
  bool on_;
  int marks_ = 0;
  std::vector<Event> events_;
  const char *names_[MAX] = {};
};

} // namespace msm_detail

template <class C> struct Msm<C>::Impl {
  using A = typename DevicePoint<C>::AffineT;
  using X = typename DevicePoint<C>::XyzzT;
  static constexpr unsigned T = msm_detail::TreeThreads<X>();

  struct Sizes {
    MsmShape shape; //!< the first pass's (w0 = 0); later passes differ only in w0 and the last's group
    size_t slots, pairs, max_items, sort_temp; //!< sort_temp: CUB's scratch for either sort
  };

  //! sorted (window, point) pairs one pass holds: 2^28 pairs are 4 GiB of keys and values (in and
  //! out), as one pass over all 16 windows of 2^24 points; longer runs take fewer windows a pass
  static constexpr size_t PAIR_BUDGET = size_t(1) << 28;
  //! most points of one work item (a pass whose items would not fit the buffers raises it: RunPass)
  static constexpr size_t ITEM_MAX = size_t(1) << 16;
  //! key bits of the longest-first sort: every length up to the pass's chunk (the scratch is sized for 32)
  static int LengthBits(const MsmShape &sh) {
    int bits = 0;
    while (bits < 32 && (uint64_t(1) << bits) <= sh.chunk) bits++;
    return bits;
  }

  static MsmShape ShapeFor(size_t n, const MsmTuning &tuning) {
    MsmShape sh;
    sh.n = uint32_t(n);
    sh.c = tuning.window_bits ? std::clamp<unsigned>(tuning.window_bits, MSM_MIN_WINDOW_BITS, MSM_MAX_WINDOW_BITS)
                              : WindowBits(n);
    sh.windows = MsmWindows(sh.c);
    // items of a few average buckets: one item per bucket for uniform scalars, many for skewed
    const size_t avg = std::max<size_t>(1, n >> (sh.c - 1));
    sh.chunk = uint32_t(std::clamp<size_t>(4 * avg, 32, ITEM_MAX));
    sh.group = uint32_t(std::clamp<size_t>(PAIR_BUDGET / std::max<size_t>(1, n), 1, sh.windows));
    return sh;
  }
  //! buckets one thread of step 4 runs over: enough threads to fill the device at every c
  static constexpr uint32_t SEG_LEN = 32;
  static uint32_t SegLen(const MsmShape &sh) { return std::min<uint32_t>(sh.Buckets(), SEG_LEN); }

  static Sizes SizesOf(const MsmShape &sh) {
    Sizes z;
    z.shape = sh;
    z.slots = sh.Slots();
    z.pairs = sh.Pairs();
    z.max_items = z.slots + z.pairs / sh.chunk + 1;
    z.sort_temp = 0;
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, z.sort_temp, (uint32_t *)nullptr, (uint32_t *)nullptr,
                                                    (uint32_t *)nullptr, (uint32_t *)nullptr, int(z.pairs), 0,
                                                    int(KeyBits(sh))));
    size_t order_temp = 0;
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(nullptr, order_temp, (uint32_t *)nullptr,
                                                              (uint32_t *)nullptr, (uint32_t *)nullptr,
                                                              (uint32_t *)nullptr, int(z.max_items), 0, 32));
    z.sort_temp = std::max(z.sort_temp, order_temp);
    return z;
  }
  static Sizes SizesFor(size_t n, const MsmTuning &tuning) { return SizesOf(ShapeFor(n, tuning)); }
  //! Buffers for runs of at most max_n points: the largest of max_n's and of every n = 2^k − 1 below
  //! it (WindowBits widens with n, and for one ⌊log2 n⌋ is widest at its top). A run whose pass
  //! would still not fit (a narrower n with more windows a pass) takes fewer windows a pass.
  static Sizes CapFor(size_t max_n, const MsmTuning &tuning) {
    Sizes cap = SizesFor(max_n, tuning);
    for (size_t n = 1; n < max_n; n = 2 * n + 1) {
      const Sizes z = SizesFor(n, tuning);
      cap.slots = std::max(cap.slots, z.slots);
      cap.pairs = std::max(cap.pairs, z.pairs);
      cap.max_items = std::max(cap.max_items, z.max_items);
      cap.sort_temp = std::max(cap.sort_temp, z.sort_temp);
    }
    return cap;
  }

  Device dev;
  MsmTuning tuning;
  size_t max_run;
  Sizes cap;
  size_t scan_temp = 0;
  DeviceBuffer<uint32_t> keys_in, keys_out, vals_in, vals_out, start, end, counts, first, item_begin, item_end, total;
  //! the items' lengths and indices, in item order and sorted longest first
  DeviceBuffer<uint32_t> length_in, length_out, order_in, order_out;
  DeviceBuffer<X> partials, buckets, seg_sums, window_sums;
  DeviceBuffer<uint8_t> temp;
  std::vector<X> host_windows;
  msm_detail::PhaseEvents timer;

  //! The narrowest window (4 bits, WindowBits' floor) has the most windows: smaller runs than
  //! max_n use narrower windows, so the per-window buffers are sized for the floor, not for max_n.
  static constexpr uint32_t MAX_WINDOWS = MsmWindows(4);

  //! step 4's segment sums: windows·Buckets/SEG_LEN, or one per window when a window has fewer buckets
  static size_t SegSums(const Sizes &z) { return std::max<size_t>(z.slots / (2 * SEG_LEN), MAX_WINDOWS); }

  Impl(const Device &d, size_t max_n, const MsmTuning &t)
      : dev(d), tuning(t), max_run(std::max<size_t>(1, std::min(max_n, MAX_RUN))), cap(CapFor(max_run, t)),
        keys_in(d, cap.pairs), keys_out(d, cap.pairs), vals_in(d, cap.pairs), vals_out(d, cap.pairs),
        start(d, cap.slots), end(d, cap.slots), counts(d, cap.slots), first(d, cap.slots), item_begin(d, cap.max_items),
        item_end(d, cap.max_items), total(d, 1), length_in(d, cap.max_items), length_out(d, cap.max_items),
        order_in(d, cap.max_items), order_out(d, cap.max_items), partials(d, cap.max_items), buckets(d, cap.slots),
        seg_sums(d, SegSums(cap)), window_sums(d, MAX_WINDOWS), temp(d, 0), timer(d, t.profile) {
    CUZK_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(nullptr, scan_temp, (uint32_t *)nullptr, (uint32_t *)nullptr, int(cap.slots)));
    temp = DeviceBuffer<uint8_t>(d, std::max(cap.sort_temp, scan_temp));
    host_windows.resize(MAX_WINDOWS);
  }

  ec::Jacobian<C> RunOnce(const A *bases, const Fr *scalars, size_t n, const Stream &s) {
    MsmShape sh = ShapeFor(n, tuning);
    // CapFor covers every n ≤ max_n; a window-width override can still ask for more slots than
    // the buffers hold: then fewer windows go in a pass
    sh.group = uint32_t(std::min<size_t>({sh.group, cap.pairs / n, cap.slots >> sh.c}));
    if (sh.group == 0 || sh.windows > MAX_WINDOWS) {
      throw std::logic_error("gpu msm: run shape exceeds the buffers sized at construction");
    }
    const uint32_t group = sh.group;
    for (uint32_t w0 = 0; w0 < sh.windows; w0 += group) {
      sh.w0 = w0;
      sh.group = std::min(group, sh.windows - w0);
      RunPass(bases, scalars, sh, s);
    }
    const cudaStream_t st = s.Get();
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(host_windows.data(), window_sums.Data(), sh.windows * sizeof(X), cudaMemcpyDeviceToHost, st));
    s.Synchronize();
    timer.Print(sizeof(A) == sizeof(G1Affine) ? "G1" : "G2", sh);
    // Horner over the windows, top first: acc ← acc·2^c + S_w
    ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
    for (uint32_t w = sh.windows; w-- > 0;) {
      for (uint32_t b = 0; b < sh.c; b++) acc = acc.Double();
      acc += ToJacobian<C>(host_windows[w]);
    }
    return acc;
  }

  //! one pass (msm_kernels.cuh's steps 1–4) over windows [sh.w0, sh.w0 + sh.Group()): their sums
  //! land in window_sums[sh.w0 ...]
  void RunPass(const A *bases, const Fr *scalars, MsmShape sh, const Stream &s) {
    using namespace msm_detail;
    Sizes z = SizesOf(sh);
    // A pass with a narrower window or fewer windows than the buffers were sized for can need more
    // work items (at most slots + pairs/chunk + 1: a new item starts only at a run's start or K
    // pairs into it) than they hold: raise its chunk until its items fit. The chunk
    // only splits buckets into items; the sum is the same.
    if (z.max_items > cap.max_items && z.slots + 1 < cap.max_items) {
      const size_t room = cap.max_items - z.slots - 1;
      sh.chunk = uint32_t(std::max<size_t>(sh.chunk, (z.pairs + room - 1) / room));
      z.max_items = z.slots + z.pairs / sh.chunk + 1;
    }
    const cudaStream_t st = s.Get();
    if (z.slots > cap.slots || z.pairs > cap.pairs || z.max_items > cap.max_items) {
      throw std::logic_error("gpu msm: pass shape exceeds the buffers sized at construction");
    }
    if (sh.w0 == 0) timer.Start(s);
    size_t scan_need = 0;
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, scan_need, counts.Data(), first.Data(), int(z.slots), st));
    if (std::max(z.sort_temp, scan_need) > temp.Size()) {
      // CUB's scratch is not promised to shrink with the input; never seen, but never wrong
      temp = DeviceBuffer<uint8_t>(dev, std::max(z.sort_temp, scan_need));
    }
    DigitsKernel<<<Blocks(sh.n), BLOCK, 0, st>>>(scalars, sh, keys_in.Data(), vals_in.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    size_t temp_bytes = temp.Size();
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.Data(), temp_bytes, keys_in.Data(), keys_out.Data(),
                                                    vals_in.Data(), vals_out.Data(), int(z.pairs), 0, int(KeyBits(sh)),
                                                    st));
    timer.Mark("digits+sort", s);
    CUZK_CUDA_CHECK(cudaMemsetAsync(start.Data(), 0, z.slots * sizeof(uint32_t), st));
    CUZK_CUDA_CHECK(cudaMemsetAsync(end.Data(), 0, z.slots * sizeof(uint32_t), st));
    BoundsKernel<<<Blocks(z.pairs), BLOCK, 0, st>>>(keys_out.Data(), uint32_t(z.pairs), start.Data(), end.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    CountKernel<<<Blocks(z.slots), BLOCK, 0, st>>>(start.Data(), end.Data(), sh, counts.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    size_t scan_bytes = temp.Size();
    CUZK_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(temp.Data(), scan_bytes, counts.Data(), first.Data(), int(z.slots), st));
    ItemsKernel<<<Blocks(z.slots), BLOCK, 0, st>>>(start.Data(), end.Data(), counts.Data(), first.Data(), sh,
                                                   item_begin.Data(), item_end.Data(), total.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    timer.Mark("items", s);
    // longest items first: a warp's threads then add about as many points each, and the longest
    // start earliest (the lengths are Poisson-like for random scalars; the sort is < 1% of a run;
    // bucket order measured 10-18% slower: BENCHMARKS.md, GPU)
    ItemLengthKernel<<<Blocks(z.max_items), BLOCK, 0, st>>>(item_begin.Data(), item_end.Data(), total.Data(),
                                                            uint32_t(z.max_items), length_in.Data(), order_in.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    size_t order_bytes = temp.Size();
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(temp.Data(), order_bytes, length_in.Data(),
                                                              length_out.Data(), order_in.Data(), order_out.Data(),
                                                              int(z.max_items), 0, LengthBits(sh), st));
    timer.Mark("order", s);
    AccumulateKernel<A, X><<<Blocks(z.max_items), BLOCK, 0, st>>>(
        bases, vals_out.Data(), item_begin.Data(), item_end.Data(), total.Data(), order_out.Data(), partials.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    timer.Mark("accumulate", s);
    MergeKernel<X><<<Blocks(z.slots), BLOCK, 0, st>>>(partials.Data(), counts.Data(), first.Data(), sh, buckets.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    timer.Mark("merge", s);
    const uint32_t seg_len = SegLen(sh), segs = sh.Buckets() / seg_len;
    SegmentKernel<X>
        <<<Blocks(size_t(sh.Group()) * segs), BLOCK, 0, st>>>(buckets.Data(), sh, seg_len, segs, seg_sums.Data());
    CUZK_CUDA_CHECK_LAUNCH();
    SumKernel<X, T><<<sh.Group(), T, 0, st>>>(seg_sums.Data(), segs, window_sums.Data() + sh.w0);
    CUZK_CUDA_CHECK_LAUNCH();
    timer.Mark("reduce", s);
  }
};

template <class C> unsigned Msm<C>::WindowBits(size_t n) { return MsmWindowBits(n); }

template <class C> size_t Msm<C>::ScratchBytes(size_t max_n, const MsmTuning &tuning) {
  using X = typename Impl::X;
  const auto z = Impl::CapFor(std::max<size_t>(1, std::min(max_n, MAX_RUN)), tuning);
  constexpr size_t ORDER_BYTES = 16; // item lengths and indices, in and out
  return z.pairs * 16 + z.slots * (16 + sizeof(X)) + z.max_items * (8 + ORDER_BYTES + sizeof(X)) + z.sort_temp +
         Impl::SegSums(z) * sizeof(X);
}

template <class C> Msm<C>::Msm(const Device &dev, size_t max_n, MsmTuning tuning) {
  dev.MakeCurrent();
  impl_ = std::make_unique<Impl>(dev, max_n, tuning);
}
template <class C> Msm<C>::~Msm() = default;
template <class C> Msm<C>::Msm(Msm &&) noexcept = default;

template <class C>
ec::Jacobian<C> Msm<C>::Run(const ec::Affine<C> *bases, const ff::Fr *scalars, size_t n, const Stream &s) {
  using A = typename Impl::A;
  impl_->dev.MakeCurrent();
  ec::Jacobian<C> acc = ec::Jacobian<C>::Infinity();
  for (size_t off = 0; off < n; off += impl_->max_run) {
    const size_t len = std::min(impl_->max_run, n - off);
    acc +=
        impl_->RunOnce(reinterpret_cast<const A *>(bases) + off, reinterpret_cast<const Fr *>(scalars) + off, len, s);
  }
  return acc;
}

template <class C> struct BatchAdd<C>::Impl {
  using A = typename DevicePoint<C>::AffineT;
  using X = typename DevicePoint<C>::XyzzT;
  static constexpr unsigned T = msm_detail::TreeThreads<X>();
  Device dev;
  MsmTuning tuning;
  uint32_t blocks;
  DeviceBuffer<X> partials, result;
  Impl(const Device &d, const MsmTuning &t, uint32_t b) : dev(d), tuning(t), blocks(b), partials(d, b), result(d, 1) {}
};

template <class C> BatchAdd<C>::BatchAdd(const Device &dev, MsmTuning tuning) {
  const DeviceInfo info = dev.Info();
  // a few blocks per SM keep every SM busy while the word loop balances the load
  impl_ = std::make_unique<Impl>(dev, tuning, uint32_t(std::max(1, info.sm_count) * 4));
}
template <class C> BatchAdd<C>::~BatchAdd() = default;
template <class C> BatchAdd<C>::BatchAdd(BatchAdd &&) noexcept = default;

template <class C>
ec::Jacobian<C> BatchAdd<C>::Run(const ec::Affine<C> *bases, const uint64_t *bitmap, size_t n, const Stream &s) {
  using namespace msm_detail;
  using A = typename Impl::A;
  using X = typename Impl::X;
  constexpr unsigned T = Impl::T;
  impl_->dev.MakeCurrent();
  if (n == 0) return ec::Jacobian<C>::Infinity();
  const cudaStream_t st = s.Get();
  BatchAddKernel<A, X, T>
      <<<impl_->blocks, T, 0, st>>>(reinterpret_cast<const A *>(bases), bitmap, n, impl_->partials.Data());
  CUZK_CUDA_CHECK_LAUNCH();
  SumKernel<X, T><<<1, T, 0, st>>>(impl_->partials.Data(), impl_->blocks, impl_->result.Data());
  CUZK_CUDA_CHECK_LAUNCH();
  X host;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&host, impl_->result.Data(), sizeof(X), cudaMemcpyDeviceToHost, st));
  s.Synchronize();
  return ToJacobian<C>(host);
}

} // namespace cuzk::gpu
