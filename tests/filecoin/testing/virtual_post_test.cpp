// tests/filecoin/testing/virtual_post_test.cpp — virtual PoSt sectors (filecoin/testing/virtual_post.hpp): a
// WinningPoSt 32GiB proof from one virtual sector (selected from a set as the chain does) passes
// vanilla verification and its whole circuit (370,590 constraints) is satisfied with the verifier's
// public inputs, checked by the streaming system (tests/common/counting_cs.hpp) the 32GiB
// WindowPoSt test uses; wrong randomness or a wrong leaf are caught; a window too small to see a
// constraint's variables is a failure. The 2349-sector WindowPoSt partition is
// tests/filecoin_long/virtual_post_test.cpp.
#include "filecoin/testing/virtual_post.hpp"

#include "filecoin/post/post_circuit.hpp"

#include "common/counting_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::StreamingCheckCS;

namespace {

Digest32 Randomness(uint8_t fill) {
  Digest32 r{};
  r.fill(fill);
  r[31] &= 0x3f; // a canonical Fr repr, as the chain's randomness is after as_safe_commitment
  return r;
}

struct Proved {
  PoStConfig cfg;
  Digest32 randomness;
  std::vector<VirtualPoStSector> sectors;
  PoStPartition partition;
};

Proved ProveVirtual(RegisteredPoStProof proof, std::vector<uint64_t> ids, const Digest32 &randomness) {
  Proved p{PoStConfigFor(proof), randomness, {}, {}};
  p.sectors = VirtualPoStSectors(p.cfg, randomness, ids, 7).Value();
  std::vector<PoStReplica> replicas;
  for (const auto &s : p.sectors) replicas.push_back(s.Replica());
  auto vanilla = GenerateFallbackVanillaProofs(p.cfg, randomness, replicas);
  EXPECT_TRUE(vanilla.HasValue()) << vanilla.ErrorMessage();
  p.partition = PoStPartitionFromVanilla(p.cfg, *vanilla).Value();
  return p;
}

} // namespace

TEST(VirtualPoSt, SectorsHoldTheirChallengedLeavesOnly) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  const Digest32 r = Randomness(0x5a);
  const std::vector<uint64_t> ids{11, 12, 99};
  auto sectors = VirtualPoStSectors(cfg, r, ids, 1).Value();
  auto challenges = FallbackSectorChallenges(cfg, r, ids).Value();
  ASSERT_EQ(sectors.size(), 3u);
  for (size_t i = 0; i < 3; i++) {
    EXPECT_EQ(sectors[i].sector_id, ids[i]);
    EXPECT_EQ(sectors[i].tree_r_last.LeafCount(), uint64_t(1) << 30);
    EXPECT_EQ(sectors[i].comm_r, PoStCommR(sectors[i].comm_c, sectors[i].tree_r_last.Root()));
    EXPECT_LE(sectors[i].real_leaves, 10u);
    // the challenged leaves differ from the default (a neighbour that is not challenged)
    for (uint64_t c : challenges[i]) {
      const uint64_t other = c ^ 1;
      if (std::find(challenges[i].begin(), challenges[i].end(), other) != challenges[i].end()) continue;
      EXPECT_NE(sectors[i].tree_r_last.Node(0, c), sectors[i].tree_r_last.Node(0, other));
    }
  }
  EXPECT_NE(sectors[0].comm_c, sectors[1].comm_c);
  EXPECT_NE(sectors[0].tree_r_last.Root(), sectors[1].tree_r_last.Root());
  // same seed, same sectors; another seed, other sectors
  EXPECT_EQ(VirtualPoStSectors(cfg, r, ids, 1).Value()[2].comm_r, sectors[2].comm_r);
  EXPECT_NE(VirtualPoStSectors(cfg, r, ids, 2).Value()[2].comm_r, sectors[2].comm_r);
  EXPECT_FALSE(VirtualPoStSectors(cfg, r, {}, 1).HasValue());
}

TEST(VirtualPoSt, Winning32GiBCircuitIsSatisfied) {
  // The sector is drawn from a set of 500 as the chain does (WinningPoSt sector selection).
  const Digest32 r = Randomness(0x21);
  Digest32 prover_id{};
  prover_id[0] = 0x2a;
  std::vector<uint64_t> set;
  for (uint64_t i = 0; i < 500; i++) set.push_back(100 + 3 * i);
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWinning32GiBV1);
  const auto chosen = WinningPoStSectorChallenges(cfg, r, prover_id, set.size()).Value();
  ASSERT_EQ(chosen.size(), 1u);
  Proved p = ProveVirtual(RegisteredPoStProof::kWinning32GiBV1, {set[chosen[0]]}, r);
  ASSERT_TRUE(VerifyPoStPartition(p.partition, p.randomness).IsOk());
  EXPECT_FALSE(VerifyPoStPartition(p.partition, Randomness(0x22)).IsOk());
  ASSERT_EQ(p.partition.sectors.size(), 66u); // one sector, unrolled into 66 pseudo-sectors of one challenge

  const auto input = PoStCircuitInputFromPartition(p.partition).Value();
  StreamingCheckCS cs;
  SynthesizePoStCircuit(cs, input);
  EXPECT_EQ(cs.NumConstraints(), 370590u);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  const auto publics = FallbackPoStPublicInputs(p.partition.params, p.randomness, p.partition.sectors, 0).Value();
  ASSERT_EQ(cs.inputs.size(), publics.size() + 1);
  for (size_t i = 0; i < publics.size(); i++) ASSERT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;

  // a wrong leaf: its PoR no longer reaches comm_r_last
  auto bad = input;
  bad.sectors[5].leafs[0] += ff::Fr::One();
  StreamingCheckCS bad_cs;
  SynthesizePoStCircuit(bad_cs, bad);
  EXPECT_FALSE(bad_cs.IsSatisfied());
  EXPECT_EQ(bad_cs.NumConstraints(), 370590u);

  // a window too small to see the sector's comm_r_last is reported, never passed
  StreamingCheckCS narrow(/*window=*/64, /*pinned=*/0);
  SynthesizePoStCircuit(narrow, input);
  ASSERT_FALSE(narrow.IsSatisfied());
  EXPECT_NE(narrow.FirstFailure()->find("outside the kept window"), std::string::npos) << *narrow.FirstFailure();
}

TEST(VirtualPoSt, Window32GiBShortPartitionIsSatisfied) {
  // Three sectors: the partition is padded with copies of the last up to 2349, so a full-size circuit
  // would be 125M constraints; proving the first three sectors' circuit alone checks them all.
  Proved p = ProveVirtual(RegisteredPoStProof::kWindow32GiBV1_2, {3, 1000, 77777}, Randomness(0x13));
  ASSERT_TRUE(VerifyPoStPartition(p.partition, p.randomness).IsOk());
  auto input = PoStCircuitInputFromPartition(p.partition).Value();
  input.params.sector_count = 3;
  input.sectors.resize(3);
  StreamingCheckCS cs;
  SynthesizePoStCircuit(cs, input);
  EXPECT_EQ(cs.NumConstraints(), 3u * 53333u);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  std::vector<PoStPublicSector> pubs(p.partition.sectors.begin(), p.partition.sectors.begin() + 3);
  const auto publics = FallbackPoStPublicInputs(input.params, p.randomness, pubs, 0).Value();
  ASSERT_EQ(cs.inputs.size(), publics.size() + 1);
  for (size_t i = 0; i < publics.size(); i++) ASSERT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;
}
