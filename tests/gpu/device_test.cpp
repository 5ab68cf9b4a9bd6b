// tests/gpu/device_test.cpp — device registry, explicit selection, RAII resources, CUDA_CHECK.
#include "gpu/resources.hpp"
#include "gpu_test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

using namespace cuzk::gpu;

namespace {

TEST(GpuCheck, ErrorNamesExpressionFileAndLine) {
  // needs no device: the macro only formats the runtime's error
  bool thrown = false;
  try {
    CUZK_CUDA_CHECK(cudaErrorInvalidValue);
  } catch (const CudaError &e) {
    thrown = true;
    const std::string what = e.what();
    EXPECT_EQ(e.Code(), cudaErrorInvalidValue);
    EXPECT_NE(what.find("cudaErrorInvalidValue"), std::string::npos) << what;
    EXPECT_NE(what.find("device_test.cpp:"), std::string::npos) << what;
    EXPECT_NE(what.find(" at cudaErrorInvalidValue@"), std::string::npos) << what;
  }
  EXPECT_TRUE(thrown);
}

// DeviceCount is what every device test's skip rests on: it must match the host's GPUs
// (scripts/gpu-check.sh passes nvidia-smi's count as CUZK_EXPECTED_DEVICES), and a host without
// a driver or device must leave no sticky CUDA error behind for the calls after it.
TEST(GpuDevice, CountMatchesTheHostAndLeavesNoError) {
  const int n = DeviceCount();
  // without a driver every runtime call, cudaGetLastError included, reports the missing driver
  if (n > 0) {
    EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  }
  EXPECT_EQ(DeviceCount(), n);
  const char *expected = std::getenv("CUZK_EXPECTED_DEVICES");
  if (!expected || !*expected) GTEST_SKIP() << "CUZK_EXPECTED_DEVICES not set (scripts/gpu-check.sh sets it)";
  EXPECT_EQ(n, std::atoi(expected));
}

TEST(GpuDevice, RegistryDescribesEveryDevice) {
  CUZK_REQUIRE_GPU();
  const char *cvd_before = std::getenv("CUDA_VISIBLE_DEVICES");
  const std::string before = cvd_before ? cvd_before : "<unset>";
  auto devs = ListDevices();
  ASSERT_EQ(int(devs.size()), DeviceCount());
  for (const auto &d : devs) {
    std::cout << "device " << d.ordinal << ": " << d.name << " " << d.uuid << " pci " << d.pci_bus_id << " mem "
              << (d.free_memory >> 20) << "/" << (d.total_memory >> 20) << " MiB, " << d.sm_count << " SMs, sm_"
              << d.cc_major << d.cc_minor << std::endl;
    EXPECT_FALSE(d.name.empty());
    EXPECT_EQ(d.uuid.rfind("GPU-", 0), 0u);
    EXPECT_EQ(d.uuid.size(), 40u);
    EXPECT_FALSE(d.pci_bus_id.empty());
    EXPECT_GT(d.total_memory, 0u);
    EXPECT_LE(d.free_memory, d.total_memory);
    EXPECT_GT(d.sm_count, 0);
    // selection by ordinal, by UUID (any case, with or without the prefix) agree
    EXPECT_EQ(Device::ByOrdinal(d.ordinal).Uuid(), d.uuid);
    EXPECT_EQ(Device::ByUuid(d.uuid).Ordinal(), d.ordinal);
    std::string bare = d.uuid.substr(4);
    std::transform(bare.begin(), bare.end(), bare.begin(), [](unsigned char c) { return char(std::toupper(c)); });
    EXPECT_EQ(Device::Select(bare).Ordinal(), d.ordinal);
    EXPECT_EQ(Device::Select(std::to_string(d.ordinal)).Uuid(), d.uuid);
  }
  const char *cvd_after = std::getenv("CUDA_VISIBLE_DEVICES");
  EXPECT_EQ(before, std::string(cvd_after ? cvd_after : "<unset>")); // never written
}

TEST(GpuDevice, BadSelectorsAreRejected) {
  bool out_of_range = false, bad_uuid = false;
  try {
    Device::ByOrdinal(DeviceCount());
  } catch (const std::out_of_range &) {
    out_of_range = true;
  }
  try {
    Device::Select("GPU-00000000-0000-0000-0000-000000000000");
  } catch (const std::invalid_argument &) {
    bad_uuid = true;
  }
  EXPECT_TRUE(out_of_range);
  EXPECT_TRUE(bad_uuid);
}

TEST(GpuResources, BuffersStreamsEvents) {
  CUZK_REQUIRE_GPU();
  const Device dev = Device::ByOrdinal(0);
  Stream s(dev);
  Event start(dev), stop(dev);
  PinnedBuffer<uint64_t> host(dev, 1 << 20);
  for (size_t i = 0; i < host.Size(); i++) host.Data()[i] = i * 0x9e3779b97f4a7c15ull;
  DeviceBuffer<uint64_t> buf(dev, host.Size());
  start.Record(s);
  buf.CopyFromHost(host.Span(), s);
  std::vector<uint64_t> back(host.Size());
  buf.CopyToHost(back, s);
  stop.Record(s);
  stop.Synchronize();
  EXPECT_GE(stop.MillisSince(start), 0.0f);
  EXPECT_TRUE(std::equal(back.begin(), back.end(), host.Data()));
  DeviceBuffer<uint64_t> moved = std::move(buf);
  EXPECT_EQ(moved.Size(), host.Size());
  EXPECT_EQ(buf.Data(), nullptr);
  bool threw = false;
  try {
    moved.CopyToHost(back, s, 1); // one past the end
  } catch (const std::out_of_range &) {
    threw = true;
  }
  EXPECT_TRUE(threw);
}

} // namespace
