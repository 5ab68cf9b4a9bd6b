// tests/engine_e2e/filecoin_handlers_long_test.cpp — the four Filecoin kinds proved through the
// engine (RegisterFilecoinHandlers, CPU backend, self-check on) at 2KiB over the test parameters in
// $CUZK_TEST_PARAM_DIR (ctest's fixtures write them with `cuzk-bench params`; missing ones are made
// here), from one really sealed sector. Every proof is then checked outside the engine: PoRep with
// verify_seal, PoSt and SnapDeals against the .vk with the inputs src/filecoin derives from the
// request. Garbage payloads submitted alongside fail with a message naming the field, and fail
// only themselves. A WinningPoSt submitted behind queued PoRep jobs is proved at the next partition
// slot. Minutes on 2 cores (the PoRep partition is 2.7 M constraints): labelled long.
#include "engine/engine.hpp"
#include "engine/filecoin_handlers.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/post/post_request.hpp"
#include "filecoin/snap/snap_request.hpp"
#include "filecoin/testing/test_params.hpp"
#include "groth16/groth16.hpp"

#include "engine_e2e/filecoin_requests.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

using namespace cuzk;
using namespace cuzk::engine;
using filecoin::CircuitKind;

namespace {

std::string ParamDir() {
  const char *dir = std::getenv("CUZK_TEST_PARAM_DIR");
  return dir && *dir ? dir : "/tmp/cuzk-test-params";
}

groth16::VerifyingKey ReadVk(CircuitKind kind) {
  const std::string path =
      ParamDir() + "/" + filecoin::ParameterCacheIdFor(kind, filecoin::SECTOR_SIZE_2KIB).Value() + ".vk";
  auto vk = groth16::ReadVerifyingKeyFile(path);
  if (!vk) throw std::runtime_error(path + ": " + vk.ErrorMessage());
  return *vk;
}

// Each 192-byte partition proof verifies against the vk with its partition's inputs.
void ExpectProofsVerify(const ProofResult &result, CircuitKind kind, const std::vector<std::vector<ff::Fr>> &inputs) {
  ASSERT_EQ(result.proof.size(), 192 * inputs.size());
  const auto pvk = groth16::PrepareVerifyingKey(ReadVk(kind));
  auto proofs = groth16::DecodeProofs(result.proof);
  ASSERT_TRUE(proofs.HasValue()) << proofs.ErrorMessage();
  for (size_t k = 0; k < inputs.size(); k++) {
    auto ok = groth16::VerifyProof(pvk, (*proofs)[k], inputs[k]);
    ASSERT_TRUE(ok.HasValue()) << ok.ErrorMessage();
    EXPECT_TRUE(*ok) << result.job_id << " partition " << k;
    auto wrong = inputs[k];
    wrong[0] += ff::Fr::One();
    EXPECT_FALSE(groth16::VerifyProof(pvk, (*proofs)[k], wrong).Value()) << "a changed input still verifies";
  }
}

void Print(const ProofResult &r) {
  std::printf("%-14s %-9s %u partition(s): queue %.0f ms, srs %.0f ms, synthesis %.0f ms, prove %.0f ms, "
              "self-check %.0f ms, total %.0f ms\n",
              r.job_id.c_str(), std::string(ProofStatusName(r.status)).c_str(), r.partitions, r.timings.queue_ms,
              r.timings.srs_load_ms, r.timings.synthesis_ms, r.timings.prove_ms, r.timings.self_check_ms,
              r.timings.total_ms);
}

} // namespace

