// tests/filecoin/testing/seal_test.cpp — sealing small sectors: every commitment is recomputed here from
// its definition (spec/porep.md §2.6) by independent, naive code (per-node hashes, no batching),
// comm_d equals commP of the payload (which tests/oracle checks against @web3-storage/data-segment)
// and the zero-sector comm_d of spec/vectors.md §6.4, decoding recovers the data, and bad input
// is rejected.
#include "filecoin/core/comm_d.hpp"
#include "filecoin/core/fr32.hpp"
#include "filecoin/core/replica_id.hpp"
#include "filecoin/testing/seal.hpp"
#include "hash/poseidon.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::ff::Fr;
using cuzk::test::Hex;
using cuzk::test::SeededBytes;

namespace {

SealInputs Inputs(uint64_t sector_id) {
  SealInputs in;
  in.prover_id = ProverIdFromActorId(1000);
  in.sector_id = sector_id;
  in.ticket = cuzk::test::StepBytes32(3, 1);
  return in;
}

//! Root of a tree built level by level with one PoseidonHashMerkle call per node.
Fr NaivePoseidonRoot(const std::vector<size_t> &arities, std::vector<Fr> level) {
  for (size_t a : arities) {
    std::vector<Fr> up;
    for (size_t i = 0; i < level.size(); i += a)
      up.push_back(cuzk::hash::PoseidonHashMerkle(std::span<const Fr>(level.data() + i, a)).Value());
    level = std::move(up);
  }
  return level.at(0);
}

void ExpectSealIsConsistent(const SealedSector &s, std::span<const uint8_t> padded) {
  const PorepConfig &c = s.config;
  EXPECT_EQ(s.comm_d, CommD(padded).Value());
  EXPECT_EQ(s.replica_id, ReplicaId(s.inputs.prover_id, s.inputs.sector_id, s.inputs.ticket, s.comm_d, c.porep_id));
  const auto arities = TreeLevelArities(c.shape, c.nodes).Value();
  std::vector<Fr> columns, replica;
  for (uint64_t v = 0; v < c.nodes; v++) {
    std::vector<Fr> column;
    for (size_t l = 1; l <= c.layers; l++) column.push_back(s.labels.LabelFr(l, v));
    columns.push_back(cuzk::hash::PoseidonHashMerkle(column).Value());
    const Fr data = *Fr::FromBytesLE(padded.data() + 32 * v);
    replica.push_back(data + column.back());
    // decoding: replica − key gives the data back
    EXPECT_EQ(replica.back() - s.labels.LabelFr(c.layers, v), data);
  }
  EXPECT_EQ(s.comm_c, cuzk::hash::FrToBytesLE(NaivePoseidonRoot(arities, columns)));
  EXPECT_EQ(s.comm_r_last, cuzk::hash::FrToBytesLE(NaivePoseidonRoot(arities, replica)));
  const Fr pair[2] = {*Fr::FromBytesLE(s.comm_c.data()), *Fr::FromBytesLE(s.comm_r_last.data())};
  EXPECT_EQ(s.comm_r, cuzk::hash::FrToBytesLE(cuzk::hash::PoseidonHashMerkle(pair).Value()));
  // the kept trees open every node to the commitments
  for (uint64_t v = 0; v < c.nodes; v += 7) {
    EXPECT_TRUE(VerifyShaTreeProof(s.tree_d.Prove(v).Value(), s.comm_d));
    const auto pc = s.tree_c.Prove(v).Value();
    EXPECT_EQ(pc.leaf, columns[v]);
    EXPECT_TRUE(VerifyPoseidonTreeProof(pc, *Fr::FromBytesLE(s.comm_c.data())));
    const auto pr = s.tree_r_last.Prove(v).Value();
    EXPECT_EQ(pr.leaf, replica[v]);
    EXPECT_TRUE(VerifyPoseidonTreeProof(pr, *Fr::FromBytesLE(s.comm_r_last.data())));
  }
}

} // namespace

TEST(Seal, TwoKiBFromSeededPayload) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const auto payload = SeededBytes(Fr32UnpaddedCapacity(c.sector_size), 1);
  auto s = SealUnpadded(c, payload, Inputs(7));
  ASSERT_TRUE(s.HasValue()) << s.ErrorMessage();
  const auto padded = Fr32Pad(payload);
  ASSERT_EQ(padded.size(), c.sector_size);
  ExpectSealIsConsistent(*s, padded);
  // a full sector's comm_d is the payload's commP
  EXPECT_EQ(s->comm_d, CommP(payload).root);
  EXPECT_EQ(s->labels.Layers(), 2u);
}

