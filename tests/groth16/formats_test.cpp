// tests/groth16/formats_test.cpp — .vk/.params round trips and malformed bytes, proof bytes,
// snarkjs JSON. Malformed input must always be a clear error, never a crash.
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"
#include "r1cs/test_cs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>

namespace cuzk::groth16 {
namespace {

// One small parameter set shared by the tests of this file (setup is the slow part).
const Parameters &ChainParams() {
  static const Parameters params = [] {
    std::mt19937_64 rng(1);
    return GenerateParameters(r1cs::MulChainCircuit{Fr::FromUint(3), 4}, rng).Value();
  }();
  return params;
}

Proof ChainProof() {
  CpuBackend backend;
  std::mt19937_64 rng(2);
  return CreateProof(backend, ChainParams(), r1cs::MulChainCircuit{Fr::FromUint(3), 4}, rng).Value();
}

// vk layout: 6 points (3 G1 = 288, 3 G2 = 576), then the ic length at 864
constexpr size_t IC_LEN_OFFSET = 864;

TEST(ParamsIo, VerifyingKeyRoundTrip) {
  const VerifyingKey &vk = ChainParams().vk;
  auto bytes = SerializeVerifyingKey(vk);
  EXPECT_EQ(bytes.size(), 868 + 96 * vk.ic.size());
  auto back = ParseVerifyingKey(bytes);
  ASSERT_TRUE(back) << back.ErrorMessage();
  EXPECT_EQ(*back, vk);
  bytes.push_back(0);
  auto extra = ParseVerifyingKey(bytes);
  ASSERT_FALSE(extra);
  EXPECT_NE(extra.ErrorMessage().find("unexpected bytes"), std::string::npos);
}

TEST(ParamsIo, ParametersRoundTripCheckedAndUnchecked) {
  const Parameters &p = ChainParams();
  auto bytes = SerializeParameters(p);
  for (PointChecks checks : {PointChecks::kChecked, PointChecks::kUnchecked}) {
    size_t trailing = 1;
    auto back = ParseParameters(bytes, checks, &trailing);
    ASSERT_TRUE(back) << back.ErrorMessage();
    EXPECT_EQ(*back, p);
    EXPECT_EQ(trailing, 0u);
  }
  // a phase-2 style trailer after b_g2 is allowed and counted
  bytes.insert(bytes.end(), 64, 0xab);
  size_t trailing = 0;
  ASSERT_TRUE(ParseParameters(bytes, PointChecks::kChecked, &trailing));
  EXPECT_EQ(trailing, 64u);
}

TEST(ParamsIo, FilesRoundTripThroughMmap) {
  const auto dir = std::filesystem::temp_directory_path() / ("cuzk_groth16_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string params_path = (dir / "test.params").string(), vk_path = (dir / "test.vk").string();
  ASSERT_TRUE(WriteParametersFile(params_path, ChainParams()));
  ASSERT_TRUE(WriteVerifyingKeyFile(vk_path, ChainParams().vk));
  auto p = ReadParametersFile(params_path, PointChecks::kUnchecked);
  ASSERT_TRUE(p) << p.ErrorMessage();
  EXPECT_EQ(*p, ChainParams());
  auto vk = ReadVerifyingKeyFile(vk_path);
  ASSERT_TRUE(vk) << vk.ErrorMessage();
  EXPECT_EQ(*vk, ChainParams().vk);
  EXPECT_EQ(std::filesystem::file_size(params_path), SerializeParameters(ChainParams()).size());
  auto missing = ReadParametersFile((dir / "missing.params").string(), PointChecks::kChecked);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.ErrorMessage().find("cannot open"), std::string::npos);
  // an empty file is a truncation, not a crash
  { std::ofstream((dir / "empty.params").string()); }
  EXPECT_FALSE(ReadParametersFile((dir / "empty.params").string(), PointChecks::kChecked));
  std::filesystem::remove_all(dir);
}

TEST(ParamsIo, EveryTruncationIsAnError) {
  const auto bytes = SerializeParameters(ChainParams());
  // unchecked at every length (cheap), checked at a stride
  for (size_t n = 0; n < bytes.size(); n++) {
    auto p = ParseParameters(std::span(bytes.data(), n), PointChecks::kUnchecked);
    ASSERT_FALSE(p) << n;
    EXPECT_FALSE(p.ErrorMessage().empty());
  }
  for (size_t n = 0; n < bytes.size(); n += 97)
    EXPECT_FALSE(ParseParameters(std::span(bytes.data(), n), PointChecks::kChecked));
  const auto vk = SerializeVerifyingKey(ChainParams().vk);
  for (size_t n = 0; n < vk.size(); n++)
    EXPECT_FALSE(ParseVerifyingKey(std::span(vk.data(), n), PointChecks::kUnchecked));
}

TEST(ParamsIo, BadLengthsAndPointsAreErrors) {
  auto expect_error = [](const std::vector<uint8_t> &b, PointChecks checks, const std::string &needle) {
    auto p = ParseParameters(b, checks);
    ASSERT_FALSE(p);
    EXPECT_NE(p.ErrorMessage().find(needle), std::string::npos) << p.ErrorMessage();
  };
  const auto good = SerializeParameters(ChainParams());
  auto b = good;
  b[IC_LEN_OFFSET] = 0xff; // ic length 2^32 − something: more than the file holds
  expect_error(b, PointChecks::kUnchecked, "vk.ic: length");
  // the h section's length field follows the ic points
  const size_t h_len = IC_LEN_OFFSET + 4 + 96 * ChainParams().vk.ic.size();
  b = good;
  b[h_len] = 0x10;
  expect_error(b, PointChecks::kUnchecked, "params.h: length");
  // a coordinate ≥ p (all ones below the flag bits) in h[0]
  b = good;
  b[h_len + 4] = 0x1f;
  for (size_t i = 1; i < 48; i++) b[h_len + 4 + i] = 0xff;
  expect_error(b, PointChecks::kUnchecked, "params.h[0]");
  // a point off the curve: caught by the checked path
  b = good;
  b[h_len + 4 + 95] ^= 1;
  expect_error(b, PointChecks::kChecked, "not on the curve");
  // the point at infinity is rejected everywhere
  b = good;
  b[h_len + 4] = 0x40;
  std::fill(b.begin() + h_len + 5, b.begin() + h_len + 4 + 96, 0);
  expect_error(b, PointChecks::kUnchecked, "infinity");
  // compressed-flag in an uncompressed file
  b = good;
  b[0] |= 0x80;
  expect_error(b, PointChecks::kUnchecked, "vk.alpha_g1");
}

TEST(ProofEncoding, RoundTripAndRejections) {
  const Proof proof = ChainProof();
  const auto bytes = EncodeProof(proof);
  auto back = DecodeProof(bytes);
  ASSERT_TRUE(back) << back.ErrorMessage();
  EXPECT_EQ(*back, proof);

  EXPECT_FALSE(DecodeProof(std::span(bytes.data(), 191)));
  auto b = bytes;
  b[47] ^= 1; // x of A changed: most likely not on the curve, else not in the subgroup or another point
  auto r = DecodeProof(b);
  if (r) {
    EXPECT_NE(r->a, proof.a);
  }
  b = bytes;
  b[0] = 0xc0; // A = infinity
  std::fill(b.begin() + 1, b.begin() + 48, 0);
  auto inf = DecodeProof(b);
  ASSERT_FALSE(inf);
  EXPECT_NE(inf.ErrorMessage().find("infinity"), std::string::npos);
  std::array<uint8_t, PROOF_BYTES> ff;
  ff.fill(0xff);
  EXPECT_FALSE(DecodeProof(ff));
  b = bytes;
  b[48] &= 0x7f; // B without the compression flag
  EXPECT_FALSE(DecodeProof(b));

  std::vector<Proof> two{proof, proof};
  auto multi = EncodeProofs(two);
  EXPECT_EQ(multi.size(), 384u);
  auto decoded = DecodeProofs(multi);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->size(), 2u);
  multi.pop_back();
  EXPECT_FALSE(DecodeProofs(multi));
}

TEST(SnarkjsJson, DecimalAndShapes) {
  EXPECT_EQ(ToDecimal(ff::Limbs<4>{0, 0, 0, 0}), "0");
  EXPECT_EQ(ToDecimal(ff::Limbs<4>{35, 0, 0, 0}), "35");
  EXPECT_EQ(ToDecimal(ff::Limbs<4>{0, 1, 0, 0}), "18446744073709551616");
  EXPECT_EQ(ToDecimal(Fr::MODULUS), "52435875175126190479447740508185965837690552500527637822603658699938581184513");
  const std::string vk = SnarkjsVerifyingKeyJson(ChainParams().vk);
  EXPECT_NE(vk.find("\"nPublic\": 2"), std::string::npos);
  EXPECT_NE(vk.find("\"curve\": \"bls12381\""), std::string::npos);
  EXPECT_NE(vk.find("vk_alphabeta_12"), std::string::npos);
  EXPECT_EQ(SnarkjsPublicJson(std::vector<Fr>{Fr::FromUint(33), Fr::FromUint(3)}), "[\"33\",\"3\"]\n");
  EXPECT_NE(SnarkjsProofJson(ChainProof()).find("\"pi_b\": [["), std::string::npos);
}

// The files `snarkjs groth16 verify vk.json public.json proof.json` reads (the oracle test
// oracle_groth16_* checks the same JSON against snarkjs itself). CUZK_SNARKJS_DIR keeps them.
TEST(SnarkjsJson, WritesTheThreeFiles) {
  namespace fs = std::filesystem;
  const char *keep = std::getenv("CUZK_SNARKJS_DIR");
  const fs::path dir =
      keep ? fs::path(keep) : fs::temp_directory_path() / ("cuzk-snarkjs-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  r1cs::TestCS cs;
  r1cs::MulChainCircuit{Fr::FromUint(3), 4}.Synthesize(cs);
  std::vector<Fr> inputs(cs.input_assignment.begin() + 1, cs.input_assignment.end());
  auto s = WriteSnarkjsFiles(dir.string(), ChainParams().vk, ChainProof(), inputs);
  ASSERT_TRUE(s) << s.ErrorMessage();
  for (const char *name : {"vk.json", "proof.json", "public.json"}) {
    std::ifstream in(dir / name);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_FALSE(text.empty()) << name;
  }
  std::ifstream vk(dir / "vk.json");
  std::string vk_text((std::istreambuf_iterator<char>(vk)), std::istreambuf_iterator<char>());
  EXPECT_NE(vk_text.find("\"curve\""), std::string::npos);
  EXPECT_NE(vk_text.find("\"IC\""), std::string::npos);
  if (!keep) fs::remove_all(dir);
  // a directory that cannot exist is an error, not a crash
  EXPECT_FALSE(WriteSnarkjsFiles("/proc/cuzk-no-such-dir/x", ChainParams().vk, ChainProof(), inputs));
}

} // namespace
} // namespace cuzk::groth16

