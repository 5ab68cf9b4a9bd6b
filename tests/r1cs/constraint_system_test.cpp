// tests/r1cs/constraint_system_test.cpp — linear combinations and the four constraint systems:
// one circuit synthesised into every system must give the same variables, values and counts.
#include "r1cs/r1cs.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

namespace cuzk::r1cs {
namespace {

TEST(LinearCombination, MergesAndSortsTerms) {
  LinearCombination lc;
  lc.Add(Variable::Aux(5)).Add(Variable::Aux(2), Fr::FromUint(3)).Add(Variable::Input(1)).Add(Variable::Aux(5));
  ASSERT_EQ(lc.Aux().size(), 2u);
  EXPECT_EQ(lc.Aux()[0].index, 2u);
  EXPECT_EQ(lc.Aux()[1].index, 5u);
  EXPECT_EQ(lc.Aux()[1].coeff, Fr::FromUint(2));
  lc.Sub(Variable::Aux(2)).Sub(Variable::Aux(2)).Sub(Variable::Aux(2));
  EXPECT_TRUE(lc.Aux()[0].coeff.IsZero()); // cancelled, kept as a zero-coefficient term
  std::vector<Fr> inputs{Fr::One(), Fr::FromUint(7)}, aux(6, Fr::FromUint(10));
  EXPECT_EQ(lc.Evaluate(inputs, aux), Fr::FromUint(7 + 20));
}

TEST(LinearCombination, GrowsPastInlineCapacity) {
  LinearCombination lc;
  for (uint32_t i = 100; i-- > 0;) lc.Add(Variable::Aux(i), Fr::FromUint(i)); // descending: inserts at front
  ASSERT_EQ(lc.Aux().size(), 100u);
  for (uint32_t i = 0; i < 100; i++) EXPECT_EQ(lc.Aux()[i].index, i);
  LinearCombination copy = lc, moved = std::move(copy);
  EXPECT_EQ(moved.Aux()[99].coeff, Fr::FromUint(99));
  LinearCombination sum = moved + moved * Fr::FromUint(2);
  EXPECT_EQ(sum.Aux()[10].coeff, Fr::FromUint(30));
}

// Densities recomputed from the recorded matrices: a variable counts with a non-zero coefficient.
std::vector<bool> DensityFromMatrix(const SparseMatrix &m, VarKind kind, size_t n) {
  std::vector<bool> d(n, false);
  for (size_t k = 0; k < m.columns.size(); k++) {
    Variable v = Column::Unpack(m.columns[k]);
    if (v.kind == kind && !m.values[k].IsZero()) d[v.index] = true;
  }
  return d;
}

Fr EvalRow(const SparseMatrix &m, size_t row, std::span<const Fr> inputs, std::span<const Fr> aux) {
  Fr acc = Fr::Zero();
  for (uint64_t k = m.row_start[row]; k < m.row_start[row + 1]; k++) {
    Variable v = Column::Unpack(m.columns[k]);
    acc += m.values[k] * (v.IsInput() ? inputs[v.index] : aux[v.index]);
  }
  return acc;
}

template <class C> void ExpectSystemsAgree(const C &circuit) {
  ProvingAssignment pa;
  WitnessCS wcs;
  TestCS tcs;
  TestCS counting(false);
  RecordingCS rec;
  circuit.Synthesize(pa);
  circuit.Synthesize(wcs);
  circuit.Synthesize(tcs);
  circuit.Synthesize(counting);
  circuit.Synthesize(rec);

  EXPECT_TRUE(tcs.IsSatisfied()) << *tcs.WhichIsUnsatisfied();
  for (const ConstraintSystem *cs : std::initializer_list<const ConstraintSystem *>{&wcs, &tcs, &counting, &rec}) {
    EXPECT_EQ(cs->NumInputs(), pa.NumInputs());
    EXPECT_EQ(cs->NumAux(), pa.NumAux());
    EXPECT_EQ(cs->NumConstraints(), pa.NumConstraints());
  }
  EXPECT_TRUE(wcs.input_assignment == pa.input_assignment);
  EXPECT_TRUE(wcs.aux_assignment == pa.aux_assignment);
  EXPECT_TRUE(tcs.input_assignment == pa.input_assignment);
  EXPECT_TRUE(tcs.aux_assignment == pa.aux_assignment);
  EXPECT_TRUE(pa.input_assignment[0].IsOne());

  for (size_t i = 0; i < rec.NumConstraints(); i++) {
    EXPECT_EQ(EvalRow(rec.a, i, pa.input_assignment, pa.aux_assignment), pa.a[i]) << i;
    EXPECT_EQ(EvalRow(rec.b, i, pa.input_assignment, pa.aux_assignment), pa.b[i]) << i;
    EXPECT_EQ(EvalRow(rec.c, i, pa.input_assignment, pa.aux_assignment), pa.c[i]) << i;
    EXPECT_EQ(pa.a[i] * pa.b[i], pa.c[i]) << i;
  }
  auto a_aux = DensityFromMatrix(rec.a, VarKind::kAux, pa.NumAux());
  auto b_aux = DensityFromMatrix(rec.b, VarKind::kAux, pa.NumAux());
  auto b_in = DensityFromMatrix(rec.b, VarKind::kInput, pa.NumInputs());
  for (size_t i = 0; i < pa.NumAux(); i++) {
    EXPECT_EQ(pa.a_aux_density.Get(i), a_aux[i]) << i;
    EXPECT_EQ(pa.b_aux_density.Get(i), b_aux[i]) << i;
  }
  for (size_t i = 0; i < pa.NumInputs(); i++) EXPECT_EQ(pa.b_input_density.Get(i), b_in[i]) << i;
}

TEST(ConstraintSystems, AgreeOnCube) { ExpectSystemsAgree(CubeCircuit{Fr::FromUint(3)}); }
TEST(ConstraintSystems, AgreeOnMulChain) { ExpectSystemsAgree(MulChainCircuit{Fr::FromUint(11), 20}); }
TEST(ConstraintSystems, AgreeOnRandomR1cs) { ExpectSystemsAgree(RandomCircuit(500, 4, 42)); }

TEST(ConstraintSystems, RandomR1csHasSparseDensity) {
  ProvingAssignment pa;
  RandomCircuit(300, 3, 7).Synthesize(pa);
  // the last products are never used again: not everything is in A or B
  EXPECT_LT(pa.a_aux_density.Count(), pa.NumAux());
  EXPECT_LT(pa.b_aux_density.Count(), pa.NumAux());
  EXPECT_GT(pa.a_aux_density.Count(), 0u);
}

TEST(TestCS, NamesFirstUnsatisfiedConstraint) {
  struct Broken {
    void Synthesize(ConstraintSystem &cs) const {
      Namespace outer(cs, "outer");
      Variable x = cs.Alloc("x", [] { return Fr::FromUint(3); });
      {
        Namespace inner(cs, "inner");
        Variable y = cs.Alloc("y", [] { return Fr::FromUint(10); }); // 3·3 ≠ 10
        cs.Enforce("square", x, x, y);
      }
      cs.Enforce("also wrong", x, x, x);
    }
  };
  TestCS cs;
  Broken{}.Synthesize(cs);
  ASSERT_FALSE(cs.IsSatisfied());
  EXPECT_EQ(*cs.WhichIsUnsatisfied(), "outer/inner/square");
}

TEST(ConstraintSystems, LambdaEnforceIsCountedEverywhere) {
  struct C {
    void Synthesize(ConstraintSystem &cs) const {
      Variable x = cs.Alloc("x", [] { return Fr::FromUint(2); });
      cs.Enforce(
          "id", [&](LinearCombination lc) { return lc + x; },
          [](LinearCombination lc) { return lc + ConstraintSystem::One(); },
          [&](LinearCombination lc) { return lc + x; });
    }
  };
  WitnessCS w;
  ProvingAssignment p;
  C{}.Synthesize(w);
  C{}.Synthesize(p);
  EXPECT_EQ(w.NumConstraints(), 1u);
  EXPECT_EQ(p.NumConstraints(), 1u);
  EXPECT_EQ(p.a[0], Fr::FromUint(2));
}

// Extending by a separately synthesised system equals synthesising both circuits in sequence.
TEST(ConstraintSystems, ExtendEqualsSequentialSynthesis) {
  MulChainCircuit first{Fr::FromUint(5), 6};
  RandomCircuit second(50, 2, 3);
  ProvingAssignment seq, head, tail;
  first.Synthesize(seq);
  second.Synthesize(seq);
  first.Synthesize(head);
  second.Synthesize(tail);
  ASSERT_TRUE(head.IsExtensible());
  head.Extend(tail);
  EXPECT_TRUE(head.input_assignment == seq.input_assignment);
  EXPECT_TRUE(head.aux_assignment == seq.aux_assignment);
  EXPECT_TRUE(head.a == seq.a);
  EXPECT_TRUE(head.b == seq.b);
  EXPECT_TRUE(head.c == seq.c);
  EXPECT_EQ(head.b_input_density.Count(), seq.b_input_density.Count());
  EXPECT_EQ(head.a_aux_density.Count(), seq.a_aux_density.Count());
  for (size_t i = 0; i < seq.NumAux(); i++) EXPECT_EQ(head.b_aux_density.Get(i), seq.b_aux_density.Get(i));

  WitnessCS wseq, whead, wtail;
  first.Synthesize(wseq);
  second.Synthesize(wseq);
  first.Synthesize(whead);
  second.Synthesize(wtail);
  ASSERT_TRUE(whead.IsExtensible());
  whead.Extend(wtail);
  EXPECT_TRUE(whead.input_assignment == seq.input_assignment);
  EXPECT_TRUE(whead.aux_assignment == seq.aux_assignment);
  EXPECT_EQ(whead.NumConstraints(), seq.NumConstraints());
  EXPECT_FALSE(TestCS().IsExtensible());
  EXPECT_FALSE(RecordingCS().IsExtensible());
}

// ONE occurring in B only in the appended part still occurs in B after Extend (a parallel synthesis
// that appends parts must give the density a sequential one gives).
TEST(ConstraintSystems, ExtendMergesTheDensityOfOne) {
  const auto head_part = [](ConstraintSystem &cs) {
    const Variable a = cs.Alloc("a", [] { return Fr::FromUint(1); });
    cs.Enforce("a*a=a", LinearCombination() + a, LinearCombination() + a, LinearCombination() + a);
  };
  const auto tail_part = [](ConstraintSystem &cs) {
    const Variable b = cs.Alloc("b", [] { return Fr::FromUint(3); });
    cs.Enforce("b*1=b", LinearCombination() + b, LinearCombination() + ConstraintSystem::One(),
               LinearCombination() + b);
  };
  ProvingAssignment seq, head, tail;
  head_part(seq);
  tail_part(seq);
  head_part(head);
  tail_part(tail);
  ASSERT_TRUE(seq.b_input_density.Get(0));
  ASSERT_FALSE(head.b_input_density.Get(0));
  head.Extend(tail);
  EXPECT_TRUE(head.b_input_density.Get(0));
  EXPECT_EQ(head.b_input_density.Count(), seq.b_input_density.Count());
  EXPECT_EQ(head.b_input_density.Size(), seq.b_input_density.Size());
}

} // namespace
} // namespace cuzk::r1cs
