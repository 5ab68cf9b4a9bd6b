// tests/pce/pce_test.cpp — recording and evaluating pre-compiled circuits equals generic synthesis.
#include "pce/evaluate.hpp"
#include "pce/pce_file.hpp"
#include "pce/recorder.hpp"
#include "r1cs/assignment_difference.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

#include <random>

namespace cuzk::pce {
namespace {

using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

// PCE synthesis of a circuit: record, witness, evaluate.
template <class C>
r1cs::ProvingAssignment ThroughPce(const C &circuit, std::shared_ptr<const PreCompiledCircuit> *out) {
  auto pce = Record([&](ConstraintSystem &cs) { circuit.Synthesize(cs); }, "test");
  EXPECT_TRUE(pce.HasValue()) << pce.ErrorMessage();
  r1cs::WitnessCS w;
  circuit.Synthesize(w);
  r1cs::ProvingAssignment pa;
  Status s = Evaluate(**pce, std::move(w), pa);
  EXPECT_TRUE(s.IsOk()) << s.ErrorMessage();
  if (out) *out = *pce;
  return pa;
}

template <class C> r1cs::ProvingAssignment Generic(const C &circuit) {
  r1cs::ProvingAssignment pa;
  circuit.Synthesize(pa);
  return pa;
}

// Rows of every kind the form distinguishes: unit rows with both signs, rows with other
// coefficients, long rows (over 126 terms) of both kinds, empty rows, cancelled terms, inputs in
// B, and values that are 0, 1 and neither.
struct FormCircuit {
  uint64_t seed;
  void Synthesize(ConstraintSystem &cs) const {
    std::mt19937_64 rng(seed);
    std::vector<Variable> vars;
    std::vector<Fr> vals;
    for (int i = 0; i < 300; i++) {
      const uint64_t kind = rng() % 4;
      Fr v = kind == 0 ? Fr::Zero() : kind == 1 ? Fr::One() : Fr::Random(rng);
      vars.push_back(i % 37 == 0 ? cs.AllocInput("in", [&] { return v; }) : cs.Alloc("x", [&] { return v; }));
      vals.push_back(v);
    }
    for (int row = 0; row < 9000; row++) { // more than two blocks
      LinearCombination lc[3];
      for (int side = 0; side < 3; side++) {
        const int shape = int(rng() % 8);
        const size_t terms = shape == 0 ? 0 : shape == 1 ? 127 + rng() % 200 : 1 + rng() % 5;
        for (size_t t = 0; t < terms; t++) {
          const Variable v = vars[rng() % vars.size()];
          const uint64_t c = rng() % 6;
          const Fr coeff = c == 0        ? Fr::One()
                           : c == 1      ? -Fr::One()
                           : c == 2      ? Fr::FromUint(uint64_t(1) << (rng() % 60))
                           : c == 3      ? Fr::FromUint(rng() % 1000)
                           : (shape & 1) ? Fr::One()
                                         : -Fr::One();
          lc[side].Add(v, coeff);
        }
        if (shape == 7 && terms > 0) { // a term that cancels
          const Variable v = vars[rng() % vars.size()];
          lc[side].Add(v, Fr::FromUint(3)).Add(v, -Fr::FromUint(3));
        }
      }
      lc[1].Add(ConstraintSystem::One(), Fr::FromUint(row % 3)); // ONE in B, sometimes with coefficient 0
      cs.Enforce("row", lc[0], lc[1], lc[2]);
    }
  }
};

TEST(Pce, SampleCircuitsEqualGenericSynthesis) {
  EXPECT_EQ(r1cs::AssignmentDifference(ThroughPce(r1cs::CubeCircuit{Fr::FromUint(3)}, nullptr),
                                       Generic(r1cs::CubeCircuit{Fr::FromUint(3)})),
            "");
  EXPECT_EQ(r1cs::AssignmentDifference(ThroughPce(r1cs::MulChainCircuit{Fr::FromUint(7), 50}, nullptr),
                                       Generic(r1cs::MulChainCircuit{Fr::FromUint(7), 50})),
            "");
  for (uint64_t seed : {1, 2, 3}) {
    const r1cs::RandomCircuit c(5000, 7, seed, seed + 10);
    EXPECT_EQ(r1cs::AssignmentDifference(ThroughPce(c, nullptr), Generic(c)), "") << "seed " << seed;
  }
}

TEST(Pce, EveryRowFormEqualsGenericSynthesis) {
  for (uint64_t seed : {11, 12}) {
    std::shared_ptr<const PreCompiledCircuit> pce;
    const FormCircuit c{seed};
    EXPECT_EQ(r1cs::AssignmentDifference(ThroughPce(c, &pce), Generic(c)), "") << "seed " << seed;
    ASSERT_TRUE(pce);
    EXPECT_FALSE(pce->A().long_lengths.empty()) << "the circuit must exercise long rows";
    EXPECT_GT(pce->Coefficients().size(), 2u);
    EXPECT_TRUE(Validate(*pce).IsOk());
  }
}

TEST(Pce, OneWitnessShapeOnly) {
  // the same recording evaluates any witness of its circuit, and refuses another circuit's
  std::shared_ptr<const PreCompiledCircuit> pce;
  const r1cs::RandomCircuit shape(2000, 3, 5, 1);
  ThroughPce(shape, &pce);
  const r1cs::RandomCircuit other_values(2000, 3, 5, 99);
  r1cs::WitnessCS w;
  other_values.Synthesize(w);
  r1cs::ProvingAssignment pa;
  ASSERT_TRUE(Evaluate(*pce, std::move(w), pa).IsOk());
  EXPECT_EQ(r1cs::AssignmentDifference(pa, Generic(other_values)), "");

  r1cs::WitnessCS longer;
  r1cs::RandomCircuit(2001, 3, 5, 1).Synthesize(longer);
  r1cs::ProvingAssignment pb;
  const Status s = Evaluate(*pce, std::move(longer), pb);
  ASSERT_FALSE(s.IsOk());
  EXPECT_NE(s.ErrorMessage().find("2001"), std::string::npos) << s.ErrorMessage();
}

TEST(Pce, UnitRowsStoreNoCoefficients) {
  // x·(1 − x) = 0 and a + b − c: the booleans and XORs of SHA-256 need no coefficient storage
  struct Bits {
    void Synthesize(ConstraintSystem &cs) const {
      for (int i = 0; i < 100; i++) {
        const Variable x = cs.Alloc("x", [] { return Fr::One(); });
        cs.Enforce("bool", x, LinearCombination(ConstraintSystem::One()).Sub(x), LinearCombination());
      }
    }
  };
  std::shared_ptr<const PreCompiledCircuit> pce;
  EXPECT_EQ(r1cs::AssignmentDifference(ThroughPce(Bits{}, &pce), Generic(Bits{})), "");
  EXPECT_EQ(pce->A().coeff_index.size() + pce->B().coeff_index.size() + pce->C().coeff_index.size(), 0u);
  EXPECT_EQ(pce->B().Nnz(), 200u);
  EXPECT_EQ(pce->C().Nnz(), 0u);
}

TEST(Pce, TooManyCoefficientsIsAnError) {
  struct Wide {
    void Synthesize(ConstraintSystem &cs) const {
      const Variable x = cs.Alloc("x", [] { return Fr::One(); });
      for (uint64_t i = 0; i < MAX_COEFFICIENTS + 10; i++)
        cs.Enforce("c", LinearCombination().Add(x, Fr::FromUint(i + 2)), ConstraintSystem::One(), LinearCombination());
    }
  };
  auto pce = Record([](ConstraintSystem &cs) { Wide{}.Synthesize(cs); }, "wide");
  ASSERT_FALSE(pce.HasValue());
  EXPECT_NE(pce.ErrorMessage().find("distinct coefficients"), std::string::npos) << pce.ErrorMessage();
}

TEST(Pce, SynthesisErrorsBecomeErrors) {
  auto pce = Record([](ConstraintSystem &) { throw r1cs::SynthesisError("bad proof"); }, "x");
  ASSERT_FALSE(pce.HasValue());
  EXPECT_NE(pce.ErrorMessage().find("bad proof"), std::string::npos);
}

} // namespace
} // namespace cuzk::pce