TEST(FilecoinHandlersEngine, FourKindsProveAndVerifyGarbageFailsAlone) {
  for (CircuitKind kind :
       {CircuitKind::kPorep, CircuitKind::kWinningPoSt, CircuitKind::kWindowPoSt, CircuitKind::kSnap}) {
    auto files = filecoin::EnsureTestParameters({kind, filecoin::SECTOR_SIZE_2KIB, ParamDir(), 1});
    ASSERT_TRUE(files.HasValue()) << files.ErrorMessage();
  }
  const test::FilecoinRequests r = test::MakeFilecoinRequests(77);

  EngineConfig config;
  config.param_dir = ParamDir();
  config.synthesis_workers = 2;
  Engine engine(config);
  RegisterFilecoinHandlers(engine);

  // garbage first, so it is planned while the good jobs are queued behind it
  std::vector<std::pair<ProofRequest, std::string>> garbage;
  {
    ProofRequest g = r.porep;
    g.request_id = "garbage-porep";
    g.vanilla_proof.assign(100, 'x');
    garbage.emplace_back(g, "vanilla_proof");
    g = r.snap;
    g.request_id = "garbage-snap";
    g.vanilla_proofs[0].resize(g.vanilla_proofs[0].size() - 1); // truncated
    garbage.emplace_back(g, "vanilla_proofs[0]");
    g = r.window;
    g.request_id = "window-as-winning";
    g.proof_kind = ProofKind::WINNING_POST;
    garbage.emplace_back(g, "WINNING_POST");
    g = r.winning;
    g.request_id = "short-randomness";
    g.randomness.resize(16);
    garbage.emplace_back(g, "randomness");
  }
  for (const auto &[g, _] : garbage) ASSERT_TRUE(engine.Submit(g).HasValue());
  for (const ProofRequest *good : {&r.porep, &r.winning, &r.window, &r.snap})
    ASSERT_TRUE(engine.Submit(*good).HasValue());

  for (const auto &[g, needle] : garbage) {
    auto res = engine.Await(g.request_id, std::chrono::milliseconds(0));
    ASSERT_TRUE(res.HasValue()) << res.ErrorMessage();
    Print(res.Value());
    EXPECT_EQ(res->status, ProofStatus::FAILED);
    EXPECT_NE(res->error_message.find(needle), std::string::npos) << res->error_message;
  }

  auto await_completed = [&](const ProofRequest &req) {
    auto res = engine.Await(req.request_id, std::chrono::milliseconds(0));
    EXPECT_TRUE(res.HasValue()) << res.ErrorMessage();
    Print(res.Value());
    EXPECT_EQ(res->status, ProofStatus::COMPLETED) << res->error_message;
    return res.Value();
  };

  // PoRep: what the chain checks (verify_seal from commitments, ids and randomness)
  const ProofResult porep = await_completed(r.porep);
  auto sealed =
      filecoin::VerifySeal(r.seal_proof, r.sealed->comm_r, r.sealed->comm_d, filecoin::ProverIdFromActorId(r.MINER_ID),
                           r.SECTOR_ID, r.ticket, r.seed, porep.proof, ReadVk(CircuitKind::kPorep));
  ASSERT_TRUE(sealed.HasValue()) << sealed.ErrorMessage();
  EXPECT_TRUE(*sealed);
  EXPECT_EQ(porep.partitions, filecoin::PorepConfigFor(r.seal_proof).partitions);

  for (const auto &[req, kind] :
       {std::pair{&r.winning, CircuitKind::kWinningPoSt}, std::pair{&r.window, CircuitKind::kWindowPoSt}}) {
    const ProofResult post = await_completed(*req);
    auto job = filecoin::PreparePoStProof(req->registered_proof, req->vanilla_proofs, req->randomness, 0).Value();
    ExpectProofsVerify(post, kind, {job.public_inputs});
  }

  const ProofResult snap = await_completed(r.snap);
  auto snap_job = filecoin::PrepareSnapProof(r.snap.registered_proof, r.snap.vanilla_proofs, r.snap.comm_r_old,
                                             r.snap.comm_r_new, r.snap.comm_d_new)
                      .Value();
  ExpectProofsVerify(snap, CircuitKind::kSnap, snap_job.public_inputs);

  const EngineStatus status = engine.Status();
  EXPECT_EQ(status.proofs_completed, 4u);
  EXPECT_EQ(status.proofs_failed, garbage.size());
  EXPECT_EQ(status.self_check_failures, 0u);
  engine.Shutdown(std::chrono::milliseconds(0));
}

