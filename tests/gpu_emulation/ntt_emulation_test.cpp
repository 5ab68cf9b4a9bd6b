// tests/gpu_emulation/ntt_emulation_test.cpp — the device NTT's thread bodies and pass schedules, run on the host,
// against the textbook reference (reference.hpp). Runs everywhere, CI included. The tiled passes (ntt_pass.cuh) through
// the schedules ntt.cu launches (ntt_schedule.hpp): every pass size 1 … 9, one to three passes; the shared-memory
// layouts' bank spread.
#include "gpu_test_util.hpp"
#include "ntt_host_twin.hpp"
#include "reference.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

TEST(GpuNttEmulation, ForwardIsTheDft) {
  // the reference itself, against the definition A_i = Σ a_j ω^(ij), at n = 8
  auto rng = test::Rng(22);
  auto a = test::RandomVector(8, rng);
  auto A = a;
  test::RefForward(A);
  const ff::Fr w = DomainRoot(3);
  for (size_t i = 0; i < 8; i++) EXPECT_TRUE(A[i] == test::Horner(a, w.Pow(i)));
}

TEST(GpuNttEmulation, SplitCoversEveryBitOnce) {
  for (unsigned k = 1; k <= NTT_MAX_LOG; k++) {
    const NttSplit sp = NttSplit::For(k);
    unsigned sum = 0;
    for (unsigned i = 0; i < sp.count; i++) {
      EXPECT_EQ(sp.lo[i], sum) << k;
      EXPECT_GE(sp.bits[i], 1u);
      EXPECT_LE(sp.bits[i], NTT_PASS_MAX_BITS);
      EXPECT_LE(sp.bits[0] - sp.bits[i], 1u) << "passes as equal as can be, at 2^" << k;
      sum += sp.bits[i];
    }
    EXPECT_EQ(sum, k);
    EXPECT_EQ(sp.count, (k + 8) / 9) << "fewest passes at 2^" << k;
  }
  EXPECT_EQ(NttSplit::For(27).bits[2], 9u);
}

// k = 1 … 13 covers every pass size 1 … 9 (one pass up to 2^9, two of 5 … 7 bits above) and k = 19 three passes; coset
// and plain kinds, both directions
TEST(GpuNttEmulation, TiledAllKindsMatchReference) {
  auto rng = test::Rng(24);
  for (unsigned k : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 13u, 19u}) {
    test::HostNttDomain dom(k);
    auto a = test::RandomVector(size_t(1) << k, rng);
    const NttKind kinds[] = {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse};
    void (*refs[])(std::vector<ff::Fr> &) = {test::RefForward, test::RefInverse, test::RefCosetForward,
                                             test::RefCosetInverse};
    for (int i = 0; i < 4; i++) {
      auto ref = a;
      refs[i](ref);
      // three passes: one DIT and one DIF kind in each mode keep CI short
      if (!(k > 13 && (i == 1 || i == 2))) {
        ASSERT_TRUE(dom.Transform(a, kinds[i]) == ref) << "kind " << i << " at 2^" << k;
      }
      // out of place, the bit reversal fused into the lowest pass (≥ 2 passes; one pass falls back to in place)
      if (!(k > 13 && (i == 0 || i == 3))) {
        ASSERT_TRUE(dom.Transform(a, kinds[i], true) == ref) << "kind " << i << " out of place at 2^" << k;
      }
    }
  }
}

// twist factors from the root table (passes with N ≤ 2^roots_log) and above it (or without a table) as one lookup an
// element: every cap gives the reference transform; k = 19 (passes 7/6/6) mixes both kinds in one transform
TEST(GpuNttEmulation, TwistTableAndLookupsAboveItAgree) {
  auto rng = test::Rng(26);
  for (unsigned k : {10u, 13u, 19u}) {
    auto a = test::RandomVector(size_t(1) << k, rng);
    auto fwd = a, inv = a;
    test::RefForward(fwd);
    test::RefInverse(inv);
    for (unsigned cap : {0u, 5u, 12u, NTT_ROOT_TABLE_LOG}) {
      test::HostNttDomain dom(k, cap);
      ASSERT_TRUE(dom.Transform(a, NttKind::kForward) == fwd) << "forward at 2^" << k << ", cap " << cap;
      if (k < 19) {
        ASSERT_TRUE(dom.Transform(a, NttKind::kInverse) == inv) << "inverse at 2^" << k << ", cap " << cap;
      }
    }
  }
}

