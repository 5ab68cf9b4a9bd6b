// tests/filecoin/porep/porep_challenges_test.cpp — challenge derivation (spec/porep.md §2.2) against
// spec/vectors.md §5.1 (upstream test_synth_challenges_against_hardcoded: synthetic list, selection,
// derived keys) and §6.1 (the interactive challenges of the 2KiB and 32GiB seal regression records,
// from replica_ids derived from their inputs); partition splitting equivalence; NI properties.
#include "filecoin/core/replica_id.hpp"
#include "filecoin/porep/porep_challenges.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <cstring>

using namespace cuzk::filecoin;
using cuzk::test::FromHex;
using cuzk::test::Hex;

namespace {

Digest32 D(const std::string &hex) {
  Digest32 d;
  const auto v = FromHex(hex);
  std::memcpy(d.data(), v.data(), 32);
  return d;
}

Digest32 Small(uint8_t v) {
  Digest32 d{};
  d[0] = v;
  return d;
}

// spec/vectors.md §6.1: the inputs every seal regression record shares
const Digest32 PROVER_ID = D("101cbe4b9c42604f04c703c396f788c6cb2d6d7d58f45430b12eb2edd640076c");
const Digest32 TICKET = D("e8867f2000d5597a0a5f4382c52b8b89890019df5320d486a067f38e6c68624b");
const Digest32 SEED = D("56964257e0d6c11e074117b36172fff3ebd1a6ec18fa79555e58df5a9d889dcb");
constexpr uint64_t SECTOR_ID = 9259733836259213201u;

} // namespace

TEST(PorepChallenges, SyntheticAgainstUpstreamHardcoded) {
  const Digest32 replica_id = Small(55), comm_r = Small(101);
  Digest32 rand;
  rand.fill(1);
  const uint64_t nodes = 1 << 10;
  const std::vector<uint64_t> synth = {178, 297, 869, 211, 875, 477, 94,  781, 124, 332, 856,
                                       801, 176, 692, 429, 691, 290, 204, 986, 210, 973};
  EXPECT_EQ(SyntheticChallenges(replica_id, comm_r, nodes, 21), synth);
  for (uint64_t i = 0; i < synth.size(); i++) EXPECT_EQ(SyntheticChallenge(replica_id, comm_r, nodes, i), synth[i]);
  EXPECT_EQ(SyntheticSelection(replica_id, rand, 21, 0, 10),
            (std::vector<uint64_t>{12, 7, 11, 18, 16, 3, 13, 10, 18, 9}));
  EXPECT_EQ(SyntheticPorepChallenges(replica_id, comm_r, rand, nodes, 0, 10, 21),
            (std::vector<uint64_t>{176, 781, 801, 986, 290, 211, 692, 856, 986, 332}));
}

TEST(PorepChallenges, InteractiveOfThe2KiBRegressionRecord) {
  // v16 line 2: 2KiB, porep_id of id 5, comm_d below; replica_id and challenges 57, 58 derived
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const Digest32 comm_d = D("7e45f0925dc72593d6b296100e6ca63e3341c92a50c0e7a9461883a3c959ea28");
  const Digest32 replica_id = ReplicaId(PROVER_ID, SECTOR_ID, TICKET, comm_d, c.porep_id);
  EXPECT_EQ(Hex(replica_id), "da838d3efe2e28665cd17ebfa274f67af8c3b51dfb01e8c6bf8892e712d62006");
  EXPECT_EQ(InteractiveChallenges(replica_id, SEED, c.nodes, 0, c.challenges_per_partition),
            (std::vector<uint64_t>{57, 58}));
  const Digest32 comm_r = D("d67d57ea6808fd67bdedb331388b5005d3f837b6153c37ff90e720f10f34fc29");
  EXPECT_EQ(PorepChallenges(c, replica_id, SEED, comm_r, 0), (std::vector<uint64_t>{57, 58}));
}

