// tests/gpu/setup_multiplier_test.cpp — a Groth16 setup with its multiplications on the GPU writes
// the same bytes as the CPU setup (groth16::CpuFixedBaseMultiplier) for the same secrets. The
// PoRep 2 KiB / 8 MiB files are compared by scripts/gpu-setup.sh with the bundled cuzk-bench.
#include "gpu/setup_multiplier.hpp"
#include "gpu_test_util.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace cuzk::gpu {
namespace {

// "" when the GPU-made parameters serialise to the CPU-made bytes, else what differs
template <class Circuit> std::string Compare(const Circuit &circuit, uint64_t seed) {
  r1cs::RecordingCS shape;
  circuit.Synthesize(shape);
  auto rng = test::Rng(seed);
  const groth16::ToxicWaste secrets = groth16::ToxicWaste::Random(rng);
  const GpuFixedBaseMultiplier gpu(Device::ByOrdinal(0));
  groth16::SetupTimings gt;
  auto on_gpu = groth16::GenerateParametersForShape(shape, secrets, &gpu, &gt);
  auto on_cpu = groth16::GenerateParametersForShape(shape, secrets);
  if (!on_gpu) return "gpu setup: " + on_gpu.ErrorMessage();
  if (!on_cpu) return "cpu setup: " + on_cpu.ErrorMessage();
  if (gt.h != on_cpu->h.size() || gt.b_g2 != on_cpu->b_g2.size()) return "timings count other sizes";
  if (on_gpu->b_g2.empty() || on_gpu->a.empty()) return "empty queries";
  if (groth16::SerializeParameters(*on_gpu) != groth16::SerializeParameters(*on_cpu)) return "bytes differ";
  return "";
}

TEST(GpuSetup, RandomCircuitSameBytes) {
  CUZK_REQUIRE_GPU();
  const std::string r = Compare(r1cs::RandomCircuit(3000, 4, 21), 21);
  EXPECT_TRUE(r.empty()) << r;
}
// above the multiplier's small-batch cut-off: the window-16 tables and device normalisation
TEST(GpuSetup, BitsCircuitSameBytes) {
  CUZK_REQUIRE_GPU();
  const std::string r = Compare(test::BitsCircuit{20000, 5, 22}, 22);
  EXPECT_TRUE(r.empty()) << r;
}

TEST(GpuSetup, StreamedFileEqualsCollected) {
  CUZK_REQUIRE_GPU();
  r1cs::RecordingCS shape;
  test::BitsCircuit{6000, 3, 23}.Synthesize(shape);
  auto rng = test::Rng(23);
  const groth16::ToxicWaste secrets = groth16::ToxicWaste::Random(rng);
  const GpuFixedBaseMultiplier gpu(Device::ByOrdinal(0));
  const std::string path = (std::filesystem::temp_directory_path() / "cuzk_gpu_setup_stream.params").string();
  groth16::ParametersFileWriter file(path);
  ASSERT_TRUE(groth16::GenerateParametersStreaming(shape, secrets, file, &gpu));
  ASSERT_TRUE(file.Close());
  auto collected = groth16::GenerateParametersForShape(shape, secrets);
  ASSERT_TRUE(collected);
  auto read = groth16::ReadParametersFile(path, groth16::PointChecks::kChecked);
  std::filesystem::remove(path);
  ASSERT_TRUE(read) << read.ErrorMessage();
  EXPECT_TRUE(*read == *collected);
  EXPECT_EQ(file.BytesWritten(), groth16::SerializeParameters(*collected).size());
}

} // namespace
} // namespace cuzk::gpu
