// tests/filecoin_e2e/porep_c2_long_test.cpp — PoRep at 2KiB end to end with the test parameters that
// ctest's fixture wrote (`cuzk-bench params --type porep --sector-size 2KiB` into
// $CUZK_TEST_PARAM_DIR, under the official v28 name): seal seeded data → C1 → JSON and envelope
// round trip → C2 on the CPU backend (self-checked) → verify_seal passes; changing any part of the
// proof, comm_r, seed or ticket makes it fail; a backend whose result is corrupted makes C2 fail its
// self-check instead of returning a proof. One C2 proves (a minute or more on 2 cores); the second
// synthesises again and corrupts the first one's MSM sums.
#include "common/stopwatch.hpp"
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/porep/porep_c2.hpp"
#include "filecoin/porep_c2_sector.hpp"
#include "filecoin/testing/test_params.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::SecondsSince;

namespace {

struct Proved {
  test::SealedC1 sealed;
  groth16::VerifyingKey vk;
  std::vector<uint8_t> proof;
  std::string error;           //!< set when a step failed
  std::string faulty_c2_error; //!< what C2 said when the backend's result was corrupted
};

// The CPU backend, keeping a copy of the partial proofs it returns: the MSM sums depend on the
// assignments alone (the randomisers r and s enter in ProveFinish), so a second C2 of the same job
// would compute the same ones again.
class KeepingBackend final : public groth16::ProverBackend {
public:
  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *timings) override {
    auto partials = cpu_.ProveStart(params, assignments, timings);
    if (partials) kept = *partials;
    return partials;
  }
  std::vector<groth16::PartialProof> kept;

private:
  groth16::CpuBackend cpu_;
};

// A miscomputing device for the second C2 of the same job: the CPU backend's partial proofs with one
// MSM off by the generator. The self-check must catch it before a proof leaves C2. It answers from
// the first C2's sums instead of computing them again (a minute of CPU in CI): the same
// assignments, the same sums.
class FaultyBackend final : public groth16::ProverBackend {
public:
  explicit FaultyBackend(std::vector<groth16::PartialProof> correct) : correct_(std::move(correct)) {}
  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &,
                                                          std::span<const r1cs::ProvingAssignment> assignments,
                                                          groth16::ProverTimings *) override {
    if (assignments.size() != correct_.size())
      return InvalidArgument("FaultyBackend: " + std::to_string(assignments.size()) +
                             " assignments, the first C2 had " + std::to_string(correct_.size()));
    std::vector<groth16::PartialProof> partials = correct_;
    for (auto &p : partials) p.l = p.l + ec::G1::Generator();
    return partials;
  }

private:
  std::vector<groth16::PartialProof> correct_;
};

std::unique_ptr<Proved> ProveOnce() {
  auto out = std::make_unique<Proved>();
  const char *dir = std::getenv("CUZK_TEST_PARAM_DIR");
  if (!dir) {
    out->error = "CUZK_TEST_PARAM_DIR is not set (ctest's fixture sets it)";
    return out;
  }
  const std::string stem = std::string(dir) + "/" + ParameterCacheIdFor(CircuitKind::kPorep, SECTOR_SIZE_2KIB).Value();
  auto params = groth16::ReadParametersFile(stem + ".params", groth16::PointChecks::kUnchecked);
  auto vk = groth16::ReadVerifyingKeyFile(stem + ".vk");
  if (!params || !vk) {
    out->error = "cannot read " + stem + ".{params,vk}: " + params.ErrorMessage() + vk.ErrorMessage();
    return out;
  }
  out->vk = *vk;
  out->sealed = test::SealSeeded2KiB(33);

  // what a client sends: the C1 JSON, base64 in the Curio envelope
  const std::string json = WriteC1Json(out->sealed.c1).Value();
  auto reparsed = ParseC1Json(json);
  if (!reparsed || !(*reparsed == out->sealed.c1)) {
    out->error = "C1 JSON round trip changed the C1";
    return out;
  }
  C1Envelope envelope;
  envelope.sector_num = int64_t(out->sealed.sector_id);
  envelope.phase1_out.assign(json.begin(), json.end());
  envelope.sector_size = SECTOR_SIZE_2KIB;
  auto job = PreparePorepC2FromEnvelope(WriteC1Envelope(envelope), out->sealed.miner_id);
  if (!job) {
    out->error = job.ErrorMessage();
    return out;
  }
  KeepingBackend backend;
  std::mt19937_64 rng(8);
  PorepC2Timings timings;
  const auto start = std::chrono::steady_clock::now();
  auto proof = ProvePorepC2(*job, *params, backend, rng, {}, &timings);
  if (!proof) {
    out->error = proof.ErrorMessage();
    return out;
  }
  std::printf("C2 2KiB: %.1f s wall (synthesis %.1f s, prove_start %.1f s, finish %.3f s, self-check %.3f s)\n",
              SecondsSince(start), timings.synthesis_s, timings.prove_start_s, timings.prove_finish_s,
              timings.self_check_s);
  out->proof = std::move(proof).Value();

  FaultyBackend faulty(std::move(backend.kept));
  auto bad = ProvePorepC2(*job, *params, faulty, rng);
  out->faulty_c2_error = bad.HasValue() ? "(none: C2 returned a proof)" : bad.ErrorMessage();
  return out;
}

