// tests/pce/pce_file_test.cpp — the pre-compiled circuit file: round trip, and every kind of bad
// file (a flipped byte anywhere, a truncation, another shape, another format version) rejected
// with an error saying which.
#include "pce/evaluate.hpp"
#include "pce/pce_file.hpp"
#include "pce/recorder.hpp"
#include "r1cs/assignment_difference.hpp"
#include "r1cs/sample_circuits.hpp"

#include "fuzz/pce_checksum.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

namespace cuzk::pce {
namespace {

namespace fs = std::filesystem;

class PceFile : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk-pce-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    auto pce = Record([&](r1cs::ConstraintSystem &cs) { circuit_.Synthesize(cs); }, "random-3000/v1");
    ASSERT_TRUE(pce.HasValue()) << pce.ErrorMessage();
    pce_ = *pce;
    path_ = dir_ / "v28-test.pce";
    ASSERT_TRUE(Save(*pce_, path_).IsOk());
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<uint8_t> Bytes() const {
    std::ifstream in(path_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  void Write(const std::vector<uint8_t> &b) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(b.data()), std::streamsize(b.size()));
  }
  std::string LoadError() const {
    auto loaded = Load(path_, "random-3000/v1");
    return loaded.HasValue() ? "" : loaded.ErrorMessage();
  }

  const r1cs::RandomCircuit circuit_{3000, 5, 77, 3};
  std::shared_ptr<const PreCompiledCircuit> pce_;
  fs::path dir_, path_;
};

TEST_F(PceFile, RoundTripEvaluatesTheSame) {
  auto loaded = Load(path_, "random-3000/v1");
  ASSERT_TRUE(loaded.HasValue()) << loaded.ErrorMessage();
  EXPECT_EQ((*loaded)->NumInputs(), pce_->NumInputs());
  EXPECT_EQ((*loaded)->NumAux(), pce_->NumAux());
  EXPECT_EQ((*loaded)->NumConstraints(), pce_->NumConstraints());
  EXPECT_EQ((*loaded)->Nnz(), pce_->Nnz());
  EXPECT_EQ((*loaded)->MemoryBytes(), fs::file_size(path_));
  r1cs::WitnessCS w;
  circuit_.Synthesize(w);
  r1cs::ProvingAssignment from_file, generic;
  ASSERT_TRUE(Evaluate(**loaded, std::move(w), from_file).IsOk());
  circuit_.Synthesize(generic);
  EXPECT_EQ(r1cs::AssignmentDifference(from_file, generic), "");
  EXPECT_FALSE(fs::exists(path_.string() + ".tmp." + std::to_string(::getpid()))) << "the temporary is renamed";
}

TEST_F(PceFile, EveryFlippedByteIsRejected) {
  const std::vector<uint8_t> good = Bytes();
  std::mt19937_64 rng(5);
  // the header's fields, then bytes spread over the payload
  std::vector<size_t> offsets;
  for (size_t i = 0; i < 64; i++) offsets.push_back(i);
  for (size_t i = 0; i < 20; i++) offsets.push_back(64 + rng() % (FILE_HEADER_BYTES - 64)); // key, table, padding
  for (int i = 0; i < 60; i++) offsets.push_back(FILE_HEADER_BYTES + rng() % (good.size() - FILE_HEADER_BYTES));
  offsets.push_back(good.size() - 1);
  for (size_t at : offsets) {
    std::vector<uint8_t> bad = good;
    bad[at] ^= uint8_t(1u << (rng() % 8));
    Write(bad);
    EXPECT_NE(LoadError(), "") << "a flipped bit at byte " << at << " was accepted";
  }
  Write(good);
  EXPECT_EQ(LoadError(), "");
}

TEST_F(PceFile, TruncatedOrExtendedIsRejected) {
  const std::vector<uint8_t> good = Bytes();
  for (size_t keep : {size_t(0), size_t(100), size_t(FILE_HEADER_BYTES), good.size() / 2, good.size() - 1}) {
    Write(std::vector<uint8_t>(good.begin(), good.begin() + keep));
    const std::string e = LoadError();
    EXPECT_NE(e.find("truncated"), std::string::npos) << keep << ": " << e;
  }
  std::vector<uint8_t> longer = good;
  longer.push_back(0);
  Write(longer);
  EXPECT_NE(LoadError().find("truncated or extended"), std::string::npos);
}

TEST_F(PceFile, AnotherShapeOrVersionIsRejected) {
  auto other = Load(path_, "random-3000/v2");
  ASSERT_FALSE(other.HasValue());
  EXPECT_NE(other.ErrorMessage().find("recorded for random-3000/v1"), std::string::npos) << other.ErrorMessage();
  std::vector<uint8_t> bumped = Bytes();
  bumped[8] = uint8_t(FILE_FORMAT_VERSION + 1); // the version follows the 8-byte magic
  Write(bumped);
  EXPECT_NE(LoadError().find("format version"), std::string::npos) << LoadError();
  Write({'n', 'o', 't', ' ', 'a', ' ', 'p', 'c', 'e'});
  EXPECT_NE(LoadError().find("truncated"), std::string::npos);
}

// A section that starts past the end of the file, under a checksum that matches (whoever can write
// the file can compute it; tests/fuzz/pce_checksum.hpp does): refused by the bounds check, which
// must not wrap around, before anything reads it. Found by tests/fuzz/pce_fuzzer.cpp.
TEST_F(PceFile, SectionPastTheEndIsRejected) {
  std::vector<uint8_t> bad = Bytes();
  const uint64_t offset = (bad.size() / 64 + 2) * 64, bytes = pce_->A().row_info.size_bytes();
  std::memcpy(bad.data() + fuzz::PCE_SECTIONS_AT, &offset, sizeof(offset)); // A's row_info
  std::memcpy(bad.data() + fuzz::PCE_SECTIONS_AT + 8, &bytes, sizeof(bytes));
  fuzz::FixPceChecksum(bad);
  Write(bad);
  EXPECT_NE(LoadError().find("corrupt section table"), std::string::npos) << LoadError();
}

TEST_F(PceFile, MissingFileNamesIt) {
  auto missing = Load(dir_ / "absent.pce", "x");
  ASSERT_FALSE(missing.HasValue());
  EXPECT_NE(missing.ErrorMessage().find("absent.pce"), std::string::npos);
  EXPECT_EQ(missing.ErrorMessage().find(dir_.string()), std::string::npos) << "names the file, not the host path";
}

TEST_F(PceFile, ValidateFindsOutOfRangeColumns) {
  // a structurally bad circuit (as a corrupt file with a matching checksum would be): an entry
  // naming an aux variable that does not exist
  PreCompiledCircuit::Parts p = pce_->AllParts();
  std::vector<uint32_t> columns(p.a.columns.begin(), p.a.columns.end());
  columns[0] = AUX_BIT | uint32_t(p.num_aux);
  p.a.columns = columns;
  const PreCompiledCircuit bad(p);
  const Status s = Validate(bad);
  ASSERT_FALSE(s.IsOk());
  EXPECT_NE(s.ErrorMessage().find("matrix A"), std::string::npos) << s.ErrorMessage();
}

} // namespace
} // namespace cuzk::pce
