// tests/oracle/dump_groth16.cpp — proofs from the real CPU prover, with our test setup, for
// groth16_check.mjs: snarkjs 0.7.6 and an independent noble verifier must accept each proof and
// reject its tampered copies (issue 3's cross-implementation check). Circuits: the cube, a chain of
// multiplications with two public inputs, and a seeded random R1CS with several inputs. The JSON
// comes from the groth16 layer's own exporter (groth16/snarkjs_json.hpp), so this also checks it.
// With `--iden3 <r1cs> <wtns>` it proves that external circuit instead (circom_check.mjs).
// With `--read-params <params>` it prints what our reader takes from parameters snarkjs wrote
// (`zkey export bellman`; bellman_check.mjs). With `--verify <params> <proof hex> <input>...` it verifies a 192-byte
// bellman proof (snarkjs's own, re-encoded) with the vk our reader takes from those parameters and
// prints true or false. With `--write-params <dir>` it writes our own .params and .vk files for
// the cube circuit and prints what an independent parser must find in them (bellman_check.mjs).
#include "groth16/groth16.hpp"
#include "groth16/params_io.hpp"
#include "groth16/proof_encoding.hpp"
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

//! what our reader takes from snarkjs-written parameters: the vk in snarkjs JSON and every
//! section's length, as one JSON line
int ReadParams(const std::string &params_path) {
  size_t trailing = 0;
  auto params = groth16::ReadParametersFile(params_path, groth16::PointChecks::kChecked, &trailing,
                                            groth16::ParamsSource::kSnarkjsExport);
  if (!params) {
    std::cerr << params.ErrorMessage() << "\n";
    return 1;
  }
  std::string line = "{\"vk\":" + groth16::SnarkjsVerifyingKeyJson(params->vk) +
                     ",\"h\":" + std::to_string(params->h.size()) + ",\"l\":" + std::to_string(params->l.size()) +
                     ",\"a\":" + std::to_string(params->a.size()) + ",\"b_g1\":" + std::to_string(params->b_g1.size()) +
                     ",\"b_g2\":" + std::to_string(params->b_g2.size()) + ",\"trailing\":" + std::to_string(trailing) +
                     "}";
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::cout << line << "\n";
  return 0;
}

//! our verifier, on the vk our reader takes from snarkjs-written parameters
int VerifyWith(const std::string &params_path, const std::string &proof_hex, const std::vector<std::string> &inputs) {
  auto params = groth16::ReadParametersFile(params_path, groth16::PointChecks::kChecked, nullptr,
                                            groth16::ParamsSource::kSnarkjsExport);
  if (!params) {
    std::cerr << params.ErrorMessage() << "\n";
    return 1;
  }
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i + 1 < proof_hex.size(); i += 2)
    bytes.push_back(uint8_t(std::stoul(proof_hex.substr(i, 2), nullptr, 16)));
  auto proof = groth16::DecodeProof(bytes);
  if (!proof) {
    std::cerr << "proof: " << proof.ErrorMessage() << "\n";
    return 1;
  }
  std::vector<Fr> in;
  for (const auto &x : inputs) in.push_back(Fr::FromHex(x.c_str()));
  auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(params->vk), *proof, in);
  if (!ok) {
    std::cerr << "verify: " << ok.ErrorMessage() << "\n";
    return 1;
  }
  std::cout << (*ok ? "true" : "false") << "\n";
  return 0;
}

//! our .params and .vk for the cube circuit, and one JSON line with what they hold: the vk in
//! snarkjs JSON, every section's length and the first and last point of each (canonical hex)
int WriteParams(const std::string &dir, std::mt19937_64 &rng) {
  const r1cs::CubeCircuit circuit{Fr::Random(rng)};
  auto params = groth16::GenerateParameters(circuit, rng);
  if (!params) {
    std::cerr << "setup failed: " << params.ErrorMessage() << "\n";
    return 1;
  }
  if (auto s = groth16::WriteParametersFile(dir + "/cube.params", *params); !s) {
    std::cerr << s.ErrorMessage() << "\n";
    return 1;
  }
  if (auto s = groth16::WriteVerifyingKeyFile(dir + "/cube.vk", params->vk); !s) {
    std::cerr << s.ErrorMessage() << "\n";
    return 1;
  }
  auto g1 = [](const ec::G1Affine &p) { return "[\"" + p.x.ToHex() + "\",\"" + p.y.ToHex() + "\"]"; };
  auto g2 = [](const ec::G2Affine &p) {
    return "[\"" + p.x.c0.ToHex() + "\",\"" + p.x.c1.ToHex() + "\",\"" + p.y.c0.ToHex() + "\",\"" + p.y.c1.ToHex() +
           "\"]";
  };
  auto section = [](const auto &pts, auto &&show) {
    return "{\"n\":" + std::to_string(pts.size()) + ",\"first\":" + show(pts.front()) +
           ",\"last\":" + show(pts.back()) + "}";
  };
  r1cs::ProvingAssignment cs;
  circuit.Synthesize(cs);
  std::string line = "{\"constraints\":" + std::to_string(cs.NumConstraints()) +
                     ",\"vk\":" + groth16::SnarkjsVerifyingKeyJson(params->vk) + ",\"h\":" + section(params->h, g1) +
                     ",\"l\":" + section(params->l, g1) + ",\"a\":" + section(params->a, g1) +
                     ",\"b_g1\":" + section(params->b_g1, g1) + ",\"b_g2\":" + section(params->b_g2, g2) + "}";
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::cout << line << "\n";
  return 0;
}

int main(int argc, char **argv) {
  const uint64_t seed = oracle::SeedFromArgs(argc, argv);
  std::mt19937_64 rng(seed);
  if (argc == 5 && std::string(argv[2]) == "--iden3") return EmitIden3(argv[3], argv[4], rng);
  if (argc == 4 && std::string(argv[2]) == "--read-params") return ReadParams(argv[3]);
  if (argc == 4 && std::string(argv[2]) == "--write-params") return WriteParams(argv[3], rng);
  if (argc >= 5 && std::string(argv[2]) == "--verify")
    return VerifyWith(argv[3], argv[4], std::vector<std::string>(argv + 5, argv + argc));
  int failed = 0;
  failed += Emit("cube", r1cs::CubeCircuit{Fr::Random(rng)}, rng);
  failed += Emit("mul chain", r1cs::MulChainCircuit{Fr::Random(rng), 16}, rng);
  failed += Emit("random R1CS 2^8", r1cs::RandomCircuit(256, 5, seed, seed + 1), rng);
  return failed ? 1 : 0;
}