// Issue 7: "a WinningPoSt arriving behind queued PoRep work starts at the next free partition slot,
// not after the PoRep jobs". Three 2KiB PoRep jobs, one synthesis worker (plus the CRITICAL lane),
// one prover; the WinningPoSt comes once the first PoRep partition is being proved. The prover's
// next partition must be the WinningPoSt's, although later PoRep partitions were ready before it:
// when it starts, only the first PoRep job has completed. The later ones are then cancelled (they
// would cost minutes of CPU proving each) and the WinningPoSt proof is checked outside the engine.
TEST(FilecoinHandlersEngine, WinningPoStBehindQueuedPorepJobsIsProvedAtTheNextPartitionSlot) {
  for (CircuitKind kind : {CircuitKind::kPorep, CircuitKind::kWinningPoSt}) {
    auto files = filecoin::EnsureTestParameters({kind, filecoin::SECTOR_SIZE_2KIB, ParamDir(), 1});
    ASSERT_TRUE(files.HasValue()) << files.ErrorMessage();
  }
  const test::FilecoinRequests r = test::MakeFilecoinRequests(31);
  EngineConfig config;
  config.param_dir = ParamDir();
  config.synthesis_workers = 1;
  Engine engine(config);
  RegisterFilecoinHandlers(engine);
  std::vector<std::string> poreps;
  for (int i = 0; i < 3; i++) {
    ProofRequest p = r.porep;
    p.request_id = "porep-1000-7-" + std::to_string(i);
    p.priority = Priority::NORMAL;
    ASSERT_TRUE(engine.Submit(p).HasValue());
    poreps.push_back(p.request_id);
  }
  // the job the prover is on, "" when idle
  const auto proving = [&] {
    const auto ids = engine.Status().devices[0].current_job_ids;
    return ids.empty() ? std::string() : ids[0];
  };
  const auto wait_until_proving = [&](const std::string &id) {
    for (int i = 0; i < 120000 && proving() != id; i++) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return proving() == id;
  };
  ASSERT_TRUE(wait_until_proving(poreps[0])) << "the first PoRep partition did not reach the prover in 20 minutes";

  ProofRequest winning = r.winning;
  winning.priority = Priority::UNSPECIFIED; // CRITICAL for WinningPoSt, as Curio's explicit CRITICAL
  ASSERT_TRUE(engine.Submit(winning).HasValue());
  ASSERT_TRUE(wait_until_proving(winning.request_id)) << "the prover moved on to " << proving();
  const EngineStatus at_start = engine.Status();
  EXPECT_EQ(at_start.devices[0].partitions_proved, 1u); // the PoRep partition that was in flight
  EXPECT_EQ(engine.Await(poreps[0], std::chrono::milliseconds(1))->status, ProofStatus::COMPLETED);
  for (size_t i = 1; i < poreps.size(); i++) {
    EXPECT_EQ(engine.Await(poreps[i], std::chrono::milliseconds(1))->status, ProofStatus::TIMEOUT) << poreps[i];
    ASSERT_TRUE(engine.Cancel(poreps[i]).HasValue());
  }
  auto w = engine.Await(winning.request_id, std::chrono::milliseconds(0));
  ASSERT_TRUE(w.HasValue()) << w.ErrorMessage();
  Print(w.Value());
  ASSERT_EQ(w->status, ProofStatus::COMPLETED) << w->error_message;
  auto job =
      filecoin::PreparePoStProof(winning.registered_proof, winning.vanilla_proofs, winning.randomness, 0).Value();
  ExpectProofsVerify(w.Value(), CircuitKind::kWinningPoSt, {job.public_inputs});
  EXPECT_EQ(engine.Status().devices[0].partitions_proved, 2u); // nothing else was proved
  engine.Shutdown(std::chrono::milliseconds(0));
}
