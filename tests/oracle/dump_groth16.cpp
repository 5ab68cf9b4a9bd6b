// tests/oracle/dump_groth16.cpp — proofs from the real CPU prover, with our test setup, for
// groth16_check.mjs: snarkjs 0.7.6 and an independent noble verifier must accept each proof and
// reject its tampered copies (issue 3's cross-implementation check). Circuits: the cube, a chain of
// multiplications with two public inputs, and a seeded random R1CS with several inputs. The JSON
// comes from the groth16 layer's own exporter (groth16/snarkjs_json.hpp), so this also checks it.
// With `--iden3 <r1cs> <wtns>` it proves that external circuit instead (circom_check.mjs).
#include "groth16/groth16.hpp"
#include "oracle_cases.hpp"
#include "r1cs/iden3.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/sample_circuits.hpp"

#include <algorithm>
#include <iostream>

namespace {

using namespace cuzk;
using ff::Fr;

//! one line for groth16_check.mjs, from the layer's exporter (its JSON may span lines)
std::string Case(const std::string &name, const groth16::VerifyingKey &vk, const std::vector<Fr> &inputs,
                 const groth16::Proof &proof, bool valid) {
  std::string s = "{\"name\":\"" + name + "\",\"vk\":" + groth16::SnarkjsVerifyingKeyJson(vk) +
                  ",\"public\":" + groth16::SnarkjsPublicJson(inputs) +
                  ",\"proof\":" + groth16::SnarkjsProofJson(proof) + ",\"valid\":" + (valid ? "true" : "false") + "}";
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

template <r1cs::Circuit C> int Emit(const std::string &name, const C &circuit, std::mt19937_64 &rng) {
  auto params = groth16::GenerateParameters(circuit, rng);
  if (!params) {
    std::cerr << name << ": setup failed: " << params.ErrorMessage() << "\n";
    return 1;
  }
  groth16::CpuBackend backend;
  auto proof = groth16::CreateProof(backend, *params, circuit, rng);
  if (!proof) {
    std::cerr << name << ": prove failed: " << proof.ErrorMessage() << "\n";
    return 1;
  }
  // the public inputs as the verifier sees them: the synthesised input assignment without ONE
  r1cs::ProvingAssignment cs;
  circuit.Synthesize(cs);
  const std::vector<Fr> inputs(cs.input_assignment.begin() + 1, cs.input_assignment.end());

  const auto &vk = params->vk;
  const groth16::Proof &p = *proof;
  std::cout << Case(name + ", our proof", vk, inputs, p, true) << "\n";
  auto wrong = inputs;
  wrong.back() += Fr::One();
  std::cout << Case(name + ", last input + 1", vk, wrong, p, false) << "\n";
  std::cout << Case(name + ", A and C swapped", vk, inputs, {p.c, p.b, p.a}, false) << "\n";
  std::cout << Case(name + ", B negated", vk, inputs, {p.a, -p.b, p.c}, false) << "\n";
  return 0;
}

} // namespace

//! An iden3 .r1cs + .wtns pair (e.g. from circom and snarkjs) as one case group.
int EmitIden3(const std::string &r1cs_path, const std::string &wtns_path, std::mt19937_64 &rng) {
  auto r1cs_bytes = r1cs::ReadWholeFile(r1cs_path);
  auto wtns_bytes = r1cs::ReadWholeFile(wtns_path);
  if (!r1cs_bytes || !wtns_bytes) {
    std::cerr << "cannot read " << (r1cs_bytes ? wtns_path : r1cs_path) << "\n";
    return 1;
  }
  auto parsed_r1cs = r1cs::ParseIden3R1cs(*r1cs_bytes);
  auto parsed_wtns = r1cs::ParseIden3Wtns(*wtns_bytes);
  if (!parsed_r1cs || !parsed_wtns) {
    std::cerr << (parsed_r1cs ? parsed_wtns.ErrorMessage() : parsed_r1cs.ErrorMessage()) << "\n";
    return 1;
  }
  auto circuit = r1cs::Iden3Circuit::Make(std::move(*parsed_r1cs), std::move(*parsed_wtns));
  if (!circuit) {
    std::cerr << circuit.ErrorMessage() << "\n";
    return 1;
  }
  return Emit("iden3", *circuit, rng);
}

int main(int argc, char **argv) {
  const uint64_t seed = oracle::SeedFromArgs(argc, argv);
  std::mt19937_64 rng(seed);
  if (argc == 5 && std::string(argv[2]) == "--iden3") return EmitIden3(argv[3], argv[4], rng);
  int failed = 0;
  failed += Emit("cube", r1cs::CubeCircuit{Fr::Random(rng)}, rng);
  failed += Emit("mul chain", r1cs::MulChainCircuit{Fr::Random(rng), 16}, rng);
  failed += Emit("random R1CS 2^8", r1cs::RandomCircuit(256, 5, seed, seed + 1), rng);
  return failed ? 1 : 0;
}