namespace cuzk::groth16 {
namespace {

void PutU32BE(std::vector<uint8_t> &out, size_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

// `snarkjs zkey export bellman` writes an infinity as zero bytes (no 0x40 flag) and keeps the a/b
// infinities bellperson filters out (spec/oracles.md §1): the kSnarkjsExport reading drops them
// and gives bellperson's vectors; the bellperson reading refuses them, and zero bytes in h stay an
// error either way. (tests/oracle/bellman_check.mjs reads a real snarkjs export.)
TEST(ParamsIo, SnarkjsExportInfinitiesAreDroppedFromAAndBOnly) {
  const Parameters &p = ChainParams();
  const auto good = SerializeParameters(p);
  const size_t a_at = IC_LEN_OFFSET + 4 + 96 * p.vk.ic.size() + (4 + 96 * p.h.size()) + (4 + 96 * p.l.size());
  std::vector<uint8_t> b(good.begin(), good.begin() + a_at);
  const std::vector<uint8_t> zero_g1(96, 0), zero_g2(192, 0);
  size_t at = a_at;
  // a: a zero point after the first; b_g1: one at the end; b_g2: one in front
  PutU32BE(b, p.a.size() + 1);
  b.insert(b.end(), good.begin() + at + 4, good.begin() + at + 4 + 96);
  b.insert(b.end(), zero_g1.begin(), zero_g1.end());
  b.insert(b.end(), good.begin() + at + 4 + 96, good.begin() + at + 4 + 96 * p.a.size());
  at += 4 + 96 * p.a.size();
  PutU32BE(b, p.b_g1.size() + 1);
  b.insert(b.end(), good.begin() + at + 4, good.begin() + at + 4 + 96 * p.b_g1.size());
  b.insert(b.end(), zero_g1.begin(), zero_g1.end());
  at += 4 + 96 * p.b_g1.size();
  PutU32BE(b, p.b_g2.size() + 1);
  b.insert(b.end(), zero_g2.begin(), zero_g2.end());
  b.insert(b.end(), good.begin() + at + 4, good.begin() + at + 4 + 192 * p.b_g2.size());
  at += 4 + 192 * p.b_g2.size();
  ASSERT_EQ(at, good.size());
  const std::vector<uint8_t> transcript(100, 0x5a); // a phase-2 trailer
  b.insert(b.end(), transcript.begin(), transcript.end());

  size_t trailing = 0;
  auto read = ParseParameters(b, PointChecks::kChecked, &trailing, ParamsSource::kSnarkjsExport);
  ASSERT_TRUE(read) << read.ErrorMessage();
  EXPECT_TRUE(*read == p);
  EXPECT_EQ(trailing, transcript.size());

  auto strict = ParseParameters(b, PointChecks::kChecked);
  ASSERT_FALSE(strict);
  EXPECT_NE(strict.ErrorMessage().find("params.a"), std::string::npos) << strict.ErrorMessage();

  auto zero_h = good;
  const size_t h0 = IC_LEN_OFFSET + 4 + 96 * p.vk.ic.size() + 4;
  std::fill(zero_h.begin() + h0, zero_h.begin() + h0 + 96, 0);
  auto h = ParseParameters(zero_h, PointChecks::kChecked, nullptr, ParamsSource::kSnarkjsExport);
  ASSERT_FALSE(h);
  EXPECT_NE(h.ErrorMessage().find("params.h"), std::string::npos) << h.ErrorMessage();
}

} // namespace
} // namespace cuzk::groth16