// through scratch: no bit-reversal step; x → scratch … scratch → x; only the lo = 0 pass permutes (gathering in a
// DIT, scattering in a DIF); one pass (n ≤ 2^9) stays in place
TEST(GpuNttEmulation, OutOfPlacePlanFusesTheBitReversal) {
  Fr x[1], scratch[1];
  for (unsigned k : {9u, 10u, 18u, 19u, 27u, 28u}) {
    const unsigned passes = NttSplit::For(k).count;
    for (NttKind kind : {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse}) {
      const auto steps = TransformSteps(NttTables{}, k, x, kind, scratch);
      const bool dit = kind == NttKind::kForward || kind == NttKind::kCosetForward;
      if (passes == 1) {
        ASSERT_EQ(steps.size(), 2u);
        continue;
      }
      ASSERT_EQ(steps.size(), passes) << k;
      for (size_t i = 0; i < steps.size(); i++) {
        const NttPassArgs &p = steps[i].pass;
        EXPECT_FALSE(steps[i].bit_reverse);
        EXPECT_EQ(p.src, i == 0 ? x : i + 1 == steps.size() ? scratch : nullptr) << "step " << i << " at 2^" << k;
        EXPECT_EQ(p.x, i + 1 == steps.size() ? x : scratch) << "step " << i << " at 2^" << k;
        EXPECT_EQ(p.gather, dit && p.lo == 0);
        EXPECT_EQ(p.scatter, !dit && p.lo == 0);
        EXPECT_EQ(p.has_scale, p.lo == 0 && kind != NttKind::kForward);
      }
    }
  }
}

TEST(GpuNttEmulation, TiledQuotientMatchesReference) {
  auto rng = test::Rng(25);
  for (unsigned k : {1u, 3u, 5u, 8u, 9u, 10u, 12u}) {
    test::HostNttDomain dom(k);
    const size_t n = size_t(1) << k;
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    const auto ref = test::RefH(a, b, c);
    ASSERT_TRUE(dom.H(a, b, c, true) == ref) << "H at 2^" << k;
    // bit-reversed output: h_j at rev(j)
    auto rev = dom.H(a, b, c, false);
    for (size_t j = 0; j < n; j++) ASSERT_TRUE(rev[RevBits(uint32_t(j), k)] == ref[j]) << "H (bit-reversed) at 2^" << k;
  }
}

// c formed on the device as a∘b (a satisfied R1CS) gives the H of the copied c = a∘b
TEST(GpuNttEmulation, DerivedCMatchesCopiedC) {
  auto rng = test::Rng(27);
  for (unsigned k : {1u, 5u, 10u, 13u}) {
    const size_t n = size_t(1) << k;
    test::HostNttDomain dom(k);
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng);
    std::vector<ff::Fr> c(n);
    for (size_t i = 0; i < n; i++) c[i] = a[i] * b[i];
    const auto ref = test::RefH(a, b, c);
    ASSERT_TRUE(dom.HDerivedC(a, b, true) == ref) << "H at 2^" << k;
    ASSERT_TRUE(dom.HDerivedC(a, b, false) == dom.H(a, b, c, false)) << "H (bit-reversed) at 2^" << k;
  }
}

