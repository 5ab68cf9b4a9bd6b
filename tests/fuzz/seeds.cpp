// tests/fuzz/seeds.cpp — writes the seed corpus of every target from valid inputs:
//
//   <build>/fuzz/fuzz_seeds <dir>      writes <dir>/<target>/*, for c1 post snap params pce request plan
//
// scripts/fuzz.sh --seeds runs it into tests/fuzz/corpus and then grows and minimises the corpus
// with a short run of each target. Seeds are small valid inputs in each target's input format (the
// selector byte first where the target has one): a mutation of a valid input reaches far deeper
// into a parser than random bytes do.
#include "filecoin/porep/c1_envelope.hpp"
#include "filecoin/porep/c1_json.hpp"
#include "filecoin/post/post_bincode.hpp"
#include "filecoin/snap/snap_bincode.hpp"
#include "groth16/groth16.hpp"
#include "pce/pce_file.hpp"
#include "pce/recorder.hpp"
#include "r1cs/sample_circuits.hpp"
#include "server/request_conversion.hpp"

#include "engine_e2e/filecoin_requests.hpp"
#include "filecoin/c1_sample.hpp"
#include "filecoin/post_test_sectors.hpp"
#include "filecoin/snap_test_update.hpp"
#include "pce_checksum.hpp"
#include "post_shapes.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace cuzk;

fs::path root;

void Write(const std::string &target, const std::string &name, const void *data, size_t size) {
  fs::create_directories(root / target);
  std::ofstream(root / target / name, std::ios::binary).write(static_cast<const char *>(data), std::streamsize(size));
}
void Write(const std::string &target, const std::string &name, const std::string &bytes) {
  Write(target, name, bytes.data(), bytes.size());
}
//! the selector byte, then the payload
void Write(const std::string &target, const std::string &name, uint8_t selector, std::span<const uint8_t> payload) {
  std::vector<uint8_t> bytes{selector};
  bytes.insert(bytes.end(), payload.begin(), payload.end());
  Write(target, name, bytes.data(), bytes.size());
}

[[noreturn]] void Die(const std::string &why) {
  std::fprintf(stderr, "fuzz_seeds: %s\n", why.c_str());
  std::exit(1);
}

// Small C1s of each Merkle proof kind (shapes smaller than any sector's, which parsing does not
// check) and an envelope.
void C1Seeds() {
  using filecoin::MerkleProofKind;
  const test::C1SampleShape shapes[] = {
      {"StackedDrg2KiBV1_1", 1, 1, 1, 1, MerkleProofKind::kSingle, 1, 0, 0},
      {"StackedDrg32GiBV1", 1, 1, 1, 1, MerkleProofKind::kSub, 1, 8, 0},
      {"StackedDrg64GiBV1_2_Feat_NonInteractivePoRep", 1, 1, 1, 1, MerkleProofKind::kTop, 1, 8, 2}};
  for (size_t i = 0; i < std::size(shapes); i++) {
    const std::string json = *filecoin::WriteC1Json(test::MakeSampleC1(shapes[i], i));
    Write("c1", "c1_" + std::to_string(i) + ".json", json);
    if (i == 0) {
      filecoin::C1Envelope env;
      env.sector_num = 5;
      env.sector_size = 2048;
      env.phase1_out.assign(json.begin(), json.end());
      Write("c1", "envelope.json", filecoin::WriteC1Envelope(env));
    }
  }
}

void PoStSeeds() {
  for (unsigned shape = 0; shape < 4; shape++) {
    const filecoin::PoStConfig cfg = fuzz::PoStShape(shape);
    auto sector = test::MakeTestSector(77, cfg.SectorNodes(), cfg.tree_shape, 3 + shape);
    filecoin::Digest32 randomness{};
    randomness[0] = uint8_t(5 + shape);
    const filecoin::PoStReplica replicas[] = {sector.Replica()};
    auto proofs = filecoin::GenerateFallbackVanillaProofs(cfg, randomness, replicas);
    if (!proofs) Die("PoSt vanilla proof: " + proofs.ErrorMessage());
    const std::string stem = "shape" + std::to_string(shape);
    Write("post", stem + ".bincode", uint8_t(shape), filecoin::EncodeFallbackPoStSectorProof((*proofs)[0]));
    if (shape != 0) continue; // one JSON: its reader is the same for every shape, and 3-6 times bincode's size
    const std::string json = filecoin::FallbackPoStSectorProofToJson((*proofs)[0]);
    Write("post", stem + ".json", uint8_t(4 | shape),
          std::span(reinterpret_cast<const uint8_t *>(json.data()), json.size()));
  }
}

