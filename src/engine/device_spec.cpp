// src/engine/device_spec.cpp — the CPU device.
#include "engine/device_spec.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <unistd.h>

namespace cuzk::engine {
namespace {

uint64_t PhysicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

// MemAvailable (kernel's estimate of memory usable without swapping), in bytes; 0 if unreadable
uint64_t AvailableMemory() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    unsigned long long kib = 0;
    if (std::sscanf(line.c_str(), "MemAvailable: %llu kB", &kib) == 1) return uint64_t(kib) * 1024;
  }
  return 0;
}

} // namespace

DeviceSpec CpuDevice(uint32_t workers) {
  DeviceSpec d;
  d.id = CPU_DEVICE_ID;
  d.name = "CPU (" + std::to_string(std::thread::hardware_concurrency()) + " threads)";
  d.memory_total_bytes = PhysicalMemory();
  d.memory_free_bytes = AvailableMemory;
  d.workers = workers == 0 ? 1 : workers;
  d.make_backend = [] { return std::make_unique<groth16::CpuBackend>(); };
  return d;
}

} // namespace cuzk::engine
