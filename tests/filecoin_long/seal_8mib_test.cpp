// tests/filecoin_long/seal_8mib_test.cpp — an 8MiB sector (2^18 nodes) sealed from a seeded
// payload: comm_d is the payload's commP, the C1 of its partition passes vanilla verification
// (also after a JSON round trip), and the pipelined and single-threaded labellings agree at this
// size. ~10 s of CPU (65 s wall on the loaded 2-core VM), so it lives in the long suite.
#include "filecoin/core/comm_d.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/testing/porep_prove.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace cuzk::filecoin;

TEST(Seal8MiB, SealC1AndVerify) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg8MiBV1_1);
  const std::vector<uint8_t> payload =
      cuzk::test::SeededBytes<std::mt19937_64>(Fr32UnpaddedCapacity(c.sector_size), 21);
  SealInputs in;
  in.prover_id = ProverIdFromActorId(1000);
  in.sector_id = 99;
  in.ticket.fill(0x2a);
  auto sealed = SealUnpadded(c, payload, in);
  ASSERT_TRUE(sealed.HasValue()) << sealed.ErrorMessage();
  EXPECT_EQ(sealed->comm_d, CommP(payload).root);

  // the two-thread labelling gives the seal's (single-thread) labels at this size too
  const SdrGraph g = SdrGraph::Create(c.nodes, c.porep_id, c.api_version).Value();
  const Labels piped =
      GenerateLabels(ParentsCache::Build(g), sealed->replica_id, c.layers, LabelThreading::kPipelined).Value();
  for (size_t l = 1; l <= c.layers; l++)
    EXPECT_TRUE(std::equal(piped.Layer(l).begin(), piped.Layer(l).end(), sealed->labels.Layer(l).begin()));

  Digest32 seed;
  seed.fill(0x17);
  auto c1 = SealCommitPhase1(*sealed, seed);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  const cuzk::Status v = VerifyC1(*c1);
  EXPECT_TRUE(v.IsOk()) << v.ErrorMessage();
  EXPECT_TRUE(CheckC1ReplicaId(*c1, c, in.prover_id, in.sector_id).IsOk());
  auto back = ParseC1Json(WriteC1Json(*c1).Value());
  ASSERT_TRUE(back.HasValue()) << back.ErrorMessage();
  EXPECT_TRUE(VerifyC1(*back).IsOk());
}
