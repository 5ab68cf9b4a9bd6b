// tests/filecoin/snap/snap_challenges_test.cpp — SnapDeals challenges against the upstream hard-coded
// vectors (spec/vectors.md §5.2: comm_r_new = the first blstrs Fr::random of XorShift(TEST_SEED),
// rederived here), the self-computed check values of spec/post-snap-poseidon.md §4.3, and bucketing.
#include "filecoin/snap/snap_challenges.hpp"
#include "filecoin/snap/snap_encoding.hpp"
#include "hash/poseidon.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::ff::Fr;

namespace {

//! rand_xorshift 0.3 XorShiftRng (spec/vectors.md §1).
struct XorShift {
  uint32_t x, y, z, w;
  explicit XorShift(const uint8_t seed[16]) {
    auto le = [&](int i) {
      return uint32_t(seed[i]) | uint32_t(seed[i + 1]) << 8 | uint32_t(seed[i + 2]) << 16 | uint32_t(seed[i + 3]) << 24;
    };
    x = le(0), y = le(4), z = le(8), w = le(12);
  }
  uint32_t NextU32() {
    const uint32_t t = x ^ (x << 11);
    x = y, y = z, z = w;
    w = w ^ (w >> 19) ^ t ^ (t >> 8);
    return w;
  }
  uint64_t NextU64() {
    const uint64_t lo = NextU32();
    return lo | uint64_t(NextU32()) << 32;
  }
};

//! blstrs Scalar::random: 4 u64 draws, top bit cleared, rejection above r.
Fr BlstrsRandom(XorShift &rng) {
  for (;;) {
    Fr::Repr raw{};
    for (auto &l : raw) l = rng.NextU64();
    raw[3] &= 0x7fffffffffffffffull;
    if (auto f = Fr::FromCanonicalChecked(raw)) return *f;
  }
}

Fr TestCommRNew() {
  const uint8_t TEST_SEED[16] = {0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                                 0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};
  XorShift rng(TEST_SEED);
  return BlstrsRandom(rng);
}

std::vector<uint64_t> First5(uint64_t nodes, const Fr &comm_r_new, size_t k) {
  auto c = SnapChallenges(SnapConfigForNodes(nodes).Value(), comm_r_new, k).Value();
  return {c.begin(), c.begin() + 5};
}

} // namespace

