// src/msm/msm.cpp — the MSM entry points: scalar preparation, the 0/1 split, dispatch.
//
// Steps of one call:
//   1. canonical scalars: Montgomery → canonical once, in parallel, packing the density's set
//      bits so that scalar j pairs with bases[j] (skipped for canonical input without density);
//   2. split: zero scalars are dropped, scalars equal to 1 go to the "ones" list, the rest to
//      Pippenger's list (index lists, so bases are never copied);
//   3. ones: gathered in blocks and summed by batched affine additions, in parallel;
//   4. Pippenger over the rest (pippenger.hpp); the answer is the sum of 3 and 4.
#include "msm/msm.hpp"

#include "msm/batch_add.hpp"
#include "msm/digits.hpp"
#include "msm/pippenger.hpp"
#include "msm/xyzz.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace cuzk::msm {

namespace {

//! Points gathered per batched-affine block of the ones sum: large enough that the log2(block)
//! inversions are amortised, small enough to stay in L2.
constexpr size_t ONES_BLOCK = 4096;
//! Smallest window for which Auto fills buckets by batched affine additions (see msm.hpp).
//! Below it the buckets are too few for a batch to amortise its inversion (G1 2^16, one thread:
//! batched affine 11.0 µs/point at c = 13 against 13.2 for XYZZ; 21.7 at c = 10 with 64-point batches).
constexpr unsigned AUTO_AFFINE_MIN_WINDOW = 11;
//! Density words per conversion task.
constexpr size_t DENSITY_BLOCK_WORDS = 256;

template <class C> struct CurveScratch {
  std::vector<BucketWorkspace<C>> buckets; // one per thread slot
  std::vector<ec::Affine<C>> gathered;     // ONES_BLOCK per thread slot
  std::vector<typename C::Field> inverse;  // BatchAffineSumScratchSize(ONES_BLOCK) per slot

  size_t Bytes() const {
    size_t bytes = 0;
    for (const auto &w : buckets) bytes += w.Bytes();
    return bytes + gathered.capacity() * sizeof(ec::Affine<C>) + inverse.capacity() * sizeof(typename C::Field);
  }
};

} // namespace

struct MsmScratch::Impl {
  std::vector<ff::Limbs<4>> canonical;
  std::vector<uint32_t> rest, ones;
  CurveScratch<ec::G1Curve> g1;
  CurveScratch<ec::G2Curve> g2;

  template <class C> CurveScratch<C> &For() {
    if constexpr (std::is_same_v<C, ec::G1Curve>) {
      return g1;
    } else {
      return g2;
    }
  }
};

MsmScratch::MsmScratch() : impl_(std::make_unique<Impl>()) {}
MsmScratch::~MsmScratch() = default;
MsmScratch::MsmScratch(MsmScratch &&) noexcept = default;
MsmScratch &MsmScratch::operator=(MsmScratch &&) noexcept = default;
size_t MsmScratch::Bytes() const {
  return impl_->canonical.capacity() * sizeof(ff::Limbs<4>) +
         (impl_->rest.capacity() + impl_->ones.capacity()) * sizeof(uint32_t) + impl_->g1.Bytes() + impl_->g2.Bytes();
}

