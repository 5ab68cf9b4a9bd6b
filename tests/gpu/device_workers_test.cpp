// tests/gpu/device_workers_test.cpp — partition proofs on every device at once (DESIGN rule 2):
// ≥ 16 partitions of four parameter sets submitted concurrently, one and two workers per device;
// every proof verifies, is the CPU backend's proof, and the per-device counters show that each
// device did work. A backend that fails fails only the partitions it took, with an error naming
// its device. The two-device tests skip (visibly) on a machine with fewer GPUs.
#include "gpu/device_workers.hpp"
#include "gpu/groth16_backend.hpp"
#include "gpu_test_util.hpp"
#include "prover_fixtures.hpp"

#include <gtest/gtest.h>

using namespace cuzk;
using namespace cuzk::gpu;

namespace {

std::vector<Device> AllDevices() {
  std::vector<Device> devs;
  for (int i = 0; i < DeviceCount(); i++) devs.push_back(Device::ByOrdinal(i));
  return devs;
}

//! four parameter sets (the domains 2^12 … 2^15), five witnesses each: 20 partitions
std::vector<test::ProverCase> Partitions() {
  std::vector<test::ProverCase> shapes;
  shapes.push_back(test::MakeCase("bits 3000", test::BitsCircuit{3000, 4, 1}, 51));
  shapes.push_back(test::MakeCase("bits 20000", test::BitsCircuit{20000, 6, 1}, 52));
  shapes.push_back(test::MakeCase("random 4000", r1cs::RandomCircuit(4000, 3, 53), 53));
  shapes.push_back(test::MakeCase("random 9000", r1cs::RandomCircuit(9000, 2, 54), 54));
  std::vector<test::ProverCase> jobs;
  for (size_t s = 0; s < shapes.size(); s++) {
    for (uint64_t w = 0; w < 5; w++) {
      test::ProverCase j = shapes[s];
      auto pa = std::make_shared<r1cs::ProvingAssignment>();
      if (s == 0) test::BitsCircuit{3000, 4, 100 + w}.Synthesize(*pa);
      if (s == 1) test::BitsCircuit{20000, 6, 200 + w}.Synthesize(*pa);
      if (s == 2) r1cs::RandomCircuit(4000, 3, 53, 300 + w).Synthesize(*pa);
      if (s == 3) r1cs::RandomCircuit(9000, 2, 54, 400 + w).Synthesize(*pa);
      j.public_inputs.assign(pa->input_assignment.begin() + 1, pa->input_assignment.end());
      j.assignment = std::move(pa);
      j.name += " witness " + std::to_string(w);
      jobs.push_back(std::move(j));
    }
  }
  return jobs;
}

//! submits every job at once; checks each proof (verifies, equals the CPU's) and returns the counters
std::vector<DeviceCounters> RunAll(DeviceWorkers &pool, const std::vector<test::ProverCase> &jobs) {
  std::vector<std::future<PartitionResult>> futures;
  for (const auto &j : jobs) futures.push_back(pool.Submit(PartitionJob{j.params, j.assignment}));
  groth16::CpuBackend cpu;
  std::mt19937_64 rng(61);
  for (size_t i = 0; i < jobs.size(); i++) {
    PartitionResult r = futures[i].get();
    EXPECT_TRUE(r.partial) << jobs[i].name << ": " << r.partial.ErrorMessage();
    if (!r.partial) continue;
    EXPECT_GE(r.device, 0);
    const auto on_cpu = cpu.ProveStart(*jobs[i].params, std::span(jobs[i].assignment.get(), 1));
    std::string which;
    EXPECT_TRUE(on_cpu && test::SamePartial(*r.partial, (*on_cpu)[0], which)) << jobs[i].name << ": " << which;
    const ff::Fr r_ = ff::Fr::Random(rng), s_ = ff::Fr::Random(rng);
    auto proof = groth16::ProveFinish(jobs[i].params->vk, *r.partial, r_, s_);
    EXPECT_TRUE(proof) << proof.ErrorMessage();
    if (!proof) continue;
    auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(jobs[i].params->vk), *proof, jobs[i].public_inputs);
    EXPECT_TRUE(ok && *ok) << jobs[i].name << " on gpu " << r.device_uuid << " does not verify";
  }
  return pool.Counters();
}

void ExpectEveryDeviceWorked(const std::vector<DeviceCounters> &counters, size_t jobs) {
  uint64_t total = 0;
  for (const auto &c : counters) {
    EXPECT_GT(c.completed, 0u) << "gpu " << c.ordinal << " (" << c.uuid << ") proved nothing";
    EXPECT_EQ(c.failed, 0u) << c.last_error;
    EXPECT_EQ(c.in_flight, 0u);
    EXPECT_TRUE(c.usable);
    total += c.completed;
    std::printf("gpu %d (%s): %llu partitions, busy %.3f s\n", c.ordinal, c.uuid.c_str(),
                (unsigned long long)c.completed, c.busy_seconds);
  }
  EXPECT_EQ(total, jobs);
}

