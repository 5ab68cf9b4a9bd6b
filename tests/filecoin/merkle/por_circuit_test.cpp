// tests/filecoin/merkle/por_circuit_test.cpp — the PoR gadget (src/gadgets/por.hpp) fed with inclusion
// proofs of real trees: Poseidon trees of every Filecoin shape (filecoin/merkle/poseidon_tree.hpp) and the
// binary SHA tree_d (filecoin/merkle/sha_tree.hpp). The circuit must accept each proof with the tree's own
// root and the leaf index as its public input, at storage-proofs-core's por_circuit counts; and a
// Groth16 proof of such a circuit (test parameters, CPU prover) verifies with [index, root] only.
#include "filecoin/merkle/poseidon_tree.hpp"
#include "filecoin/merkle/sha_tree.hpp"
#include "gadgets/por.hpp"
#include "groth16/groth16.hpp"
#include "hash/poseidon.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

using namespace cuzk;
using namespace cuzk::filecoin;
using gadgets::MerkleHasher;
using gadgets::PorCircuit;
using gadgets::PorPathLevel;
using gadgets::PorRoot;

namespace {

std::vector<PorPathLevel> ToCircuitPath(const PoseidonTree &tree, const PoseidonTreeProof &proof) {
  std::vector<PorPathLevel> path;
  for (size_t l = 0; l < proof.path.size(); l++)
    path.push_back(PorPathLevel{tree.Arities()[l], proof.path[l].index, proof.path[l].siblings});
  return path;
}

struct Case {
  TreeShape shape;
  uint64_t leaves; // 64 per base tree, as por_circuit.rs
  size_t public_root_count;
};

} // namespace

TEST(PorCircuitOnTrees, PoseidonTreeProofsOfEveryShape) {
  const std::vector<Case> cases = {
      {{2, 0, 0}, 64, 1887},  {{4, 0, 0}, 64, 1164},  {{8, 0, 0}, 64, 1063},   {{8, 2, 0}, 128, 1377},
      {{8, 8, 0}, 512, 1593}, {{8, 4, 2}, 512, 1764}, {{8, 8, 2}, 1024, 1907},
  };
  std::mt19937_64 rng(2024);
  for (const Case &c : cases) {
    std::vector<Fr> leaves(c.leaves);
    for (Fr &x : leaves) x = Fr::Random(rng);
    auto tree = PoseidonTree::Build(c.shape, leaves);
    ASSERT_TRUE(tree.HasValue());
    for (uint64_t index : {uint64_t(0), c.leaves - 1, rng() % c.leaves}) {
      auto proof = tree->Prove(index);
      ASSERT_TRUE(proof.HasValue());
      r1cs::TestCS cs;
      const auto root = PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Val(proof->leaf), ToCircuitPath(*tree, *proof),
                                   PorRoot::Val(tree->Root()), false);
      const std::string what = std::to_string(c.shape.base) + "-" + std::to_string(c.shape.sub) + "-" +
                               std::to_string(c.shape.top) + " leaf " + std::to_string(index);
      EXPECT_EQ(cs.NumConstraints(), c.public_root_count) << what;
      ASSERT_TRUE(cs.IsSatisfied()) << what << ": " << cs.WhichIsUnsatisfied().value_or("");
      EXPECT_EQ(root.Value(), tree->Root()) << what;
      ASSERT_EQ(cs.NumInputs(), 3u);
      EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(index)) << what; // path_index = challenge
      EXPECT_EQ(cs.input_assignment[2], tree->Root()) << what;
    }
  }
}

TEST(PorCircuitOnTrees, ProofOfAnotherLeafFailsAgainstTheRoot) {
  std::mt19937_64 rng(5);
  std::vector<Fr> leaves(512);
  for (Fr &x : leaves) x = Fr::Random(rng);
  auto tree = PoseidonTree::Build({8, 8, 0}, leaves).Value();
  auto proof = tree.Prove(300).Value();
  r1cs::TestCS cs;
  (void)PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Val(leaves[301]), ToCircuitPath(tree, proof),
                   PorRoot::Val(tree.Root()), false);
  EXPECT_FALSE(cs.IsSatisfied());
}

