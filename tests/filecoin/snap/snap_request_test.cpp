// tests/filecoin/snap/snap_request_test.cpp — SnapDeals proving requests as the engine receives them
// (update proof number, one bincode PartitionProof per partition, raw commitments): a 2KiB update
// and a 16KiB (two-partition) update become circuit inputs with the verifier-side public inputs,
// the 2KiB one is checked satisfied; bad fields are errors that name them.
#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_request.hpp"

#include "common/expect_error.hpp"
#include "filecoin/snap_test_update.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

struct Request {
  test::TestUpdate t;
  std::vector<std::vector<uint8_t>> vanilla;
  Digest32 comm_r_old, comm_r_new, comm_d_new;
};

Request MakeRequest(uint64_t nodes, uint64_t seed) {
  Request r{test::MakeTestUpdate(nodes, seed), {}, {}, {}, {}};
  for (size_t k = 0; k < r.t.config.partition_count; k++)
    r.vanilla.push_back(EncodeSnapPartitionProof(
        SnapProvePartition(r.t.config, k, r.t.sector.comm_c, *r.t.sector.tree, r.t.update).Value()));
  r.comm_r_old = hash::FrToBytesLE(r.t.update.comm_r_old);
  r.comm_r_new = hash::FrToBytesLE(r.t.update.comm_r_new);
  r.comm_d_new = r.t.update.comm_d_new;
  return r;
}

using test::ExpectError;

} // namespace

TEST(SnapRequest, TwoKiBBecomesASatisfiedCircuit) {
  const Request r = MakeRequest(64, 3);
  auto job = PrepareSnapProof(0, r.vanilla, r.comm_r_old, r.comm_r_new, r.comm_d_new);
  ASSERT_TRUE(job.HasValue()) << job.ErrorMessage();
  ASSERT_EQ(job->partitions.size(), 1u);
  ASSERT_EQ(job->public_inputs[0].size(), 4u);
  EXPECT_EQ(job->public_inputs[0][0], ff::Fr::One()); // k_and_h_select of 2KiB
  EXPECT_EQ(job->parameter_id, SnapConfigFor(RegisteredUpdateProof::k2KiBV1).ParameterCacheId());
  r1cs::TestCS cs;
  SynthesizeSnapCircuit(cs, job->partitions[0]);
  ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  for (size_t i = 0; i < 4; i++) EXPECT_EQ(cs.input_assignment[i + 1], job->public_inputs[0][i]);
}

TEST(SnapRequest, BadFieldsAreNamed) {
  const Request r = MakeRequest(64, 4);
  ExpectError(PrepareSnapProof(5, r.vanilla, r.comm_r_old, r.comm_r_new, r.comm_d_new), "registered_proof");
  ExpectError(PrepareSnapProof(0, r.vanilla, std::span(r.comm_r_old).subspan(1), r.comm_r_new, r.comm_d_new),
              "comm_r_old: 31 bytes");
  Digest32 bad{};
  bad.fill(0xff);
  ExpectError(PrepareSnapProof(0, r.vanilla, r.comm_r_old, bad, r.comm_d_new), "comm_r_new");
  Digest32 wrong = r.comm_d_new;
  wrong[0] ^= 1;
  ExpectError(PrepareSnapProof(0, r.vanilla, r.comm_r_old, r.comm_r_new, wrong), "vanilla_proofs[0]");
  ExpectError(PrepareSnapProof(0, {}, r.comm_r_old, r.comm_r_new, r.comm_d_new), "1 partitions");
  auto garbage = r.vanilla;
  garbage[0][40] ^= 0x55;
  ExpectError(PrepareSnapProof(0, garbage, r.comm_r_old, r.comm_r_new, r.comm_d_new), "vanilla_proofs[0]");
  // 8MiB expects 4 partition proofs
  ExpectError(PrepareSnapProof(1, r.vanilla, r.comm_r_old, r.comm_r_new, r.comm_d_new), "4 partitions");
}
