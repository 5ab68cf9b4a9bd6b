// tests/gpu/prover_fixtures.hpp — circuits, parameters and CPU references for the GPU prover tests.
#pragma once
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"

#include <memory>
#include <random>
#include <string>

namespace cuzk::gpu::test {

using ff::Fr;
using r1cs::ConstraintSystem;
using r1cs::LinearCombination;
using r1cs::Variable;

using r1cs::BitsCircuit;

//! parameters (test setup) and one synthesised assignment of a circuit
struct ProverCase {
  std::string name;
  std::shared_ptr<const groth16::Parameters> params;
  std::shared_ptr<const r1cs::ProvingAssignment> assignment;
  std::vector<Fr> public_inputs; //!< ONE excluded
};

template <class C> ProverCase MakeCase(std::string name, const C &circuit, uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto params = groth16::GenerateParameters(circuit, rng);
  if (!params) throw std::runtime_error(name + ": setup failed: " + params.ErrorMessage());
  auto pa = std::make_shared<r1cs::ProvingAssignment>();
  circuit.Synthesize(*pa);
  ProverCase c;
  c.name = std::move(name);
  c.params = std::make_shared<const groth16::Parameters>(std::move(params).Value());
  c.public_inputs.assign(pa->input_assignment.begin() + 1, pa->input_assignment.end());
  c.assignment = std::move(pa);
  return c;
}

//! random R1CS, the sample circuits and bit-heavy witnesses, several sizes (domains 2^1 … 2^15)
inline std::vector<ProverCase> StandardCases() {
  std::vector<ProverCase> cases;
  cases.push_back(MakeCase("cube", r1cs::CubeCircuit{Fr::FromUint(3)}, 11));
  cases.push_back(MakeCase("mul chain", r1cs::MulChainCircuit{Fr::FromUint(7), 40}, 12));
  cases.push_back(MakeCase("random 1", r1cs::RandomCircuit(1, 1, 13), 13));
  cases.push_back(MakeCase("random 300", r1cs::RandomCircuit(300, 3, 14), 14));
  cases.push_back(MakeCase("random 5000", r1cs::RandomCircuit(5000, 4, 15), 15));
  cases.push_back(MakeCase("bits 700", BitsCircuit{700, 4, 16}, 16));
  cases.push_back(MakeCase("bits 20000", BitsCircuit{20000, 7, 17}, 17));
  return cases;
}

inline bool SamePartial(const groth16::PartialProof &x, const groth16::PartialProof &y, std::string &which) {
  const std::pair<const char *, bool> checks[] = {{"h", x.h == y.h},
                                                  {"l", x.l == y.l},
                                                  {"a_inputs", x.a_inputs == y.a_inputs},
                                                  {"a_aux", x.a_aux == y.a_aux},
                                                  {"b_g1_inputs", x.b_g1_inputs == y.b_g1_inputs},
                                                  {"b_g1_aux", x.b_g1_aux == y.b_g1_aux},
                                                  {"b_g2_inputs", x.b_g2_inputs == y.b_g2_inputs},
                                                  {"b_g2_aux", x.b_g2_aux == y.b_g2_aux}};
  for (const auto &[name, same] : checks) {
    if (!same) {
      which = name;
      return false;
    }
  }
  return true;
}

} // namespace cuzk::gpu::test
