// tests/filecoin/post/bincode_post_test.cpp — bincode and serde JSON of the PoSt vanilla types:
// a byte-exact known layout for a small proof, the 2,484-byte 32GiB (Sub) inclusion proof of spec
// §3.5, round trips of generated Window/Winning proofs (Single, Sub, Top shapes) that still verify,
// and decoding errors with the path of the bad value.
#include "filecoin/post/post_bincode.hpp"

#include "filecoin/post_test_sectors.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

using namespace cuzk::filecoin;
using cuzk::test::PoStTestSizeConfig;

namespace {

Digest32 Randomness() { return cuzk::test::StepFr32(3, 1); }

Domain32 Filled(uint8_t v) {
  Domain32 d{};
  d.fill(v);
  d[31] = 0;
  return d;
}

std::vector<FallbackPoStSectorProof> Generate(const PoStConfig &cfg, size_t sectors) {
  std::vector<cuzk::test::TestSector> s;
  std::vector<PoStReplica> replicas;
  for (size_t i = 0; i < sectors; i++)
    s.push_back(cuzk::test::MakeTestSector(50 + i, cfg.SectorNodes(), cfg.tree_shape, i));
  for (auto &t : s) replicas.push_back(t.Replica());
  return GenerateFallbackVanillaProofs(cfg, Randomness(), replicas).Value();
}

bool SameProof(const FallbackPoStSectorProof &a, const FallbackPoStSectorProof &b) {
  return EncodeFallbackPoStSectorProof(a) == EncodeFallbackPoStSectorProof(b);
}

} // namespace

TEST(PoStBincode, KnownLayoutOfASingleProof) {
  MerkleProof m;
  m.root = Filled(1);
  m.leaf = Filled(2);
  m.base.push_back({{Filled(3)}, 1});
  BincodeWriter w;
  WriteMerkleProof(w, m);
  std::vector<uint8_t> expected{0, 0, 0, 0}; // ProofData::Single
  expected.insert(expected.end(), m.root.begin(), m.root.end());
  expected.insert(expected.end(), m.leaf.begin(), m.leaf.end());
  for (uint8_t b : {1, 0, 0, 0, 0, 0, 0, 0}) expected.push_back(b); // path: 1 element
  for (uint8_t b : {1, 0, 0, 0, 0, 0, 0, 0}) expected.push_back(b); // hashes: 1
  const Domain32 h = Filled(3);
  expected.insert(expected.end(), h.begin(), h.end());
  for (uint8_t b : {1, 0, 0, 0, 0, 0, 0, 0}) expected.push_back(b); // index
  EXPECT_EQ(w.Bytes(), expected);
  MerkleProofShape shape{MerkleProofKind::kSingle, {2}};
  EXPECT_EQ(shape.BincodeSize(), expected.size());
  BincodeReader r(expected);
  auto back = ReadMerkleProof(r, shape, "p").Value();
  EXPECT_EQ(back.root, m.root);
  EXPECT_EQ(back.base[0].index, 1u);
}

TEST(PoStBincode, SubProofOf32GiBIs2484Bytes) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow32GiBV1_2);
  auto shape = PoseidonProofShape(cfg.tree_shape, cfg.SectorNodes()).Value();
  EXPECT_EQ(shape.kind, MerkleProofKind::kSub);
  EXPECT_EQ(shape.BincodeSize(), 2484u);
  MerkleProof m;
  m.kind = MerkleProofKind::kSub;
  for (size_t l = 0; l < 9; l++) m.base.push_back({std::vector<Domain32>(7, Filled(uint8_t(l))), l % 8});
  m.sub.push_back({std::vector<Domain32>(7, Filled(9)), 5});
  BincodeWriter w;
  WriteMerkleProof(w, m);
  EXPECT_EQ(w.Bytes().size(), 2484u);
  EXPECT_EQ(w.Bytes()[0], 1u); // ProofData::Sub
  BincodeReader r(w.Bytes());
  auto back = ReadMerkleProof(r, shape, "p").Value();
  EXPECT_EQ(back.sub[0].index, 5u);
  EXPECT_TRUE(r.Finish("p").IsOk());
  // 64GiB: Top, one more binary level
  auto top = PoseidonProofShape({8, 8, 2}, uint64_t(1) << 31).Value();
  EXPECT_EQ(top.BincodeSize(), 2484u + 8 + 8 + 32 + 8);
  // a whole 32GiB FallbackPoStSectorProof: id + comm_r + sectors len + proofs len + 10 proofs + 2 commitments
  EXPECT_EQ(8 + 32 + 8 + 8 + 10 * 2484 + 64, 24960);
}