// the prover launches a's share of the H steps while b and c are still being copied: each share touches its own vector
// only; the tail reads a·b, and its last pass subtracts c
TEST(GpuNttEmulation, HStepsComeInPerVectorShares) {
  Fr v[3][1];
  for (unsigned k : {1u, 9u, 10u, 19u, 27u}) {
    const auto steps = HSteps(NttTables{}, k, v[0], v[1], v[2], false);
    const auto ends = HStepShareEnds(k);
    ASSERT_GT(steps.size(), ends[2]);
    for (size_t i = 0; i < ends[2]; i++) {
      const int owner = i < ends[0] ? 0 : i < ends[1] ? 1 : 2;
      EXPECT_EQ(steps[i].pass.x, v[owner]) << "step " << i << " at 2^" << k;
      EXPECT_EQ(steps[i].pass.load_mul, nullptr);
      EXPECT_EQ(steps[i].pass.store_sub, nullptr);
    }
    EXPECT_EQ(steps[ends[2]].pass.load_mul, v[1]);
    EXPECT_EQ(steps.back().pass.store_sub, v[2]);
    for (size_t i = ends[2]; i < steps.size(); i++) EXPECT_EQ(steps[i].pass.x, v[0]);
    // natural order out (two passes or more): the tail runs through b and its last pass scatters into a
    const auto natural = HSteps(NttTables{}, k, v[0], v[1], v[2], true);
    if (NttSplit::For(k).count >= 2) {
      ASSERT_EQ(natural.size(), steps.size());
      for (size_t i = ends[2]; i < natural.size(); i++) {
        const bool last = i + 1 == natural.size();
        EXPECT_EQ(natural[i].pass.x, last ? v[0] : v[1]) << "natural step " << i << " at 2^" << k;
        EXPECT_EQ(natural[i].pass.src, i == ends[2] ? v[0] : last ? v[1] : nullptr) << "natural step " << i;
        EXPECT_EQ(natural[i].pass.scatter, last);
      }
    } else {
      ASSERT_EQ(natural.size(), steps.size() + 1);
      EXPECT_TRUE(natural.back().bit_reverse);
    }
    // derived c: the shares come as a, c, b; c's first pass reads b (still untransformed), the tail is unchanged
    const auto derived = HSteps(NttTables{}, k, v[0], v[1], v[2], false, true);
    const auto dends = HStepShareEnds(k, true);
    ASSERT_EQ(derived.size(), steps.size());
    EXPECT_EQ(dends[2], ends[2]);
    for (size_t i = 0; i < dends[2]; i++) {
      const int owner = i < dends[0] ? 0 : i < dends[1] ? 2 : 1;
      EXPECT_EQ(derived[i].pass.x, v[owner]) << "derived step " << i << " at 2^" << k;
      EXPECT_EQ(derived[i].pass.load_mul, i == dends[0] ? v[1] : nullptr) << "derived step " << i;
    }
  }
}

//! every warp-wide shared-memory access of a pass (all windows, all registers) hits 32 distinct banks
template <unsigned S> void ExpectConflictFree() {
  using P = NttPass<S>;
  if constexpr (P::STEPS > 1) {
    std::vector<unsigned> windows;
    for (unsigned j = 0; j < P::STEPS; j++) windows.push_back(P::DifWindow(j)), windows.push_back(P::DitWindow(j));
    for (unsigned w : windows) {
      for (unsigned m = 0; m < P::R; m++) {
        for (uint32_t warp = 0; warp < NTT_PASS_THREADS / 32; warp++) {
          uint32_t banks = 0;
          for (uint32_t lane = 0; lane < 32; lane++) {
            const uint32_t t = warp * 32 + lane;
            banks |= 1u << (P::SharedIndex(P::Row(t >> P::CL, m, w), t & (P::C - 1)) % 32);
          }
          EXPECT_EQ(banks, 0xFFFFFFFFu) << "S " << S << " window " << w << " register " << m << " warp " << warp;
        }
      }
    }
    // and the layout is a bijection onto the tile
    std::vector<int> hit(P::TILE);
    for (uint32_t t = 0; t < NTT_PASS_THREADS; t++)
      for (unsigned m = 0; m < P::R; m++) hit[P::SharedIndex(P::Row(t >> P::CL, m, 0), t & (P::C - 1))]++;
    for (int h : hit) ASSERT_EQ(h, 1) << "S " << S;
  }
}

TEST(GpuNttEmulation, BitReverseTileIsConflictFree) {
  using T = NttBitReverseTile;
  for (uint32_t row = 0; row < T::SIDE; row++) {
    uint32_t load = 0, store = 0;
    for (uint32_t lane = 0; lane < 32; lane++) {
      load |= 1u << (T::Pos(row, lane) % 32);                          // a warp fills one row
      store |= 1u << (T::Pos(RevBits(lane, 5), RevBits(row, 5)) % 32); // and drains one column
    }
    EXPECT_EQ(load, 0xFFFFFFFFu);
    EXPECT_EQ(store, 0xFFFFFFFFu);
  }
}

TEST(GpuNttEmulation, TiledSharedAccessesAreConflictFree) {
  ExpectConflictFree<3>();
  ExpectConflictFree<4>();
  ExpectConflictFree<5>();
  ExpectConflictFree<6>();
  ExpectConflictFree<7>();
  ExpectConflictFree<8>();
  ExpectConflictFree<9>();
}

} // namespace