TEST(Seal, EveryTwoKiBRegisteredProof) {
  // the porep_id (and for V1 the graph) changes everything but comm_d
  const auto payload = SeededBytes(1000, 2);
  std::vector<Digest32> comm_rs;
  for (uint64_t id : {0u, 5u, 10u, 15u}) {
    const PorepConfig c = PorepConfigFor(RegisteredSealProof(id));
    auto s = SealUnpadded(c, payload, Inputs(9));
    ASSERT_TRUE(s.HasValue()) << s.ErrorMessage();
    std::vector<uint8_t> padded(c.sector_size, 0);
    const auto p = Fr32Pad(payload);
    std::copy(p.begin(), p.end(), padded.begin());
    ExpectSealIsConsistent(*s, padded);
    for (const Digest32 &other : comm_rs) EXPECT_NE(s->comm_r, other);
    comm_rs.push_back(s->comm_r);
  }
}

TEST(Seal, ZeroSectorHasTheZeroCommD) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  auto s = SealUnpadded(c, {}, Inputs(1));
  ASSERT_TRUE(s.HasValue());
  // filecoin-proofs tests/pieces.rs test_compute_comm_d_empty
  EXPECT_EQ(Hex(s->comm_d), "fc7e928296e516faade986b28f92d44a4f24b935485223376a799027bc18f833");
  // different sector ids give different replicas of the same data
  auto s2 = SealUnpadded(c, {}, Inputs(2));
  ASSERT_TRUE(s2.HasValue());
  EXPECT_EQ(s2->comm_d, s->comm_d);
  EXPECT_NE(s2->replica_id, s->replica_id);
  EXPECT_NE(s2->comm_r, s->comm_r);
}

TEST(Seal, TestShapesAndElevenLayers) {
  PorepId id;
  id.fill(44);
  struct Case {
    uint64_t nodes;
    size_t layers;
    TreeShape shape;
  };
  const Case cases[] = {{8, 2, {2, 0, 0}}, {32, 2, {8, 4, 0}}, {64, 2, {8, 4, 2}}, {128, 11, {8, 2, 0}}};
  for (const Case &k : cases) {
    const PorepConfig c = TestPorepConfig(k.nodes, k.layers, k.shape, id, cuzk::filecoin::ApiVersion::kV1_1_0).Value();
    const auto padded = Fr32Pad(SeededBytes(Fr32UnpaddedCapacity(c.sector_size), 3));
    ASSERT_EQ(padded.size(), c.sector_size);
    const SdrGraph g = SdrGraph::Create(c.nodes, c.porep_id, c.api_version).Value();
    auto s = SealSector(c, ParentsCache::Build(g), padded, Inputs(5));
    ASSERT_TRUE(s.HasValue()) << s.ErrorMessage();
    ExpectSealIsConsistent(*s, padded);
  }
}

TEST(Seal, RejectsBadInput) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  const SdrGraph g = SdrGraph::Create(c.nodes, c.porep_id, c.api_version).Value();
  const ParentsCache cache = ParentsCache::Build(g);
  std::vector<uint8_t> padded(c.sector_size, 0);
  EXPECT_EQ(SealSector(c, cache, std::span<const uint8_t>(padded).first(1024), Inputs(1)).Code(),
            cuzk::ErrorCode::kBadLength);
  padded[32 * 5 + 31] = 0x40; // not fr32 output
  EXPECT_EQ(SealSector(c, cache, padded, Inputs(1)).Code(), cuzk::ErrorCode::kNonCanonical);
  padded[32 * 5 + 31] = 0;
  const SdrGraph small = SdrGraph::Create(32, c.porep_id, c.api_version).Value();
  EXPECT_EQ(SealSector(c, ParentsCache::Build(small), padded, Inputs(1)).Code(), cuzk::ErrorCode::kInvalidArgument);
  EXPECT_EQ(SealUnpadded(c, std::vector<uint8_t>(2033), Inputs(1)).Code(), cuzk::ErrorCode::kBadLength);
  PorepConfig three = c;
  three.layers = 3; // no Poseidon arity 3 for the columns
  EXPECT_EQ(SealSector(three, cache, padded, Inputs(1)).Code(), cuzk::ErrorCode::kBadArity);
}
