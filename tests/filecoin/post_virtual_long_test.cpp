// tests/filecoin/post_virtual_long_test.cpp — WindowPoSt at 32 GiB on virtual sectors (issue 6): 2349
// sectors whose tree_r_last is a SparsePoseidonTree over 2^30 leaves (a few real leaves, the rest
// one default value: what a CC sector looks like), each with its own id and comm_c. The full-size
// partition is generated, bincode round-tripped, assembled and vanilla-verified; and, since the
// circuit is the concatenation of independent per-sector sub-circuits, the first, a middle and the
// last sector's sub-circuits (53,333 constraints each) are synthesised from the real witness and
// must satisfy every constraint and expose that sector's verifier-side public inputs.
#include "filecoin/post_bincode.hpp"
#include "filecoin/post_circuit.hpp"
#include "filecoin/sparse_poseidon_tree.hpp"

#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

using namespace cuzk;
using namespace cuzk::filecoin;

TEST(PoStVirtual, Window32GiBFullPartition) {
  const PoStConfig cfg = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  ASSERT_EQ(cfg.sector_count, 2349u);
  std::mt19937_64 rng(32);
  std::map<uint64_t, ff::Fr> real;
  for (int i = 0; i < 16; i++) real[rng() % cfg.SectorNodes()] = ff::Fr::Random(rng);
  const auto tree = SparsePoseidonTree::Build(cfg.tree_shape, cfg.SectorNodes(), ff::Fr::FromUint(7), real);
  ASSERT_TRUE(tree.ok()) << tree.error().message;

  std::vector<PoStReplica> replicas;
  for (uint64_t i = 0; i < cfg.sector_count; i++)
    replicas.push_back({1000 + 3 * i, nullptr, ff::Fr::Random(rng), &*tree});
  Digest32 randomness{};
  for (size_t i = 0; i < 32; i++) randomness[i] = uint8_t(rng());
  randomness[31] &= 0x3f;
  const auto vanilla = GenerateFallbackVanillaProofs(cfg, randomness, replicas);
  ASSERT_TRUE(vanilla.ok()) << vanilla.error().message;
  ASSERT_EQ(vanilla->size(), 2349u);
  std::vector<FallbackPoStSectorProof> received;
  for (const auto &v : *vanilla) {
    const auto bytes = EncodeFallbackPoStSectorProof(v);
    ASSERT_EQ(bytes.size(), 24960u); // 10 Sub proofs of 2,484 bytes + id, comm_r, lengths, comm_c, comm_r_last
    received.push_back(DecodeFallbackPoStSectorProof(bytes, cfg).value());
  }
  const PoStPartition part = PoStPartitionFromVanilla(cfg, received).value();
  const auto verified = VerifyPoStPartition(part, randomness);
  ASSERT_TRUE(verified.ok()) << verified.error().message;
  const auto publics = FallbackPoStPublicInputs(part.params, randomness, part.sectors, 0).value();
  ASSERT_EQ(publics.size(), 25839u);

  const auto input = PoStCircuitInputFromPartition(part).value();
  for (size_t s : {size_t(0), size_t(1174), size_t(2348)}) {
    PoStCircuitInput one{part.params, {input.sectors[s]}};
    one.params.sector_count = 1;
    r1cs::TestCS cs;
    SynthesizePoStCircuit(cs, one);
    EXPECT_EQ(cs.NumConstraints(), 53333u); // 313 + 10 × 5302
    ASSERT_TRUE(cs.IsSatisfied()) << "sector " << s << ": " << cs.WhichIsUnsatisfied().value_or("");
    ASSERT_EQ(cs.input_assignment.size(), 12u);
    for (size_t j = 0; j < 11; j++) EXPECT_EQ(cs.input_assignment[1 + j], publics[11 * s + j]) << s << "/" << j;
  }
  // one wrong sector anywhere in the partition fails verification, naming it
  auto bad = part;
  bad.proofs[2000].inclusion_proofs[9].leaf[0] ^= 1;
  const auto rejected = VerifyPoStPartition(bad, randomness);
  ASSERT_FALSE(rejected.ok());
  EXPECT_NE(rejected.error().message.find("position 2000"), std::string::npos) << rejected.error().message;
}
