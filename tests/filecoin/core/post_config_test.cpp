// tests/filecoin/core/post_config_test.cpp — registered PoSt proofs (spec/cuzk-api.md §2.3, including
// the FFI V1_1 → proofs-api V1_2 names), per-size parameters (spec/post-snap-poseidon.md §3.1)
// and the Groth16 parameter file names (spec/vectors.md §9).
#include "filecoin/core/post_config.hpp"
#include "filecoin/core/registered_post_proof.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;

namespace {
constexpr uint64_t GIB = uint64_t(1) << 30;
}

TEST(RegisteredPoStProof, NumberingAndNames) {
  EXPECT_EQ(RegisteredPoStProofFromId(3).Value(), RegisteredPoStProof::kWinning32GiBV1);
  EXPECT_EQ(RegisteredPoStProofFromId(8).Value(), RegisteredPoStProof::kWindow32GiBV1);
  EXPECT_EQ(RegisteredPoStProofFromId(13).Value(), RegisteredPoStProof::kWindow32GiBV1_2);
  auto bad = RegisteredPoStProofFromId(15);
  ASSERT_FALSE(bad.HasValue());
  EXPECT_NE(bad.ErrorMessage().find("0-14"), std::string::npos);
  EXPECT_EQ(ProofsApiName(RegisteredPoStProof::kWindow32GiBV1_2), "StackedDrgWindow32GiBV1_2");
  EXPECT_EQ(FfiName(RegisteredPoStProof::kWindow32GiBV1_2), "StackedDrgWindow32GiBV1_1");
  EXPECT_EQ(FfiName(RegisteredPoStProof::kWinning2KiBV1), "StackedDrgWinning2KiBV1");
  // both spellings name proof 13
  EXPECT_EQ(RegisteredPoStProofFromName("StackedDrgWindow32GiBV1_1").Value(), RegisteredPoStProof::kWindow32GiBV1_2);
  EXPECT_EQ(RegisteredPoStProofFromName("StackedDrgWindow32GiBV1_2").Value(), RegisteredPoStProof::kWindow32GiBV1_2);
  EXPECT_FALSE(RegisteredPoStProofFromName("StackedDrgWindow32GiBV2").HasValue());
  for (uint64_t id = 0; id < REGISTERED_POST_PROOF_COUNT; id++) {
    const auto p = RegisteredPoStProofFromId(id).Value();
    EXPECT_EQ(RegisteredPoStProofFromName(ProofsApiName(p)).Value(), p);
    EXPECT_EQ(RegisteredPoStProofFromName(FfiName(p)).Value(), p);
    EXPECT_EQ(PoStTypeOf(p), id < 5 ? PoStType::kWinning : PoStType::kWindow);
    EXPECT_EQ(ApiVersionOf(p), id >= 10 ? ApiVersion::kV1_2_0 : ApiVersion::kV1_0_0);
  }
  EXPECT_EQ(SectorSizeOf(RegisteredPoStProof::kWindow2KiBV1_2), 2048u);
  EXPECT_EQ(SectorSizeOf(RegisteredPoStProof::kWinning64GiBV1), 64 * GIB);
}

TEST(PoStConfig, SectorAndChallengeCounts) {
  const auto w32 = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  EXPECT_EQ(w32.sector_count, 2349u);
  EXPECT_EQ(w32.challenge_count, 10u);
  EXPECT_EQ(w32.SectorNodes(), uint64_t(1) << 30);
  EXPECT_EQ(w32.tree_shape.sub, 8u);
  EXPECT_EQ(PoStConfigFor(RegisteredPoStProof::kWindow64GiBV1).sector_count, 2300u);
  EXPECT_EQ(PoStConfigFor(RegisteredPoStProof::kWindow64GiBV1).tree_shape.top, 2u);
  for (auto p : {RegisteredPoStProof::kWindow2KiBV1_2, RegisteredPoStProof::kWindow8MiBV1,
                 RegisteredPoStProof::kWindow512MiBV1_2})
    EXPECT_EQ(PoStConfigFor(p).sector_count, 2u);
  const auto win = PoStConfigFor(RegisteredPoStProof::kWinning32GiBV1);
  EXPECT_EQ(win.challenge_count, 66u);
  EXPECT_EQ(win.sector_count, 1u);
  const auto wp = FallbackParamsOf(win); // 66 pseudo-sectors × 1 challenge
  EXPECT_EQ(wp.sector_count, 66u);
  EXPECT_EQ(wp.challenge_count, 1u);
  const auto ww = FallbackParamsOf(w32);
  EXPECT_EQ(ww.sector_count, 2349u);
  EXPECT_EQ(ww.challenge_count, 10u);
  EXPECT_EQ(PoStPartitionCount(w32, 1), 1u);
  EXPECT_EQ(PoStPartitionCount(w32, 2349), 1u);
  EXPECT_EQ(PoStPartitionCount(w32, 2350), 2u);
  EXPECT_EQ(PoStPartitionCount(win, 5), 1u);
}

TEST(PoStConfig, ParameterFileNames) {
  struct Case {
    RegisteredPoStProof proof;
    const char *shape;
    const char *hash_prefix;
  };
  const Case cases[] = {
      {RegisteredPoStProof::kWinning2KiBV1, "8-0-0", "3ea05428"},
      {RegisteredPoStProof::kWinning8MiBV1, "8-0-0", "50c7368d"},
      {RegisteredPoStProof::kWinning512MiBV1, "8-0-0", "7d739b8c"},
      {RegisteredPoStProof::kWinning32GiBV1, "8-8-0", "559e581f"},
      {RegisteredPoStProof::kWinning64GiBV1, "8-8-2", "b6209862"},
      {RegisteredPoStProof::kWindow2KiBV1_2, "8-0-0", "0170db1f"},
      {RegisteredPoStProof::kWindow8MiBV1_2, "8-0-0", "5294475d"},
      {RegisteredPoStProof::kWindow512MiBV1_2, "8-0-0", "0cfb4f17"},
      {RegisteredPoStProof::kWindow32GiBV1_2, "8-8-0", "0377ded6"},
      {RegisteredPoStProof::kWindow64GiBV1, "8-8-2", "2627e400"},
  };
  for (const Case &c : cases) {
    const std::string id = FallbackParamsOf(PoStConfigFor(c.proof)).ParameterCacheId();
    const std::string prefix =
        std::string("v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-") + c.shape + "-" + c.hash_prefix;
    EXPECT_EQ(id.substr(0, prefix.size()), prefix) << ProofsApiName(c.proof);
    EXPECT_EQ(id.size(), prefix.size() - 8 + 64);
  }
  // V1 and V1_2 share their parameters: the identifier carries no version
  EXPECT_EQ(FallbackParamsOf(PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1)).ParameterCacheId(),
            FallbackParamsOf(PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2)).ParameterCacheId());
  EXPECT_EQ(FallbackParamsOf(PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2)).Identifier(),
            "FallbackPoSt::PublicParams{sector_size: 34359738368, challenge_count: 10, sector_count: 2349}");
}