TEST(PorepChallenges, InteractiveOfThe32GiBRegressionRecord) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg32GiBV1_1);
  const Digest32 comm_d = D("eb7a26a6d07062559b9e8ca31cf56d76eb9d6a5e861dd2956d17e09c73ad1936");
  const Digest32 replica_id = ReplicaId(PROVER_ID, SECTOR_ID, TICKET, comm_d, c.porep_id);
  EXPECT_EQ(Hex(replica_id), "3ca7c8110b2ccdcc89d8d7dabeed81b7a5b87a4f73ed43d0b2eb2220de963129");
  const auto p0 = InteractiveChallenges(replica_id, SEED, c.nodes, 0, 18);
  EXPECT_EQ(std::vector<uint64_t>(p0.begin(), p0.begin() + 4),
            (std::vector<uint64_t>{980979701, 721418575, 824730872, 1022388640}));
  const auto p9 = InteractiveChallenges(replica_id, SEED, c.nodes, 9, 18);
  EXPECT_EQ(std::vector<uint64_t>(p9.end() - 2, p9.end()), (std::vector<uint64_t>{622266108, 344547818}));
}

TEST(PorepChallenges, PartitionsSplitOneList) {
  // challenges.rs challenge_partition_equivalence
  const Digest32 replica_id = Small(7), seed = Small(9), comm_r = Small(11);
  const uint64_t nodes = 1 << 20;
  const auto all = InteractiveChallenges(replica_id, seed, nodes, 0, 20);
  const auto all_ni = NonInteractiveChallenges(replica_id, comm_r, nodes, 0, 20);
  const auto all_synth = SyntheticPorepChallenges(replica_id, comm_r, seed, nodes, 0, 20);
  for (size_t k = 0; k < 5; k++) {
    const auto part = InteractiveChallenges(replica_id, seed, nodes, k, 4);
    EXPECT_EQ(part, std::vector<uint64_t>(all.begin() + 4 * k, all.begin() + 4 * k + 4));
    const auto part_ni = NonInteractiveChallenges(replica_id, comm_r, nodes, k, 4);
    EXPECT_EQ(part_ni, std::vector<uint64_t>(all_ni.begin() + 4 * k, all_ni.begin() + 4 * k + 4));
    const auto part_synth = SyntheticPorepChallenges(replica_id, comm_r, seed, nodes, k, 4);
    EXPECT_EQ(part_synth, std::vector<uint64_t>(all_synth.begin() + 4 * k, all_synth.begin() + 4 * k + 4));
  }
}

TEST(PorepChallenges, RangeAndDependence) {
  const Digest32 replica_id = Small(3), seed = Small(4), comm_r = Small(5);
  for (uint64_t nodes : {2u, 64u, 1u << 18}) {
    for (uint64_t c : InteractiveChallenges(replica_id, seed, nodes, 0, 50)) {
      EXPECT_GE(c, 1u);
      EXPECT_LT(c, nodes);
    }
    for (uint64_t c : NonInteractiveChallenges(replica_id, comm_r, nodes, 3, 50)) {
      EXPECT_GE(c, 1u);
      EXPECT_LT(c, nodes);
    }
  }
  // NI depends on comm_r and not on the seed; interactive the other way round
  const PorepConfig ni = PorepConfigFor(RegisteredSealProof::kStackedDrg32GiBV1_2_Feat_NonInteractivePoRep);
  EXPECT_EQ(PorepChallenges(ni, replica_id, seed, comm_r, 1), PorepChallenges(ni, replica_id, Small(99), comm_r, 1));
  EXPECT_NE(PorepChallenges(ni, replica_id, seed, comm_r, 1), PorepChallenges(ni, replica_id, seed, Small(98), 1));
  const PorepConfig in = PorepConfigFor(RegisteredSealProof::kStackedDrg32GiBV1_1);
  EXPECT_EQ(PorepChallenges(in, replica_id, seed, comm_r, 1), PorepChallenges(in, replica_id, seed, Small(98), 1));
  EXPECT_EQ(PorepChallenges(ni, replica_id, seed, comm_r, 1).size(), 18u);
  // all ones is 2^256 − 1; modulo 63, 2^6 ≡ 1 so 2^256 = 2^(6·42 + 4) ≡ 16, giving 15 + 1
  Digest32 ones;
  ones.fill(0xff);
  EXPECT_EQ(DigestToChallenge(ones, 64), 16u);
}
