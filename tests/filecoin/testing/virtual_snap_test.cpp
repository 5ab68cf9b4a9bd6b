// tests/filecoin/testing/virtual_snap_test.cpp — virtual SnapDeals updates (filecoin/testing/virtual_snap.hpp) and
// the trees under them (sparse tree_d, block-wise replica tree, both equal to the full trees): at
// small sizes the virtual update equals the real one (SnapUpdateSector over the same key and data,
// byte-identical partition proofs), its proofs pass vanilla verification and satisfy the partition
// circuit (checked by the streaming system of the 32GiB test, tests/filecoin_long/
// virtual_snap_test.cpp); a wrong commitment fails both.
#include "filecoin/testing/virtual_snap.hpp"

#include "filecoin/snap/snap_bincode.hpp"
#include "filecoin/snap/snap_circuit.hpp"
#include "filecoin/snap/snap_encoding.hpp"
#include "hash/poseidon.hpp"

#include "common/counting_cs.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;
using cuzk::test::StreamingCheckCS;

TEST(SparseShaTree, EqualsTheFullTree) {
  std::mt19937_64 rng(3);
  for (uint64_t leaves : {2u, 8u, 64u, 512u}) {
    Digest32 fill{};
    for (auto &b : fill) b = uint8_t(rng());
    std::map<uint64_t, Digest32> values;
    for (int i = 0; i < 5; i++) {
      Digest32 d{};
      for (auto &b : d) b = uint8_t(rng());
      values[rng() % leaves] = d;
    }
    std::vector<uint8_t> bytes;
    for (uint64_t i = 0; i < leaves; i++) {
      const Digest32 &d = values.count(i) ? values[i] : fill;
      bytes.insert(bytes.end(), d.begin(), d.end());
    }
    const auto full = ShaTree::Build(bytes).Value();
    const auto sparse = SparseShaTree::Build(leaves, fill, values).Value();
    EXPECT_EQ(sparse.Root(), full.Root()) << leaves;
    EXPECT_EQ(sparse.Height(), full.Height());
    for (uint64_t i : {uint64_t(0), leaves / 2, leaves - 1}) {
      const auto a = sparse.Prove(i).Value(), b = full.Prove(i).Value();
      EXPECT_EQ(a.leaf, b.leaf);
      EXPECT_EQ(a.index, b.index);
      EXPECT_EQ(a.siblings, b.siblings);
    }
    EXPECT_FALSE(sparse.Prove(leaves).HasValue());
  }
  EXPECT_FALSE(SparseShaTree::Build(48, {}, {}).HasValue());
  EXPECT_FALSE(SparseShaTree::Build(64, {}, {{64, Digest32{}}}).HasValue());
  // the zero default gives the zero commitments
  EXPECT_EQ(SparseShaTree::Build(64, {}, {}).Value().Root(),
            ShaTree::Build(std::vector<uint8_t>(64 * 32)).Value().Root());
}

TEST(BlockPoseidonTree, EqualsTheFullTree) {
  std::mt19937_64 rng(4);
  struct Case {
    TreeShape shape;
    uint64_t leaves, blocks;
  };
  // blocks smaller than, equal to and straddling a node's span; one block = SparsePoseidonTree's case
  for (const Case &c : {Case{{8, 0, 0}, 64, 2}, Case{{8, 0, 0}, 512, 16}, Case{{8, 8, 2}, 1024, 8},
                        Case{{8, 8, 0}, 512, 1}, Case{{8, 0, 0}, 64, 64}}) {
    std::vector<ff::Fr> block_values(c.blocks);
    for (auto &b : block_values) b = ff::Fr::Random(rng);
    std::map<uint64_t, ff::Fr> values;
    for (int i = 0; i < 6; i++) values[rng() % c.leaves] = ff::Fr::Random(rng);
    std::vector<ff::Fr> leaves(c.leaves);
    for (uint64_t i = 0; i < c.leaves; i++)
      leaves[i] = values.count(i) ? values[i] : block_values[i / (c.leaves / c.blocks)];
    const auto full = PoseidonTree::Build(c.shape, leaves).Value();
    const auto block = BlockPoseidonTree::Build(c.shape, c.leaves, block_values, values).Value();
    EXPECT_EQ(block.Root(), full.Root()) << c.leaves << " leaves, " << c.blocks << " blocks";
    for (uint64_t i : {uint64_t(0), values.begin()->first, c.leaves / 2 + 3, c.leaves - 1}) {
      const auto a = block.Prove(i).Value(), b = full.Prove(i).Value();
      EXPECT_EQ(a.leaf, b.leaf);
      ASSERT_EQ(a.path.size(), b.path.size());
      for (size_t l = 0; l < a.path.size(); l++) {
        EXPECT_EQ(a.path[l].index, b.path[l].index);
        EXPECT_EQ(a.path[l].siblings, b.path[l].siblings) << "leaf " << i << " level " << l;
      }
    }
  }
  const std::vector<ff::Fr> three(3, ff::Fr::One());
  EXPECT_FALSE(BlockPoseidonTree::Build({8, 0, 0}, 64, three, {}).HasValue());
  EXPECT_FALSE(BlockPoseidonTree::Build({8, 0, 0}, 64, std::vector<ff::Fr>(128), {}).HasValue());
  EXPECT_FALSE(BlockPoseidonTree::Build({8, 0, 0}, 64, std::vector<ff::Fr>(2), {{64, ff::Fr::One()}}).HasValue());
}

