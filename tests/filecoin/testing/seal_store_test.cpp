// tests/filecoin/testing/seal_store_test.cpp — a sealed sector saved to a directory loads back with the
// same commitments and trees (its C1 verifies), for a registered and a test configuration; a
// corrupted label or data file, a truncated file, an edited or incomplete seal.meta are errors
// that name what is wrong; sealing straight from a data file.
#include "filecoin/core/fr32.hpp"
#include "filecoin/porep/porep_vanilla_verify.hpp"
#include "filecoin/testing/porep_prove.hpp"
#include "filecoin/testing/seal_store.hpp"

#include "common/bytes.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

using namespace cuzk::filecoin;
namespace fs = std::filesystem;

namespace {

class SealStore : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_seal_store_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static SealedSector Seal(const PorepConfig &c) {
    const std::vector<uint8_t> payload = cuzk::test::SeededBytes(Fr32UnpaddedCapacity(c.sector_size), 8);
    SealInputs in;
    in.prover_id = ProverIdFromActorId(77);
    in.sector_id = 3;
    in.ticket.fill(0x11);
    return SealUnpadded(c, payload, in).Value();
  }

  void FlipByte(const fs::path &file, size_t offset) {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(std::streamoff(offset));
    char c = 0;
    f.read(&c, 1);
    c ^= 1;
    f.seekp(std::streamoff(offset));
    f.write(&c, 1);
  }

  void ReplaceMetaLine(const std::string &key, const std::string &line) {
    std::ifstream in(dir_ / "seal.meta");
    std::string all, l;
    while (std::getline(in, l))
      if (l.rfind(key + " ", 0) != 0) all += l + "\n";
    in.close();
    all += line.empty() ? "" : line + "\n";
    std::ofstream(dir_ / "seal.meta", std::ios::trunc) << all;
  }

  fs::path dir_;
};

void ExpectSameSector(const SealedSector &a, const SealedSector &b) {
  EXPECT_EQ(a.comm_d, b.comm_d);
  EXPECT_EQ(a.comm_c, b.comm_c);
  EXPECT_EQ(a.comm_r_last, b.comm_r_last);
  EXPECT_EQ(a.comm_r, b.comm_r);
  EXPECT_EQ(a.replica_id, b.replica_id);
  EXPECT_EQ(a.config.proof, b.config.proof);
  EXPECT_EQ(a.config.nodes, b.config.nodes);
  EXPECT_EQ(a.config.partitions, b.config.partitions);
  EXPECT_EQ(a.inputs.sector_id, b.inputs.sector_id);
  for (size_t l = 1; l <= a.config.layers; l++)
    EXPECT_TRUE(std::equal(a.labels.Layer(l).begin(), a.labels.Layer(l).end(), b.labels.Layer(l).begin()));
}

} // namespace

TEST_F(SealStore, RoundTripOfA2KiBSectorAndItsC1) {
  const SealedSector s = Seal(PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1));
  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  for (const char *f : {"seal.meta", "data.dat", "layer-1.dat", "layer-2.dat", "sealed.dat"})
    EXPECT_TRUE(fs::exists(dir_ / f)) << f;
  EXPECT_EQ(fs::file_size(dir_ / "sealed.dat"), s.config.sector_size);
  auto loaded = LoadSealedSector(dir_);
  ASSERT_TRUE(loaded.HasValue()) << loaded.ErrorMessage();
  ExpectSameSector(s, *loaded);
  Digest32 seed;
  seed.fill(0x22);
  auto c1 = SealCommitPhase1(*loaded, seed);
  ASSERT_TRUE(c1.HasValue()) << c1.ErrorMessage();
  EXPECT_TRUE(VerifyC1(*c1).IsOk());
}

TEST_F(SealStore, RoundTripOfATestConfiguration) {
  PorepId id;
  id.fill(44);
  const SealedSector s = Seal(TestPorepConfig(64, 2, {8, 4, 2}, id, ApiVersion::kV1_1_0).Value());
  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  auto loaded = LoadSealedSector(dir_);
  ASSERT_TRUE(loaded.HasValue()) << loaded.ErrorMessage();
  ExpectSameSector(s, *loaded);
  EXPECT_EQ(loaded->config.shape.top, 2u);
}

TEST_F(SealStore, CorruptionIsNamed) {
  const SealedSector s = Seal(PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1));
  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  FlipByte(dir_ / "layer-1.dat", 32 * 9); // a layer-1 label changes its column: comm_c
  auto r = LoadSealedSector(dir_);
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("comm_c"), std::string::npos) << r.ErrorMessage();

  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  FlipByte(dir_ / "data.dat", 32 * 3); // data changes comm_d first
  r = LoadSealedSector(dir_);
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("comm_d"), std::string::npos) << r.ErrorMessage();

  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  fs::resize_file(dir_ / "layer-2.dat", 1024);
  r = LoadSealedSector(dir_);
  ASSERT_FALSE(r.HasValue());
  EXPECT_EQ(r.Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_NE(r.ErrorMessage().find("layer-2.dat"), std::string::npos) << r.ErrorMessage();

  ASSERT_TRUE(SaveSealedSector(s, dir_).IsOk());
  ReplaceMetaLine("comm_r", "comm_r " + std::string(64, '0'));
  r = LoadSealedSector(dir_);
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("comm_r"), std::string::npos) << r.ErrorMessage();

  ReplaceMetaLine("ticket", "");
  r = LoadSealedSector(dir_);
  ASSERT_FALSE(r.HasValue());
  EXPECT_NE(r.ErrorMessage().find("missing key ticket"), std::string::npos) << r.ErrorMessage();

  ReplaceMetaLine("ticket", "ticket xyz");
  EXPECT_FALSE(LoadSealedSector(dir_).HasValue());
  EXPECT_FALSE(LoadSealedSector(dir_ / "nowhere").HasValue());
}

TEST_F(SealStore, SealsADataFile) {
  const PorepConfig c = PorepConfigFor(RegisteredSealProof::kStackedDrg2KiBV1_1);
  fs::create_directories(dir_);
  std::vector<uint8_t> payload(1500);
  for (size_t i = 0; i < payload.size(); i++) payload[i] = uint8_t(i * 31 + 7);
  std::ofstream(dir_ / "piece.bin", std::ios::binary)
      .write(reinterpret_cast<const char *>(payload.data()), std::streamsize(payload.size()));
  SealInputs in;
  in.sector_id = 12;
  auto from_file = SealDataFile(c, dir_ / "piece.bin", in);
  ASSERT_TRUE(from_file.HasValue()) << from_file.ErrorMessage();
  EXPECT_EQ(from_file->comm_r, SealUnpadded(c, payload, in).Value().comm_r);
  std::ofstream(dir_ / "big.bin", std::ios::binary) << std::string(Fr32UnpaddedCapacity(c.sector_size) + 1, 'x');
  EXPECT_EQ(SealDataFile(c, dir_ / "big.bin", in).Code(), cuzk::ErrorCode::kBadLength);
  EXPECT_FALSE(SealDataFile(c, dir_ / "missing.bin", in).HasValue());
}
