// tests/gpu/ntt_emulation_test.cpp — the device NTT's thread bodies and pass
// schedules, run on the host, against the textbook reference (reference.hpp).
// Runs everywhere, CI included.
//   Tiled*: the tiled passes (ntt_pass.cuh) through the schedules ntt.cu
//   launches (ntt_schedule.hpp),
//           every pass size 1 … 9 and several pass counts; the shared-memory
//           layout's bank spread.
//   Legacy*: the radix-8 global-memory passes (CUZK_NTT_LEGACY=1).
#include "gpu_test_util.hpp"
#include "ntt_host_twin.hpp"
#include "reference.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;
using cuzk::gpu::test::Log2;

namespace {

struct HostTables {
  HostPowTable t;
  PowTable View() const {
    return PowTable{reinterpret_cast<const Fr *>(t.hi.data()), reinterpret_cast<const Fr *>(t.lo.data()), t.lo_bits};
  }
};

// The same pass schedule as ntt.cu's Dif/Dit, each kernel replaced by a loop
// over its threads.
template <unsigned S, bool DIT> void Pass(std::vector<Fr> &x, unsigned log_n, unsigned log_h, const PowTable &tw) {
  for (uint32_t t = 0; t < (1u << (log_n - S)); t++) NttRadixThread<S, DIT>(x.data(), t, log_n, log_h, tw);
}
template <bool DIT> void PassS(std::vector<Fr> &x, unsigned log_n, unsigned log_h, unsigned s, const PowTable &tw) {
  if (s == 1) Pass<1, DIT>(x, log_n, log_h, tw);
  if (s == 2) Pass<2, DIT>(x, log_n, log_h, tw);
  if (s == 3) Pass<3, DIT>(x, log_n, log_h, tw);
}
void Dif(std::vector<Fr> &x, unsigned log_n, const PowTable &tw) {
  for (unsigned r = log_n; r > 0;) {
    const unsigned s = std::min(r, NTT_MAX_RADIX_LOG);
    PassS<false>(x, log_n, r - s, s, tw);
    r -= s;
  }
}
void Dit(std::vector<Fr> &x, unsigned log_n, const PowTable &tw) {
  for (unsigned lh = 0; lh < log_n;) {
    const unsigned s = std::min(log_n - lh, NTT_MAX_RADIX_LOG);
    PassS<true>(x, log_n, lh, s, tw);
    lh += s;
  }
}
void BitRev(std::vector<Fr> &x, unsigned log_n, const PowTable &sc, bool before) {
  for (uint32_t i = 0; i < x.size(); i++) BitReverseScaleThread(x.data(), i, log_n, sc, before);
}

struct Twin {
  unsigned log_n;
  HostTables omega, omega_inv, coset, coset_ninv, coset_inv_ninv, ninv;
  explicit Twin(unsigned k) : log_n(k) {
    const ff::Fr one = ff::Fr::One(), w = DomainRoot(k), g = CosetGenerator();
    const ff::Fr n_inv = ff::Fr::FromUint(uint64_t(1) << k).Inverse();
    omega.t = BuildPowTable(w, k - 1, one);
    omega_inv.t = BuildPowTable(w.Inverse(), k - 1, one);
    coset.t = BuildPowTable(g, k, one);
    coset_ninv.t = BuildPowTable(g, k, n_inv);
    coset_inv_ninv.t = BuildPowTable(g.Inverse(), k, n_inv);
    ninv.t.hi = {n_inv};
  }
  PowTable NinvView() const { return PowTable{reinterpret_cast<const Fr *>(ninv.t.hi.data()), nullptr, 0}; }
  std::vector<Fr> Dev(const std::vector<ff::Fr> &v) const {
    std::vector<Fr> d(v.size());
    for (size_t i = 0; i < v.size(); i++) d[i] = ToDevice<Fr>(v[i]);
    return d;
  }
  std::vector<ff::Fr> Host(const std::vector<Fr> &d) const {
    std::vector<ff::Fr> v(d.size());
    for (size_t i = 0; i < d.size(); i++) v[i] = ToHost<ff::Fr>(d[i]);
    return v;
  }
  std::vector<ff::Fr> Forward(const std::vector<ff::Fr> &a, bool on_coset) const {
    auto x = Dev(a);
    BitRev(x, log_n, on_coset ? coset.View() : PowTable{}, true);
    Dit(x, log_n, omega.View());
    return Host(x);
  }
  std::vector<ff::Fr> Inverse(const std::vector<ff::Fr> &a, bool on_coset) const {
    auto x = Dev(a);
    Dif(x, log_n, omega_inv.View());
    BitRev(x, log_n, on_coset ? coset_inv_ninv.View() : NinvView(), false);
    return Host(x);
  }
  std::vector<ff::Fr> H(const std::vector<ff::Fr> &a, const std::vector<ff::Fr> &b,
                        const std::vector<ff::Fr> &c) const {
    std::vector<Fr> v[3] = {Dev(a), Dev(b), Dev(c)};
    for (auto &x : v) {
      Dif(x, log_n, omega_inv.View());
      for (uint32_t p = 0; p < x.size(); p++) ScaleBitReversedThread(x.data(), p, log_n, coset_ninv.View());
      Dit(x, log_n, omega.View());
    }
    const ff::Fr z_inv = (CosetGenerator().Pow(uint64_t(1) << log_n) - ff::Fr::One()).Inverse();
    for (uint32_t i = 0; i < v[0].size(); i++)
      QuotientThread(v[0].data(), v[1].data(), v[2].data(), i, ToDevice<Fr>(z_inv));
    auto r = Host(v[0]);
    return Inverse(r, true);
  }
};

TEST(GpuNttEmulation, LegacyAllKindsMatchReference) {
  auto rng = test::Rng(21);
  for (unsigned k = 1; k <= 10; k++) {
    Twin tw(k);
    auto a = test::RandomVector(size_t(1) << k, rng);
    auto ref = a;
    test::RefForward(ref);
    ASSERT_TRUE(tw.Forward(a, false) == ref) << "forward 2^" << k;
    ref = a;
    test::RefInverse(ref);
    ASSERT_TRUE(tw.Inverse(a, false) == ref) << "inverse 2^" << k;
    ref = a;
    test::RefCosetForward(ref);
    ASSERT_TRUE(tw.Forward(a, true) == ref) << "coset forward 2^" << k;
    ref = a;
    test::RefCosetInverse(ref);
    ASSERT_TRUE(tw.Inverse(a, true) == ref) << "coset inverse 2^" << k;
  }
}

TEST(GpuNttEmulation, ForwardIsTheDft) {
  // the reference itself, against the definition A_i = Σ a_j ω^(ij), at n = 8
  auto rng = test::Rng(22);
  auto a = test::RandomVector(8, rng);
  auto A = a;
  test::RefForward(A);
  const ff::Fr w = DomainRoot(3);
  for (size_t i = 0; i < 8; i++) EXPECT_TRUE(A[i] == test::Horner(a, w.Pow(i)));
}

TEST(GpuNttEmulation, LegacyQuotientMatchesReference) {
  auto rng = test::Rng(23);
  for (unsigned k = 1; k <= 9; k++) {
    Twin tw(k);
    const size_t n = size_t(1) << k;
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    ASSERT_TRUE(tw.H(a, b, c) == test::RefH(a, b, c)) << "H at 2^" << k;
  }
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

// k = 1 … 13 covers every pass size 1 … 9 (one pass up to 2^9, two of 5 … 7
// bits above) and k = 19 three passes; coset and plain kinds, both directions
void ExpectAllKindsMatchReference(unsigned radix_log, std::initializer_list<unsigned> sizes) {
  auto rng = test::Rng(24);
  for (unsigned k : sizes) {
    test::HostNttDomain dom(k, radix_log);
    auto a = test::RandomVector(size_t(1) << k, rng);
    const NttKind kinds[] = {NttKind::kForward, NttKind::kInverse, NttKind::kCosetForward, NttKind::kCosetInverse};
    void (*refs[])(std::vector<ff::Fr> &) = {test::RefForward, test::RefInverse, test::RefCosetForward,
                                             test::RefCosetInverse};
    for (int i = 0; i < 4; i++) {
      if (k > 13 && (i == 1 || i == 2)) continue; // three passes: one DIT and one DIF kind keep CI short
      auto ref = a;
      refs[i](ref);
      ASSERT_TRUE(dom.Transform(a, kinds[i]) == ref) << "kind " << i << " at 2^" << k << ", radix " << (1 << radix_log);
    }
  }
}

TEST(GpuNttEmulation, TiledAllKindsMatchReference) {
  ExpectAllKindsMatchReference(3, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 19});
}
// radix 4 (CUZK_NTT_RADIX=4): every pass size once, and three passes
TEST(GpuNttEmulation, TiledRadix4AllKindsMatchReference) {
  ExpectAllKindsMatchReference(2, {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 19});
}

TEST(GpuNttEmulation, TiledQuotientMatchesReference) {
  auto rng = test::Rng(25);
  for (unsigned k : {1u, 3u, 5u, 8u, 9u, 10u, 12u}) {
    test::HostNttDomain dom(k, k % 2 ? 3 : 2); // both register radixes
    const size_t n = size_t(1) << k;
    auto a = test::RandomVector(n, rng), b = test::RandomVector(n, rng), c = test::RandomVector(n, rng);
    const auto ref = test::RefH(a, b, c);
    ASSERT_TRUE(dom.H(a, b, c, true) == ref) << "H at 2^" << k;
    // bit-reversed output: h_j at rev(j)
    auto rev = dom.H(a, b, c, false);
    for (size_t j = 0; j < n; j++) ASSERT_TRUE(rev[RevBits(uint32_t(j), k)] == ref[j]) << "H (bit-reversed) at 2^" << k;
  }
}

// the prover launches a's share of the H steps while b and c are still being
// copied: each share touches its own vector only, and the tail reads all three
TEST(GpuNttEmulation, HStepsComeInPerVectorShares) {
  Fr v[3][1];
  for (unsigned k : {1u, 9u, 10u, 19u, 27u}) {
    const auto steps = HSteps(NttTables{}, k, v[0], v[1], v[2], false);
    const size_t per = HStepsPerInput(k);
    ASSERT_GT(steps.size(), 3 * per);
    for (size_t i = 0; i < 3 * per; i++) {
      EXPECT_EQ(steps[i].pass.x, v[i / per]) << "step " << i << " at 2^" << k;
      EXPECT_EQ(steps[i].pass.qb, nullptr);
    }
    EXPECT_EQ(steps[3 * per].pass.qb, v[1]);
    EXPECT_EQ(steps[3 * per].pass.qc, v[2]);
    for (size_t i = 3 * per; i < steps.size(); i++) EXPECT_EQ(steps[i].pass.x, v[0]);
  }
}

//! every warp-wide shared-memory access of a pass (all windows, all registers)
//! hits 32 distinct banks
template <unsigned S, unsigned RMAX> void ExpectConflictFree() {
  using P = NttPass<S, RMAX>;
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
          EXPECT_EQ(banks, 0xFFFFFFFFu) << "S " << S << " radix " << P::R << " window " << w << " register " << m
                                        << " warp " << warp;
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
  ExpectConflictFree<4, 3>();
  ExpectConflictFree<5, 3>();
  ExpectConflictFree<6, 3>();
  ExpectConflictFree<7, 3>();
  ExpectConflictFree<8, 3>();
  ExpectConflictFree<9, 3>();
  ExpectConflictFree<3, 2>();
  ExpectConflictFree<4, 2>();
  ExpectConflictFree<5, 2>();
  ExpectConflictFree<6, 2>();
  ExpectConflictFree<7, 2>();
  ExpectConflictFree<8, 2>();
  ExpectConflictFree<9, 2>();
}

} // namespace
