// tests/filecoin/porep/label_circuit_test.cpp — the SDR label gadget: upstream's count (532,025 with
// every id and parent bit allocated, layer 3 and node 22 constant), the per-layer counts of the
// PoRep circuit (spec/porep.md §3.4: 523,805 for layer 1, 525,853 for later layers), the label
// equal to the native ComputeLabel, satisfaction, and the same count without values.
#include "filecoin/porep/label_circuit.hpp"
#include "gadgets/multipack.hpp"
#include "r1cs/r1cs.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::filecoin {
namespace {

using gadgets::AllocatedNum;
using gadgets::Boolean;
using r1cs::TestCS;

Digest32 RandomNode(std::mt19937_64 &rng) {
  Digest32 d;
  ff::Fr::Random(rng).ToBytesLE(d.data());
  return d;
}

ff::Fr ToFr(const Digest32 &d) { return *ff::Fr::FromBytesLE(d.data()); }

TEST(LabelCircuit, UpstreamConfigurationCosts532025AndMatchesNativeLabel) {
  // create_label.rs test: 14 parents (6 DRG + 8 expander) cycled to 37, each of the 37 allocated
  // byte by byte (MSB first), the replica id likewise; layer and node constant
  std::mt19937_64 rng(2026);
  const Digest32 replica_id = RandomNode(rng);
  std::vector<Digest32> raw(14);
  for (Digest32 &p : raw) p = RandomNode(rng);
  std::vector<Digest32> parents;
  for (size_t i = 0; i < LABEL_PARENTS; i++) parents.push_back(raw[i % raw.size()]);
  const uint32_t layer = 3;
  const uint64_t node = 22;

  for (bool values : {true, false}) {
    TestCS cs(values);
    std::vector<std::vector<Boolean>> parent_bits;
    for (size_t i = 0; i < LABEL_PARENTS; i++) {
      r1cs::Namespace ns(cs, "parents " + std::to_string(i));
      parent_bits.push_back(gadgets::BytesIntoBooleanVecBe(cs, parents[i]));
    }
    std::vector<Boolean> id_bits;
    {
      r1cs::Namespace ns(cs, "id");
      id_bits = gadgets::BytesIntoBooleanVecBe(cs, replica_id);
    }
    r1cs::Namespace ns(cs, "create_label");
    AllocatedNum label =
        CreateLabelCircuit(cs, id_bits, parent_bits, gadgets::UInt32::Constant(layer), gadgets::UInt64::Constant(node));
    EXPECT_EQ(cs.NumConstraints(), 532025u);
    if (values) {
      EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();
      EXPECT_EQ(label.Value(), ToFr(ComputeLabel(replica_id, layer, node, parents)));
      EXPECT_EQ(cs.aux_assignment[label.Var().index], label.Value());
    }
  }
}

TEST(LabelCircuit, ExpandsParentsAsVanilla) {
  TestCS cs;
  for (size_t count : {6u, 14u}) {
    std::vector<std::vector<Boolean>> parents;
    for (size_t i = 0; i < count; i++) parents.push_back({gadgets::AllocatedBit::Alloc(cs, i & 1)});
    const std::vector<std::vector<Boolean>> expanded = ExpandLabelParents(parents);
    ASSERT_EQ(expanded.size(), LABEL_PARENTS);
    // layer 1: P0..P5 six times, then P0; later: P0..P13 twice, then P0..P8
    for (size_t i = 0; i < LABEL_PARENTS; i++)
      EXPECT_EQ(expanded[i][0].Bit().Var(), parents[i % count][0].Bit().Var()) << count << " " << i;
  }
}

// One labelling layer inside the PoRep circuit: replica id and challenge come from outside.
struct LayerSetup {
  Digest32 replica_id;
  std::vector<Digest32> drg, exp;
  uint64_t challenge = 0;
};

LayerSetup MakeLayer(uint64_t seed, bool with_exp) {
  std::mt19937_64 rng(seed);
  LayerSetup s;
  s.replica_id = RandomNode(rng);
  for (int i = 0; i < 6; i++) s.drg.push_back(RandomNode(rng));
  if (with_exp)
    for (int i = 0; i < 8; i++) s.exp.push_back(RandomNode(rng));
  s.challenge = rng() % (uint64_t(1) << 30);
  return s;
}

void CheckLayer(uint32_t layer, size_t expected_count) {
  const LayerSetup s = MakeLayer(layer, layer > 1);
  TestCS cs;
  AllocatedNum id = AllocatedNum::Alloc(cs, ToFr(s.replica_id));
  const std::vector<Boolean> id_bits = LabelParentBits(cs, id);
  gadgets::UInt64 challenge = gadgets::UInt64::Alloc(cs, s.challenge);
  std::vector<AllocatedNum> drg, exp;
  for (const Digest32 &d : s.drg) drg.push_back(AllocatedNum::Alloc(cs, ToFr(d)));
  for (const Digest32 &d : s.exp) exp.push_back(AllocatedNum::Alloc(cs, ToFr(d)));
  const size_t before = cs.NumConstraints();
  EXPECT_EQ(before, 256u + 64u);
  AllocatedNum label = LayerLabelCircuit(cs, id_bits, drg, exp, layer, challenge);
  EXPECT_EQ(cs.NumConstraints() - before, expected_count);
  EXPECT_TRUE(cs.IsSatisfied()) << *cs.WhichIsUnsatisfied();

  std::vector<Digest32> all = s.drg;
  all.insert(all.end(), s.exp.begin(), s.exp.end());
  std::vector<Digest32> parents;
  for (size_t i = 0; i < LABEL_PARENTS; i++) parents.push_back(all[i % all.size()]);
  EXPECT_EQ(label.Value(), ToFr(ComputeLabel(s.replica_id, layer, s.challenge, parents)));
}

TEST(LabelCircuit, FirstLayerInPoRepCosts523805) { CheckLayer(1, 523805); }

TEST(LabelCircuit, LaterLayerInPoRepCosts525853) { CheckLayer(2, 525853); }

} // namespace
} // namespace cuzk::filecoin
