// tests/gpu/groth16_backend_test.cpp — the GPU Groth16 backend against the CPU backend (DESIGN
// rule 5): for the same (r, s) every MSM of ProveStart is the same group element and the proofs
// are byte-identical, on random R1CS of several sizes, the sample circuits and bit-heavy witnesses
// (the batch-addition path); with the SRS resident and streamed; and the proofs verify. Skips
// without a device.
#include "gpu/device.hpp"
#include "gpu/groth16_backend.hpp"
#include "gpu_test_util.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

void ExpectSameProofsAsCpu(GpuBackend &gpu, const std::vector<test::ProverCase> &cases, uint64_t seed) {
  groth16::CpuBackend cpu;
  std::mt19937_64 rng(seed);
  for (const auto &c : cases) {
    const std::span<const r1cs::ProvingAssignment> one(c.assignment.get(), 1);
    auto on_cpu = cpu.ProveStart(*c.params, one);
    ASSERT_TRUE(on_cpu) << c.name << ": " << on_cpu.ErrorMessage();
    auto on_gpu = gpu.ProveStart(*c.params, one);
    ASSERT_TRUE(on_gpu) << c.name << ": " << on_gpu.ErrorMessage();
    std::string which;
    ASSERT_TRUE(test::SamePartial((*on_gpu)[0], (*on_cpu)[0], which)) << c.name << ": " << which << " differs";
    const ff::Fr r = ff::Fr::Random(rng), s = ff::Fr::Random(rng);
    auto p_cpu = groth16::ProveFinish(c.params->vk, (*on_cpu)[0], r, s);
    auto p_gpu = groth16::ProveFinish(c.params->vk, (*on_gpu)[0], r, s);
    ASSERT_TRUE(p_cpu && p_gpu);
    ASSERT_TRUE(groth16::EncodeProof(*p_gpu) == groth16::EncodeProof(*p_cpu)) << c.name;
    auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(c.params->vk), *p_gpu, c.public_inputs);
    ASSERT_TRUE(ok && *ok) << c.name << ": the GPU proof does not verify";
  }
}

TEST(GpuGroth16Backend, SameProofsAsCpuWithResidentSrs) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  const auto cases = test::StandardCases();
  auto cache = std::make_shared<SrsCache>(dev, size_t(1) << 30);
  GpuBackend gpu(dev, cache);
  ExpectSameProofsAsCpu(gpu, cases, 101);
  EXPECT_EQ(cache->Entries(), cases.size()); // every set fitted and stayed resident
  // second round: the SRS is reused from device memory, scratch from the first round
  ExpectSameProofsAsCpu(gpu, cases, 102);
  EXPECT_EQ(cache->Entries(), cases.size());
}

TEST(GpuGroth16Backend, SameProofsAsCpuWithStreamedSrs) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  auto cache = std::make_shared<SrsCache>(dev, 0); // nothing fits: every MSM streams its bases
  GpuBackend gpu(dev, cache);
  ExpectSameProofsAsCpu(gpu, test::StandardCases(), 103);
  EXPECT_EQ(cache->Entries(), 0u);
  EXPECT_EQ(cache->ResidentBytes(), 0u);
}

// GpuTuning::derive_c (gpus.derive_c): c formed on the device as a∘b; the standard cases are satisfied circuits, so
// every MSM and proof is still the CPU backend's
TEST(GpuGroth16Backend, DerivedCGivesTheSameProofs) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  auto cache = std::make_shared<SrsCache>(dev, size_t(1) << 30);
  GpuTuning tuning;
  tuning.derive_c = true;
  GpuBackend gpu(dev, cache, nullptr, tuning);
  EXPECT_TRUE(gpu.Tuning().derive_c);
  ExpectSameProofsAsCpu(gpu, test::StandardCases(), 104);
}

