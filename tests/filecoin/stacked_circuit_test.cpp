// tests/filecoin/stacked_circuit_test.cpp — the PoRep partition circuit's counts: upstream's
// stacked_circuit.rs configurations (spec/porep.md §4.1) and the production partitions of §4.2,
// from blank circuits as parameter generation builds them; malformed proofs are errors.
#include "filecoin/stacked_circuit.hpp"

#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

// Counts only: neither values nor linear combinations are built (the cheapest synthesis; the
// count never depends on them).
class CountingCS final : public r1cs::ConstraintSystem {
public:
  bool WantsValues() const override { return false; }
  bool WantsConstraints() const override { return false; }
  size_t NumInputs() const override { return inputs_; }
  size_t NumAux() const override { return aux_; }
  size_t NumConstraints() const override { return constraints_; }

protected:
  r1cs::Variable AllocVariable(r1cs::VarKind kind, std::string_view, r1cs::ValueFn) override {
    return kind == r1cs::VarKind::Input ? r1cs::Variable::Input(uint32_t(inputs_++))
                                        : r1cs::Variable::Aux(uint32_t(aux_++));
  }
  void AddConstraint(std::string_view, const r1cs::LinearCombination &, const r1cs::LinearCombination &,
                     const r1cs::LinearCombination &) override {
    constraints_++;
  }

private:
  size_t inputs_ = 1, aux_ = 0, constraints_ = 0;
};

PorepConfig Config(uint64_t nodes, size_t layers, TreeShape shape, size_t challenges) {
  PorepConfig c;
  c.nodes = nodes;
  c.sector_size = nodes * NODE_SIZE;
  c.layers = layers;
  c.partitions = 1;
  c.challenges_per_partition = challenges;
  c.shape = shape;
  return c;
}

} // namespace

TEST(StackedCircuit, UpstreamTestConfigurations) {
  // storage-proofs-porep/tests/stacked_circuit.rs: 2 layers, 1 challenge, 22 inputs with ONE
  struct Case {
    uint64_t nodes;
    TreeShape shape;
    size_t constraints;
  };
  const Case cases[] = {
      {8, {2, 0, 0}, 1206212},
      {8, {8, 0, 0}, 1199620},
      {32, {8, 4, 0}, 1296576},
      {64, {8, 4, 2}, 1346982},
  };
  for (const Case &c : cases) {
    auto input = BlankStackedCircuitInput(Config(c.nodes, 2, c.shape, 1));
    ASSERT_TRUE(input.ok());
    r1cs::TestCS cs(false); // builds every linear combination, as parameter generation does
    SynthesizeStackedCircuit(cs, *input);
    EXPECT_EQ(cs.NumConstraints(), c.constraints) << c.nodes << " nodes, base " << c.shape.base;
    EXPECT_EQ(cs.NumInputs(), 22u);
  }
}

TEST(StackedCircuit, Production2KiBAnd8MiBPartitions) {
  // spec/porep.md §1 table and §4.2: 2 layers, 2 challenges per partition, 8-0-0 trees
  for (auto [nodes, expected] : {std::pair<uint64_t, size_t>{64, 2687921}, {uint64_t(1) << 18, 3844929}}) {
    auto input = BlankStackedCircuitInput(Config(nodes, 2, {8, 0, 0}, 2));
    ASSERT_TRUE(input.ok());
    CountingCS cs;
    SynthesizeStackedCircuit(cs, *input);
    EXPECT_EQ(cs.NumConstraints(), expected) << nodes << " nodes";
    EXPECT_EQ(cs.NumInputs(), 3u + 18 * 2 + 1);
  }
}

TEST(StackedCircuit, Production32GiBPartition) {
  // §4.2: top level 571 + 18 challenges × 7,237,665 = 130,278,541 constraints, 328 inputs (with ONE)
  auto input = BlankStackedCircuitInput(Config(uint64_t(1) << 30, 11, {8, 8, 0}, 18));
  ASSERT_TRUE(input.ok());
  CountingCS cs;
  SynthesizeStackedCircuit(cs, *input);
  EXPECT_EQ(cs.NumConstraints(), 130278541u);
  EXPECT_EQ(cs.NumInputs(), 328u);
}

TEST(StackedCircuit, MalformedProofsAreErrors) {
  auto blank = BlankStackedCircuitInput(Config(64, 2, {8, 0, 0}, 1));
  ASSERT_TRUE(blank.ok());
  {
    StackedCircuitInput in = *blank;
    in.proofs[0].replica_column_proofs.drg_parents.pop_back();
    CountingCS cs;
    EXPECT_THROW(SynthesizeStackedCircuit(cs, in), r1cs::SynthesisError);
  }
  {
    StackedCircuitInput in = *blank;
    in.proofs[0].replica_column_proofs.exp_parents[3].column.rows.pop_back();
    CountingCS cs;
    EXPECT_THROW(SynthesizeStackedCircuit(cs, in), r1cs::SynthesisError);
  }
  {
    StackedCircuitInput in = *blank;
    in.proofs[0].comm_d_proofs.leaf.fill(0xff); // ≥ r: not a field element
    CountingCS cs;
    EXPECT_THROW(SynthesizeStackedCircuit(cs, in), r1cs::SynthesisError);
  }
  {
    StackedCircuitInput in = *blank;
    in.proofs[0].comm_r_last_proof.base[0].hashes.pop_back(); // arity 7
    CountingCS cs;
    EXPECT_THROW(SynthesizeStackedCircuit(cs, in), r1cs::SynthesisError);
  }
  EXPECT_FALSE(BlankStackedCircuitInput(Config(48, 2, {8, 0, 0}, 1)).ok());
  EXPECT_FALSE(BlankStackedCircuitInput(Config(32, 2, {8, 8, 0}, 1)).ok()); // 8 base trees of 4 leaves
  EXPECT_FALSE(StackedCircuitInputFromC1(SealCommitPhase1Output{}, 0, 2).ok());
}