TEST(PoStBincode, GeneratedProofsRoundTripAndVerify) {
  for (uint64_t size : {uint64_t(2) << 10, uint64_t(16) << 10, uint64_t(32) << 10}) {
    const PoStConfig cfg = PoStTestSizeConfig(size);
    const auto vanilla = Generate(cfg, 2);
    const auto shape = PoseidonProofShape(cfg.tree_shape, cfg.SectorNodes()).Value();
    std::vector<FallbackPoStSectorProof> decoded;
    for (const auto &v : vanilla) {
      const auto bytes = EncodeFallbackPoStSectorProof(v);
      EXPECT_EQ(bytes.size(), 8 + 32 + 8 + 8 + 10 * shape.BincodeSize() + 64) << size;
      auto d = DecodeFallbackPoStSectorProof(bytes, cfg);
      ASSERT_TRUE(d.HasValue()) << d.ErrorMessage();
      EXPECT_TRUE(SameProof(*d, v));
      const std::string json = FallbackPoStSectorProofToJson(v);
      auto j = FallbackPoStSectorProofFromJson(json, cfg);
      ASSERT_TRUE(j.HasValue()) << j.ErrorMessage();
      EXPECT_TRUE(SameProof(*j, v));
      EXPECT_EQ(FallbackPoStSectorProofToJson(*j), json);
      decoded.push_back(std::move(d).Value());
    }
    auto part = PoStPartitionFromVanilla(cfg, decoded).Value();
    EXPECT_TRUE(VerifyPoStPartition(part, Randomness()).IsOk()) << size;
  }
  // winning: 66 inclusion proofs
  const auto win = PoStConfigFor(RegisteredPoStProof::kWinning2KiBV1);
  const auto v = Generate(win, 1);
  auto d = DecodeFallbackPoStSectorProof(EncodeFallbackPoStSectorProof(v[0]), win);
  ASSERT_TRUE(d.HasValue());
  EXPECT_EQ(d->sectors[0].inclusion_proofs.size(), 66u);
  // a window-encoded proof is not a winning one (10 ≠ 66 inclusion proofs)
  const auto w = Generate(PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2), 1);
  EXPECT_FALSE(DecodeFallbackPoStSectorProof(EncodeFallbackPoStSectorProof(w[0]), win).HasValue());
}

TEST(PoStBincode, JsonShape) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const auto v = Generate(cfg, 1);
  const std::string json = FallbackPoStSectorProofToJson(v[0]);
  EXPECT_EQ(json.rfind("{\"sector_id\":50,\"comm_r\":[", 0), 0u) << json.substr(0, 60);
  EXPECT_NE(json.find("\"vanilla_proof\":{\"sectors\":[{\"inclusion_proofs\":[{\"data\":{\"Single\":{\"root\":["),
            std::string::npos);
  EXPECT_NE(json.find("\"path\":{\"path\":[{\"hashes\":[["), std::string::npos);
  // keys in another order and unknown keys are accepted, as serde_json does
  std::string reordered = json;
  reordered.insert(1, "\"extra\":{\"x\":[1,2]},");
  EXPECT_TRUE(FallbackPoStSectorProofFromJson(reordered, cfg).HasValue());
}

TEST(PoStBincode, DecodingErrorsNameThePlace) {
  const auto cfg = PoStConfigFor(RegisteredPoStProof::kWindow2KiBV1_2);
  const auto v = Generate(cfg, 1)[0];
  const auto good = EncodeFallbackPoStSectorProof(v);
  { // trailing garbage
    auto b = good;
    b.push_back(0);
    auto d = DecodeFallbackPoStSectorProof(b, cfg);
    ASSERT_FALSE(d.HasValue());
    EXPECT_NE(d.ErrorMessage().find("trailing"), std::string::npos);
  }
  { // wrong variant tag of the third inclusion proof
    auto b = good;
    const size_t third = 8 + 32 + 8 + 8 + 2 * PoseidonProofShape(cfg.tree_shape, 64).Value().BincodeSize();
    b[third] = 1;
    auto d = DecodeFallbackPoStSectorProof(b, cfg);
    ASSERT_FALSE(d.HasValue());
    EXPECT_NE(d.ErrorMessage().find("inclusion_proofs[2].data"), std::string::npos) << d.ErrorMessage();
  }
  { // non-canonical comm_r
    auto b = good;
    std::fill(b.begin() + 8, b.begin() + 40, 0xff);
    auto d = DecodeFallbackPoStSectorProof(b, cfg);
    ASSERT_FALSE(d.HasValue());
    EXPECT_EQ(d.Code(), cuzk::ErrorCode::kNonCanonical);
  }
  { // a hostile inclusion_proofs length
    auto b = good;
    b[48 + 7] = 0x40;
    auto d = DecodeFallbackPoStSectorProof(b, cfg);
    ASSERT_FALSE(d.HasValue());
    EXPECT_EQ(d.Code(), cuzk::ErrorCode::kBadLength);
  }
  // JSON errors
  auto j = FallbackPoStSectorProofFromJson("{\"sector_id\":1}", cfg);
  ASSERT_FALSE(j.HasValue());
  EXPECT_NE(j.ErrorMessage().find("comm_r"), std::string::npos);
  std::string json = FallbackPoStSectorProofToJson(v);
  const size_t at = json.find("\"index\":");
  json.replace(at, 9, "\"index\":9");
  auto k = FallbackPoStSectorProofFromJson(json, cfg);
  ASSERT_FALSE(k.HasValue());
  EXPECT_NE(k.ErrorMessage().find("inclusion_proofs[0].data.Single.path.path[0].index"), std::string::npos)
      << k.ErrorMessage();
  EXPECT_FALSE(FallbackPoStSectorProofFromJson("{", cfg).HasValue());
}