namespace {

// The full arrays of a virtual update: key k0 and data d0 except at its real nodes.
void FullArrays(const VirtualSnapUpdate &v, std::vector<ff::Fr> &key, std::vector<uint8_t> &data) {
  const uint64_t n = v.config.sector_nodes;
  key.resize(n);
  data.resize(n * 32);
  for (uint64_t i = 0; i < n; i++) {
    key[i] = v.tree_r_old.Node(0, i);
    const Digest32 &d = v.tree_d.Node(0, i);
    std::copy(d.begin(), d.end(), data.begin() + 32 * i);
  }
}

} // namespace

TEST(VirtualSnap, EqualsTheRealUpdate) {
  for (uint64_t nodes : {uint64_t(64), uint64_t(1024)}) { // 2KiB (8-0-0), 32KiB (8-8-2, 2 partitions)
    const SnapConfig config = SnapConfigForNodes(nodes).Value();
    const auto v = VirtualSnapUpdateSector(config, 11, 9).Value();
    std::vector<ff::Fr> key;
    std::vector<uint8_t> data;
    FullArrays(v, key, data);
    size_t nonzero = 0; // nodes of their own data
    for (uint64_t i = 0; i < nodes; i++) nonzero += v.tree_d.Node(0, i) != hash::FrToBytesLE(v.data_default);
    EXPECT_EQ(nonzero, 9u);
    EXPECT_NE(v.data_default, ff::Fr::Zero());
    EXPECT_LT(hash::FrToBytesLE(v.data_default)[31], 0x40); // fr32
    const auto tree_r_old = PoseidonTree::Build(config.tree_r_shape, key).Value();
    const auto real = SnapUpdateSector(config, key, tree_r_old, v.comm_c, data).Value();
    EXPECT_EQ(real.comm_r_old, v.comm_r_old) << nodes;
    EXPECT_EQ(real.comm_d_new, v.comm_d_new);
    EXPECT_EQ(real.comm_r_new, v.comm_r_new);
    EXPECT_EQ(real.phi, v.phi);
    for (size_t k = 0; k < config.partition_count; k++) {
      const auto a = VirtualSnapProvePartition(v, k).Value();
      const auto b = SnapProvePartition(config, k, v.comm_c, tree_r_old, real).Value();
      EXPECT_EQ(EncodeSnapPartitionProof(a), EncodeSnapPartitionProof(b)) << nodes << " partition " << k;
      EXPECT_TRUE(SnapVerifyPartition(config, v.PublicInputs(k), a).IsOk());
    }
    EXPECT_FALSE(VirtualSnapProvePartition(v, config.partition_count).HasValue());
  }
  EXPECT_FALSE(VirtualSnapUpdateSector(SnapConfigForNodes(64).Value(), 1, 65).HasValue());
}

TEST(VirtualSnap, PartitionCircuitIsSatisfied16KiB) {
  const SnapConfig config = SnapConfigForNodes(512).Value();
  const auto v = VirtualSnapUpdateSector(config, 5, 40).Value();
  const size_t k = config.partition_count - 1;
  const auto proof = VirtualSnapProvePartition(v, k).Value();
  const SnapPublicInputs pub = v.PublicInputs(k);
  ASSERT_TRUE(SnapVerifyPartition(config, pub, proof).IsOk());
  SnapPublicInputs wrong = pub;
  wrong.comm_r_new[0] ^= 1;
  EXPECT_FALSE(SnapVerifyPartition(config, wrong, proof).IsOk());

  const auto input = SnapCircuitInputFromProof(config, pub, proof).Value();
  StreamingCheckCS cs;
  SynthesizeSnapCircuit(cs, input);
  ASSERT_TRUE(cs.IsSatisfied()) << *cs.FirstFailure();
  const auto publics = SnapCircuitPublicInputs(config, pub).Value();
  ASSERT_EQ(cs.inputs.size(), publics.size() + 1);
  for (size_t i = 0; i < publics.size(); i++) EXPECT_EQ(cs.inputs[i + 1], publics[i]) << "input " << i;

  auto bad = input;
  bad.comm_r_new += ff::Fr::One(); // the challenges drawn in-circuit no longer match the proofs
  StreamingCheckCS bad_cs;
  SynthesizeSnapCircuit(bad_cs, bad);
  EXPECT_FALSE(bad_cs.IsSatisfied());
  EXPECT_EQ(bad_cs.NumConstraints(), cs.NumConstraints());
}