// the daemon's path: GpuBackendFactory gives every backend it makes the tuning (here a forced MSM width, which must
// not change a proof) and one SRS and PCE cache per device
TEST(GpuGroth16Backend, FactoryPassesTheTuningAndSharesTheDeviceCaches) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  GpuTuning tuning;
  tuning.msm.window_bits = 9;
  tuning.derive_c = true;
  auto factory = GpuBackendFactory(tuning, size_t(1) << 30);
  auto first = factory(dev), second = factory(dev);
  auto *a = dynamic_cast<GpuBackend *>(first.get());
  auto *b = dynamic_cast<GpuBackend *>(second.get());
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(a->Tuning() == tuning);
  EXPECT_TRUE(b->Tuning() == tuning);
  EXPECT_EQ(&a->Cache(), &b->Cache());
  EXPECT_EQ(&a->PceCache(), &b->PceCache());
  EXPECT_EQ(a->Cache().Budget(), size_t(1) << 30);
  auto plain = GpuBackendFactory({}, size_t(1) << 20)(dev);
  auto *p = dynamic_cast<GpuBackend *>(plain.get());
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->Tuning() == GpuTuning{}) << "the defaults";
  ExpectSameProofsAsCpu(*a, test::StandardCases(), 105);
}

TEST(GpuGroth16Backend, BatchOfCircuitsAndTimings) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  // three witnesses of one circuit shape against one parameter set
  const auto shape = test::MakeCase("bits", test::BitsCircuit{3000, 5, 99}, 21);
  std::vector<r1cs::ProvingAssignment> batch;
  for (uint64_t v = 0; v < 3; v++) {
    r1cs::ProvingAssignment pa;
    test::BitsCircuit{3000, 5, 200 + v}.Synthesize(pa);
    batch.push_back(std::move(pa));
  }
  const auto &params = *shape.params;
  GpuBackend gpu(dev);
  groth16::CpuBackend cpu;
  groth16::ProverTimings t;
  auto on_gpu = gpu.ProveStart(params, batch, &t);
  auto on_cpu = cpu.ProveStart(params, batch);
  ASSERT_TRUE(on_gpu && on_cpu) << on_gpu.ErrorMessage();
  ASSERT_EQ(on_gpu->size(), 3u);
  for (size_t i = 0; i < 3; i++) {
    std::string which;
    ASSERT_TRUE(test::SamePartial((*on_gpu)[i], (*on_cpu)[i], which)) << "circuit " << i << ": " << which;
  }
  EXPECT_GT(t.h_ntt, 0.0);
  EXPECT_GT(t.msm_h, 0.0);
  EXPECT_GT(t.msm_b_g2, 0.0);
  EXPECT_GT(gpu.ScratchBytes(), 0u);
}

TEST(GpuGroth16Backend, MismatchedAssignmentIsAnError) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  auto small = test::MakeCase("bits", test::BitsCircuit{100, 2, 1}, 31);
  r1cs::ProvingAssignment other;
  test::BitsCircuit{200, 2, 1}.Synthesize(other);
  GpuBackend gpu(dev);
  auto r = gpu.ProveStart(*small.params, std::span<const r1cs::ProvingAssignment>(&other, 1));
  ASSERT_FALSE(r);
  EXPECT_NE(r.ErrorMessage().find("does not match the parameters"), std::string::npos) << r.ErrorMessage();
}

TEST(GpuSrsCache, BudgetAndLeastRecentlyUsedEviction) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  auto p1 = test::MakeCase("a", test::BitsCircuit{500, 2, 1}, 41);
  auto p2 = test::MakeCase("b", test::BitsCircuit{600, 2, 1}, 42);
  const size_t b1 = SrsCache::BytesFor(*p1.params), b2 = SrsCache::BytesFor(*p2.params);
  SrsCache cache(dev, std::max(b1, b2) + 1); // room for one set at a time
  auto r1 = cache.Acquire(*p1.params, s);
  ASSERT_TRUE(r1);
  EXPECT_EQ(cache.ResidentBytes(), b1);
  // p1 is in use: p2 cannot evict it, so it is streamed (null)
  EXPECT_FALSE(cache.Acquire(*p2.params, s));
  r1.reset();
  auto r2 = cache.Acquire(*p2.params, s); // p1 is idle now: evicted for p2
  ASSERT_TRUE(r2);
  EXPECT_EQ(cache.Entries(), 1u);
  EXPECT_EQ(cache.ResidentBytes(), b2);
  // the resident copy is the host's points, byte for byte
  std::vector<ec::G2Affine> back(p2.params->b_g2.size());
  r2->b_g2.CopyToHost(back, s);
  s.Synchronize();
  EXPECT_TRUE(back == p2.params->b_g2);
  EXPECT_TRUE(cache.Acquire(*p2.params, s) == r2); // a hit returns the same copy
  cache.Evict(*p2.params);
  EXPECT_EQ(cache.Entries(), 0u);
  EXPECT_EQ(cache.ResidentBytes(), 0u);
}

} // namespace
