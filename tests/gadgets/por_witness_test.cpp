// tests/gadgets/por_witness_test.cpp — Poseidon PoR paths climbed side by side
// (gadgets/por_witness.hpp) against PorCircuit one path at a time: for 1 to 19 paths (batches full,
// partial and mixed arities), Filecoin's shapes (8-ary base levels, 8-8 and 8-8-2 compound trees)
// and small test shapes, public and private roots, edge indices, each path's system holds the same
// aux values, inputs and constraint count as a ProvingAssignment given PorCircuit, and the computed
// roots are the native ones; a refused path throws PorCircuit's error; native gadgets off falls back.
#include "gadgets/por_witness.hpp"

#include "hash/poseidon.hpp"
#include "r1cs/proving_assignment.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace cuzk::gadgets {
namespace {

struct Instance {
  Fr leaf;
  std::vector<PorPathLevel> path;
  Fr root;
};

// index_rule: 0 random, 1 all zero (node 0), 2 all last (the last node)
Instance RandomInstance(const std::vector<size_t> &arities, uint64_t seed, int index_rule) {
  std::mt19937_64 rng(seed);
  Instance in;
  in.leaf = Fr::Random(rng);
  Fr cur = in.leaf;
  for (size_t arity : arities) {
    const uint32_t index = index_rule == 0 ? uint32_t(rng() % arity) : index_rule == 1 ? 0 : uint32_t(arity - 1);
    PorPathLevel level{arity, index, {}};
    for (size_t i = 0; i + 1 < arity; i++) level.siblings.push_back(Fr::Random(rng));
    std::vector<Fr> row = level.siblings;
    row.insert(row.begin() + index, cur);
    cur = *hash::PoseidonHashMerkle(row);
    in.path.push_back(std::move(level));
  }
  in.root = cur;
  return in;
}

void ExpectSameAsPorCircuit(const std::vector<std::vector<size_t>> &shapes, size_t count, bool private_root,
                            bool root_as_var, uint64_t seed, const std::string &what) {
  std::vector<Instance> instances;
  for (size_t i = 0; i < count; i++)
    instances.push_back(RandomInstance(shapes[i % shapes.size()], seed + i, int(i % 3)));

  std::vector<r1cs::WitnessCS> systems(count);
  std::vector<AllocatedNum> roots(count);
  std::vector<PorWitnessPath> paths;
  for (size_t i = 0; i < count; i++) {
    // a root that is already a variable of the system, or a value the gadget allocates
    const PorRoot root = root_as_var ? PorRoot::Var(roots[i] = AllocatedNum::Alloc(systems[i], instances[i].root))
                                     : PorRoot::Val(instances[i].root);
    paths.push_back({&systems[i], PorRoot::Val(instances[i].leaf), instances[i].path, root});
  }
  PoseidonPorWitnesses(paths, private_root);

  for (size_t i = 0; i < count; i++) {
    r1cs::ProvingAssignment pa;
    const PorRoot root =
        root_as_var ? PorRoot::Var(AllocatedNum::Alloc(pa, instances[i].root)) : PorRoot::Val(instances[i].root);
    const AllocatedNum computed =
        PorCircuit(pa, MerkleHasher::kPoseidon, PorRoot::Val(instances[i].leaf), instances[i].path, root, private_root);
    EXPECT_EQ(computed.Value(), instances[i].root) << what << ", path " << i;
    EXPECT_EQ(systems[i].aux_assignment, pa.aux_assignment) << what << ", path " << i;
    EXPECT_EQ(systems[i].input_assignment, pa.input_assignment) << what << ", path " << i;
    EXPECT_EQ(systems[i].NumConstraints(), pa.NumConstraints()) << what << ", path " << i;
  }
}

TEST(PorWitness, PathsClimbedTogetherEqualPorCircuitOneAtATime) {
  const std::vector<size_t> base8 = {8, 8, 8};
  const std::vector<size_t> compound = {8, 8, 8, 2};
  const std::vector<size_t> small = {2, 4, 2};
  for (size_t count : {1, 2, 7, 8, 9, 10, 16, 19}) {
    ExpectSameAsPorCircuit({base8}, count, true, true, 100 * count, std::to_string(count) + " 8-ary paths");
    ExpectSameAsPorCircuit({base8, compound, small}, count, false, false, 100 * count + 50,
                           std::to_string(count) + " paths of mixed shapes, public roots");
  }
}

TEST(PorWitness, APathOfNoLevelsIsItsLeaf) { ExpectSameAsPorCircuit({{}}, 3, true, false, 7, "empty paths"); }

TEST(PorWitness, ARefusedPathThrowsWhatPorCircuitThrows) {
  const Instance good = RandomInstance({8, 8}, 1, 0);
  Instance bad = RandomInstance({8, 8}, 2, 0);
  bad.path[1].index = 8;
  std::string expected;
  try {
    r1cs::ProvingAssignment pa;
    (void)PorCircuit(pa, MerkleHasher::kPoseidon, PorRoot::Val(bad.leaf), bad.path, PorRoot::Val(bad.root), true);
  } catch (const r1cs::SynthesisError &e) {
    expected = e.what();
  }
  ASSERT_FALSE(expected.empty());
  std::vector<r1cs::WitnessCS> systems(2);
  const std::vector<PorWitnessPath> paths = {{&systems[0], PorRoot::Val(good.leaf), good.path, PorRoot::Val(good.root)},
                                             {&systems[1], PorRoot::Val(bad.leaf), bad.path, PorRoot::Val(bad.root)}};
  try {
    PoseidonPorWitnesses(paths, true);
    ADD_FAILURE() << "the refused path was synthesised";
  } catch (const r1cs::SynthesisError &e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

TEST(PorWitness, NativeGadgetsOffSynthesisesEachPathWithPorCircuit) {
  const Instance in = RandomInstance({8, 8, 2}, 3, 0);
  std::vector<r1cs::WitnessCS> systems(2);
  for (r1cs::WitnessCS &w : systems) w.SetNativeGadgets(false);
  const std::vector<PorWitnessPath> paths = {{&systems[0], PorRoot::Val(in.leaf), in.path, PorRoot::Val(in.root)},
                                             {&systems[1], PorRoot::Val(in.leaf), in.path, PorRoot::Val(in.root)}};
  PoseidonPorWitnesses(paths, false);
  r1cs::ProvingAssignment pa;
  (void)PorCircuit(pa, MerkleHasher::kPoseidon, PorRoot::Val(in.leaf), in.path, PorRoot::Val(in.root), false);
  for (const r1cs::WitnessCS &w : systems) {
    EXPECT_EQ(w.aux_assignment, pa.aux_assignment);
    EXPECT_EQ(w.input_assignment, pa.input_assignment);
    EXPECT_EQ(w.NumConstraints(), pa.NumConstraints());
  }
}

} // namespace
} // namespace cuzk::gadgets
