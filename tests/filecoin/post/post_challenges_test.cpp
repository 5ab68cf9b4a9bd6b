// tests/filecoin/post/post_challenges_test.cpp — leaf challenges and winning sector selection against
// the check values of spec/post-snap-poseidon.md §3.2, challenge indices per ApiVersion, and the
// public inputs of a partition with padding (§3.4).
#include "filecoin/post/post_challenges.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::ff::Fr;

namespace {

constexpr uint64_t NODES_32GIB = uint64_t(1) << 30;

Digest32 Seeded(uint8_t salt) { return cuzk::test::StepFr32(7, salt); }

} // namespace

TEST(PoStChallenges, LeafChallengeCheckValues) {
  const Digest32 zero{};
  EXPECT_EQ(PoStLeafChallenge(zero, 1, 0, NODES_32GIB), 707914199u);
  EXPECT_EQ(PoStLeafChallenge(zero, 1, 1, NODES_32GIB), 439148358u);
  EXPECT_EQ(PoStLeafChallenge(zero, 42, 9, NODES_32GIB), 120404914u);
  EXPECT_EQ(WinningSectorChallenge(zero, zero, 0, 1000).Value(), 955u);
  // one eligible sector is always sector 0 (filecoin-ffi workflows.go)
  EXPECT_EQ(WinningSectorChallenge(Seeded(3), Seeded(9), 0, 1).Value(), 0u);
  EXPECT_FALSE(WinningSectorChallenge(zero, zero, 0, 0).HasValue());
}

TEST(PoStChallenges, ChallengeIndexPerVersion) {
  EXPECT_EQ(PoStChallengeIndex(ApiVersion::kV1_0_0, 3, 10, 4), 34u);
  EXPECT_EQ(PoStChallengeIndex(ApiVersion::kV1_1_0, 3, 10, 4), 34u);
  EXPECT_EQ(PoStChallengeIndex(ApiVersion::kV1_2_0, 3, 10, 4), 4u);
  // V1_2_0: a sector's challenges do not depend on its position; V1: they do
  const auto v12 = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  const auto v1 = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1);
  const Digest32 r = Seeded(1);
  const uint64_t a[] = {7, 8}, b[] = {8};
  EXPECT_EQ(FallbackSectorChallenges(v12, r, a).Value()[1], FallbackSectorChallenges(v12, r, b).Value()[0]);
  EXPECT_NE(FallbackSectorChallenges(v1, r, a).Value()[1], FallbackSectorChallenges(v1, r, b).Value()[0]);
  EXPECT_EQ(FallbackSectorChallenges(v1, r, b).Value()[0].size(), 10u);
  const auto all = FallbackSectorChallenges(v12, r, a).Value();
  for (uint64_t leaf : all[0]) EXPECT_LT(leaf, NODES_32GIB);
}

TEST(PoStChallenges, WinningChallengesAreThePseudoSectorsOnes) {
  // Vanilla: one sector with challenge indices 0..65. Circuit/verifier: 66 pseudo-sectors with
  // one challenge each at position i, hence index i. Both must give the same leaves.
  const auto win = PoStConfigFor(RegisteredPoStProof::kWinning32GiBV1);
  const Digest32 r = Seeded(2);
  const uint64_t id[] = {1234};
  const auto vanilla = FallbackSectorChallenges(win, r, id).Value();
  ASSERT_EQ(vanilla.size(), 1u);
  ASSERT_EQ(vanilla[0].size(), 66u);
  const auto params = FallbackParamsOf(win);
  for (uint64_t i = 0; i < 66; i++)
    EXPECT_EQ(PoStSectorLeafChallenges(params, r, 1234, i), std::vector<uint64_t>{vanilla[0][i]});
  const uint64_t two[] = {1, 2};
  EXPECT_FALSE(FallbackSectorChallenges(win, r, two).HasValue());
  auto sel = WinningPoStSectorChallenges(win, r, Seeded(4), 10).Value();
  ASSERT_EQ(sel.size(), 1u);
  EXPECT_LT(sel[0], 10u);
}

TEST(PoStChallenges, NonCanonicalRandomnessIsAnError) {
  Digest32 bad{};
  bad.fill(0xff);
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const uint64_t ids[] = {1};
  auto r = FallbackSectorChallenges(cfg, bad, ids);
  ASSERT_FALSE(r.HasValue());
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kNonCanonical);
  EXPECT_NE(r.ErrorMessage().find("randomness"), std::string::npos);
  auto w = WinningPoStSectorChallenges(PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1), Seeded(1), bad, 3);
  ASSERT_FALSE(w.HasValue());
  EXPECT_NE(w.ErrorMessage().find("prover_id"), std::string::npos);
}

TEST(PoStChallenges, PublicInputsAndPadding) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const auto params = FallbackParamsOf(cfg);
  const Digest32 r = Seeded(5);
  const PoStPublicSector s1{11, Seeded(6)}, s2{12, Seeded(7)};
  const PoStPublicSector both[] = {s1, s2}, one[] = {s1};
  auto full = FallbackPoStPublicInputs(params, r, both, 0).Value();
  ASSERT_EQ(full.size(), 22u); // 2 sectors × (comm_r + 10 leaves): 23 inputs with ONE (spec §5)
  EXPECT_EQ(full[0], Fr::FromBytesLE(s1.comm_r.data()).value());
  EXPECT_EQ(full[11], Fr::FromBytesLE(s2.comm_r.data()).value());
  const auto leaves = PoStSectorLeafChallenges(params, r, 12, 1);
  for (size_t n = 0; n < 10; n++) EXPECT_EQ(full[12 + n], Fr::FromUint(leaves[n]));
  // a short partition repeats its last sector's inputs
  auto padded = FallbackPoStPublicInputs(params, r, one, 0).Value();
  ASSERT_EQ(padded.size(), 22u);
  for (size_t j = 0; j < 11; j++) EXPECT_EQ(padded[j], padded[11 + j]);
  // winning: 66 × [comm_r, leaf_i] = 132 inputs (133 with ONE)
  const auto win = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const auto pseudo = FallbackPublicSectors(win, one);
  ASSERT_EQ(pseudo.size(), 66u);
  auto wi = FallbackPoStPublicInputs(FallbackParamsOf(win), r, pseudo, 0).Value();
  EXPECT_EQ(wi.size(), 132u);
  // errors
  EXPECT_FALSE(FallbackPoStPublicInputs(params, r, {}, 0).HasValue());
  const PoStPublicSector three[] = {s1, s2, s1};
  EXPECT_FALSE(FallbackPoStPublicInputs(params, r, three, 0).HasValue());
  PoStPublicSector bad = s1;
  bad.comm_r.fill(0xff);
  const PoStPublicSector bads[] = {bad};
  auto e = FallbackPoStPublicInputs(params, r, bads, 0);
  ASSERT_FALSE(e.HasValue());
  EXPECT_EQ(e.Code(), cuzk::ErrorCode::kNonCanonical);
  EXPECT_EQ(FallbackPartitionCount(params, 5), 3u);
  EXPECT_EQ(FallbackPartitionCount(params, 0), 1u);
}
