// tests/filecoin/porep/labels_test.cpp — SDR labelling against spec/vectors.md §4: the last label of 11
// layers for 64 and 128 nodes with porep_ids [0;32] (V1_0_0) and [123;32] (V1_1_0 and V1_2_0),
// replica_id [9;32] (upstream test_create_labels / test_stacked_porep_generate_labels), the derived
// layer-1/2 intermediates, ComputeLabel/LabelParents reproducing every stored label, and the
// pipelined gather giving the single-threaded labels.
#include "filecoin/porep/labels.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cuzk::filecoin;
using cuzk::test::Hex;

namespace {

PorepId Filled(uint8_t b) {
  PorepId id;
  id.fill(b);
  return id;
}

//! Four u64 limbs, least significant first, as the 32-byte LE repr in hex.
std::string LimbsHex(std::array<uint64_t, 4> limbs) {
  Digest32 d;
  for (size_t k = 0; k < 4; k++)
    for (size_t i = 0; i < 8; i++) d[8 * k + i] = uint8_t(limbs[k] >> (8 * i));
  return Hex(d);
}

Labels LabelsFor(uint64_t nodes, uint8_t porep_byte, ApiVersion api, size_t layers) {
  const SdrGraph g = SdrGraph::Create(nodes, Filled(porep_byte), api).Value();
  const Digest32 replica_id = Filled(9);
  return GenerateLabels(ParentsCache::Build(g), replica_id, layers).Value();
}

} // namespace

TEST(Labels, LastLabelOfElevenLayers) {
  struct Case {
    uint64_t nodes;
    uint8_t porep_byte;
    ApiVersion api;
    std::array<uint64_t, 4> limbs;
  };
  const Case cases[] = {
      {64, 0, ApiVersion::kV1_0_0, {0xd3faa96b9a0fba04, 0xea81a283d106485e, 0xe3d51b9afa5ac2b3, 0x0462f4f4f1a68d37}},
      {128, 0, ApiVersion::kV1_0_0, {0x7e191e52c4a8da86, 0x5ae8a1c9e6fac148, 0xce239f3b88a894b8, 0x234c00d1dc1d53be}},
      {64, 123, ApiVersion::kV1_1_0, {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
      {64, 123, ApiVersion::kV1_2_0, {0xabb3f38bb70defcf, 0x777a2e4d7769119f, 0x3448959d495490bc, 0x06021188c7a71cb5}},
      {128, 123, ApiVersion::kV1_1_0, {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
      {128, 123, ApiVersion::kV1_2_0, {0x22ab81cf68c4676d, 0x7a77a82fc7c9c189, 0xc6c03d32c1e42d23, 0x0f777c18cc2c55bd}},
  };
  for (const Case &c : cases) {
    const Labels labels = LabelsFor(c.nodes, c.porep_byte, c.api, 11);
    EXPECT_EQ(Hex(labels.LabelBytes(11, c.nodes - 1)), LimbsHex(c.limbs))
        << c.nodes << " nodes, porep_id [" << int(c.porep_byte) << ";32], " << ApiVersionName(c.api);
  }
}

TEST(Labels, DerivedIntermediatesOf64Nodes) {
  const Labels labels = LabelsFor(64, 123, ApiVersion::kV1_1_0, 2);
  EXPECT_EQ(Hex(labels.LabelBytes(1, 0)), "ad9baba2a22d17ee8b630ebca948772fb770f2ba82d661dfc984589eff118d1d");
  EXPECT_EQ(Hex(labels.LabelBytes(1, 1)), "3754c23a6592f03a0dd829ccb32bfdd7590cc9f365d2ab41fc4b3aa0cc7ba837");
  EXPECT_EQ(Hex(labels.LabelBytes(1, 63)), "c663865835943f6b59ccec8d8e0da026be3533b2e8a4eca1023eaff4f1fc8a12");
  EXPECT_EQ(Hex(labels.LabelBytes(2, 0)), "edf09499f06d57ff8fed555f078a1d6c3ef18e8e8fb82cb9663ed71a20b45c16");
  EXPECT_EQ(Hex(labels.LabelBytes(2, 1)), "8bc2fede651cdbec88f0219f3840858285f08d5be1d70544050616903f323f0e");
}

TEST(Labels, SingleLabelFromGatheredParentsMatchesEveryNode) {
  const SdrGraph g = SdrGraph::Create(128, Filled(5), ApiVersion::kV1_1_0).Value();
  const ParentsCache cache = ParentsCache::Build(g);
  Digest32 replica_id = Filled(0x21);
  replica_id[31] = 0x1f;
  const Labels labels = GenerateLabels(cache, replica_id, 3).Value();
  for (size_t layer = 1; layer <= 3; layer++) {
    EXPECT_EQ(ComputeLabel(replica_id, uint32_t(layer), 0, {}), labels.LabelBytes(layer, 0));
    for (uint64_t v = 1; v < g.Nodes(); v++) {
      const auto parents = LabelParents(labels, cache.Row(v), layer);
      ASSERT_EQ(ComputeLabel(replica_id, uint32_t(layer), v, parents), labels.LabelBytes(layer, v))
          << "layer " << layer << " node " << v;
      // layer 1 cycles the 6 DRG parents, later layers the 14
      const size_t base = layer == 1 ? DRG_PARENTS : GRAPH_PARENTS;
      for (size_t i = base; i < LABEL_PARENTS; i++) EXPECT_EQ(parents[i], parents[i % base]);
    }
  }
  // every label is canonical (top two bits cleared)
  for (uint64_t v = 0; v < g.Nodes(); v++) EXPECT_EQ(labels.Label(3, v)[31] & 0xc0, 0);
}

TEST(Labels, DifferentReplicaIdsGiveDifferentLabels) {
  const SdrGraph g = SdrGraph::Create(64, Filled(5), ApiVersion::kV1_1_0).Value();
  const ParentsCache cache = ParentsCache::Build(g);
  const Labels a = GenerateLabels(cache, Filled(1), 2).Value();
  const Labels b = GenerateLabels(cache, Filled(2), 2).Value();
  for (uint64_t v = 0; v < 64; v++) EXPECT_NE(a.LabelBytes(2, v), b.LabelBytes(2, v));
  EXPECT_FALSE(GenerateLabels(cache, Filled(1), 0).HasValue());
}

TEST(Labels, PipelinedGatherEqualsSingleThread) {
  // sizes below, at and well above the pipeline depth, so both gathering rules are exercised
  for (uint64_t nodes : {uint64_t(8), LABEL_PIPELINE_DEPTH, uint64_t(1) << 13}) {
    const SdrGraph g = SdrGraph::Create(nodes, Filled(6), ApiVersion::kV1_1_0).Value();
    const ParentsCache cache = ParentsCache::Build(g);
    const Labels single = GenerateLabels(cache, Filled(4), 3, LabelThreading::kSingle).Value();
    const Labels piped = GenerateLabels(cache, Filled(4), 3, LabelThreading::kPipelined).Value();
    for (size_t layer = 1; layer <= 3; layer++)
      ASSERT_TRUE(std::equal(single.Layer(layer).begin(), single.Layer(layer).end(), piped.Layer(layer).begin()))
          << nodes << " nodes, layer " << layer;
  }
}
