// tests/pce/deferred_test.cpp — pce::Defer leaves a, b, c to the prover: the deferred assignment has
// the witness and densities of pce::Evaluate's, the circuit's constraint count, and once formed on
// the host (Materialize, what the CPU backend does) equals it element for element.
#include "pce/deferred.hpp"
#include "pce/evaluate.hpp"
#include "pce/recorder.hpp"
#include "r1cs/assignment_difference.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

namespace cuzk::pce {
namespace {

TEST(PceDeferred, MaterializedEqualsEvaluated) {
  const r1cs::RandomCircuit circuit(9000, 5, 3);
  auto recorded = Record([&](r1cs::ConstraintSystem &cs) { circuit.Synthesize(cs); }, "deferred test");
  ASSERT_TRUE(recorded) << recorded.ErrorMessage();
  r1cs::WitnessCS w1, w2;
  circuit.Synthesize(w1);
  circuit.Synthesize(w2);
  r1cs::ProvingAssignment evaluated, deferred;
  ASSERT_TRUE(Evaluate(**recorded, std::move(w1), evaluated).IsOk());
  ASSERT_TRUE(Defer(*recorded, std::move(w2), deferred).IsOk());
  EXPECT_TRUE(deferred.IsDeferred());
  EXPECT_TRUE(deferred.a.empty() && deferred.b.empty() && deferred.c.empty());
  EXPECT_EQ(deferred.NumConstraints(), evaluated.NumConstraints());
  EXPECT_EQ(DeferredCircuit(deferred).get(), recorded->get());
  EXPECT_EQ(DeferredCircuit(evaluated), nullptr);
  deferred.Materialize();
  EXPECT_FALSE(deferred.IsDeferred());
  EXPECT_EQ(r1cs::AssignmentDifference(deferred, evaluated), "");
}

TEST(PceDeferred, WitnessOfAnotherShapeIsAnError) {
  const r1cs::RandomCircuit circuit(500, 2, 4), other(501, 2, 4);
  auto recorded = Record([&](r1cs::ConstraintSystem &cs) { circuit.Synthesize(cs); }, "deferred test");
  ASSERT_TRUE(recorded);
  r1cs::WitnessCS w;
  other.Synthesize(w);
  r1cs::ProvingAssignment pa;
  const Status s = Defer(*recorded, std::move(w), pa);
  EXPECT_FALSE(s.IsOk());
  EXPECT_FALSE(pa.IsDeferred());
  r1cs::WitnessCS none;
  EXPECT_FALSE(Defer(nullptr, std::move(none), pa).IsOk());
}

} // namespace
} // namespace cuzk::pce
