// src/gpu/device.cpp — device registry (see device.hpp).
#include "gpu/device.hpp"

#include "gpu/cuda_check.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace cuzk::gpu {

namespace detail {
void ThrowCudaError(cudaError_t code, const char *expr, const char *file, int line) {
  std::string msg = std::string(cudaGetErrorName(code)) + ": " + cudaGetErrorString(code) + " at " + expr + "@" + file +
                    ":" + std::to_string(line);
  throw CudaError(code, msg);
}
} // namespace detail

namespace {

std::string FormatUuid(const cudaUUID_t &u) {
  // 8-4-4-4-12 hex groups, the form nvidia-smi and NVML print
  std::string s = "GPU-";
  char hex[3];
  for (int i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) s.push_back('-');
    std::snprintf(hex, sizeof(hex), "%02x", unsigned(static_cast<unsigned char>(u.bytes[i])));
    s += hex;
  }
  return s;
}

std::string NormaliseUuid(std::string_view s) {
  std::string r;
  for (char c : s) r.push_back(char(std::tolower(static_cast<unsigned char>(c))));
  if (r.rfind("gpu-", 0) == 0) r = r.substr(4);
  return r;
}

DeviceInfo ReadInfo(int ordinal) {
  DeviceInfo d;
  d.ordinal = ordinal;
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, ordinal));
  d.name = prop.name;
  d.uuid = FormatUuid(prop.uuid);
  d.sm_count = prop.multiProcessorCount;
  d.cc_major = prop.major;
  d.cc_minor = prop.minor;
  char bus[32] = {};
  CUZK_CUDA_CHECK(cudaDeviceGetPCIBusId(bus, sizeof(bus), ordinal));
  d.pci_bus_id = bus;
  CUZK_CUDA_CHECK(cudaSetDevice(ordinal));
  CUZK_CUDA_CHECK(cudaMemGetInfo(&d.free_memory, &d.total_memory));
  return d;
}

} // namespace

int DeviceCount() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError(); // clear the sticky "no device/driver" error so later calls start clean
    return 0;
  }
  return n;
}

std::vector<DeviceInfo> ListDevices() {
  std::vector<DeviceInfo> out;
  const int n = DeviceCount();
  for (int i = 0; i < n; i++) out.push_back(ReadInfo(i));
  return out;
}

Device Device::ByOrdinal(int ordinal) {
  if (ordinal < 0 || ordinal >= DeviceCount()) {
    throw std::out_of_range("no CUDA device with ordinal " + std::to_string(ordinal));
  }
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, ordinal));
  return Device(ordinal, FormatUuid(prop.uuid));
}

Device Device::ByUuid(std::string_view uuid) {
  const std::string want = NormaliseUuid(uuid);
  const int n = DeviceCount();
  for (int i = 0; i < n; i++) {
    cudaDeviceProp prop{};
    CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, i));
    std::string have = FormatUuid(prop.uuid);
    if (NormaliseUuid(have) == want) return Device(i, have);
  }
  throw std::invalid_argument("no CUDA device with UUID " + std::string(uuid));
}

Device Device::Select(std::string_view selector) {
  int ordinal = 0;
  auto [ptr, ec] = std::from_chars(selector.data(), selector.data() + selector.size(), ordinal);
  if (ec == std::errc() && ptr == selector.data() + selector.size()) return ByOrdinal(ordinal);
  return ByUuid(selector);
}

void Device::MakeCurrent() const { CUZK_CUDA_CHECK(cudaSetDevice(ordinal_)); }

DeviceInfo Device::Info() const { return ReadInfo(ordinal_); }

bool Device::Usable(std::string *why) const noexcept {
  auto fail = [&](cudaError_t e, const char *step) {
    if (why) *why = std::string(step) + ": " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
    return false;
  };
  if (cudaError_t e = cudaSetDevice(ordinal_); e != cudaSuccess) return fail(e, "cudaSetDevice");
  if (cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess) return fail(e, "cudaDeviceSynchronize");
  void *p = nullptr;
  if (cudaError_t e = cudaMalloc(&p, 1 << 20); e != cudaSuccess) return fail(e, "cudaMalloc");
  cudaFree(p);
  return true;
}

std::mutex &DeviceLock(const Device &dev) {
  static std::mutex registry_mu;
  // node-based map: references to its mutexes stay valid as devices are added
  static std::map<std::string, std::mutex> locks;
  std::lock_guard lock(registry_mu);
  return locks[dev.Uuid()];
}

} // namespace cuzk::gpu
