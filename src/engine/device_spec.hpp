// src/engine/device_spec.hpp — a proving device and how its workers get a backend.
//
// The CPU backend is one device; each GPU is one device (identified by UUID or PCI bus id, never by
// a position in a list: DESIGN.md rule 2). Each device runs `workers` prover threads; every
// thread calls make_backend once, on itself, so a GPU backend can bind its thread to its device
// (cudaSetDevice) there. By default ProveStart is serialised per device (the workers interlock: one
// runs the heavy phase while another finishes and self-checks its previous partition).
#pragma once
#include "groth16/prover.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace cuzk::engine {

//! DeviceSpec::id of the CPU device
inline constexpr std::string_view CPU_DEVICE_ID = "cpu";

struct DeviceSpec {
  std::string id;   //!< stable identity (CPU_DEVICE_ID, a GPU UUID or PCI bus id)
  std::string name; //!< human-readable ("CPU (16 threads)", "NVIDIA H200")
  uint64_t memory_total_bytes = 0;
  //! current free memory, for status; empty → reported as 0
  std::function<uint64_t()> memory_free_bytes;
  uint32_t workers = 1;
  //! called once per worker, on the worker's own thread
  std::function<std::unique_ptr<groth16::ProverBackend>()> make_backend;
  //! the engine runs one ProveStart at a time on this device; false for a backend that locks the
  //! device itself only around its kernels (gpu::GpuBackend), so its workers overlap host work
  bool serialize_prove_start = true;
  //! asked after a device error: false (with why) when the device no longer runs work (a sticky
  //! CUDA error, a lost GPU), which takes it out of rotation at once; empty → only the count of
  //! errors in a row (EngineConfig::device_failure_limit) does
  std::function<bool(std::string *why)> usable;
};

//! The CPU device: groth16::CpuBackend, total/free memory from the operating system.
DeviceSpec CpuDevice(uint32_t workers = 1);

} // namespace cuzk::engine