void TwoDevices(unsigned workers_per_device) {
  CUZK_REQUIRE_GPU();
  if (DeviceCount() < 2) GTEST_SKIP() << "needs 2 CUDA devices, found " << DeviceCount();
  const auto jobs = Partitions();
  DeviceWorkers pool(AllDevices(), workers_per_device, GpuBackendFactory());
  ExpectEveryDeviceWorked(RunAll(pool, jobs), jobs.size());
}

TEST(GpuDeviceWorkers, SixteenPlusPartitionsOverTwoDevicesOneWorkerEach) { TwoDevices(1); }
TEST(GpuDeviceWorkers, SixteenPlusPartitionsOverTwoDevicesTwoWorkersEach) { TwoDevices(2); }

TEST(GpuDeviceWorkers, TwoWorkersOnOneDevice) {
  CUZK_REQUIRE_GPU();
  const auto jobs = Partitions();
  DeviceWorkers pool({Device::ByOrdinal(0)}, 2, GpuBackendFactory());
  ExpectEveryDeviceWorked(RunAll(pool, jobs), jobs.size());
}

//! Fault injection: a real GpuBackend whose every third job reports a failure. It stands for a
//! device that fails some partitions (a real device fault cannot be provoked safely in a test).
class EveryThirdFails final : public groth16::ProverBackend {
public:
  explicit EveryThirdFails(const Device &dev) : inner_(dev) {}
  Expected<std::vector<groth16::PartialProof>> ProveStart(const groth16::Parameters &params,
                                                          std::span<const r1cs::ProvingAssignment> a,
                                                          groth16::ProverTimings *t) override {
    if (++calls_ % 3 == 0) return Error{"injected failure"};
    return inner_.ProveStart(params, a, t);
  }

private:
  GpuBackend inner_;
  unsigned calls_ = 0;
};

TEST(GpuDeviceWorkers, AFailingBackendFailsOnlyItsPartitions) {
  CUZK_REQUIRE_GPU();
  const auto devices = AllDevices();
  const std::string faulty = devices.back().Uuid(); // the last device (the only one on a 1-GPU machine)
  auto real = GpuBackendFactory();
  DeviceWorkers pool(devices, 1, [&](const Device &d) -> std::unique_ptr<groth16::ProverBackend> {
    if (d.Uuid() == faulty) return std::make_unique<EveryThirdFails>(d);
    return real(d);
  });
  const auto jobs = Partitions();
  std::vector<std::future<PartitionResult>> futures;
  for (const auto &j : jobs) futures.push_back(pool.Submit(PartitionJob{j.params, j.assignment}));
  size_t failed = 0;
  for (size_t i = 0; i < jobs.size(); i++) {
    PartitionResult r = futures[i].get();
    if (r.partial) {
      auto proof = groth16::ProveFinish(jobs[i].params->vk, *r.partial, ff::Fr::FromUint(5), ff::Fr::FromUint(6));
      ASSERT_TRUE(proof);
      auto ok = groth16::VerifyProof(groth16::PrepareVerifyingKey(jobs[i].params->vk), *proof, jobs[i].public_inputs);
      EXPECT_TRUE(ok && *ok) << jobs[i].name;
      continue;
    }
    failed++;
    EXPECT_EQ(r.device_uuid, faulty);
    // the error names the device and says what failed
    EXPECT_NE(r.partial.ErrorMessage().find(faulty), std::string::npos) << r.partial.ErrorMessage();
    EXPECT_NE(r.partial.ErrorMessage().find("injected failure"), std::string::npos) << r.partial.ErrorMessage();
  }
  EXPECT_GT(failed, 0u);
  uint64_t counted = 0;
  for (const auto &c : pool.Counters()) {
    counted += c.failed;
    if (c.uuid != faulty) {
      EXPECT_EQ(c.failed, 0u);
    }
    EXPECT_TRUE(c.usable); // a failed job on a healthy device does not retire it
  }
  EXPECT_EQ(counted, failed);
}

TEST(GpuDeviceWorkers, RejectsDuplicateDevicesAndEmptyJobs) {
  CUZK_REQUIRE_GPU();
  const Device d = Device::ByOrdinal(0);
  bool threw = false;
  try {
    DeviceWorkers dup({d, Device::ByUuid(d.Uuid())}, 1, GpuBackendFactory());
  } catch (const std::invalid_argument &) {
    threw = true;
  }
  EXPECT_TRUE(threw);
  DeviceWorkers pool({d}, 1, GpuBackendFactory());
  PartitionResult r = pool.Submit(PartitionJob{}).get();
  EXPECT_FALSE(r.partial);
  EXPECT_EQ(r.device, -1);
}

} // namespace