TEST(PorCircuitOnTrees, ShaTreeDProof) {
  // tree_d over 64 fr32-valid nodes: SHA-256 U2, 272,295 constraints with a public root
  std::mt19937_64 rng(77);
  std::vector<uint8_t> nodes(64 * 32);
  for (uint8_t &b : nodes) b = uint8_t(rng());
  for (size_t i = 0; i < 64; i++) nodes[32 * i + 31] &= 0x3f; // every node is a field element
  auto tree = ShaTree::Build(nodes);
  ASSERT_TRUE(tree.HasValue());
  const uint64_t index = 45;
  auto proof = tree->Prove(index).Value();
  std::vector<PorPathLevel> path;
  for (size_t l = 0; l < proof.siblings.size(); l++)
    path.push_back(PorPathLevel{2, uint32_t((index >> l) & 1), {*hash::FrFromBytesLE(proof.siblings[l])}});
  const Fr root = *hash::FrFromBytesLE(tree->Root());
  r1cs::TestCS cs;
  const auto computed = PorCircuit(cs, MerkleHasher::kSha256, PorRoot::Val(*hash::FrFromBytesLE(proof.leaf)), path,
                                   PorRoot::Val(root), false);
  EXPECT_EQ(cs.NumConstraints(), 272295u);
  ASSERT_TRUE(cs.IsSatisfied()) << cs.WhichIsUnsatisfied().value_or("");
  EXPECT_EQ(computed.Value(), root);
  EXPECT_EQ(cs.input_assignment[1], Fr::FromUint(index));
}

namespace {

// PoRCompound's circuit: leaf and root as values, public root
struct PorTestCircuit {
  Fr leaf, root;
  std::vector<PorPathLevel> path;
  void Synthesize(r1cs::ConstraintSystem &cs) const {
    (void)PorCircuit(cs, MerkleHasher::kPoseidon, PorRoot::Val(leaf), path, PorRoot::Val(root), false);
  }
};

} // namespace

TEST(PorCircuitOnTrees, Groth16ProofOfAnEightToTwoTreeVerifies) {
  // PoRCompound::generate_public_inputs: [challenge (the leaf index), root]
  std::mt19937_64 rng(11);
  std::vector<Fr> leaves(128);
  for (Fr &x : leaves) x = Fr::Random(rng);
  auto tree = PoseidonTree::Build({8, 2, 0}, leaves).Value();
  auto blank_tree = PoseidonTree::Build({8, 2, 0}, std::vector<Fr>(128, Fr::Zero())).Value();
  const PorTestCircuit blank{Fr::Zero(), Fr::Zero(), ToCircuitPath(blank_tree, blank_tree.Prove(0).Value())};
  auto params = groth16::GenerateParameters(blank, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  ASSERT_EQ(params->vk.ic.size(), 3u);
  const groth16::PreparedVerifyingKey pvk = groth16::PrepareVerifyingKey(params->vk);
  groth16::CpuBackend backend;
  for (uint64_t index : {uint64_t(0), uint64_t(77)}) {
    const auto proof_in = tree.Prove(index).Value();
    const PorTestCircuit circuit{proof_in.leaf, tree.Root(), ToCircuitPath(tree, proof_in)};
    auto proof = groth16::CreateProof(backend, *params, circuit, rng);
    ASSERT_TRUE(proof) << proof.ErrorMessage();
    const Fr publics[2] = {Fr::FromUint(index), tree.Root()};
    EXPECT_TRUE(*groth16::VerifyProof(pvk, *proof, publics)) << "leaf " << index;
    const Fr wrong_index[2] = {Fr::FromUint(index + 1), tree.Root()};
    EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong_index));
    const Fr wrong_root[2] = {Fr::FromUint(index), tree.Root() + Fr::One()};
    EXPECT_FALSE(*groth16::VerifyProof(pvk, *proof, wrong_root));
  }
}
