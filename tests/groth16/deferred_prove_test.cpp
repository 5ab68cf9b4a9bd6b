// tests/groth16/deferred_prove_test.cpp — the CPU backend proves an assignment whose a, b, c are
// deferred (r1cs/deferred_abc.hpp) exactly as the assignment that holds them, and refuses one whose
// deferred evaluation is recorded for other variable counts or that holds a, b, c too.
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace cuzk::groth16 {
namespace {

// deferred a, b, c that were formed already (the pce layer's implementation records matrices)
class Formed final : public r1cs::DeferredAbc {
public:
  explicit Formed(const r1cs::ProvingAssignment &pa) : pa_(pa) {}
  size_t NumConstraints() const override { return pa_.a.size(); }
  size_t NumInputs() const override { return inputs_ ? inputs_ : pa_.NumInputs(); }
  size_t NumAux() const override { return pa_.NumAux(); }
  void EvaluateOnHost(std::span<const Fr>, std::span<const Fr>, Fr *a, Fr *b, Fr *c) const override {
    std::copy(pa_.a.begin(), pa_.a.end(), a);
    std::copy(pa_.b.begin(), pa_.b.end(), b);
    std::copy(pa_.c.begin(), pa_.c.end(), c);
  }
  size_t inputs_ = 0; //!< a count to claim instead of the assignment's (0: the assignment's)

private:
  r1cs::ProvingAssignment pa_;
};

r1cs::ProvingAssignment DeferredCopy(const r1cs::ProvingAssignment &full, std::shared_ptr<const Formed> d) {
  r1cs::ProvingAssignment pa = full;
  pa.a.clear();
  pa.b.clear();
  pa.c.clear();
  pa.deferred = std::move(d);
  return pa;
}

// the CPU backend's proof of `other` with randomness (r, s) equals that of `full`
void ExpectSameProof(const Parameters &params, const r1cs::ProvingAssignment &full,
                     const r1cs::ProvingAssignment &other, uint64_t r, uint64_t s, ProverTimings *t = nullptr) {
  CpuBackend cpu;
  auto want = cpu.ProveStart(params, std::span(&full, 1));
  auto got = cpu.ProveStart(params, std::span(&other, 1), t);
  ASSERT_TRUE(want && got) << got.ErrorMessage();
  auto p_want = ProveFinish(params.vk, (*want)[0], Fr::FromUint(r), Fr::FromUint(s));
  auto p_got = ProveFinish(params.vk, (*got)[0], Fr::FromUint(r), Fr::FromUint(s));
  ASSERT_TRUE(p_want && p_got);
  EXPECT_TRUE(EncodeProof(*p_got) == EncodeProof(*p_want));
}

TEST(DeferredProve, CpuBackendGivesTheSameProof) {
  const r1cs::RandomCircuit circuit(3000, 4, 7);
  std::mt19937_64 rng(1);
  auto params = GenerateParameters(circuit, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  r1cs::ProvingAssignment full;
  circuit.Synthesize(full);
  const r1cs::ProvingAssignment deferred = DeferredCopy(full, std::make_shared<Formed>(full));
  EXPECT_TRUE(deferred.IsDeferred());
  EXPECT_EQ(deferred.NumConstraints(), full.NumConstraints());
  EXPECT_TRUE(deferred.a.empty());

  ProverTimings t;
  ExpectSameProof(*params, full, deferred, 5, 9, &t);
  EXPECT_GT(t.abc, 0.0) << "the host evaluation is timed";

  // Materialize forms a, b, c on the host: the assignment is then the full one
  r1cs::ProvingAssignment materialized = deferred;
  materialized.Materialize();
  EXPECT_FALSE(materialized.IsDeferred());
  EXPECT_TRUE(materialized.a == full.a && materialized.b == full.b && materialized.c == full.c);
}

TEST(DeferredProve, PackedWitnessGivesTheSameProof) {
  // what the engine holds for a GPU prover: a deferred assignment with its aux values packed; any
  // backend that reads the values whole (the CPU one here) unpacks them
  const r1cs::BitsCircuit circuit{.num_bits = 3000, .num_inputs = 4, .seed = 4};
  std::mt19937_64 rng(3);
  auto params = GenerateParameters(circuit, rng);
  ASSERT_TRUE(params) << params.ErrorMessage();
  r1cs::ProvingAssignment full;
  circuit.Synthesize(full);
  r1cs::ProvingAssignment packed = DeferredCopy(full, std::make_shared<Formed>(full));
  ASSERT_TRUE(packed.PackAux());
  EXPECT_TRUE(packed.aux_assignment.empty());

  ExpectSameProof(*params, full, packed, 11, 13);

  r1cs::ProvingAssignment materialized = packed;
  materialized.Materialize();
  EXPECT_FALSE(materialized.aux_packed);
  EXPECT_TRUE(materialized.aux_assignment == full.aux_assignment && materialized.a == full.a);
}

TEST(DeferredProve, MismatchesAreErrors) {
  const r1cs::RandomCircuit circuit(300, 3, 8);
  std::mt19937_64 rng(2);
  auto params = GenerateParameters(circuit, rng);
  ASSERT_TRUE(params);
  r1cs::ProvingAssignment full;
  circuit.Synthesize(full);
  auto other = std::make_shared<Formed>(full);
  other->inputs_ = full.NumInputs() + 1;
  const r1cs::ProvingAssignment wrong = DeferredCopy(full, other);
  CpuBackend cpu;
  auto refused = cpu.ProveStart(*params, std::span(&wrong, 1));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.ErrorMessage().find("deferred"), std::string::npos) << refused.ErrorMessage();

  r1cs::ProvingAssignment both = full;
  both.deferred = std::make_shared<Formed>(full);
  auto refused_both = cpu.ProveStart(*params, std::span(&both, 1));
  ASSERT_FALSE(refused_both);
  EXPECT_NE(refused_both.ErrorMessage().find("also holds"), std::string::npos) << refused_both.ErrorMessage();

  // a deferred assignment takes no more variables or constraints
  r1cs::ProvingAssignment deferred = DeferredCopy(full, std::make_shared<Formed>(full));
  EXPECT_THROW(deferred.Alloc("x", [] { return Fr::One(); }), r1cs::SynthesisError);
  EXPECT_THROW(deferred.Extend(full), r1cs::SynthesisError);
}

} // namespace
} // namespace cuzk::groth16
