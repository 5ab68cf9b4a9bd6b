// tests/filecoin/snap/snap_encoding_test.cpp — phi and rho against the independent model's values
// (spec/post-snap-poseidon.md §2.8), the encoding relation per node, and decode(encode) = data for
// the small h = 1 sizes and the production h = 10 at 8MiB.
#include "filecoin/snap/snap_encoding.hpp"
#include "hash/poseidon.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace cuzk::filecoin;
using cuzk::ff::Fr;

namespace {

std::vector<Fr> RandomNodes(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (Fr &x : v) x = Fr::Random(rng);
  return v;
}

} // namespace

TEST(SnapEncoding, PhiAndRhoCheckValues) {
  cuzk::hash::Digest32 zero{};
  const Fr phi = SnapPhi(zero, Fr::One()).Value();
  EXPECT_EQ(phi, Fr::FromHex("314a35c4e7f0924ead1fc58134a0fe25e3580bea397367c7e5a74ec4bc077758"));
  EXPECT_EQ(SnapRho(phi, 5), Fr::FromHex("0074280afaaa5f4d68d60a5931b88450f7ccbf596d3688dcb9cdbc77bc8698cb"));
  cuzk::hash::Digest32 bad{};
  bad.fill(0xff);
  auto e = SnapPhi(bad, Fr::One());
  ASSERT_FALSE(e.HasValue());
  EXPECT_EQ(e.Code(), cuzk::ErrorCode::kNonCanonical);
}

TEST(SnapEncoding, EncodeDecodeRoundTrip) {
  for (uint64_t nodes : {uint64_t(64), uint64_t(512), uint64_t(1) << 18}) {
    const SnapConfig c = SnapConfigForNodes(nodes).Value();
    const auto key = RandomNodes(nodes, 1), data = RandomNodes(nodes, 2);
    const Fr phi = SnapGenRandomness(Fr::FromUint(3), Fr::FromUint(4));
    const auto replica = SnapEncode(c, key, data, phi).Value();
    for (uint64_t i : {uint64_t(0), nodes / 3, nodes - 1})
      EXPECT_EQ(replica[i], key[i] + data[i] * SnapRhoOfNode(c, phi, i)) << nodes << " node " << i;
    // high = the top h bits of the index
    EXPECT_EQ(SnapRhoOfNode(c, phi, nodes - 1), SnapRho(phi, (uint64_t(1) << c.h) - 1));
    EXPECT_EQ(SnapDecode(c, replica, key, phi).Value(), data) << nodes;
  }
  const SnapConfig c = SnapConfigForNodes(64).Value();
  EXPECT_FALSE(SnapEncode(c, RandomNodes(63, 1), RandomNodes(64, 2), Fr::One()).HasValue());
  EXPECT_FALSE(SnapDecode(c, RandomNodes(64, 1), RandomNodes(32, 2), Fr::One()).HasValue());
}

TEST(SnapEncoding, NodeBytes) {
  const auto nodes = RandomNodes(5, 9);
  const auto bytes = NodesToBytes(nodes);
  ASSERT_EQ(bytes.size(), 160u);
  EXPECT_EQ(NodesFromBytes(bytes).Value(), nodes);
  EXPECT_FALSE(NodesFromBytes(std::span(bytes).subspan(0, 33)).HasValue());
  auto bad = bytes;
  std::fill(bad.begin() + 32, bad.begin() + 64, 0xff);
  auto e = NodesFromBytes(bad);
  ASSERT_FALSE(e.HasValue());
  EXPECT_NE(e.ErrorMessage().find("data node 1"), std::string::npos);
}
