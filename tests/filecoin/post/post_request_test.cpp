// tests/filecoin/post/post_request_test.cpp — PoSt proving requests as the engine receives them
// (registered proof number, bincode vanilla proofs, randomness, partition index): a 2KiB WindowPoSt
// (full and short partition) and a WinningPoSt become a satisfied circuit with the verifier-side
// public inputs; every bad field is an error that names it.
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/post/post_request.hpp"

#include "common/bytes.hpp"
#include "common/expect_error.hpp"
#include "filecoin/post_test_sectors.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

struct Request {
  std::vector<std::vector<uint8_t>> vanilla;
  Digest32 randomness{};
  std::vector<test::TestSector> sectors;
};

Request MakeRequest(RegisteredPoStProof proof, size_t n) {
  const PoStConfig cfg = PoStConfigFor(proof);
  Request r;
  r.randomness = test::StepFr32(5, 1);
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < n; i++)
    r.sectors.push_back(test::MakeTestSector(60 + i, cfg.SectorNodes(), cfg.tree_shape, 9 + i));
  for (const auto &s : r.sectors) replicas.push_back(s.Replica());
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, r.randomness, replicas).Value();
  for (const auto &v : vanilla) r.vanilla.push_back(EncodeFallbackPoStSectorProof(v));
  return r;
}

using test::ExpectError;

} // namespace

TEST(PoStRequest, WindowAndWinningBecomeSatisfiedCircuits) {
  struct Case {
    RegisteredPoStProof proof;
    size_t sectors;
    size_t inputs;
  };
  for (const Case &c :
       {Case{RegisteredPoStProof::kWindow2KiBV1_2, 2, 22}, Case{RegisteredPoStProof::kWindow2KiBV1_2, 1, 22},
        Case{RegisteredPoStProof::kWinning2KiBV1, 1, 132}}) {
    const Request req = MakeRequest(c.proof, c.sectors);
    auto job = PreparePoStProof(uint64_t(c.proof), req.vanilla, req.randomness, 0);
    ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
    EXPECT_EQ(job->public_inputs.size(), c.inputs);
    EXPECT_EQ(job->parameter_id, FallbackParamsOf(PoStConfigFor(c.proof)).ParameterCacheId());
    r1cs::TestCS cs;
    SynthesizePoStCircuit(cs, job->circuit);
    ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
    ASSERT_EQ(cs.input_assignment.size(), c.inputs + 1);
    for (size_t i = 0; i < c.inputs; i++) EXPECT_EQ(cs.input_assignment[i + 1], job->public_inputs[i]);
  }
}

TEST(PoStRequest, BadFieldsAreNamed) {
  const auto id = uint64_t(RegisteredPoStProof::kWindow2KiBV1_2);
  const Request req = MakeRequest(RegisteredPoStProof::kWindow2KiBV1_2, 2);
  ExpectError(PreparePoStProof(15, req.vanilla, req.randomness, 0), "registered_proof");
  ExpectError(PreparePoStProof(id, req.vanilla, std::span(req.randomness).subspan(0, 31), 0), "randomness: 31 bytes");
  Digest32 bad = req.randomness;
  bad[31] = 0xff;
  ExpectError(PreparePoStProof(id, req.vanilla, bad, 0), "randomness");
  Digest32 other = req.randomness;
  other[0] ^= 1;
  ExpectError(PreparePoStProof(id, req.vanilla, other, 0), "challenged leaf");
  ExpectError(PreparePoStProof(id, {}, req.randomness, 0), "vanilla_proofs: empty");
  auto three = req.vanilla;
  three.push_back(req.vanilla[0]);
  ExpectError(PreparePoStProof(id, three, req.randomness, 0), "at most 2");
  auto garbage = req.vanilla;
  garbage[1].resize(100);
  ExpectError(PreparePoStProof(id, garbage, req.randomness, 0), "vanilla_proofs[1]");
  // a 2KiB proof is not an 8MiB one
  ExpectError(PreparePoStProof(uint64_t(RegisteredPoStProof::kWindow8MiBV1_2), req.vanilla, req.randomness, 0),
              "vanilla_proofs[0]");
  // winning takes exactly one sector's proof
  const Request win = MakeRequest(RegisteredPoStProof::kWinning2KiBV1, 1);
  auto two = win.vanilla;
  two.push_back(win.vanilla[0]);
  ExpectError(PreparePoStProof(uint64_t(RegisteredPoStProof::kWinning2KiBV1), two, win.randomness, 0), "at most 1");
  // window proofs are not winning proofs (10 vs 66 inclusion proofs)
  const std::vector<std::vector<uint8_t>> window_one{req.vanilla[0]};
  ExpectError(PreparePoStProof(uint64_t(RegisteredPoStProof::kWinning2KiBV1), window_one, req.randomness, 0),
              "vanilla_proofs[0]");
}