TEST(SnapChallenges, UpstreamHardcodedVectors) {
  const Fr comm_r_new = TestCommRNew();
  EXPECT_EQ(cuzk::test::Hex(cuzk::hash::FrToBytesLE(comm_r_new)),
            "101cbe4b9c42604f04c703c396f788c6cb2d6d7d58f45430b12eb2edd640076c");
  EXPECT_EQ(cuzk::test::Hex(cuzk::hash::FrToBytesLE(SnapGenRandomness(comm_r_new, Fr::Zero()))),
            "f58c0f801cacc62a930e0a332c4253a93662416412bc1f9a0678e9cca731b661");
  using V = std::vector<uint64_t>;
  EXPECT_EQ(First5(1 << 5, comm_r_new, 0), (V{21, 7, 3, 31, 0}));
  EXPECT_EQ(First5(1 << 6, comm_r_new, 0), (V{53, 51, 56, 3, 0}));
  EXPECT_EQ(First5(1 << 7, comm_r_new, 0), (V{117, 25, 62, 0, 72}));
  EXPECT_EQ(First5(1 << 8, comm_r_new, 0), (V{245, 140, 15, 128, 28}));
  EXPECT_EQ(First5(1 << 9, comm_r_new, 0), (V{245, 140, 15, 128, 28}));
  EXPECT_EQ(First5(1 << 9, comm_r_new, 1), (V{286, 308, 493, 510, 508}));
  EXPECT_EQ(First5(1 << 10, comm_r_new, 0), (V{245, 454, 3, 400, 193}));
  EXPECT_EQ(First5(1 << 10, comm_r_new, 1), (V{542, 666, 955, 927, 911}));
  EXPECT_EQ(First5(1 << 18, comm_r_new, 0), (V{36085, 32783, 44060, 10950, 3731}));
  EXPECT_EQ(First5(1 << 18, comm_r_new, 1), (V{78878, 130797, 112892, 93994, 78379}));
  EXPECT_EQ(First5(1 << 19, comm_r_new, 0), (V{101621, 16391, 109319, 25944, 41193}));
  EXPECT_EQ(First5(1 << 19, comm_r_new, 1), (V{209950, 163702, 175679, 224741, 197410}));
  EXPECT_EQ(First5(1 << 24, comm_r_new, 0), (V{1019125, 116736, 706220, 59698, 799498}));
  EXPECT_EQ(First5(1 << 24, comm_r_new, 1), (V{2092548, 1213276, 1185483, 1164598, 1095197}));
  EXPECT_EQ(First5(1 << 24, comm_r_new, 14), (V{15212432, 15665918, 15015423, 15012912, 15495223}));
  EXPECT_EQ(First5(1 << 24, comm_r_new, 15), (V{16388544, 15794686, 16637142, 16319148, 16328348}));
  EXPECT_EQ(First5(uint64_t(1) << 30, comm_r_new, 0), (V{1019125, 27985696, 15282860, 11586600, 44651330}));
  EXPECT_EQ(First5(uint64_t(1) << 30, comm_r_new, 1), (V{109168525, 127316247, 80331041, 97065716, 72310052}));
  EXPECT_EQ(First5(uint64_t(1) << 30, comm_r_new, 14), (V{990420169, 955146989, 968005601, 976863263, 944650706}));
  EXPECT_EQ(First5(uint64_t(1) << 30, comm_r_new, 15), (V{1038629497, 1053983614, 1030421316, 1027373887, 1068685433}));
  EXPECT_EQ(First5(uint64_t(1) << 31, comm_r_new, 0), (V{1019125, 13992848, 3820715, 18225541, 57316660}));
  EXPECT_EQ(First5(uint64_t(1) << 31, comm_r_new, 1), (V{243386253, 197875851, 204632136, 171516766, 247789010}));
  EXPECT_EQ(First5(uint64_t(1) << 31, comm_r_new, 14), (V{1997053129, 1920414070, 2003609080, 1900492803, 1963254685}));
  EXPECT_EQ(First5(uint64_t(1) << 31, comm_r_new, 15), (V{2045262457, 2036941247, 2136653521, 2091356007, 2147167623}));
}

TEST(SnapChallenges, SpecCheckValuesAndBucketing) {
  const auto g32 = SnapConfigForNodes(uint64_t(1) << 30).Value();
  auto k0 = SnapChallenges(g32, Fr::One(), 0).Value();
  ASSERT_EQ(k0.size(), 86u);
  EXPECT_EQ(std::vector<uint64_t>(k0.begin(), k0.begin() + 5),
            (std::vector<uint64_t>{31713862, 13458775, 56430912, 50980828, 3899131}));
  auto k15 = SnapChallenges(g32, Fr::One(), 15).Value();
  EXPECT_EQ(std::vector<uint64_t>(k15.begin(), k15.begin() + 3),
            (std::vector<uint64_t>{1061751506, 1022848134, 1028168877}));
  // test_challenge_bucketing: partition k's challenges lie in [k·N/P, (k+1)·N/P)
  for (uint64_t nodes : {uint64_t(1) << 9, uint64_t(1) << 18, uint64_t(1) << 30}) {
    const auto c = SnapConfigForNodes(nodes).Value();
    const uint64_t per = nodes / c.partition_count;
    for (size_t k = 0; k < c.partition_count; k++) {
      const auto challenges = SnapChallenges(c, Fr::FromUint(77), k).Value();
      for (uint64_t x : challenges) {
        EXPECT_GE(x, k * per);
        EXPECT_LT(x, (k + 1) * per);
      }
    }
  }
  EXPECT_FALSE(SnapChallenges(g32, Fr::One(), 16).HasValue());
}
