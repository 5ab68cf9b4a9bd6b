// tests/filecoin/porep/c1_json_test.cpp — the C1 JSON codec: serde's exact bytes for a hand-written
// structure, round trips of every proof shape, the key orders and extras serde accepts, and an
// error naming the path for each kind of bad input.
#include "filecoin/porep/c1_json.hpp"

#include "filecoin/c1_sample.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace cuzk::filecoin {
namespace {

using test::C1SampleShape;
using test::MakeSampleC1;

Domain32 D(uint8_t first) {
  Domain32 d{};
  d[0] = first;
  return d;
}

//! serde's text for D(first): 32 decimals, written out independently of the writer.
std::string DText(int first) {
  std::string s = "[" + std::to_string(first);
  for (int i = 1; i < 32; i++) s += ",0";
  return s + "]";
}

//! DText(first) with its last byte written as `last` (any JSON text).
std::string DTextEndingIn(int first, const std::string &last) {
  std::string s = "[" + std::to_string(first);
  for (int i = 1; i < 31; i++) s += ",0";
  return s + "," + last + "]";
}

SealCommitPhase1Output TinyC1() {
  SealCommitPhase1Output c1;
  c1.registered_proof = "StackedDrg2KiBV1";
  PorepChallengeProof p;
  p.comm_d_proofs.root = D(1);
  p.comm_d_proofs.leaf = D(2);
  p.comm_d_proofs.base = {PathElement{{D(3)}, 1}};
  p.comm_r_last_proof.kind = MerkleProofKind::kSub;
  p.comm_r_last_proof.root = D(4);
  p.comm_r_last_proof.leaf = D(5);
  p.comm_r_last_proof.base = {PathElement{{D(6), D(7)}, 2}};
  p.comm_r_last_proof.sub = {PathElement{{D(8)}, 0}};
  p.replica_column_proofs.c_x.column.index = 4000000000u;
  p.replica_column_proofs.c_x.column.rows = {D(9)};
  p.replica_column_proofs.c_x.inclusion_proof.kind = MerkleProofKind::kTop;
  p.replica_column_proofs.c_x.inclusion_proof.root = D(10);
  p.replica_column_proofs.c_x.inclusion_proof.leaf = D(11);
  p.replica_column_proofs.c_x.inclusion_proof.top = {PathElement{{D(12)}, 1}};
  p.labeling_proofs = {LabelingProof{{D(13)}, 1, 18446744073709551615ull}};
  p.encoding_proof = LabelingProof{{}, 2, 0};
  c1.vanilla_proofs = {{p}};
  c1.comm_r = D(14);
  c1.comm_d = D(15);
  c1.replica_id = D(16);
  c1.seed = D(255);
  c1.ticket = D(0);
  return c1;
}

std::string TinyC1Text() {
  return R"({"registered_proof":"StackedDrg2KiBV1","vanilla_proofs":{"StackedDrg2KiBV1":[[{"comm_d_proofs":{"data":{"Single":{"root":)" +
         DText(1) + R"(,"leaf":)" + DText(2) + R"(,"path":{"path":[{"hashes":[)" + DText(3) +
         R"(],"index":1}]}}}},"comm_r_last_proof":{"data":{"Sub":{"base_proof":{"path":[{"hashes":[)" + DText(6) + "," +
         DText(7) + R"(],"index":2}]},"sub_proof":{"path":[{"hashes":[)" + DText(8) + R"(],"index":0}]},"root":)" +
         DText(4) + R"(,"leaf":)" + DText(5) +
         R"(}}},"replica_column_proofs":{"c_x":{"column":{"index":4000000000,"rows":[)" + DText(9) +
         R"(],"_h":null},"inclusion_proof":{"data":{"Top":{"base_proof":{"path":[]},"sub_proof":{"path":[]},"top_proof":{"path":[{"hashes":[)" +
         DText(12) + R"(],"index":1}]},"root":)" + DText(10) + R"(,"leaf":)" + DText(11) +
         R"(}}}},"drg_parents":[],"exp_parents":[]},"labeling_proofs":[{"parents":[)" + DText(13) +
         R"(],"layer_index":1,"node":18446744073709551615}],"encoding_proof":{"parents":[],"layer_index":2,"node":0}}]]},"comm_r":)" +
         DText(14) + R"(,"comm_d":)" + DText(15) + R"(,"replica_id":)" + DText(16) + R"(,"seed":)" + DText(255) +
         R"(,"ticket":)" + DText(0) + "}";
}

//! The error message of a parse that must fail.
std::string ParseError(const std::string &json, ErrorCode code) {
  auto r = ParseC1Json(json);
  EXPECT_FALSE(r.HasValue()) << "accepted: " << json.substr(0, 200);
  if (r.HasValue()) return "";
  EXPECT_EQ(r.Code(), code) << r.ErrorMessage();
  return r.ErrorMessage();
}

//! Replaces the first occurrence of `from` (which must exist).
std::string Replace(std::string s, const std::string &from, const std::string &to) {
  size_t pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  if (pos != std::string::npos) s.replace(pos, from.size(), to);
  return s;
}

TEST(C1Json, WriterProducesSerdeBytes) {
  auto text = WriteC1Json(TinyC1());
  ASSERT_TRUE(text.HasValue()) << text.ErrorMessage();
  EXPECT_EQ(*text, TinyC1Text());
}

TEST(C1Json, ParsesSerdeBytes) {
  auto c1 = ParseC1Json(TinyC1Text());
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  EXPECT_EQ(*c1, TinyC1());
}

TEST(C1Json, RoundTripsEveryShape) {
  for (const C1SampleShape &shape : {test::Sample2KiB(), test::Sample32GiB(), test::Sample64GiB()}) {
    SealCommitPhase1Output c1 = MakeSampleC1(shape, 7);
    auto text = WriteC1Json(c1);
    ASSERT_TRUE(text.HasValue()) << text.ErrorMessage();
    auto back = ParseC1Json(*text);
    ASSERT_TRUE(back.HasValue()) << shape.registered_proof << ": " << back.ErrorMessage();
    EXPECT_TRUE(*back == c1) << shape.registered_proof;
    auto again = WriteC1Json(*back);
    ASSERT_TRUE(again.HasValue());
    EXPECT_EQ(*again, *text);
  }
}

TEST(C1Json, ParsesInPlaceFromAPaddedBuffer) {
  const std::string text = TinyC1Text();
  std::vector<uint8_t> buffer(text.size() + C1_JSON_PADDING, 0xee); // padding content does not matter
  std::copy(text.begin(), text.end(), buffer.begin());
  auto c1 = ParseC1JsonInPlace(std::span<const uint8_t>(buffer.data(), text.size()));
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  EXPECT_EQ(*c1, TinyC1());
  EXPECT_FALSE(ParseC1JsonInPlace(std::span<const uint8_t>(buffer.data(), text.size() - 1)).HasValue());
}

TEST(C1Json, AcceptsWhatSerdeAccepts) {
  const std::string tiny = TinyC1Text();
  // Go's Commit1OutRaw writes the top-level keys alphabetically; whitespace anywhere.
  std::string go_order = R"({ "comm_d": )" + DText(15) + R"(, "comm_r": )" + DText(14) +
                         R"(, "registered_proof": "StackedDrg2KiBV1", "replica_id": )" + DText(16) + R"(, "seed": )" +
                         DText(255) + R"(, "ticket": )" + DText(0) + R"(, "vanilla_proofs": )";
  size_t vp = tiny.find(R"({"StackedDrg2KiBV1":[[)");
  size_t vp_end = tiny.find(R"(,"comm_r":)");
  go_order += tiny.substr(vp, vp_end - vp) + "\n}\n";
  auto c1 = ParseC1Json(go_order);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  EXPECT_EQ(*c1, TinyC1());

  // unknown keys are skipped, whatever their value
  auto extra = ParseC1Json(Replace(tiny, R"("comm_r":)", R"("extra":{"a":[1,2,{"b":null}]},"comm_r":)"));
  ASSERT_TRUE(extra.HasValue()) << extra.ErrorMessage();
  EXPECT_EQ(*extra, TinyC1());
}

TEST(C1Json, ErrorsNameThePathAndTheProblem) {
  const std::string tiny = TinyC1Text();
  const std::string vp = "vanilla_proofs.StackedDrg2KiBV1[0][0]";

  std::string m = ParseError(Replace(tiny, R"("comm_r":)" + DText(14) + ",", ""), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("missing field `comm_r`"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("ticket":)", R"("seed":)" + DText(1) + R"(,"ticket":)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("seed: duplicate field"), std::string::npos) << m;

  m = ParseError(Replace(tiny, DText(3), "[3,0,0]"), ErrorCode::kBadLength);
  EXPECT_NE(m.find(vp + ".comm_d_proofs.data.Single.path.path[0].hashes[0]: expected 32 bytes, found 3"),
            std::string::npos)
      << m;

  m = ParseError(Replace(tiny, DText(13), DTextEndingIn(13, "\"x\"")), ErrorCode::kInvalidArgument);
  EXPECT_NE(
      m.find(vp + ".labeling_proofs[0].parents[0][31]: expected an integer 0..255, found a value of another type"),
      std::string::npos)
      << m;

  m = ParseError(Replace(tiny, R"("comm_d":)" + DText(15), R"("comm_d":)" + DTextEndingIn(15, "256")),
                 ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("comm_d[31]: expected an integer 0..255, found 256"), std::string::npos) << m;

  m = ParseError(Replace(tiny, DText(9), DTextEndingIn(9, "0,0")), ErrorCode::kBadLength);
  EXPECT_NE(m.find(vp + ".replica_column_proofs.c_x.column.rows[0]: expected 32 bytes, found more"), std::string::npos)
      << m;

  // r = 0x73eda753…00000001: the LE repr of r itself is not canonical, r − 1 is
  const std::string r_le = "[1,0,0,0,255,255,255,255,254,91,254,255,2,164,189,83,5,216,161,9,8,216,57,51,72,125,157,41,"
                           "83,167,237,115]";
  const std::string r_minus_1_le =
      "[0,0,0,0,255,255,255,255,254,91,254,255,2,164,189,83,5,216,161,9,8,216,57,51,72,125,"
      "157,41,83,167,237,115]";
  m = ParseError(Replace(tiny, R"("replica_id":)" + DText(16), R"("replica_id":)" + r_le), ErrorCode::kNonCanonical);
  EXPECT_NE(m.find("replica_id: expected a canonical Fr"), std::string::npos) << m;
  EXPECT_TRUE(ParseC1Json(Replace(tiny, R"("replica_id":)" + DText(16), R"("replica_id":)" + r_minus_1_le)).HasValue());
  // seed and ticket are raw randomness, not field elements
  EXPECT_TRUE(ParseC1Json(Replace(tiny, R"("ticket":)" + DText(0), R"("ticket":)" + r_le)).HasValue());

  m = ParseError(Replace(tiny, R"("_h":null)", R"("_h":0)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find(vp + ".replica_column_proofs.c_x.column._h: expected null"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("index":4000000000)", R"("index":4294967296)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("c_x.column.index: expected a u32 index, found 4294967296"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("layer_index":1)", R"("layer_index":-1)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find(vp + ".labeling_proofs[0].layer_index: expected a u32 layer index"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("node":0)", R"("node":1.5)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find(vp + ".encoding_proof.node"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"({"Single":)", R"({"Double":)"), ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find(vp + ".comm_d_proofs.data.Double: unknown variant of ProofData"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("registered_proof":"StackedDrg2KiBV1")", R"("registered_proof":"StackedDrg2KiBV2")"),
                 ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("registered_proof: expected a RegisteredSealProof name"), std::string::npos) << m;

  m = ParseError(
      Replace(tiny, R"("registered_proof":"StackedDrg2KiBV1")", R"("registered_proof":"StackedDrg8MiBV1_1")"),
      ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("vanilla_proofs: expected the variant StackedDrg8MiBV1"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"({"StackedDrg2KiBV1":[[)", R"({"StackedDrg2KiBV1_1":[[)"),
                 ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("expected the variant StackedDrg2KiBV1"), std::string::npos) << m;

  m = ParseError(Replace(tiny, R"("registered_proof":"StackedDrg2KiBV1")", R"("registered_proof":7)"),
                 ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("registered_proof: expected a registered proof name"), std::string::npos) << m;

  m = ParseError("[1,2]", ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("expected a JSON object"), std::string::npos) << m;
  ParseError("", ErrorCode::kInvalidArgument);
  // serde_json rejects trailing characters
  for (const char *tail : {" x", "{}", " 5", " {"}) {
    m = ParseError(tiny + tail, ErrorCode::kInvalidArgument);
    EXPECT_NE(m.find("trailing content after the root object"), std::string::npos) << tail << ": " << m;
  }
  m = ParseError(tiny + "]", ErrorCode::kInvalidArgument);
  EXPECT_NE(m.find("brackets unbalanced"), std::string::npos) << m;
  EXPECT_TRUE(ParseC1Json(" \n" + tiny + " \n\t").HasValue());
  ParseError(tiny.substr(0, tiny.size() / 2), ErrorCode::kInvalidArgument);
}

TEST(C1Json, VariantNames) {
  EXPECT_EQ(*VanillaProofVariantName("StackedDrg32GiBV1_1"), "StackedDrg32GiBV1");
  EXPECT_EQ(*VanillaProofVariantName("StackedDrg64GiBV1_2_Feat_NonInteractivePoRep"), "StackedDrg64GiBV1");
  EXPECT_EQ(*VanillaProofVariantName("StackedDrg512MiBV1_1_Feat_SyntheticPoRep"), "StackedDrg512MiBV1");
  EXPECT_EQ(*VanillaProofVariantName("StackedDrg2KiBV1"), "StackedDrg2KiBV1");
  for (const char *bad : {"", "StackedDrg", "StackedDrg4KiBV1", "StackedDrg2KiBV1_3", "StackedDrg2KiBV1\"", "x"}) {
    EXPECT_FALSE(VanillaProofVariantName(bad).HasValue()) << bad;
  }
}

TEST(C1Json, WriterRejectsWhatSerdeCouldNotHaveWritten) {
  SealCommitPhase1Output c1 = TinyC1();
  c1.registered_proof = "StackedDrg2KiBV1\",\"x";
  EXPECT_FALSE(WriteC1Json(c1).HasValue());
  c1 = TinyC1();
  c1.vanilla_proofs[0][0].comm_d_proofs.sub = {PathElement{{D(1)}, 0}}; // Single with a sub level
  auto r = WriteC1Json(c1);
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("vanilla_proofs[0][0]"), std::string::npos) << r.ErrorMessage();
}

} // namespace
} // namespace cuzk::filecoin
