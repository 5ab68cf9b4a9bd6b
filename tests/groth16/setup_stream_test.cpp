// tests/groth16/setup_stream_test.cpp — the streamed setup (GenerateParametersStreaming into a
// ParametersFileWriter) writes exactly the bytes of the in-memory setup, and the writer refuses
// sections out of the file's order.
#include "groth16/groth16.hpp"
#include "r1cs/sample_circuits.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

namespace cuzk::groth16 {
namespace {

TEST(SetupStream, FileEqualsSerializedParameters) {
  r1cs::RecordingCS shape;
  r1cs::RandomCircuit(500, 3, 31).Synthesize(shape);
  std::mt19937_64 rng(31);
  const ToxicWaste secrets = ToxicWaste::Random(rng);
  const std::string path = (std::filesystem::temp_directory_path() / "cuzk_setup_stream_test.params").string();
  ParametersFileWriter file(path);
  SetupTimings t;
  ASSERT_TRUE(GenerateParametersStreaming(shape, secrets, file, nullptr, &t));
  ASSERT_TRUE(file.Close());
  auto params = GenerateParametersForShape(shape, secrets);
  ASSERT_TRUE(params) << params.ErrorMessage();
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  EXPECT_EQ(bytes, SerializeParameters(*params));
  EXPECT_EQ(file.BytesWritten(), bytes.size());
  EXPECT_EQ(t.h, params->h.size());
  EXPECT_EQ(t.l, params->l.size());
  EXPECT_EQ(t.a, params->a.size());
  EXPECT_EQ(t.b_g2, params->b_g2.size());
}

TEST(SetupStream, WriterRejectsSectionsOutOfOrder) {
  const std::string path = (std::filesystem::temp_directory_path() / "cuzk_setup_stream_order.params").string();
  ParametersFileWriter file(path);
  EXPECT_FALSE(file.G1Section({})); // before the vk
  EXPECT_FALSE(file.Close());       // incomplete
  ParametersFileWriter second(path);
  ASSERT_TRUE(second.Vk(VerifyingKey{}));
  EXPECT_FALSE(second.G2Section({})); // b_g2 before the four G1 sections
  std::filesystem::remove(path);
}

} // namespace
} // namespace cuzk::groth16