void SnapSeeds() {
  const uint64_t nodes[2] = {64, 512}; // snap_fuzzer.cpp's two shapes, in its order
  for (uint8_t i = 0; i < 2; i++) {
    auto t = test::MakeTestUpdate(nodes[i], 8);
    auto proof = filecoin::SnapProvePartition(t.config, 0, t.sector.comm_c, *t.sector.tree, t.update);
    if (!proof) Die("SnapDeals partition proof: " + proof.ErrorMessage());
    Write("snap", "nodes" + std::to_string(nodes[i]) + ".bincode", i, filecoin::EncodeSnapPartitionProof(*proof));
  }
}

void ParamsSeeds() {
  std::mt19937_64 rng(1);
  const r1cs::MulChainCircuit circuit{ff::Fr::FromUint(3), 2};
  auto params = groth16::GenerateParameters(circuit, rng);
  if (!params) Die("setup: " + params.ErrorMessage());
  const auto vk = groth16::SerializeVerifyingKey(params->vk);
  const auto file = groth16::SerializeParameters(*params);
  Write("params", "vk_checked", 0, vk);
  Write("params", "vk_unchecked", 1, vk);
  Write("params", "params_checked", 2, file);
  Write("params", "params_unchecked", 3, file);
  Write("params", "params_snarkjs", 4, file);
  groth16::CpuBackend backend;
  std::vector<groth16::Proof> proofs;
  for (int i = 0; i < 2; i++) {
    auto proof = groth16::CreateProof(backend, *params, circuit, rng);
    if (!proof) Die("proof: " + proof.ErrorMessage());
    proofs.push_back(*proof);
  }
  Write("params", "proofs", 5, groth16::EncodeProofs(proofs));
}

void PceSeeds() {
  const fs::path tmp = fs::temp_directory_path() / ("cuzk-fuzz-seeds-" + std::to_string(::getpid()) + ".pce");
  auto save = [&](const std::string &name, auto synthesize) {
    auto pce = pce::Record(synthesize, "fuzz/" + name);
    if (!pce) Die("record: " + pce.ErrorMessage());
    if (!pce::Save(**pce, tmp)) Die("pce save failed");
    std::ifstream in(tmp, std::ios::binary);
    std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
    fs::remove(tmp);
    std::vector<uint8_t> fixed = bytes;
    fuzz::FixPceChecksum(fixed);
    if (fixed != bytes) Die("tests/fuzz/pce_checksum.hpp no longer matches src/pce/pce_file.cpp's header layout");
    Write("pce", name, bytes.data(), bytes.size());
  };
  save("mulchain", [](r1cs::ConstraintSystem &cs) { r1cs::MulChainCircuit{ff::Fr::FromUint(3), 4}.Synthesize(cs); });
  save("random", [](r1cs::ConstraintSystem &cs) { r1cs::RandomCircuit(40, 3, 1).Synthesize(cs); });
}

void Put(std::string *out, const std::vector<uint8_t> &bytes) { out->assign(bytes.begin(), bytes.end()); }

void WriteRequest(const std::string &target, const engine::ProofRequest &r) {
  v1::SubmitProofRequest wire;
  wire.set_request_id(r.request_id);
  wire.set_proof_kind(v1::ProofKind(r.proof_kind));
  wire.set_sector_size(r.sector_size);
  wire.set_registered_proof(r.registered_proof);
  wire.set_priority(v1::Priority(r.priority));
  Put(wire.mutable_vanilla_proof(), r.vanilla_proof);
  for (const auto &proof : r.vanilla_proofs) Put(wire.add_vanilla_proofs(), proof);
  wire.set_sector_number(r.sector_number);
  wire.set_miner_id(r.miner_id);
  Put(wire.mutable_randomness(), r.randomness);
  wire.set_partition_index(r.partition_index);
  Put(wire.mutable_comm_r_old(), r.comm_r_old);
  Put(wire.mutable_comm_r_new(), r.comm_r_new);
  Put(wire.mutable_comm_d_new(), r.comm_d_new);
  if (const std::string error = server::ValidateSubmit(wire); !error.empty()) Die("request seed: " + error);
  Write(target, r.request_id + ".pb", wire.SerializeAsString());
}

// One request of each kind from a sealed 2KiB sector: whole for the plan target, which parses and
// verifies the payloads; for the request target, whose conversion checks their presence and count but
// not their contents, with each payload cut to its first 64 bytes (a small corpus runs fast).
void RequestSeeds() {
  const test::FilecoinRequests requests = test::MakeFilecoinRequests(21);
  for (engine::ProofRequest r : {requests.porep, requests.winning, requests.window, requests.snap}) {
    WriteRequest("plan", r);
    auto cut = [](std::vector<uint8_t> &bytes) { bytes.resize(std::min<size_t>(bytes.size(), 64)); };
    cut(r.vanilla_proof);
    for (auto &proof : r.vanilla_proofs) cut(proof);
    WriteRequest("request", r);
  }
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) Die("usage: fuzz_seeds <corpus dir>");
  root = argv[1];
  C1Seeds();
  PoStSeeds();
  SnapSeeds();
  ParamsSeeds();
  PceSeeds();
  RequestSeeds();
  return 0;
}
