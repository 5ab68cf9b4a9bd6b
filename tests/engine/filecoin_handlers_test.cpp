// tests/engine/filecoin_handlers_test.cpp — planning the four Filecoin kinds (no parameters needed):
// requests built from a really sealed 2KiB sector become partitions under the circuit ids whose
// official file names the test parameters carry, with the verifier-side public inputs the
// synthesised circuit also assigns; every malformed field is a Plan error that names it.
#include "engine/filecoin_handlers.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/testing/test_params.hpp"

#include "engine_e2e/filecoin_requests.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::engine;

namespace {

const test::FilecoinRequests &Requests() { return test::SharedFilecoinRequests<21>(); }

std::vector<PartitionWork> PlanOk(const ProofKindHandler &handler, const ProofRequest &request) {
  auto plan = handler.Plan(request);
  EXPECT_TRUE(plan.HasValue()) << plan.ErrorMessage();
  return plan ? std::move(plan).Value() : std::vector<PartitionWork>{};
}

void ExpectPlanError(const ProofKindHandler &handler, const ProofRequest &request, const std::string &needle) {
  auto plan = handler.Plan(request);
  ASSERT_FALSE(plan.HasValue()) << "expected an error naming \"" << needle << "\"";
  EXPECT_NE(plan.ErrorMessage().find(needle), std::string::npos) << plan.ErrorMessage();
}

// Synthesises a partition and checks that its public inputs are the ones the plan claims.
void ExpectSynthesisedInputs(const PartitionWork &work) {
  r1cs::ProvingAssignment pa;
  work.synthesize(pa);
  ASSERT_EQ(pa.input_assignment.size(), work.public_inputs.size() + 1);
  for (size_t i = 0; i < work.public_inputs.size(); i++)
    EXPECT_EQ(pa.input_assignment[i + 1], work.public_inputs[i]) << "input " << i;
}

} // namespace

TEST(FilecoinHandlers, SectorSizeSuffixes) {
  EXPECT_EQ(SectorSizeSuffix(2048), "2k");
  EXPECT_EQ(SectorSizeSuffix(uint64_t{8} << 20), "8m");
  EXPECT_EQ(SectorSizeSuffix(uint64_t{512} << 20), "512m");
  EXPECT_EQ(SectorSizeSuffix(uint64_t{32} << 30), "32g");
  EXPECT_EQ(SectorSizeSuffix(uint64_t{64} << 30), "64g");
  EXPECT_EQ(SectorSizeSuffix(4096), "");
  EXPECT_EQ(SectorSizeSuffix(0), "");
}

// The circuit ids the handlers name resolve to the files `cuzk-bench params` writes.
TEST(FilecoinHandlers, CircuitIdsNameTheTestParameterFiles) {
  using filecoin::CircuitKind;
  const uint64_t size = filecoin::SECTOR_SIZE_2KIB;
  EXPECT_EQ(SrsFileStem("porep-2k"), filecoin::ParameterCacheIdFor(CircuitKind::kPorep, size).Value());
  EXPECT_EQ(SrsFileStem("winning-2k"), filecoin::ParameterCacheIdFor(CircuitKind::kWinningPoSt, size).Value());
  EXPECT_EQ(SrsFileStem("wpost-2k"), filecoin::ParameterCacheIdFor(CircuitKind::kWindowPoSt, size).Value());
  EXPECT_EQ(SrsFileStem("snap-2k"), filecoin::ParameterCacheIdFor(CircuitKind::kSnap, size).Value());
}

TEST(FilecoinHandlers, PorepPlanHasTheVerifierInputs) {
  const auto &r = Requests();
  const auto parts = PlanOk(*MakePorepC2Handler(), r.porep);
  const auto config = filecoin::PorepConfigFor(r.seal_proof);
  ASSERT_EQ(parts.size(), config.partitions);
  const auto expected =
      filecoin::PorepVerifierInputs(r.seal_proof, r.sealed->comm_r, r.sealed->comm_d,
                                    filecoin::ProverIdFromActorId(r.MINER_ID), r.SECTOR_ID, r.ticket, r.seed)
          .Value();
  for (size_t k = 0; k < parts.size(); k++) {
    EXPECT_EQ(parts[k].circuit_id, "porep-2k");
    EXPECT_EQ(parts[k].public_inputs, expected[k]);
  }
}