namespace {

template <class T> void Grow(std::vector<T> &v, size_t n) {
  if (v.size() < n) v.resize(n);
}

inline ff::Limbs<4> ToCanonical(const ff::Fr &k) { return k.ToCanonical(); }
inline const ff::Limbs<4> &ToCanonical(const ff::Limbs<4> &k) { return k; }

size_t PopCount(std::span<const uint64_t> words, size_t bits) {
  size_t count = 0;
  for (size_t i = 0; i < bits / 64; i++) count += size_t(std::popcount(words[i]));
  if (bits % 64) count += size_t(std::popcount(words[bits / 64] & ((uint64_t(1) << (bits % 64)) - 1)));
  return count;
}

//! Canonical scalars paired with the bases: out[j] is the scalar of bases[j].
template <class S>
void PrepareScalars(std::span<const S> scalars, std::span<const uint64_t> density, std::span<ff::Limbs<4>> out) {
  if (density.empty()) {
    tbb::parallel_for(tbb::blocked_range<size_t>(0, scalars.size(), 4096), [&](const tbb::blocked_range<size_t> &r) {
      for (size_t i = r.begin(); i != r.end(); i++) out[i] = ToCanonical(scalars[i]);
    });
    return;
  }
  // each block of density words starts at the popcount of the words before it
  const size_t words = (scalars.size() + 63) / 64, blocks = (words + DENSITY_BLOCK_WORDS - 1) / DENSITY_BLOCK_WORDS;
  std::vector<size_t> start(blocks + 1, 0);
  for (size_t b = 0; b < blocks; b++) {
    const size_t lo = b * DENSITY_BLOCK_WORDS * 64, hi = std::min(scalars.size(), lo + DENSITY_BLOCK_WORDS * 64);
    start[b + 1] = start[b] + PopCount(density.subspan(lo / 64), hi - lo);
  }
  tbb::parallel_for(tbb::blocked_range<size_t>(0, blocks, 1), [&](const tbb::blocked_range<size_t> &r) {
    for (size_t b = r.begin(); b != r.end(); b++) {
      size_t j = start[b];
      const size_t lo = b * DENSITY_BLOCK_WORDS * 64, hi = std::min(scalars.size(), lo + DENSITY_BLOCK_WORDS * 64);
      for (size_t i = lo; i < hi; i++) {
        if ((density[i / 64] >> (i % 64)) & 1) out[j++] = ToCanonical(scalars[i]);
      }
    }
  });
}

//! Σ bases[ones[i]] by batched affine additions over blocks of ONES_BLOCK points.
template <class C>
ec::Jacobian<C> SumOnes(std::span<const ec::Affine<C>> bases, std::span<const uint32_t> ones, CurveScratch<C> &cs) {
  using J = ec::Jacobian<C>;
  const size_t blocks = (ones.size() + ONES_BLOCK - 1) / ONES_BLOCK;
  const size_t inv_per_slot = BatchAffineSumScratchSize(ONES_BLOCK);
  return tbb::parallel_reduce(
      tbb::blocked_range<size_t>(0, blocks, 1), J::Infinity(),
      [&](const tbb::blocked_range<size_t> &r, J acc) {
        const size_t slot = size_t(tbb::this_task_arena::current_thread_index());
        std::span<ec::Affine<C>> buf(cs.gathered.data() + slot * ONES_BLOCK, ONES_BLOCK);
        std::span<typename C::Field> inv(cs.inverse.data() + slot * inv_per_slot, inv_per_slot);
        for (size_t b = r.begin(); b != r.end(); b++) {
          const size_t lo = b * ONES_BLOCK, hi = std::min(ones.size(), lo + ONES_BLOCK);
          for (size_t i = lo; i < hi; i++) buf[i - lo] = bases[ones[i]];
          acc += BatchAffineSum<C>(buf.subspan(0, hi - lo), inv);
        }
        return acc;
      },
      [](const J &a, const J &b) { return a + b; });
}

template <class C, class S>
ec::Jacobian<C> MsmImpl(std::span<const ec::Affine<C>> bases, std::span<const S> scalars, const MsmOptions &options) {
  if (options.density.empty()) {
    if (bases.size() != scalars.size()) throw std::invalid_argument("msm: bases and scalars differ in length");
  } else {
    if (options.density.size() * 64 < scalars.size()) throw std::invalid_argument("msm: density bitmap too short");
    if (PopCount(options.density, scalars.size()) != bases.size())
      throw std::invalid_argument("msm: bases length differs from the density's popcount");
  }
  if (options.window_bits > MAX_WINDOW_BITS) throw std::invalid_argument("msm: window_bits above 20");
  if (bases.empty()) return ec::Jacobian<C>::Infinity();

  MsmScratch own;
  MsmScratch::Impl &s = (options.scratch ? *options.scratch : own).Get();
  const size_t n = bases.size();

  if (n > UINT32_MAX) throw std::invalid_argument("msm: more than 2^32 - 1 bases");

  std::span<const ff::Limbs<4>> canonical;
  if constexpr (std::is_same_v<S, ff::Limbs<4>>) {
    if (options.density.empty()) canonical = scalars;
  }
  if (canonical.empty()) {
    Grow(s.canonical, n);
    PrepareScalars<S>(scalars, options.density, {s.canonical.data(), n});
    canonical = {s.canonical.data(), n};
  }

  // split by value; sequential, but a compare per scalar is far below one curve addition
  s.rest.clear();
  s.ones.clear();
  constexpr ff::Limbs<4> ONE{1, 0, 0, 0};
  for (size_t j = 0; j < n; j++) {
    const ff::Limbs<4> &k = canonical[j];
    if (ff::big::IsZero(k)) continue;
    if (options.ones_fast_path && k == ONE) {
      s.ones.push_back(uint32_t(j));
    } else {
      s.rest.push_back(uint32_t(j));
    }
  }

  const size_t slots = size_t(tbb::this_task_arena::max_concurrency());
  CurveScratch<C> &cs = s.For<C>();
  ec::Jacobian<C> sum = ec::Jacobian<C>::Infinity();
  if (options.stop && options.stop->load(std::memory_order_relaxed)) throw Stopped("msm stopped");
  if (!s.ones.empty()) {
    Grow(cs.gathered, slots * ONES_BLOCK);
    Grow(cs.inverse, slots * BatchAffineSumScratchSize(ONES_BLOCK));
    sum = SumOnes<C>(bases, s.ones, cs);
  }
  if (!s.rest.empty()) {
    const unsigned c = options.window_bits ? options.window_bits : ChooseWindowBits(s.rest.size());
    const bool batch_affine = options.bucket_addition == BucketAddition::kAuto
                                  ? c >= AUTO_AFFINE_MIN_WINDOW
                                  : options.bucket_addition == BucketAddition::kBatchAffine;
    Grow(cs.buckets, slots);
    sum += Pippenger<C>(bases, canonical, s.rest, c, batch_affine, {cs.buckets.data(), slots}, options.stop);
  }
  return sum;
}

} // namespace

ec::G1 Msm(std::span<const ec::G1Affine> bases, std::span<const ff::Fr> scalars, const MsmOptions &options) {
  return MsmImpl<ec::G1Curve>(bases, scalars, options);
}
ec::G2 Msm(std::span<const ec::G2Affine> bases, std::span<const ff::Fr> scalars, const MsmOptions &options) {
  return MsmImpl<ec::G2Curve>(bases, scalars, options);
}
ec::G1 Msm(std::span<const ec::G1Affine> bases, std::span<const ff::Limbs<4>> scalars, const MsmOptions &options) {
  return MsmImpl<ec::G1Curve>(bases, scalars, options);
}
ec::G2 Msm(std::span<const ec::G2Affine> bases, std::span<const ff::Limbs<4>> scalars, const MsmOptions &options) {
  return MsmImpl<ec::G2Curve>(bases, scalars, options);
}

} // namespace cuzk::msm