Expected<bool> Verify(const Proved &p, const Digest32 &comm_r, const Digest32 &seed, const Digest32 &ticket,
                      std::span<const uint8_t> proof) {
  const test::SealedC1 &s = p.sealed;
  return VerifySeal(s.proof, comm_r, s.c1.comm_d, s.prover_id, s.sector_id, ticket, seed, proof, p.vk);
}

// A verification that is not a pass: false, or an error (a changed byte may leave the field).
bool Fails(const Expected<bool> &r) { return !r.HasValue() || !*r; }

} // namespace

// One test: ctest runs each test in its own process, and the C2 is what takes minutes.
TEST(PorepC2EndToEnd, SealC1C2VerifySealAndEveryChangeFails) {
  const std::unique_ptr<Proved> proved = ProveOnce();
  const Proved &p = *proved;
  ASSERT_TRUE(p.error.empty()) << p.error;
  ASSERT_EQ(p.proof.size(), 192u);
  EXPECT_NE(p.faulty_c2_error.find("self-check failed"), std::string::npos) << p.faulty_c2_error;
  auto ok = Verify(p, p.sealed.c1.comm_r, p.sealed.seed, p.sealed.ticket, p.proof);
  ASSERT_TRUE(ok.HasValue()) << ok.ErrorMessage();
  EXPECT_TRUE(*ok);

  // the same proof under another registered variant of the size: another porep_id, so another
  // replica_id; another sector
  EXPECT_TRUE(Fails(VerifySeal(RegisteredSealProof::kStackedDrg2KiBV1, p.sealed.c1.comm_r, p.sealed.c1.comm_d,
                               p.sealed.prover_id, p.sealed.sector_id, p.sealed.ticket, p.sealed.seed, p.proof, p.vk)));
  EXPECT_TRUE(Fails(VerifySeal(p.sealed.proof, p.sealed.c1.comm_r, p.sealed.c1.comm_d, p.sealed.prover_id,
                               p.sealed.sector_id + 1, p.sealed.ticket, p.sealed.seed, p.proof, p.vk)));

  // every byte of A, B and C, one bit each
  for (size_t i = 0; i < p.proof.size(); i++) {
    std::vector<uint8_t> bad = p.proof;
    bad[i] ^= uint8_t(1u << (i % 8));
    EXPECT_TRUE(Fails(Verify(p, p.sealed.c1.comm_r, p.sealed.seed, p.sealed.ticket, bad))) << "proof byte " << i;
  }

  // every byte of comm_r, seed and ticket
  for (size_t i = 0; i < 32; i++) {
    const uint8_t bit = uint8_t(1u << (i % 8));
    Digest32 comm_r = p.sealed.c1.comm_r, seed = p.sealed.seed, ticket = p.sealed.ticket;
    comm_r[i] ^= bit;
    seed[i] ^= bit;
    ticket[i] ^= bit;
    EXPECT_TRUE(Fails(Verify(p, comm_r, p.sealed.seed, p.sealed.ticket, p.proof))) << "comm_r byte " << i;
    EXPECT_TRUE(Fails(Verify(p, p.sealed.c1.comm_r, seed, p.sealed.ticket, p.proof))) << "seed byte " << i;
    EXPECT_TRUE(Fails(Verify(p, p.sealed.c1.comm_r, p.sealed.seed, ticket, p.proof))) << "ticket byte " << i;
  }
}