TEST(FilecoinHandlers, PoStAndSnapPlansSynthesiseTheirInputs) {
  const auto &r = Requests();
  auto winning = PlanOk(*MakePoStHandler(false), r.winning);
  ASSERT_EQ(winning.size(), 1u);
  EXPECT_EQ(winning[0].circuit_id, "winning-2k");
  EXPECT_EQ(winning[0].public_inputs.size(), 132u); // 66 challenges: comm_r, leaf index
  ExpectSynthesisedInputs(winning[0]);

  auto window = PlanOk(*MakePoStHandler(true), r.window);
  ASSERT_EQ(window.size(), 1u);
  EXPECT_EQ(window[0].circuit_id, "wpost-2k");
  EXPECT_EQ(window[0].public_inputs.size(), 22u); // 2 sectors (one padded) × (comm_r + 10 challenges)
  ExpectSynthesisedInputs(window[0]);

  auto snap = PlanOk(*MakeSnapHandler(), r.snap);
  ASSERT_EQ(snap.size(), filecoin::SnapConfigFor(filecoin::RegisteredUpdateProof::k2KiBV1).partition_count);
  for (const auto &p : snap) EXPECT_EQ(p.circuit_id, "snap-2k");
  ExpectSynthesisedInputs(snap[0]);
}

TEST(FilecoinHandlers, MalformedPorepPayloadsNameTheField) {
  const auto &r = Requests();
  const auto handler = MakePorepC2Handler();
  ProofRequest bad = r.porep;
  bad.vanilla_proof.clear();
  ExpectPlanError(*handler, bad, "vanilla_proof: empty");
  bad.vanilla_proof = {'{', '"', 'x'};
  ExpectPlanError(*handler, bad, "vanilla_proof");
  bad = r.porep;
  bad.vanilla_proof.resize(bad.vanilla_proof.size() / 2); // truncated
  ExpectPlanError(*handler, bad, "vanilla_proof");
  bad = r.porep;
  bad.miner_id = r.MINER_ID + 1; // the C1's replica id belongs to another miner
  ExpectPlanError(*handler, bad, "vanilla_proof");
}

TEST(FilecoinHandlers, PorepSectorNumberMustAgreeWithTheEnvelopeSectorSizeIsAdvisory) {
  const auto &r = Requests();
  const auto handler = MakePorepC2Handler();
  ProofRequest bad = r.porep;
  bad.sector_number = r.SECTOR_ID + 1;
  ExpectPlanError(*handler, bad, "sector_number: the request says 8, the C1 envelope's SectorNum is 7");
  // the reference bench sends 32 GiB whatever the proof: the C1's registered proof decides the size
  ProofRequest reference_bench = r.porep;
  reference_bench.sector_size = uint64_t{32} << 30;
  EXPECT_EQ(PlanOk(*handler, reference_bench).size(), filecoin::PorepConfigFor(r.seal_proof).partitions);
  // 0 is proto3's "not set": the envelope alone decides
  ProofRequest unset = r.porep;
  unset.sector_number = 0;
  unset.sector_size = 0;
  EXPECT_EQ(PlanOk(*handler, unset).size(), filecoin::PorepConfigFor(r.seal_proof).partitions);
}

TEST(FilecoinHandlers, MalformedPoStPayloadsNameTheField) {
  const auto &r = Requests();
  const auto winning = MakePoStHandler(false), window = MakePoStHandler(true);
  ProofRequest bad = r.winning;
  bad.randomness.pop_back();
  ExpectPlanError(*winning, bad, "randomness");
  bad = r.winning;
  bad.registered_proof = 99;
  ExpectPlanError(*winning, bad, "registered_proof");
  bad = r.winning;
  bad.vanilla_proofs[0].resize(17);
  ExpectPlanError(*winning, bad, "vanilla_proofs[0]");
  bad = r.winning;
  bad.vanilla_proofs.clear();
  ExpectPlanError(*winning, bad, "vanilla_proofs");
  // a WindowPoSt request sent as WINNING_POST (and the other way round) is refused by kind
  ExpectPlanError(*winning, r.window, "WINNING_POST");
  ExpectPlanError(*window, r.winning, "WINDOW_POST_PARTITION");
}

TEST(FilecoinHandlers, MalformedSnapPayloadsNameTheField) {
  const auto &r = Requests();
  const auto handler = MakeSnapHandler();
  ProofRequest bad = r.snap;
  bad.comm_r_old.resize(31);
  ExpectPlanError(*handler, bad, "comm_r_old");
  bad = r.snap;
  bad.comm_r_new.assign(32, 0xff); // ≥ r
  ExpectPlanError(*handler, bad, "comm_r_new");
  bad = r.snap;
  bad.comm_r_new[0] ^= 1; // canonical, but not the new replica's
  ExpectPlanError(*handler, bad, "vanilla_proofs[0]");
  bad = r.snap;
  bad.comm_d_new.clear();
  ExpectPlanError(*handler, bad, "comm_d_new");
  bad = r.snap;
  bad.registered_proof = 7;
  ExpectPlanError(*handler, bad, "registered_proof");
  bad = r.snap;
  bad.vanilla_proofs[0] = {1, 2, 3};
  ExpectPlanError(*handler, bad, "vanilla_proofs[0]");
}
